import type { Hex } from 'viem'
import type { PoolSnapshotBase } from '../protocols/types.js'
import { V3_TICK_REACH } from '../protocols/uniswap-v3/load.js'
import type { ConcentratedLiquidityState } from '../protocols/uniswap-v3/types.js'

/** `Sync(uint112 reserve0, uint112 reserve1)`: a Uniswap V2 pair's reserves after every change. */
const V2_SYNC = '0x1c411e9a96e071241c2f21f7726b17ae89e3cab4c78be50e062b03a9fffbbad1'
/** `Swap(address,uint256,uint256,uint256,uint256,address)` of a V2 pair: always followed by its Sync. */
const V2_SWAP = '0xd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822'
/**
 * `Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160
 * sqrtPriceX96, uint128 liquidity, int24 tick)` of a Uniswap V3 pool (and forks with its event): the
 * price, in-range liquidity and tick after the swap. A fork that logs more (PancakeSwap V3's protocol
 * fees) has another topic and is re-read.
 */
const V3_SWAP = '0xc42079f94a6350d7e6235f29174924f928cc2ac818eb64fed8004e115fbcca67'
/** `Transfer(address,address,uint256)` and `Approval(...)`: a V2 pair's LP token moving; reserves do not change. */
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e68f3c8b2b88ee1b1fdd6a68d3ae5a0fc47d4'
/** `Collect(...)` of a V3 pool: owed fees leave; price, liquidity and ticks do not change. */
const V3_COLLECT = '0x70935338e69775456a85ddef226c395fb668b63fa0115f5f20610b388e6ca9c0'
const ZERO_TOPIC = `0x${'0'.repeat(64)}`

/** What one pool's logs say about its state, when they say all of it. */
export type PoolStatePatch =
  | { kind: 'reserves'; reserve0: bigint; reserve1: bigint }
  | { kind: 'price'; sqrtPriceX96: bigint; liquidity: bigint; tick: number }
  /** Only logs that change nothing a quote reads (LP-token transfers and approvals, fee collections). */
  | { kind: 'unchanged' }
  /** A log whose effect the snapshot cannot take from it (a mint, a burn, a parameter change): re-read. */
  | { kind: 'reread' }

const word = (data: Hex, i: number): bigint => BigInt(`0x${data.slice(2 + 64 * i, 66 + 64 * i)}`)

/**
 * Folds one log of a pool into what is known of its state since the snapshot: a V2 `Sync` gives the
 * reserves, a V3 `Swap` the price, liquidity and tick; a swap, a plain LP-token transfer or a fee
 * collection changes nothing the quote reads. Anything else (mints and burns, which move ticks or the
 * LP supply, and every event not listed) asks for a re-read, and a re-read stays one.
 * @param previous - what the pool's earlier logs in the range gave (undefined for its first)
 * @param log - the pool's next log, in chain order
 * @returns the state patch after this log
 */
export function foldPoolLog(previous: PoolStatePatch | undefined, log: { topics: readonly Hex[]; data: Hex }): PoolStatePatch {
  if (previous?.kind === 'reread') return previous
  const topic = log.topics[0]?.toLowerCase()
  if (topic === V2_SYNC && log.data.length === 2 + 128) return { kind: 'reserves', reserve0: word(log.data, 0), reserve1: word(log.data, 1) }
  if (topic === V3_SWAP && log.data.length === 2 + 320) {
    return { kind: 'price', sqrtPriceX96: word(log.data, 2), liquidity: word(log.data, 3), tick: Number(BigInt.asIntN(24, word(log.data, 4))) }
  }
  // An LP transfer from or to address zero is a mint or burn of the V2 pair's supply: re-read it.
  if (topic === TRANSFER && log.topics.length === 3 && log.topics[1]?.toLowerCase() !== ZERO_TOPIC && log.topics[2]?.toLowerCase() !== ZERO_TOPIC) return previous ?? { kind: 'unchanged' }
  if (topic === APPROVAL || topic === V3_COLLECT) return previous ?? { kind: 'unchanged' }
  // A V2 Swap follows the Sync that carries its result; alone it says nothing.
  if (topic === V2_SWAP && previous) return previous
  return { kind: 'reread' }
}

/**
 * The pool's state with a patch applied, or undefined when the patch does not fit the snapshot (then the
 * pool is re-read): reserves only on a Uniswap V2 pair; a price only on a concentrated-liquidity pool whose
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
  if (patch.kind === 'reserves') {
    if (pool.protocol !== 'uniswap-v2' || !('reserve0' in pool)) return undefined
    return { ...pool, reserve0: patch.reserve0, reserve1: patch.reserve1, blockNumber } as PoolSnapshotBase
  }
  if (patch.kind === 'price') {
    if (!('tickWindow' in pool) || !('sqrtPriceX96' in pool)) return undefined
    const { tickWindow } = pool as PoolSnapshotBase & ConcentratedLiquidityState
    const margin = Math.floor(V3_TICK_REACH / 2)
    if (patch.tick < tickWindow.lower + margin || patch.tick > tickWindow.upper - margin) return undefined
    return { ...pool, sqrtPriceX96: patch.sqrtPriceX96, liquidity: patch.liquidity, tick: patch.tick, blockNumber } as PoolSnapshotBase
  }
  return undefined
}
