import type { Hex } from 'viem'
import type { PoolSnapshotBase } from '../protocols/types.js'
import { V3_TICK_REACH } from '../protocols/uniswap-v3/load.js'
import type { UniswapV2PoolSnapshot } from '../protocols/uniswap-v2/types.js'
import type { ConcentratedLiquidityState } from '../protocols/uniswap-v3/types.js'
import { swapFeeOf } from '../protocols/uniswap-v4/swapFeeOf.js'
import type { UniswapV4PoolSnapshot } from '../protocols/uniswap-v4/types.js'

/** `Sync(uint112 reserve0, uint112 reserve1)`: a Uniswap V2 pair's reserves after every change. */
const V2_SYNC = '0x1c411e9a96e071241c2f21f7726b17ae89e3cab4c78be50e062b03a9fffbbad1'
/**
 * An Aerodrome classic pool's own events: `Sync(uint256 reserve0, uint256 reserve1)` after every change
 * (its reserves are uint256, so the topic is not V2's), `Swap(address indexed sender, address indexed to,
 * uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out)` and `Burn(address indexed
 * sender, address indexed to, uint256 amount0, uint256 amount1)` after the Sync that carries their result
 * (its `Mint` has V2's signature), and `Fees` (a swap's fee moved out to the pool's fee contract before its
 * Sync) and `Claim` (fees paid from that contract), which leave the reserves alone.
 */
const AERODROME_SYNC = '0xcf2aa50876cdfbb541206f89af0ee78d44a2abf8d328e37fa4917f982149848a'
const AERODROME_SWAP = '0xb3e2773606abfd36b5bd91394b3a54d1398336c65005baf7bf7a05efeffaf75b'
const AERODROME_BURN = '0x5d624aa9c148153ab3446c1b154f660ee7701e549fe9b62dab7171b1c80e6fa2'
const AERODROME_FEES = '0x112c256902bf554b6ed882d2936687aaeb4225e8cd5b51303c90ca6cf43a8602'
const AERODROME_CLAIM = '0x865ca08d59f5cb456e85cd2f7ef63664ea4f73327414e9d8152c4158b0e94645'
/**
 * `Swap(address,uint256,uint256,uint256,uint256,address)`, `Mint(address,uint256,uint256)` and
 * `Burn(address,uint256,uint256,address)` of a V2 pair: each comes after the Sync that carries its
 * reserves (and a mint's or burn's LP Transfer from or to zero, which carries the supply change).
 */
const V2_SWAP = '0xd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822'
const V2_MINT = '0x4c209b5fc8ad50758f13e2e1088ba56a560dff690a1c6fef26394f4c03821c4f'
const V2_BURN = '0xdccd412f0b1252819cb1fd330b93224ca42612892bb3f4f789976e6d81936496'
/**
 * `Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160
 * sqrtPriceX96, uint128 liquidity, int24 tick)` of a Uniswap V3 pool (and forks with its event): the
 * price, in-range liquidity and tick after the swap. A fork that logs more (PancakeSwap V3's protocol
 * fees) has another topic and is re-read.
 */
const V3_SWAP = '0xc42079f94a6350d7e6235f29174924f928cc2ac818eb64fed8004e115fbcca67'
/**
 * `Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96,
 * uint128 liquidity, int24 tick, uint24 fee)` of the Uniswap V4 PoolManager: like V3's, the pool's price,
 * liquidity and tick after the swap, and the fee it charged.
 */
const V4_SWAP = '0x40e9cecb9f5f1f1c5b9c97dec2917b7ee92e57ba5563708daca94dd84ad7112f'
/**
 * `Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128
 * amount, uint256 amount0, uint256 amount1)` of a V3 pool, and V4's `ModifyLiquidity(bytes32 indexed id,
 * address indexed sender, int24 tickLower, int24 tickUpper, int256 liquidityDelta, bytes32 salt)` with a
 * positive delta: liquidity added to a range. Its ticks' `liquidityNet` move by the amount, a tick it
 * initializes joins the list, and the in-range liquidity grows when the price is inside the range. A
 * removal (V3 `Burn` of a positive amount, a negative V4 delta) may uninitialize a tick, which the log
 * cannot tell (a tick's gross liquidity is not in the snapshot): re-read. A removal of nothing (a V3
 * `burn(0)` that pokes a position's fees, a V4 delta of 0) changes nothing a quote reads.
 */
