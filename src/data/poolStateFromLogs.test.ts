import { encodeAbiParameters, pad, toEventSelector, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import type { PoolSnapshotBase } from '../protocols/types.js'
import type { UniswapV2PoolSnapshot } from '../protocols/uniswap-v2/types.js'
import { V3_TICK_REACH } from '../protocols/uniswap-v3/load.js'
import { applyPoolPatch, foldPoolLog, type PoolStatePatch } from './poolStateFromLogs.js'

const topic = (signature: string) => toEventSelector(signature)
const address = (n: number): Hex => pad(`0x${n.toString(16)}`, { size: 32 })
const ZERO = address(0)
const sync = (r0: bigint, r1: bigint) => ({ topics: [topic('Sync(uint112,uint112)')], data: encodeAbiParameters([{ type: 'uint112' }, { type: 'uint112' }], [r0, r1]) })
const transfer = (from: Hex, to: Hex, value: bigint) => ({ topics: [topic('Transfer(address,address,uint256)'), from, to], data: encodeAbiParameters([{ type: 'uint256' }], [value]) })
const v2Mint = { topics: [topic('Mint(address,uint256,uint256)'), address(7)], data: encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [5n, 6n]) }
const v2Burn = { topics: [topic('Burn(address,uint256,uint256,address)'), address(7), address(8)], data: encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [5n, 6n]) }
const v2Swap = { topics: [topic('Swap(address,uint256,uint256,uint256,uint256,address)'), address(7), address(8)], data: encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'uint256' }], [1n, 0n, 0n, 2n]) }
const v3Swap = {
  topics: [topic('Swap(address,address,int256,int256,uint160,uint128,int24)'), address(7), address(8)],
  data: encodeAbiParameters([{ type: 'int256' }, { type: 'int256' }, { type: 'uint160' }, { type: 'uint128' }, { type: 'int24' }], [1n, -2n, 2n ** 96n, 10n ** 18n, -5]),
}

const fold = (logs: readonly { topics: readonly Hex[]; data: Hex }[]) => logs.reduce<PoolStatePatch | undefined>((p, log) => foldPoolLog(p, log), undefined)!
const pair = (totalSupply?: bigint): UniswapV2PoolSnapshot => ({ protocol: 'uniswap-v2', address: '0x00000000000000000000000000000000000000a1', blockNumber: 10n, tokens: ['0x00000000000000000000000000000000000000b1', '0x00000000000000000000000000000000000000b2'], reserve0: 1000n, reserve1: 2000n, feeBps: 30, ...(totalSupply === undefined ? {} : { totalSupply }) })

describe('a V2 pair follows its swaps, adds and removals from its logs', () => {
  test('a swap: the reserves of the last Sync, the supply as it was', () => {
    const patch = fold([sync(1100n, 1819n), v2Swap, sync(1200n, 1700n), v2Swap])
    expect(patch).toEqual({ kind: 'pair', reserves: [1200n, 1700n], supplyDelta: 0n })
    expect(applyPoolPatch(pair(500n), patch, 11n)).toEqual({ ...pair(500n), reserve0: 1200n, reserve1: 1700n, blockNumber: 11n })
  })
  test('a liquidity add, with the protocol fee minted first: every LP Transfer from zero adds to the supply', () => {
    const patch = fold([transfer(ZERO, address(9), 3n), transfer(ZERO, address(7), 40n), sync(1100n, 2200n), v2Mint])
    expect(patch).toEqual({ kind: 'pair', reserves: [1100n, 2200n], supplyDelta: 43n })
    expect(applyPoolPatch(pair(500n), patch, 11n)).toEqual({ ...pair(500n), reserve0: 1100n, reserve1: 2200n, totalSupply: 543n, blockNumber: 11n })
  })
  test('a removal: the LP sent to the pair is a plain transfer, its burn (to zero) takes from the supply', () => {
    const patch = fold([transfer(address(7), address(0xa1), 50n), transfer(address(0xa1), ZERO, 50n), sync(900n, 1800n), v2Burn])
    expect(patch).toEqual({ kind: 'pair', reserves: [900n, 1800n], supplyDelta: -50n })
    expect(applyPoolPatch(pair(500n), patch, 11n)).toMatchObject({ reserve0: 900n, reserve1: 1800n, totalSupply: 450n })
  })
  test('a supply the loader could not read stays unknown', () => {
    const patched = applyPoolPatch(pair(), fold([transfer(ZERO, address(7), 40n), sync(1100n, 2200n), v2Mint]), 11n)
    expect(patched).toEqual({ ...pair(), reserve0: 1100n, reserve1: 2200n, blockNumber: 11n })
    expect(patched).not.toHaveProperty('totalSupply')
  })
  test('plain LP transfers only: the pair moves to the block unchanged', () => {
    const patch = fold([transfer(address(7), address(8), 5n)])
    expect(patch).toEqual({ kind: 'unchanged' })
    expect(applyPoolPatch(pair(500n), patch, 11n)).toEqual({ ...pair(500n), blockNumber: 11n })
  })
})

