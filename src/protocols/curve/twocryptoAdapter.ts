import { parseAbi } from 'viem'
import { functionCall } from '../../encoding/call.js'
import { addForceApprove } from '../../encoding/planActions.js'
import type { Planner } from '../../encoding/planner.js'
import type { ReturnValue } from '../../encoding/value.js'
import type { EncodeStepContext, EncodeStepParameters, FloatModel, PoolEdge, PoolSnapshotBase, QuoteParameters, StepData, SwapReturnType } from '../types.js'
import { CurveMathRevert } from './stableSwapMath.js'
import { exchange, getDy } from './twocryptoPool.js'
import type { CurveTwocryptoSnapshot } from './twocryptoTypes.js'

/** Curve twocrypto-ng's `exchange`: uint256 indices, returns what it paid. */
export const curveTwocryptoWriteAbi = parseAbi(['function exchange(uint256 i, uint256 j, uint256 dx, uint256 min_dy) returns (uint256)'])

const EDGES: readonly PoolEdge[] = [
  { tokenInIndex: 0, tokenOutIndex: 1, action: 'swap' },
  { tokenInIndex: 1, tokenOutIndex: 0, action: 'swap' },
]

/** True for the twocrypto-ng snapshots the Curve adapter serves beside its StableSwap pools. */
export function isCurveTwocrypto(snapshot: PoolSnapshotBase): snapshot is CurveTwocryptoSnapshot {
  return 'kind' in snapshot && snapshot.kind === 'twocrypto'
}

/** The pool's edges: a swap each way between its two coins. */
export function twocryptoEdges(): readonly PoolEdge[] {
  return EDGES
}

function quoteOrZero(snapshot: CurveTwocryptoSnapshot, { edge, amountIn }: QuoteParameters): bigint {
  if (amountIn <= 0n || snapshot.spent || edge.action !== 'swap') return 0n
  try {
    return getDy(snapshot, { i: edge.tokenInIndex, j: edge.tokenOutIndex, dx: amountIn })
  } catch (error) {
    if (error instanceof CurveMathRevert) return 0n
    throw error
  }
}

/** Exact `exchange` output (equal to `get_dy`); 0n where the pool reverts or the pool was already used in this route. */
export function twocryptoQuote(snapshot: CurveTwocryptoSnapshot, parameters: QuoteParameters): bigint {
  return quoteOrZero(snapshot, parameters)
}

/**
 * The trade and the pool after it (balances, D, price_scale, the oracle and profit counters from
 * `tweak_price`, taken at the snapshot's timestamp). A later trade through the pool in the same route runs
 * in the same block, at a timestamp the engine does not know when it quotes. When `tweak_price` weighed a
 * price_scale move (the one step that reads the EMA oracle, so the timestamp) the state after is marked
 * `spent` and the pool is refused (quoted 0n) for the rest of the route rather than quoted approximately;
 * otherwise D, price_scale and the balances after do not depend on the timestamp, and the next trade is
 * quoted exactly.
 */
export function twocryptoSwap(snapshot: CurveTwocryptoSnapshot, parameters: QuoteParameters): SwapReturnType<CurveTwocryptoSnapshot> {
  const amountOut = quoteOrZero(snapshot, parameters)
  if (amountOut === 0n) return { amountOut: 0n, snapshot }
  try {
    const { edge, amountIn } = parameters
    const r = exchange(snapshot, { i: edge.tokenInIndex, j: edge.tokenOutIndex, dx: amountIn, timestamp: snapshot.timestamp })
    return { amountOut, snapshot: { ...snapshot, ...r.state, ...(r.timeDependent ? { spent: true } : {}) } }
  } catch (error) {
    if (!(error instanceof CurveMathRevert)) throw error
    // tweak_price can revert where get_dy does not (a virtual price that would fall): the trade does too.
    return { amountOut: 0n, snapshot }
  }
}

/**
 * Float model of a swap edge (see {@link FloatModel}): the exact quote at the amount rounded up, scaled by
 * 1 + 1e-12 plus one raw unit, so it stays above the exact quote; past the largest amount the pool takes
 * (found once by bisection) it stays at that amount's value, so it is monotone. A spent pool is 0.
 */
export function twocryptoFloatModel(snapshot: CurveTwocryptoSnapshot, edge: PoolEdge): FloatModel {
  if (snapshot.spent) return { kind: 'custom', quote: () => 0 }
  let cap: number | undefined
  const exact = (a: number): number => Number(quoteOrZero(snapshot, { edge, amountIn: BigInt(Math.ceil(a)) }))
  const limit = (): number => {
    if (cap !== undefined) return cap
    let lo = 1
    let hi = Number(snapshot.balances[edge.tokenInIndex]!) * 1e3 + 1
    if (exact(hi) > 0) return (cap = hi)
    for (let k = 0; k < 200 && hi - lo > Math.max(1, lo * 1e-12); k++) {
      const mid = (lo + hi) / 2
      if (exact(mid) > 0) lo = mid
      else hi = mid
    }
    return (cap = lo)
  }
  return {
    kind: 'custom',
    quote: (amountIn) => {
      if (!(amountIn > 0)) return 0
      const capped = Math.min(amountIn, limit())
      return exact(capped) * (1 + 1e-12) + 1
    },
  }
}

/** Step data of a swap: the coin indices and the pool's kind, for the encoder. */
export function twocryptoStepData(edge: PoolEdge): StepData {
  return { kind: 'swap', variant: 'twocrypto', i: edge.tokenInIndex, j: edge.tokenOutIndex, nCoins: 2 }
}

/**
 * One twocrypto-ng swap: an exact approval of `tokenIn`, then `exchange(i, j, dx, 0)`, whose return
 * value is exactly what the pool paid to the executing contract.
 */
export function encodeTwocryptoStep(planner: Planner, _context: EncodeStepContext, step: EncodeStepParameters): ReturnValue {
  const i = BigInt(Number(step.data.i))
  const j = BigInt(Number(step.data.j))
  addForceApprove(planner, { token: step.tokenIn, spender: step.primary, amount: step.amountIn })
  return planner.add(functionCall({ address: step.primary, abi: curveTwocryptoWriteAbi, functionName: 'exchange', args: [i, j, step.amountIn, 0n] }))
}