const V3_MINT = '0x7a53080ba414158be7ec69b987b5fb7d07dee101fe85488f0853ae16239d0bde'
const V3_BURN = '0x0c396cd989a39f4459b5fa1aed6a9a8dcdbc45908acfd67e028cd568da98982c'
const V4_MODIFY_LIQUIDITY = '0xf208f4912782fd25c7f114ca3723a2d5dd6f3bcc3ac8db5af63baa85f711d5ec'
/**
 * `Transfer(address,address,uint256)` and `Approval(...)`: a V2 pair's LP token moving; reserves do not
 * change. A Transfer from address zero mints LP supply, one to address zero burns it (the pair's only
 * ways to change its `totalSupply`).
 */
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e68f3c8b2b88ee1b1fdd6a68d3ae5a0fc47d4'
/** `Collect(...)` of a V3 pool: owed fees leave; price, liquidity and ticks do not change. */
const V3_COLLECT = '0x70935338e69775456a85ddef226c395fb668b63fa0115f5f20610b388e6ca9c0'
const ZERO_TOPIC = `0x${'0'.repeat(64)}`

/** The state a concentrated-liquidity swap logs. */
export type ConcentratedSwap = { sqrtPriceX96: bigint; liquidity: bigint; tick: number; fee?: number | undefined }

/** Liquidity added to a concentrated-liquidity range. */
export type LiquidityAdd = { tickLower: number; tickUpper: number; amount: bigint; sinceSwap: boolean }

/** What one pool's logs say about its state, when they say all of it. */
export type PoolStatePatch =
  /**
   * A V2 pair or an Aerodrome pool: its reserves after the last `Sync` (undefined before the first), and
   * its LP supply change; `family` is `aerodrome` once an Aerodrome Sync gave the reserves.
   */
  | { kind: 'pair'; reserves: readonly [bigint, bigint] | undefined; supplyDelta: bigint; family?: 'aerodrome' | undefined }
  /**
   * A concentrated-liquidity pool's swaps and liquidity adds: the price after its last swap (`fee`: what
   * a V4 swap charged, checked against the pool's), and each add in order, `sinceSwap` when it came after
   * that swap (a swap's logged liquidity already holds the adds before it).
   */
  | { kind: 'price'; swap: ConcentratedSwap | undefined; adds: readonly LiquidityAdd[] }
  /** Only logs that change nothing a quote reads (LP-token transfers and approvals, fee collections). */
  | { kind: 'unchanged' }
  /** A log whose effect the snapshot cannot take from it (a mint, a burn, a parameter change): re-read. */
  | { kind: 'reread' }

const word = (data: Hex, i: number): bigint => BigInt(`0x${data.slice(2 + 64 * i, 66 + 64 * i)}`)
const int24 = (value: bigint): number => Number(BigInt.asIntN(24, value))
/** The adds before a swap: its logged liquidity holds them. */
const settled = (adds: readonly LiquidityAdd[]): LiquidityAdd[] => adds.map((add) => (add.sinceSwap ? { ...add, sinceSwap: false } : add))
const addTo = (patch: Extract<PoolStatePatch, { kind: 'price' }>, tickLower: number, tickUpper: number, amount: bigint): PoolStatePatch =>
  tickLower < tickUpper && amount > 0n ? { ...patch, adds: [...patch.adds, { tickLower, tickUpper, amount, sinceSwap: true }] } : { kind: 'reread' }

/**
 * Folds one log of a pool into what is known of its state since the snapshot: a V2 or Aerodrome `Sync` gives the
 * reserves and an LP Transfer from or to zero the supply change (so a pair's swaps, liquidity adds and
 * removals all come from its logs), a V3 or V4 `Swap` the price, liquidity and tick, a V3 or V4 liquidity
 * add its ticks and in-range liquidity; a plain LP-token transfer or approval, a fee poke and a fee
 * collection change nothing the quote reads. Anything else (V3/V4 removals, which may uninitialize a
 * tick, and every event not listed) asks for a re-read, and a re-read stays one.
 * @param previous - what the pool's earlier logs in the range gave (undefined for its first)
 * @param log - the pool's next log, in chain order
 * @returns the state patch after this log
 */