const aeroSync = (r0: bigint, r1: bigint) => ({ topics: [topic('Sync(uint256,uint256)')], data: encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [r0, r1]) })
const aeroSwap = { topics: [topic('Swap(address,address,uint256,uint256,uint256,uint256)'), address(7), address(8)], data: encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'uint256' }], [1n, 0n, 0n, 2n]) }
const aeroBurn = { topics: [topic('Burn(address,address,uint256,uint256)'), address(7), address(8)], data: encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [5n, 6n]) }
const aeroFees = { topics: [topic('Fees(address,uint256,uint256)'), address(7)], data: encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [3n, 0n]) }
const aeroClaim = { topics: [topic('Claim(address,address,uint256,uint256)'), address(7), address(8)], data: encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [3n, 0n]) }
const aeroPool = (): PoolSnapshotBase => ({
  protocol: 'aerodrome', address: '0x00000000000000000000000000000000000000a1', blockNumber: 10n,
  tokens: ['0x00000000000000000000000000000000000000b1', '0x00000000000000000000000000000000000000b2', '0x00000000000000000000000000000000000000a1'],
  stable: false, reserve0: 1000n, reserve1: 2000n, decimals0: 10n ** 18n, decimals1: 10n ** 6n, fee: 30n, totalSupply: 500n,
} as PoolSnapshotBase)

describe('an Aerodrome pool follows its swaps, adds and removals from its own uint256 Sync', () => {
  test('a swap (its fee moved out first, Fees before the Sync), a mint and a burn: the last Sync and the supply change', () => {
    const patch = fold([aeroFees, aeroSync(1100n, 1819n), aeroSwap, transfer(ZERO, address(7), 40n), aeroSync(1200n, 1900n), v2Mint, transfer(address(0xa1), ZERO, 10n), aeroSync(1180n, 1860n), aeroBurn, aeroClaim])
    expect(patch).toEqual({ kind: 'pair', reserves: [1180n, 1860n], supplyDelta: 30n, family: 'aerodrome' })
    expect(applyPoolPatch(aeroPool(), patch, 11n)).toEqual({ ...aeroPool(), reserve0: 1180n, reserve1: 1860n, totalSupply: 530n, blockNumber: 11n })
  })
  test("fee moves and claims alone change nothing; one kind of pool's Sync never patches the other", () => {
    expect(applyPoolPatch(aeroPool(), fold([aeroFees, aeroClaim]), 11n)).toEqual({ ...aeroPool(), blockNumber: 11n })
    expect(applyPoolPatch(aeroPool(), fold([sync(1n, 2n)]), 11n)).toBeUndefined()
    expect(applyPoolPatch(pair(500n), fold([aeroSync(1n, 2n)]), 11n)).toBeUndefined()
    for (const logs of [[sync(1n, 2n), aeroSync(1n, 2n)], [aeroSync(1n, 2n), sync(1n, 2n)], [aeroSwap], [aeroBurn], [aeroSync(1n, 2n), v2Swap]]) expect(fold(logs)).toEqual({ kind: 'reread' })
  })
})

