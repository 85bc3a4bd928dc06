import { parseAbi } from 'viem'
import { functionCall } from '../../encoding/call.js'
import { addForceApprove } from '../../encoding/planActions.js'
import type { Planner } from '../../encoding/planner.js'
import type { ReturnValue } from '../../encoding/value.js'
import type { EncodeStepContext, EncodeStepParameters, FloatModel, PoolEdge, PoolSnapshotBase, QuoteParameters, StepData, SwapReturnType } from '../types.js'
import { memoizeByState } from '../memoizeByState.js'
import { CurveMathRevert } from './stableSwapMath.js'
import { addLiquidity, calcWithdrawOneCoin, depositMint, exchange, getDy, removeLiquidityOneCoin } from './twocryptoPool.js'
import type { CurveTwocryptoSnapshot } from './twocryptoTypes.js'

/** Curve twocrypto-ng's writes: uint256 coin indices, fixed `uint256[2]` amounts, each returning what it paid or minted. */
export const curveTwocryptoWriteAbi = parseAbi([
  'function exchange(uint256 i, uint256 j, uint256 dx, uint256 min_dy) returns (uint256)',
  'function add_liquidity(uint256[2] amounts, uint256 min_mint_amount) returns (uint256)',
  'function remove_liquidity_one_coin(uint256 token_amount, uint256 i, uint256 min_amount) returns (uint256)',
  'function remove_liquidity(uint256 _amount, uint256[2] min_amounts) returns (uint256[2])',
])

/** The LP token's index in a twocrypto snapshot's `tokens` (the pool itself, after its two coins). */
const LP = 2

const EDGES: readonly PoolEdge[] = [
  { tokenInIndex: 0, tokenOutIndex: 1, action: 'swap' },
  { tokenInIndex: 1, tokenOutIndex: 0, action: 'swap' },
  { tokenInIndex: 0, tokenOutIndex: LP, action: 'deposit' },
  { tokenInIndex: 1, tokenOutIndex: LP, action: 'deposit' },
  { tokenInIndex: LP, tokenOutIndex: 0, action: 'redeem' },
  { tokenInIndex: LP, tokenOutIndex: 1, action: 'redeem' },
]

/** True for the twocrypto-ng snapshots the Curve adapter serves beside its StableSwap pools. */
export function isCurveTwocrypto(snapshot: PoolSnapshotBase): snapshot is CurveTwocryptoSnapshot {
  return 'kind' in snapshot && snapshot.kind === 'twocrypto'
}

/** The pool's edges: a swap each way between its two coins, each coin into the LP token (a one-coin deposit) and back (a one-coin redemption). */
export function twocryptoEdges(): readonly PoolEdge[] {
  return EDGES
}

/** The write an edge runs at the snapshot's timestamp: its output, the state after and whether that state depends on the timestamp. */
function runEdge(snapshot: CurveTwocryptoSnapshot, { edge, amountIn }: QuoteParameters): { amountOut: bigint; state: CurveTwocryptoSnapshot; timeDependent: boolean } {
  const timestamp = snapshot.timestamp
  if (edge.action === 'deposit') {
    const r = addLiquidity(snapshot, { amounts: [0, 1].map((k) => (k === edge.tokenInIndex ? amountIn : 0n)), timestamp })
    return { amountOut: r.minted, state: { ...snapshot, ...r.state }, timeDependent: r.timeDependent }
  }
  if (edge.action === 'redeem') {
    const r = removeLiquidityOneCoin(snapshot, { tokenAmount: amountIn, i: edge.tokenOutIndex, timestamp })
    return { amountOut: r.dy, state: { ...snapshot, ...r.state }, timeDependent: r.timeDependent }
  }
  const r = exchange(snapshot, { i: edge.tokenInIndex, j: edge.tokenOutIndex, dx: amountIn, timestamp })
  return { amountOut: r.dy, state: { ...snapshot, ...r.state }, timeDependent: r.timeDependent }
}