export function foldPoolLog(previous: PoolStatePatch | undefined, log: { topics: readonly Hex[]; data: Hex }): PoolStatePatch {
  if (previous?.kind === 'reread') return previous
  const topic = log.topics[0]?.toLowerCase()
  const pair = previous === undefined || previous.kind === 'unchanged' ? { kind: 'pair' as const, reserves: undefined, supplyDelta: 0n } : previous.kind === 'pair' ? previous : undefined
  if (topic === V2_SYNC && log.data.length === 2 + 128) return pair && pair.family === undefined ? { ...pair, reserves: [word(log.data, 0), word(log.data, 1)] } : { kind: 'reread' }
  if (topic === AERODROME_SYNC && log.data.length === 2 + 128) {
    if (!pair || (pair.reserves !== undefined && pair.family !== 'aerodrome')) return { kind: 'reread' }
    return { ...pair, reserves: [word(log.data, 0), word(log.data, 1)], family: 'aerodrome' }
  }
  if (topic === AERODROME_FEES || topic === AERODROME_CLAIM) return previous ?? { kind: 'unchanged' }
  const price = previous === undefined || previous.kind === 'unchanged' ? { kind: 'price' as const, swap: undefined, adds: [] } : previous.kind === 'price' ? previous : undefined
  if (topic === V3_SWAP && log.data.length === 2 + 320) {
    if (!price) return { kind: 'reread' }
    return { kind: 'price', swap: { sqrtPriceX96: word(log.data, 2), liquidity: word(log.data, 3), tick: int24(word(log.data, 4)) }, adds: settled(price.adds) }
  }
  if (topic === V3_MINT && log.topics.length === 4 && log.data.length === 2 + 256) {
    if (!price) return { kind: 'reread' }
    return addTo(price, int24(BigInt(log.topics[2]!)), int24(BigInt(log.topics[3]!)), word(log.data, 1))
  }
  if (topic === V3_BURN && log.topics.length === 4 && log.data.length === 2 + 192 && word(log.data, 0) === 0n) return previous ?? { kind: 'unchanged' }
  if (topic === V4_MODIFY_LIQUIDITY && log.data.length === 2 + 256) {
    const delta = BigInt.asIntN(256, word(log.data, 2))
    if (delta === 0n) return previous ?? { kind: 'unchanged' }
    if (delta < 0n || !price) return { kind: 'reread' }
    return addTo(price, int24(word(log.data, 0)), int24(word(log.data, 1)), delta)
  }
  if (topic === V4_SWAP && log.data.length === 2 + 384) {
    if (!price) return { kind: 'reread' }
    return { kind: 'price', swap: { sqrtPriceX96: word(log.data, 2), liquidity: word(log.data, 3), tick: int24(word(log.data, 4)), fee: Number(word(log.data, 5)) }, adds: settled(price.adds) }
  }
  if (topic === TRANSFER && log.topics.length === 3 && log.data.length === 2 + 64) {
    const fromZero = log.topics[1]?.toLowerCase() === ZERO_TOPIC
    const toZero = log.topics[2]?.toLowerCase() === ZERO_TOPIC
    if (!fromZero && !toZero) return previous ?? { kind: 'unchanged' }
    if ((fromZero && toZero) || !pair) return { kind: 'reread' }
    const amount = word(log.data, 0)
    return { ...pair, supplyDelta: pair.supplyDelta + (fromZero ? amount : -amount) }
  }
  if (topic === APPROVAL || topic === V3_COLLECT) return previous ?? { kind: 'unchanged' }
  // A V2 Swap, Mint or Burn follows the Sync that carries its result; alone it says nothing.
  if ((topic === V2_SWAP || topic === V2_MINT || topic === V2_BURN) && previous?.kind === 'pair' && previous.reserves !== undefined && previous.family === undefined) return previous
  if ((topic === AERODROME_SWAP || topic === V2_MINT || topic === AERODROME_BURN) && previous?.kind === 'pair' && previous.family === 'aerodrome') return previous
  return { kind: 'reread' }
}