describe('what the logs cannot tell is re-read', () => {
  test('supply moved without a Sync (not how a pair mints): re-read', () => {
    expect(applyPoolPatch(pair(500n), fold([transfer(ZERO, address(7), 40n)]), 11n)).toBeUndefined()
  })
  test('a burn past the known supply: re-read', () => {
    expect(applyPoolPatch(pair(10n), fold([transfer(address(0xa1), ZERO, 50n), sync(900n, 1800n)]), 11n)).toBeUndefined()
  })
  test('a Mint, Burn or Swap with no Sync before it, a Transfer from zero to zero, a V3 Swap after a pair log, an unknown event', () => {
    for (const logs of [[v2Mint], [v2Burn], [v2Swap], [transfer(ZERO, ZERO, 1n)], [sync(1n, 2n), v3Swap], [{ topics: [topic('Deposit(address,address,uint256,uint256)')], data: '0x' as Hex }]]) expect(fold(logs)).toEqual({ kind: 'reread' })
  })
  test('a re-read stays one', () => {
    expect(fold([{ topics: [topic('Foo()')], data: '0x' as Hex }, sync(1n, 2n)])).toEqual({ kind: 'reread' })
  })
  test("a share mint of another kind of pool (a vault's deposit) is not a pair's: re-read", () => {
    const vault = { protocol: 'erc4626', address: '0x00000000000000000000000000000000000000c1', blockNumber: 10n, tokens: [], totalAssets: 10n, totalSupply: 10n, decimalsOffset: 0 } as unknown as PoolSnapshotBase
    expect(applyPoolPatch(vault, fold([transfer(ZERO, address(7), 4n)]), 11n)).toBeUndefined()
  })
  test('a V3 Swap gives the price, liquidity and tick', () => {
    expect(fold([v3Swap])).toEqual({ kind: 'price', swap: { sqrtPriceX96: 2n ** 96n, liquidity: 10n ** 18n, tick: -5 }, adds: [] })
  })
})

describe('a Uniswap V4 swap, read from the PoolManager, gives the pool its price at the fee it charges', () => {
  const v4Swap = (fee: number) => ({
    topics: [topic('Swap(bytes32,address,int128,int128,uint160,uint128,int24,uint24)'), address(0xee), address(7)],
    data: encodeAbiParameters([{ type: 'int128' }, { type: 'int128' }, { type: 'uint160' }, { type: 'uint128' }, { type: 'int24' }, { type: 'uint24' }], [-5n, 4n, 2n ** 95n, 7n * 10n ** 17n, -13_863, fee]),
  })
  const concentrated = { sqrtPriceX96: 2n ** 96n, liquidity: 10n ** 18n, tick: 0, ticks: [], tickWindow: { lower: -200_000, upper: 200_000 } }
  // LP fee 0.3 %, protocol fee 0.1 % selling token0 only: 3000 one way, 3997 the other.
  const v4 = { protocol: 'uniswap-v4', address: '0x00000000000000000000000000000000000000d1', blockNumber: 10n, tokens: [], ...concentrated, fee: 3000, keyFee: 3000, protocolFee: 1000 } as unknown as PoolSnapshotBase
  const v3 = { protocol: 'uniswap-v3', address: '0x00000000000000000000000000000000000000d2', blockNumber: 10n, tokens: [], ...concentrated, fee: 3000 } as unknown as PoolSnapshotBase
  test('the fee of either direction: applied', () => {
    for (const fee of [3000, 3997]) {
      const patch = fold([v4Swap(fee)])
      expect(patch).toEqual({ kind: 'price', swap: { sqrtPriceX96: 2n ** 95n, liquidity: 7n * 10n ** 17n, tick: -13_863, fee }, adds: [] })
      expect(applyPoolPatch(v4, patch, 11n)).toEqual({ ...v4, sqrtPriceX96: 2n ** 95n, liquidity: 7n * 10n ** 17n, tick: -13_863, blockNumber: 11n })
    }
  })
  test('another fee (a hook set it), a V4 swap on a V3 pool, a V3 swap on a V4 pool, a V4 swap after a liquidity change: re-read', () => {
    expect(applyPoolPatch(v4, fold([v4Swap(500)]), 11n)).toBeUndefined()
    expect(applyPoolPatch(v3, fold([v4Swap(3000)]), 11n)).toBeUndefined()
    expect(applyPoolPatch(v4, fold([v3Swap]), 11n)).toBeUndefined()
    expect(fold([{ topics: [topic('ModifyLiquidity(bytes32,address,int24,int24,int256,bytes32)'), address(0xee)], data: '0x' as Hex }, v4Swap(3000)])).toEqual({ kind: 'reread' })
  })
})

