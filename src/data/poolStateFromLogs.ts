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
 * `Transfer(address,address,uint256)` and `Approval(...)`: a V2 pair's LP token moving; reserves do not
 * change. A Transfer from address zero mints LP supply, one to address zero burns it (the pair's only
 * ways to change its `totalSupply`).
 */
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e68f3c8b2b88ee1b1fdd6a68d3ae5a0fc47d4'
/** `Collect(...)` of a V3 pool: owed fees leave; price, liquidity and ticks do not change. */
const V3_COLLECT = '0x70935338e69775456a85ddef226c395fb668b63fa0115f5f20610b388e6ca9c0'
const ZERO_TOPIC = `0x${'0'.repeat(64)}`

/** What one pool's logs say about its state, when they say all of it. */
export type PoolStatePatch =
  /** A V2 pair: its reserves after the last `Sync` (undefined before the first), and its LP supply change. */
  | { kind: 'pair'; reserves: readonly [bigint, bigint] | undefined; supplyDelta: bigint }
  /** A concentrated-liquidity pool's price after its last swap; `fee` is what a V4 swap charged (checked against the pool's). */
  | { kind: 'price'; sqrtPriceX96: bigint; liquidity: bigint; tick: number; fee?: number | undefined }
  /** Only logs that change nothing a quote reads (LP-token transfers and approvals, fee collections). */
  | { kind: 'unchanged' }
  /** A log whose effect the snapshot cannot take from it (a mint, a burn, a parameter change): re-read. */
  | { kind: 'reread' }

const word = (data: Hex, i: number): bigint => BigInt(`0x${data.slice(2 + 64 * i, 66 + 64 * i)}`)

/**
 * Folds one log of a pool into what is known of its state since the snapshot: a V2 `Sync` gives the
 * reserves and an LP Transfer from or to zero the supply change (so a pair's swaps, liquidity adds and
 * removals all come from its logs), a V3 or V4 `Swap` the price, liquidity and tick; a plain LP-token transfer
 * or approval and a fee collection change nothing the quote reads. Anything else (V3 mints and burns,
 * which move ticks, and every event not listed) asks for a re-read, and a re-read stays one.
 * @param previous - what the pool's earlier logs in the range gave (undefined for its first)
 * @param log - the pool's next log, in chain order
 * @returns the state patch after this log
 */
export function foldPoolLog(previous: PoolStatePatch | undefined, log: { topics: readonly Hex[]; data: Hex }): PoolStatePatch {
  if (previous?.kind === 'reread') return previous
  const topic = log.topics[0]?.toLowerCase()
  const pair = previous === undefined || previous.kind === 'unchanged' ? { kind: 'pair' as const, reserves: undefined, supplyDelta: 0n } : previous.kind === 'pair' ? previous : undefined
  if (topic === V2_SYNC && log.data.length === 2 + 128) return pair ? { ...pair, reserves: [word(log.data, 0), word(log.data, 1)] } : { kind: 'reread' }
  if (topic === V3_SWAP && log.data.length === 2 + 320) {
    if (previous?.kind === 'pair') return { kind: 'reread' }
    return { kind: 'price', sqrtPriceX96: word(log.data, 2), liquidity: word(log.data, 3), tick: Number(BigInt.asIntN(24, word(log.data, 4))) }
  }
  if (topic === V4_SWAP && log.data.length === 2 + 384) {
    if (previous?.kind === 'pair') return { kind: 'reread' }
    return { kind: 'price', sqrtPriceX96: word(log.data, 2), liquidity: word(log.data, 3), tick: Number(BigInt.asIntN(24, word(log.data, 4))), fee: Number(word(log.data, 5)) }
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
  if ((topic === V2_SWAP || topic === V2_MINT || topic === V2_BURN) && previous?.kind === 'pair' && previous.reserves !== undefined) return previous
  return { kind: 'reread' }
}

/**
 * The pool's state with a patch applied, or undefined when the patch does not fit the snapshot (then the
 * pool is re-read): reserves and LP supply only on a Uniswap V2 pair (a supply the loader could not read
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
    if (pool.protocol !== 'uniswap-v2' || !('reserve0' in pool)) return undefined
    const pair = pool as UniswapV2PoolSnapshot
    // Supply moves only with a mint or burn, and each of those Syncs: a change without a Sync is not a pair's.
    if (patch.reserves === undefined) return patch.supplyDelta === 0n ? { ...pool, blockNumber } : undefined
    const totalSupply = pair.totalSupply === undefined ? undefined : pair.totalSupply + patch.supplyDelta
    if (totalSupply !== undefined && totalSupply < 0n) return undefined
    return { ...pair, reserve0: patch.reserves[0], reserve1: patch.reserves[1], ...(totalSupply === undefined ? {} : { totalSupply }), blockNumber } as PoolSnapshotBase
  }
  if (patch.kind === 'price') {
    if (!('tickWindow' in pool) || !('sqrtPriceX96' in pool)) return undefined
    // A V4 swap's fee is the pool's swap fee in one direction; another (a hook's dynamic fee) re-reads it.
    if ((patch.fee !== undefined) !== (pool.protocol === 'uniswap-v4')) return undefined
    if (patch.fee !== undefined) {
      const v4 = pool as UniswapV4PoolSnapshot
      if (patch.fee !== swapFeeOf(v4, true) && patch.fee !== swapFeeOf(v4, false)) return undefined
    }
    const { tickWindow } = pool as PoolSnapshotBase & ConcentratedLiquidityState
    const margin = Math.floor(V3_TICK_REACH / 2)
    if (patch.tick < tickWindow.lower + margin || patch.tick > tickWindow.upper - margin) return undefined
    return { ...pool, sqrtPriceX96: patch.sqrtPriceX96, liquidity: patch.liquidity, tick: patch.tick, blockNumber } as PoolSnapshotBase
  }
  return undefined
}
