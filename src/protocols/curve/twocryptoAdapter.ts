import { parseAbi } from 'viem'
import { functionCall } from '../../encoding/call.js'
import { addForceApprove } from '../../encoding/planActions.js'
import type { Planner } from '../../encoding/planner.js'
import type { ReturnValue } from '../../encoding/value.js'
import type { EncodeStepContext, EncodeStepParameters, FloatModel, PoolEdge, PoolSnapshotBase, QuoteParameters, StepData, SwapReturnType } from '../types.js'
import { memoizeByState } from '../memoizeByState.js'
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

const keyOf = ({ edge, amountIn }: QuoteParameters) => `${edge.tokenInIndex}:${edge.tokenOutIndex}:${amountIn}`
/** Each pool state's quotes and trades, kept by edge and amount (a split re-quotes the same ones). */
const memoQuote = memoizeByState<CurveTwocryptoSnapshot, bigint>()
const memoSwap = memoizeByState<CurveTwocryptoSnapshot, SwapReturnType<CurveTwocryptoSnapshot>>()

/** Exact `exchange` output (equal to `get_dy`); 0n where the pool reverts or the pool was already used in this route. */
export function twocryptoQuote(snapshot: CurveTwocryptoSnapshot, parameters: QuoteParameters): bigint {
  return memoQuote(snapshot, keyOf(parameters), () => quoteOrZero(snapshot, parameters))
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
  return memoSwap(snapshot, keyOf(parameters), () => swapOnce(snapshot, parameters))
}

function swapOnce(snapshot: CurveTwocryptoSnapshot, parameters: QuoteParameters): SwapReturnType<CurveTwocryptoSnapshot> {
  const amountOut = twocryptoQuote(snapshot, parameters)
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

/** Grid points of the float model per decade of amount (from 1e-9 of the input balance to the pool's limit). */
const GRID_PER_DECADE = 8

/**
 * Float model of a swap edge (see {@link FloatModel}), built once per snapshot and edge from exact quotes
 * on a geometric grid of amounts. The swap's output is concave in its input (the invariant's curve, and a
 * fee that grows with imbalance), so between grid points `x_k <= a < x_{k+1}` it lies under the line from
 * `x_k` with the slope of the grid segment below (`f(a) <= f(x_k) + s·(a − x_k)`) and under `f(x_{k+1})`;
 * the model is the smaller of the two, plus four raw units for the quotes' integer rounding, so it stays
 * above the exact quote and never falls. Below the grid it is the exact quote; past the largest amount the
 * pool takes (found by bisection) it stays at that amount's value. A spent pool is 0.
 */
export function twocryptoFloatModel(snapshot: CurveTwocryptoSnapshot, edge: PoolEdge): FloatModel {
  if (snapshot.spent) return { kind: 'custom', quote: () => 0 }
  const exact = (a: number): number => Number(quoteOrZero(snapshot, { edge, amountIn: BigInt(Math.ceil(a)) }))
  let grid: { x: number[]; y: number[]; cap: number } | undefined
  const build = () => {
    const balance = Number(snapshot.balances[edge.tokenInIndex]!)
    let cap = balance * 1e3 + 1
    if (!(exact(cap) > 0)) {
      let lo = 1
      let hi = cap
      for (let k = 0; k < 200 && hi - lo > Math.max(1, lo * 1e-12); k++) {
        const mid = (lo + hi) / 2
        if (exact(mid) > 0) lo = mid
        else hi = mid
      }
      cap = lo
    }
    const x: number[] = []
    const y: number[] = []
    for (let a = Math.max(1, balance * 1e-9); a < cap; a *= 10 ** (1 / GRID_PER_DECADE)) {
      const at = Math.ceil(a)
      if (at <= (x.at(-1) ?? 0)) continue
      x.push(at)
      y.push(exact(at))
    }
    if (cap > (x.at(-1) ?? 0)) {
      x.push(cap)
      y.push(exact(cap))
    }
    return { x, y, cap }
  }
  return {
    kind: 'custom',
    quote: (amountIn) => {
      if (!(amountIn > 0)) return 0
      grid ??= build()
      const { x, y, cap } = grid
      const a = Math.ceil(Math.min(amountIn, cap))
      if (a <= x[0]!) return exact(a) + 4
      let lo = 0
      let hi = x.length - 1
      if (a >= x[hi]!) return y[hi]! + 4
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1
        if (x[mid]! <= a) lo = mid
        else hi = mid
      }
      const slope = lo > 0 ? (y[lo]! - y[lo - 1]!) / (x[lo]! - x[lo - 1]!) : y[0]! / x[0]!
      return Math.min(y[lo]! + slope * (a - x[lo]!), y[lo + 1]!) * (1 + 1e-12) + 4
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
