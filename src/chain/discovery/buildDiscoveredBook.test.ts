import { getAddress, type Address, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { BELOW_FLOOR, buildDiscoveredBook } from './buildDiscoveredBook.js'
import { createPoolIndex, type PoolIndex } from './poolIndex.js'
import type { ReadPoolLiquidityReturnType } from './readPoolLiquidity.js'

const a = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as Address
const WETH = a(0xe0)
const USDC = a(0xc0)
const FAKE_USDC = a(0xc1)
const NOCODE = a(0xdead)
const ID = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex

function index(): PoolIndex {
  const i = createPoolIndex({ chainId: 1, genesisHash: ID(0), startBlocks: { creations: 0n, vaults: 0n } })
  i.tokens.set(WETH, { symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 })
  i.tokens.set(USDC, { symbol: 'USDC', name: 'USD Coin', decimals: 6 })
  i.tokens.set(FAKE_USDC, { symbol: 'USDC', name: 'Not USD Coin', decimals: 6 })
  i.unusableTokens.set(NOCODE, 'no code')
  return i
}
const empty = (): ReadPoolLiquidityReturnType => ({ uniswapV2: new Map(), uniswapV3: new Map(), uniswapV4: new Map(), balancerV2: new Map(), erc4626: new Map() })
/** A constant-product reading of `x` WETH and `y` of the other token. */
const cp = (other: Address, x: number, y: number) => ({ value: { tokens: [WETH, other], amounts: [x, y], relative: [y, x] }, extra: undefined })
const prices = new Map([[USDC, 1], [WETH, 3_000]])
const base = { prices, minPoolTvlUsd: 10_000, weth: WETH, listed: new Map(), extraTokens: [] }

describe('buildDiscoveredBook', () => {
  it('keeps pools at or above the floor and counts the others as indexed, each with its reason', () => {
    const i = index()
    const readings = empty()
    const pairs: [number, Address, ReturnType<typeof cp> | { reason: string } | undefined][] = [
      [1, USDC, cp(USDC, 10, 30_000)], // $60,000
      [2, USDC, cp(USDC, 1, 2_000)], // $5,000: below
      [3, NOCODE, undefined],
      [4, USDC, { reason: 'getReserves() reverts' }],
      [5, USDC, cp(USDC, 5 / 3, 5_000)], // exactly $10,000
    ]
    for (const [n, other, reading] of pairs) {
      i.uniswapV2.set(a(n), { address: a(n), token0: WETH, token1: other })
      if (reading) readings.uniswapV2.set(a(n), reading)
    }
    i.uniswapV4.set(ID(9), { id: ID(9), currency0: a(0), currency1: USDC, fee: 500, tickSpacing: 10, hooks: a(0x4444) })
    const book = buildDiscoveredBook({ ...base, index: i, readings })
    expect(book.uniswapV2Pairs.map((p) => p.address)).toEqual([a(1), a(5)])
    expect(book.uniswapV2Pairs[0]).toEqual({ address: a(1), token0: WETH, token1: USDC, feeBps: 30 })
    expect(book.counts['uniswap-v2']).toEqual({ indexed: 5, aboveFloor: 2 })
    expect(Object.fromEntries(book.skipped['uniswap-v2'])).toEqual({ [BELOW_FLOOR]: [a(2)], 'a token has no code': [a(3)], 'getReserves() reverts': [a(4)] })
    expect(Object.fromEntries(book.skipped['uniswap-v4'])).toEqual({ 'has hooks (only hookless V4 pools are served)': [ID(9)] })
  })

  it('with a floor, leaves out a pool no token of which has a price; with none, keeps it', () => {
    const other = a(0x77)
    const i = index()
    i.tokens.set(other, { symbol: 'X', name: 'X', decimals: 18 })
    i.uniswapV2.set(a(1), { address: a(1), token0: other, token1: a(0x78) })
    i.tokens.set(a(0x78), { symbol: 'Y', name: 'Y', decimals: 18 })
    const readings = empty()
    readings.uniswapV2.set(a(1), { value: { tokens: [other, a(0x78)], amounts: [1, 1], relative: [1, 1] }, extra: undefined })
    expect(Object.fromEntries(buildDiscoveredBook({ ...base, index: i, readings }).skipped['uniswap-v2'])).toEqual({ 'no token has a USD price (TVL unknown)': [a(1)] })
    expect(buildDiscoveredBook({ ...base, minPoolTvlUsd: 0, index: i, readings }).uniswapV2Pairs).toHaveLength(1)
  })

  it('keys tokens by symbol, the most liquid first, another of the same symbol by address; listed tokens override', () => {
    const i = index()
    const readings = empty()
    i.uniswapV2.set(a(1), { address: a(1), token0: WETH, token1: FAKE_USDC })
    readings.uniswapV2.set(a(1), cp(FAKE_USDC, 10, 30_000))
    i.uniswapV2.set(a(2), { address: a(2), token0: WETH, token1: USDC })
    readings.uniswapV2.set(a(2), cp(USDC, 100, 300_000))
    const book = buildDiscoveredBook({ ...base, index: i, readings })
    expect(book.tokens.USDC!.address.toLowerCase()).toBe(USDC)
    expect(book.tokens[`USDC:${FAKE_USDC.slice(0, 8)}`]).toMatchObject({ address: getAddress(FAKE_USDC), symbol: 'USDC', name: 'Not USD Coin' })
    expect(book.tokens.WETH).toMatchObject({ kind: 'weth', priceUsd: 3_000, decimals: 18 })
    const listed = buildDiscoveredBook({ ...base, index: i, readings, listed: new Map([[FAKE_USDC, { address: FAKE_USDC, symbol: 'fUSDC', priceUsd: 0.5, kind: 'rebasing' as const }]]) })
    expect(listed.tokens.fUSDC).toMatchObject({ address: getAddress(FAKE_USDC), priceUsd: 0.5, kind: 'rebasing' })
  })

  it('keeps Morpho markets whose tokens can be served, named collateral/loan-lltv, and vaults by their share symbol', () => {
    const i = index()
    const readings = empty()
    i.morphoBlue.set(ID(1), { id: ID(1), loanToken: USDC, collateralToken: WETH, oracle: a(1), irm: a(2), lltv: '915000000000000000' })
    i.morphoBlue.set(ID(2), { id: ID(2), loanToken: USDC, collateralToken: NOCODE, oracle: a(1), irm: a(2), lltv: '0' })
    const vault = a(0x5a7e)
    i.tokens.set(vault, { symbol: 'svUSDC', name: 'Savings USDC', decimals: 6 })
    i.erc4626.set(vault, { address: vault, asset: USDC })
    readings.erc4626.set(vault, { value: { tokens: [USDC, vault], amounts: [20_000, 0], relative: [1, 1.04], sources: [0] }, extra: undefined })
    const book = buildDiscoveredBook({ ...base, index: i, readings })
    expect(book.morphoMarkets.map((m) => [m.id, m.symbol])).toEqual([[ID(1), 'WETH/USDC-91.5']])
    expect(Object.fromEntries(book.skipped['morpho-blue'])).toEqual({ 'a token has no code': [ID(2)] })
    expect(book.vaults).toEqual([{ address: vault, asset: USDC, symbol: 'svUSDC' }])
    expect(book.counts.erc4626).toEqual({ indexed: 1, aboveFloor: 1 })
  })
})