/**
 * The pool's state with a patch applied, or undefined when the patch does not fit the snapshot (then the
 * pool is re-read): reserves and LP supply only on a Uniswap V2 pair or, from its own Sync, an Aerodrome
 * pool (a supply the loader could not read
 * stays unknown); a price only on a concentrated-liquidity pool (a V4 one at its own swap fee) whose
 * new tick stays at least half the loader's reach inside the tick window it scanned, so a quote still
 * knows every initialized tick for half a reach (a price move of about 10×) either way. Unchanged state
 * only moves to the new block, except where time alone moves it (Aave's index, Curve's A ramp): re-read.
 * @param pool - the snapshot's state of the pool
 * @param patch - from {@link foldPoolLog}
 * @param blockNumber - the block the state is now at
 * @returns the new state, or undefined
 */
export function applyPoolPatch(pool: PoolSnapshotBase, patch: PoolStatePatch, blockNumber: bigint): PoolSnapshotBase | undefined {
  if (patch.kind === 'unchanged') return pool.protocol === 'aave-v3' || pool.protocol === 'curve' ? undefined : { ...pool, blockNumber }
  if (patch.kind === 'pair') {
    if (!('reserve0' in pool)) return undefined
    if (pool.protocol !== (patch.reserves === undefined ? pool.protocol : patch.family === 'aerodrome' ? 'aerodrome' : 'uniswap-v2')) return undefined
    if (pool.protocol !== 'uniswap-v2' && pool.protocol !== 'aerodrome') return undefined
    // An Aerodrome pool's snapshot has a pair's reserves and LP supply under the same names.
    const pair = pool as UniswapV2PoolSnapshot
    // Supply moves only with a mint or burn, and each of those Syncs: a change without a Sync is not a pair's.
    if (patch.reserves === undefined) return patch.supplyDelta === 0n ? { ...pool, blockNumber } : undefined
    const totalSupply = pair.totalSupply === undefined ? undefined : pair.totalSupply + patch.supplyDelta
    if (totalSupply !== undefined && totalSupply < 0n) return undefined
    return { ...pair, reserve0: patch.reserves[0], reserve1: patch.reserves[1], ...(totalSupply === undefined ? {} : { totalSupply }), blockNumber } as PoolSnapshotBase
  }
  if (patch.kind === 'price') {
    if (!('tickWindow' in pool) || !('sqrtPriceX96' in pool)) return undefined
    const state = pool as PoolSnapshotBase & ConcentratedLiquidityState
    const { swap } = patch
    // A V4 swap's fee is the pool's swap fee in one direction; another (a hook's dynamic fee) re-reads it.
    if (swap !== undefined && (swap.fee !== undefined) !== (pool.protocol === 'uniswap-v4')) return undefined
    if (swap?.fee !== undefined) {
      const v4 = pool as UniswapV4PoolSnapshot
      if (swap.fee !== swapFeeOf(v4, true) && swap.fee !== swapFeeOf(v4, false)) return undefined
    }
    const tick = swap?.tick ?? state.tick
    const margin = Math.floor(V3_TICK_REACH / 2)
    if (swap !== undefined && (tick < state.tickWindow.lower + margin || tick > state.tickWindow.upper - margin)) return undefined
    let liquidity = swap?.liquidity ?? state.liquidity
    let ticks = state.ticks
    if (patch.adds.length > 0) {
      const net = new Map(ticks.map((t) => [t.index, t.liquidityNet]))
      for (const add of patch.adds) {
        if (add.sinceSwap && add.tickLower <= tick && tick < add.tickUpper) liquidity += add.amount
        // Ticks outside the scanned window stay unknown, as a load would leave them.
        for (const [index, change] of [[add.tickLower, add.amount], [add.tickUpper, -add.amount]] as const) {
          if (index < state.tickWindow.lower || index > state.tickWindow.upper) continue
          net.set(index, (net.get(index) ?? 0n) + change)
        }
      }
      ticks = [...net].map(([index, liquidityNet]) => ({ index, liquidityNet })).sort((a, b) => a.index - b.index)
    }
    return { ...pool, ...(swap === undefined ? {} : { sqrtPriceX96: swap.sqrtPriceX96, tick: swap.tick }), liquidity, ticks, blockNumber } as PoolSnapshotBase
  }
  return undefined
}