function quoteOrZero(snapshot: CurveTwocryptoSnapshot, parameters: QuoteParameters): bigint {
  const { edge, amountIn } = parameters
  if (amountIn <= 0n || snapshot.spent) return 0n
  try {
    // A swap is quoted with get_dy (what exchange pays, without running tweak_price); a deposit or
    // redemption with the write itself, whose tweak_price can revert where no view does.
    if (edge.action === 'swap') return getDy(snapshot, { i: edge.tokenInIndex, j: edge.tokenOutIndex, dx: amountIn })
    return runEdge(snapshot, parameters).amountOut
  } catch (error) {
    if (error instanceof CurveMathRevert) return 0n
    throw error
  }
}

const keyOf = ({ edge, amountIn }: QuoteParameters) => `${edge.tokenInIndex}:${edge.tokenOutIndex}:${amountIn}`
/** Each pool state's quotes and trades, kept by edge and amount (a split re-quotes the same ones). */
const memoQuote = memoizeByState<CurveTwocryptoSnapshot, bigint>()
const memoSwap = memoizeByState<CurveTwocryptoSnapshot, SwapReturnType<CurveTwocryptoSnapshot>>()

/**
 * Exact output of the edge's write: `exchange` (equal to `get_dy`), `add_liquidity` with one coin,
 * `remove_liquidity_one_coin` (equal to `calc_withdraw_one_coin`, leaving out the admin-fee claim the real
 * pool may run first, which only lowers the payout); 0n where the pool reverts or was already used in this route.
 */
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
    const r = runEdge(snapshot, parameters)
    return { amountOut, snapshot: { ...r.state, ...(r.timeDependent ? { spent: true } : {}) } }
  } catch (error) {
    if (!(error instanceof CurveMathRevert)) throw error
    // tweak_price can revert where get_dy does not (a virtual price that would fall): the trade does too.
    return { amountOut: 0n, snapshot }
  }
}

/**
 * Fields of a twocrypto state its float model does not read: the block it was read at and the EMA oracle's
 * (`tweak_price` runs only when a trade executes; the model's swaps are `get_dy` and its deposits and
 * redemptions the amounts before `tweak_price`). The block timestamp is read only by the ramp check.
 */
const UNREAD_BY_MODEL = new Set(['blockNumber', 'timestamp', 'priceOracle', 'oracleTimestamp', 'lastPrices', 'lastTimestamp'])

/**
 * The key of {@link twocryptoFloatModel}'s inputs (see `ProtocolAdapter.floatModelKey`): every field of the
 * state but {@link UNREAD_BY_MODEL}, and whether an A/gamma ramp is in progress at its timestamp (every
 * quote then reverts). A pool no trade touched keeps its key from block to block, so its grid of exact
 * quotes (~150 `get_dy` calls an edge) is built once, not every block.
 */
