import { describe, expect, test } from 'vitest'
import { marketId, marketParamsFromEntry } from './marketParams.js'

// Mainnet wstETH/USDC 86% market: its CreateMarket id, as indexed by Morpho's app and API.
const wstEthUsdc = {
  loanToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  collateralToken: '0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0',
  oracle: '0x48F7E36EB6B826B2dF4B2E630B62Cd25e89E40e2',
  irm: '0x870aC11D48B15DB9a138Cf899d20F13F79Ba00BC',
  lltv: 860000000000000000n,
} as const

describe('marketId', () => {
  test('equals the id of a mainnet market (keccak256 of the five ABI-encoded words)', () => {
    expect(marketId(wstEthUsdc)).toBe('0xb323495f7e4148be5643a4ea4a8221eef163e4bccfdedc2a6f4696baacbc86cc')
  })

  test('every field is part of the id; address case is not', () => {
    const id = marketId(wstEthUsdc)
    expect(marketId({ ...wstEthUsdc, lltv: 915000000000000000n })).not.toBe(id)
    expect(marketId({ ...wstEthUsdc, loanToken: wstEthUsdc.collateralToken, collateralToken: wstEthUsdc.loanToken })).not.toBe(id)
    expect(marketId({ ...wstEthUsdc, irm: '0x0000000000000000000000000000000000000000' })).not.toBe(id)
    expect(marketId({ ...wstEthUsdc, oracle: '0x48f7e36eb6b826b2df4b2e630b62cd25e89e40e2' })).toBe(id)
  })
})

describe('marketParamsFromEntry', () => {
  test('reads an address-book entry (lltv as a decimal string) back into MarketParams with the same id', () => {
    const entry = {
      id: marketId(wstEthUsdc),
      loanToken: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      collateralToken: wstEthUsdc.collateralToken,
      oracle: wstEthUsdc.oracle,
      irm: wstEthUsdc.irm,
      lltv: '860000000000000000',
      symbol: 'wstETH/USDC-86',
    } as const
    const params = marketParamsFromEntry(entry)
    expect(params).toEqual(wstEthUsdc)
    expect(marketId(params)).toBe(entry.id)
  })
})
