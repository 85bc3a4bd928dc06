import { parseAbi, type Address } from 'viem'
import type { UniswapV3PoolEntry } from '../../chain/addressBook.js'
import { lower, type LoadContext, SNAPSHOT_MULTICALL_BYTES } from '../loadContext.js'
import type { LoadSnapshots } from '../types.js'
import type { UniswapV3PoolSnapshot, UniswapV3Tick } from './types.js'

const poolAbi = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint8 feeProtocol, bool unlocked)',
  'function liquidity() view returns (uint128)',
  'function tickBitmap(int16 wordPosition) view returns (uint256)',
  'function ticks(int24 tick) view returns (uint128 liquidityGross, int128 liquidityNet, int256 feeGrowthOutside0X128, int256 feeGrowthOutside1X128, int56 tickCumulativeOutside, uint160 secondsPerLiquidityOutsideX128, uint32 secondsOutside, bool initialized)',
])

/** Ticks either side of the current one the loader scans: covers a price move of about 100x. */
export const V3_TICK_REACH = 46_055

/**
 * Reads Uniswap V3 pools at one block: slot0, in-range liquidity, and every initialized tick with its
 * liquidityNet within {@link V3_TICK_REACH} ticks of the current tick (whole bitmap words), so quotes
 * that cross ticks are exact. Three Multicall3 rounds: state, bitmap words, ticks.
 * @returns one snapshot per pool that answered
 */
export const loadUniswapV3: LoadSnapshots<LoadContext, UniswapV3PoolSnapshot> = async ({ client, book }, { blockNumber, pools }) => {
  const wanted = pools ? new Set(pools.map((p) => p.toLowerCase())) : undefined
  const entries = book.uniswapV3.pools.filter((p) => !wanted || wanted.has(p.address.toLowerCase()))
  const mc = { blockNumber, multicallAddress: book.multicall3, batchSize: SNAPSHOT_MULTICALL_BYTES } as const
  const state = await client.multicall({
    ...mc,
    contracts: entries.flatMap((p) => [
      { address: p.address, abi: poolAbi, functionName: 'slot0' as const },
      { address: p.address, abi: poolAbi, functionName: 'liquidity' as const },
    ]),
  })
  type Partial = { entry: UniswapV3PoolEntry; sqrtPriceX96: bigint; tick: number; liquidity: bigint; words: number[] }
  const partials: Partial[] = []
  entries.forEach((entry, i) => {
    const slot0 = state[2 * i]
    const liquidity = state[2 * i + 1]
    if (slot0?.status !== 'success' || liquidity?.status !== 'success') return
    const [sqrtPriceX96, tick] = slot0.result as unknown as readonly [bigint, number]
    if (sqrtPriceX96 === 0n) return
    const compressed = Math.floor(tick / entry.tickSpacing)
    const reachWords = Math.ceil(V3_TICK_REACH / (256 * entry.tickSpacing))
    const center = compressed >> 8
    const words: number[] = []
    for (let w = Math.max(center - reachWords, -32768); w <= Math.min(center + reachWords, 32767); w++) words.push(w)
    partials.push({ entry, sqrtPriceX96, tick, liquidity: liquidity.result as bigint, words })
  })
  const bitmapCalls = partials.flatMap((p) => p.words.map((w) => ({ address: p.entry.address, abi: poolAbi, functionName: 'tickBitmap' as const, args: [w] as const })))
  const bitmaps = await client.multicall({ ...mc, contracts: bitmapCalls })
  const initialized: { pool: Address; tick: number }[] = []
  const tickLists = new Map<string, number[]>()
  let k = 0
  for (const p of partials) {
    const list: number[] = []
    for (const w of p.words) {
      const r = bitmaps[k++]
      const bits = r?.status === 'success' ? (r.result as bigint) : 0n
      if (bits === 0n) continue
      for (let bit = 0; bit < 256; bit++) {
        if ((bits >> BigInt(bit)) & 1n) list.push((w * 256 + bit) * p.entry.tickSpacing)
      }
    }
    tickLists.set(p.entry.address, list)
    for (const t of list) initialized.push({ pool: p.entry.address, tick: t })
  }
  const tickData = await client.multicall({
    ...mc,
    contracts: initialized.map(({ pool, tick }) => ({ address: pool, abi: poolAbi, functionName: 'ticks' as const, args: [tick] as const })),
  })
  const nets = new Map<string, bigint>()
  initialized.forEach(({ pool, tick }, i) => {
    const r = tickData[i]
    if (r?.status === 'success') nets.set(`${pool}:${tick}`, (r.result as readonly unknown[])[1] as bigint)
  })
  return partials.map((p) => {
    const ticks: UniswapV3Tick[] = (tickLists.get(p.entry.address) ?? []).map((index) => ({ index, liquidityNet: nets.get(`${p.entry.address}:${index}`) ?? 0n }))
    const first = p.words[0] ?? 0
    const last = p.words[p.words.length - 1] ?? 0
    return {
      protocol: 'uniswap-v3',
      address: lower(p.entry.address),
      blockNumber,
      tokens: [lower(p.entry.token0), lower(p.entry.token1)],
      sqrtPriceX96: p.sqrtPriceX96,
      tick: p.tick,
      liquidity: p.liquidity,
      fee: p.entry.fee,
      tickSpacing: p.entry.tickSpacing,
      ticks,
      tickWindow: { lower: first * 256 * p.entry.tickSpacing, upper: (last * 256 + 255) * p.entry.tickSpacing },
    } satisfies UniswapV3PoolSnapshot
  })
}