export function twocryptoFloatModelKey(snapshot: CurveTwocryptoSnapshot): string {
  const parts: string[] = [snapshot.futureAGammaTime > snapshot.timestamp ? 'ramping' : 'steady']
  for (const [key, value] of Object.entries(snapshot)) {
    if (UNREAD_BY_MODEL.has(key)) continue
    parts.push(`${key}=${Array.isArray(value) ? value.join(',') : String(value)}`)
  }
  return parts.join(';')
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
 *
 * Deposits and redemptions go through `newton_D` (a deposit's new D, a redemption's D less the burn), which
 * stops within about 1e-14 of D: on small amounts that noise is a visible part of the output and bends the
 * grid off concave, so their models add 1e-12 of the output's scale (the LP supply for a deposit, the
 * coin's balance for a redemption) on top.
 */
export function twocryptoFloatModel(snapshot: CurveTwocryptoSnapshot, edge: PoolEdge): FloatModel {
  if (snapshot.spent) return { kind: 'custom', quote: () => 0 }
  // A deposit's or redemption's output before its tweak_price (about half the work): what the write pays
  // when it does not revert, so at least the exact quote.
  const preview = (amountIn: bigint): bigint => {
    if (edge.action === 'swap') return quoteOrZero(snapshot, { edge, amountIn })
    try {
      return edge.action === 'deposit'
        ? depositMint(snapshot, [0, 1].map((k) => (k === edge.tokenInIndex ? amountIn : 0n))).minted
        : calcWithdrawOneCoin(snapshot, { tokenAmount: amountIn, i: edge.tokenOutIndex })
    } catch (error) {
      if (error instanceof CurveMathRevert) return 0n
      throw error
    }
  }
  const exact = (a: number): number => Number(preview(BigInt(Math.ceil(a))))
  let grid: { x: number[]; y: number[]; cap: number } | undefined
  const noise = edge.action === 'deposit' ? Number(snapshot.totalSupply) * 1e-12 : edge.action === 'redeem' ? Number(snapshot.balances[edge.tokenOutIndex]!) * 1e-12 : 0
  const build = () => {
    // The amount scale of the input: its balance in the pool, or the LP supply for a redemption.
    const balance = Number(edge.tokenInIndex === LP ? snapshot.totalSupply : snapshot.balances[edge.tokenInIndex]!)
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
      if (a <= x[0]!) return exact(a) + 4 + noise
      let lo = 0
      let hi = x.length - 1
      // The same relative slack as between grid points, so the model never falls at the last point.
      if (a >= x[hi]!) return y[hi]! * (1 + 1e-12) + 4 + noise
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1
        if (x[mid]! <= a) lo = mid
        else hi = mid
      }
      const slope = lo > 0 ? (y[lo]! - y[lo - 1]!) / (x[lo]! - x[lo - 1]!) : y[0]! / x[0]!
      return Math.min(y[lo]! + slope * (a - x[lo]!), y[lo + 1]!) * (1 + 1e-12) + 4 + noise
    },
  }
}

/** Step data of an edge: what it does, the coin indices and the pool's kind, for the encoder. */
export function twocryptoStepData(edge: PoolEdge): StepData {
  const kind = edge.action === 'deposit' ? 'deposit' : edge.action === 'redeem' ? 'redeem' : 'swap'
  return { kind, variant: 'twocrypto', i: edge.tokenInIndex, j: edge.tokenOutIndex, nCoins: 2 }
}

/**
 * One twocrypto-ng step: `exchange(i, j, dx, 0)` (swap), `add_liquidity` with the input at its coin's
 * place (deposit; the LP token is the pool) or `remove_liquidity_one_coin(burn, j, 0)` (redeem; the pool
 * burns the caller's LP, no approval). Each returns exactly what the pool paid or minted to the executing
 * contract, which is the step's output. A coin going in is approved exactly and pulled whole.
 */
export function encodeTwocryptoStep(planner: Planner, _context: EncodeStepContext, step: EncodeStepParameters): ReturnValue {
  const i = Number(step.data.i)
  const j = Number(step.data.j)
  if (step.data.kind === 'redeem') {
    return planner.add(functionCall({ address: step.primary, abi: curveTwocryptoWriteAbi, functionName: 'remove_liquidity_one_coin', args: [step.amountIn, BigInt(j), 0n] }))
  }
  addForceApprove(planner, { token: step.tokenIn, spender: step.primary, amount: step.amountIn })
  if (step.data.kind === 'deposit') {
    const amounts = [0, 1].map((k) => (k === i ? step.amountIn : 0n)) as [typeof step.amountIn, typeof step.amountIn]
    return planner.add(functionCall({ address: step.primary, abi: curveTwocryptoWriteAbi, functionName: 'add_liquidity', args: [amounts as never, 0n] }))
  }
  return planner.add(functionCall({ address: step.primary, abi: curveTwocryptoWriteAbi, functionName: 'exchange', args: [BigInt(i), BigInt(j), step.amountIn, 0n] }))
}