describe('liquidity added to a concentrated-liquidity range comes from the log; removed liquidity is re-read', () => {
  const int24Topic = (tick: number): Hex => pad(`0x${BigInt.asUintN(256, BigInt(tick)).toString(16)}`, { size: 32 })
  const v3Mint = (lower: number, upper: number, amount: bigint) => ({
    topics: [topic('Mint(address,address,int24,int24,uint128,uint256,uint256)'), address(7), int24Topic(lower), int24Topic(upper)],
    data: encodeAbiParameters([{ type: 'address' }, { type: 'uint128' }, { type: 'uint256' }, { type: 'uint256' }], ['0x0000000000000000000000000000000000000007', amount, 1n, 1n]),
  })
  const v3Burn = (amount: bigint) => ({
    topics: [topic('Burn(address,int24,int24,uint128,uint256,uint256)'), address(7), int24Topic(-60), int24Topic(60)],
    data: encodeAbiParameters([{ type: 'uint128' }, { type: 'uint256' }, { type: 'uint256' }], [amount, 0n, 0n]),
  })
  const modify = (lower: number, upper: number, delta: bigint) => ({
    topics: [topic('ModifyLiquidity(bytes32,address,int24,int24,int256,bytes32)'), address(0xee), address(7)],
    data: encodeAbiParameters([{ type: 'int24' }, { type: 'int24' }, { type: 'int256' }, { type: 'bytes32' }], [lower, upper, delta, address(1)]),
  })
  // Price at tick 0, ticks at -120 and 120, a window of two loader reaches either way.
  const pool = {
    protocol: 'uniswap-v3', address: '0x00000000000000000000000000000000000000e1', blockNumber: 10n, tokens: [], fee: 3000, tickSpacing: 60,
    sqrtPriceX96: 2n ** 96n, tick: 0, liquidity: 100n, ticks: [{ index: -120, liquidityNet: 100n }, { index: 120, liquidityNet: -100n }], tickWindow: { lower: -2 * V3_TICK_REACH, upper: 2 * V3_TICK_REACH },
  } as unknown as PoolSnapshotBase
  test('an add around the price: its ticks move (a new one joins the list in order) and the in-range liquidity grows', () => {
    const patched = applyPoolPatch(pool, fold([v3Mint(-60, 120, 5n)]), 11n) as unknown as { liquidity: bigint; ticks: unknown }
    expect(patched.liquidity).toBe(105n)
    expect(patched.ticks).toEqual([{ index: -120, liquidityNet: 100n }, { index: -60, liquidityNet: 5n }, { index: 120, liquidityNet: -105n }])
  })
  test('an add above the price moves ticks only; one past the scanned window leaves that tick unknown', () => {
    const patched = applyPoolPatch(pool, fold([v3Mint(600, 2 * V3_TICK_REACH + 600, 7n)]), 11n) as unknown as { liquidity: bigint; ticks: unknown }
    expect(patched.liquidity).toBe(100n)
    expect(patched.ticks).toEqual([{ index: -120, liquidityNet: 100n }, { index: 120, liquidityNet: -100n }, { index: 600, liquidityNet: 7n }])
  })
  test("an add before a swap is in the swap's logged liquidity; one after it counts at the swap's tick", () => {
    const swapToMinus5 = v3Swap
    const before = applyPoolPatch(pool, fold([v3Mint(-60, 60, 9n), swapToMinus5]), 11n) as unknown as { liquidity: bigint }
    expect(before.liquidity).toBe(10n ** 18n)
    const after = applyPoolPatch(pool, fold([swapToMinus5, v3Mint(-60, 60, 9n), v3Mint(0, 60, 4n)]), 11n) as unknown as { liquidity: bigint; tick: number }
    expect(after.tick).toBe(-5)
    expect(after.liquidity).toBe(10n ** 18n + 9n)
  })
  test('a Burn of liquidity, a negative V4 delta, an empty or inverted range: re-read; a Burn of nothing (a fee poke) and a V4 delta of 0: nothing changes', () => {
    expect(fold([v3Burn(1n)])).toEqual({ kind: 'reread' })
    expect(fold([v3Mint(-60, 60, 1n), v3Burn(1n)])).toEqual({ kind: 'reread' })
    expect(fold([modify(-60, 60, -1n)])).toEqual({ kind: 'reread' })
    expect(fold([v3Mint(60, -60, 1n)])).toEqual({ kind: 'reread' })
    expect(fold([v3Mint(60, 60, 1n)])).toEqual({ kind: 'reread' })
    expect(fold([v3Burn(0n)])).toEqual({ kind: 'unchanged' })
    expect(fold([modify(-60, 60, 0n)])).toEqual({ kind: 'unchanged' })
    expect(fold([v3Mint(-60, 60, 3n), v3Burn(0n)])).toEqual({ kind: 'price', swap: undefined, adds: [{ tickLower: -60, tickUpper: 60, amount: 3n, sinceSwap: true }] })
  })
  test('a V4 add (ModifyLiquidity with a positive delta) is folded like a V3 Mint', () => {
    expect(fold([modify(-60, 120, 5n)])).toEqual(fold([v3Mint(-60, 120, 5n)]))
  })
})
