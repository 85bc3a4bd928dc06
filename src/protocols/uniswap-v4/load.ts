import { parseAbi, toHex, zeroAddress, type Address, type Hex } from 'viem'
import type { UniswapV4PoolEntry } from '../../chain/addressBook.js'
import { lower, type LoadContext, SNAPSHOT_MULTICALL_BYTES } from '../loadContext.js'
import type { LoadSnapshots } from '../types.js'
import { V3_TICK_REACH } from '../uniswap-v3/load.js'
import type { UniswapV3Tick } from '../uniswap-v3/types.js'
import { decodeLiquidityNet, decodeSlot0, liquiditySlot, poolStateSlot, tickBitmapSlot, tickInfoSlot } from './slots.js'
import type { UniswapV4PoolSnapshot } from './types.js'

const extsloadAbi = parseAbi(['function extsload(bytes32[] slots) view returns (bytes32[])'])

/** The engine's key for a V4 pool, which has no address: the first 20 bytes of its id, lowercase. */
export function uniswapV4PoolKeyAddress(poolId: Hex): Address {
  return poolId.slice(0, 42).toLowerCase() as Address
}

/** The V4 swap helper of the chain's switchyard contracts, when deployed. */
function swapHelperOf(book: LoadContext['book']): Address | undefined {
  const helpers = book.switchyard?.helpers
  return typeof helpers === 'object' ? helpers.uniswapV4 : undefined
}

/**
 * Reads hookless Uniswap V4 pools at one block straight from the PoolManager's storage with `extsload`
 * (`StateLibrary` layout): slot0 and liquidity, the tick bitmap words within {@link V3_TICK_REACH} ticks of the
 * current tick, and liquidityNet of every initialized tick found, so quotes that cross ticks are exact. Three
 * Multicall3 rounds, one `extsload(bytes32[])` per pool and round. Pools are served only where our V4 swap
 * helper is deployed (the encoder needs it); a pool whose two currencies the engine sees as one token (ETH/WETH)
 * is skipped.
 * @returns one snapshot per initialized pool that answered
 */
export const loadUniswapV4: LoadSnapshots<LoadContext, UniswapV4PoolSnapshot> = async ({ client, book }, { blockNumber, pools }) => {
  const v4 = book.uniswapV4
  if (!v4 || !swapHelperOf(book)) return []
  const wanted = pools ? new Set(pools.map((p) => p.toLowerCase())) : undefined
  const weth = lower(book.weth)
  const tokenOf = (currency: Address): Address => (currency === zeroAddress ? weth : lower(currency))
  const entries = v4.pools.filter(
    (p) => p.hooks === zeroAddress && tokenOf(p.currency0) !== tokenOf(p.currency1) && (!wanted || wanted.has(uniswapV4PoolKeyAddress(p.id))),
  )
  const mc = { blockNumber, multicallAddress: book.multicall3, batchSize: SNAPSHOT_MULTICALL_BYTES } as const
  const read = (slots: readonly Hex[]) => ({ address: v4.poolManager, abi: extsloadAbi, functionName: 'extsload' as const, args: [slots] as const })
  const states = entries.map((p) => poolStateSlot(p.id))
  const heads = await client.multicall({ ...mc, contracts: states.map((s) => read([toHex(s, { size: 32 }), liquiditySlot(s)])) })

  type Partial = { entry: UniswapV4PoolEntry; state: bigint; slot0: ReturnType<typeof decodeSlot0>; liquidity: bigint; words: number[] }
  const partials: Partial[] = []
  entries.forEach((entry, i) => {
    const r = heads[i]
    if (r?.status !== 'success') return
    const [slot0Word, liquidityWord] = r.result as readonly Hex[]
    const slot0 = decodeSlot0(slot0Word!)
    if (slot0.sqrtPriceX96 === 0n) return
    const compressed = Math.floor(slot0.tick / entry.tickSpacing)
    const reachWords = Math.ceil(V3_TICK_REACH / (256 * entry.tickSpacing))
    const center = compressed >> 8
    const words: number[] = []
    for (let w = Math.max(center - reachWords, -32768); w <= Math.min(center + reachWords, 32767); w++) words.push(w)
    partials.push({ entry, state: states[i]!, slot0, liquidity: BigInt(liquidityWord!) & ((1n << 128n) - 1n), words })
  })

  const bitmaps = await client.multicall({ ...mc, contracts: partials.map((p) => read(p.words.map((w) => tickBitmapSlot(p.state, w)))) })
  const tickLists = partials.map((p, i) => {
    const r = bitmaps[i]
    const words = r?.status === 'success' ? (r.result as readonly Hex[]) : []
    const list: number[] = []
    p.words.forEach((w, k) => {
      const bits = BigInt(words[k] ?? '0x0')
      if (bits === 0n) return
      for (let bit = 0; bit < 256; bit++) if ((bits >> BigInt(bit)) & 1n) list.push((w * 256 + bit) * p.entry.tickSpacing)
    })
    return list
  })
  const tickWords = await client.multicall({ ...mc, contracts: partials.map((p, i) => read(tickLists[i]!.map((t) => tickInfoSlot(p.state, t)))) })

  return partials.flatMap((p, i) => {
    // A pool whose ticks did not answer is dropped: quoting it without them would not be exact.
    if (bitmaps[i]?.status !== 'success' || tickWords[i]?.status !== 'success') return []
    const words = tickWords[i]!.result as readonly Hex[]
    const ticks: UniswapV3Tick[] = tickLists[i]!.map((index, k) => ({ index, liquidityNet: decodeLiquidityNet(words[k]!) }))
    const first = p.words[0] ?? 0
    const last = p.words[p.words.length - 1] ?? 0
    return [{
      protocol: 'uniswap-v4',
      address: uniswapV4PoolKeyAddress(p.entry.id),
      blockNumber,
      tokens: [tokenOf(p.entry.currency0), tokenOf(p.entry.currency1)],
      id: p.entry.id,
      currency0: lower(p.entry.currency0),
      currency1: lower(p.entry.currency1),
      keyFee: p.entry.fee,
      protocolFee: p.slot0.protocolFee,
      sqrtPriceX96: p.slot0.sqrtPriceX96,
      tick: p.slot0.tick,
      liquidity: p.liquidity,
      fee: p.slot0.lpFee,
      tickSpacing: p.entry.tickSpacing,
      ticks,
      tickWindow: { lower: first * 256 * p.entry.tickSpacing, upper: (last * 256 + 255) * p.entry.tickSpacing },
    } satisfies UniswapV4PoolSnapshot]
  })
}
