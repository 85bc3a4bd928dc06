import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readTokenList } from './readTokenList.js'

const write = (content: unknown) => {
  const file = join(mkdtempSync(join(tmpdir(), 'token-list-')), 'tokens.json')
  writeFileSync(file, JSON.stringify(content))
  return file
}

describe('readTokenList', () => {
  it('reads a Uniswap token list (other fields ignored) by chain, addresses checksummed, priceUsd and kind kept', () => {
    const file = write({
      name: 'ops', version: { major: 1 }, tokens: [
        { chainId: 1, address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', symbol: 'USDC', name: 'USD Coin', decimals: 6, logoURI: 'x', priceUsd: 1 },
        { chainId: 8453, address: '0x4200000000000000000000000000000000000006', kind: 'weth' },
      ],
    })
    const lists = readTokenList(file)
    expect(lists.get(1)).toEqual([{ address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC', name: 'USD Coin', priceUsd: 1, kind: undefined }])
    expect(lists.get(8453)?.[0]).toMatchObject({ address: '0x4200000000000000000000000000000000000006', kind: 'weth' })
  })

  it('takes the bare array, and refuses an entry without a valid address or with a price of 0', () => {
    expect(readTokenList(write([{ chainId: 10, address: '0x4200000000000000000000000000000000000042' }])).get(10)).toHaveLength(1)
    expect(() => readTokenList(write([{ chainId: 1, address: '0x1234' }]))).toThrow(/address/)
    expect(() => readTokenList(write([{ chainId: 1, address: '0x4200000000000000000000000000000000000042', priceUsd: 0 }]))).toThrow(/priceUsd/)
  })
})
