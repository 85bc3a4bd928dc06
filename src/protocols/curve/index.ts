import type { PoolEdge, ProtocolAdapter, QuoteParameters, StepData, SwapReturnType } from '../types.js'
import { encodeCurveStep } from './encode.js'
import { exchangeUpperBound } from './exchangeUpperBound.js'
import { curveFloatModel } from './floatModel.js'
import { getMetaEdges, metaStepData, runMetaEdge } from './metaEdges.js'
import { curveMetaFloatModel } from './metaFloatModel.js'
import type { CurveMetaSnapshot } from './metaPool.js'
import { memoizeByState } from '../memoizeByState.js'
import { metaQuoteUpperBound } from './metaQuoteUpperBound.js'
import { ngExchangeUpperBound } from './ngExchangeUpperBound.js'
import { addLiquidityNg, exchangeNg, removeLiquidityOneCoinNg } from './ngQuote.js'
import { addLiquidity, exchange, removeLiquidityOneCoin, type CurvePoolUpdate } from './quote.js'
import { CurveMathRevert } from './stableSwapMath.js'
import { encodeTwocryptoStep, isCurveTwocrypto, twocryptoEdges, twocryptoFloatModel, twocryptoFloatModelKey, twocryptoQuote, twocryptoStepData, twocryptoSwap } from './twocryptoAdapter.js'
import type { CurveTwocryptoSnapshot } from './twocryptoTypes.js'
import type { CurveStableSwapSnapshot } from './types.js'

export type { CurveStableSwapSnapshot } from './types.js'
export type { CurveTwocryptoSnapshot } from './twocryptoTypes.js'

/** Any pool the Curve adapter serves: a StableSwap pool, or a twocrypto-ng pool (`kind: 'twocrypto'`). */
export type CurveSnapshot = CurveStableSwapSnapshot | CurveTwocryptoSnapshot

/** Edges per pool size: every coin to every other (swap), each coin to the LP token (deposit) and back (redeem). */
const edgesBySize = new Map<number, readonly PoolEdge[]>()
function getEdges(snapshot: CurveSnapshot): readonly PoolEdge[] {
  if (isCurveTwocrypto(snapshot)) return twocryptoEdges()
  if (snapshot.meta) return getMetaEdges(snapshot as CurveMetaSnapshot)
  const n = snapshot.balances.length
  let edges = edgesBySize.get(n)
  if (!edges) {
    const list: PoolEdge[] = []
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j) list.push({ tokenInIndex: i, tokenOutIndex: j, action: 'swap' })
    for (let i = 0; i < n; i++) list.push({ tokenInIndex: i, tokenOutIndex: n, action: 'deposit' }, { tokenInIndex: n, tokenOutIndex: i, action: 'redeem' })
    edges = list
    edgesBySize.set(n, edges)
  }
  return edges
}

/** The pool operation an edge runs: its output and the pool's state after; undefined where the pool reverts. */
function run(snapshot: CurveStableSwapSnapshot, { edge, amountIn }: QuoteParameters): ({ amountOut: bigint; meta?: CurveStableSwapSnapshot['meta'] } & CurvePoolUpdate) | undefined {
  if (amountIn <= 0n) return undefined
  const n = snapshot.balances.length
  try {
    if (snapshot.variant === 'ng') return runNg(snapshot, { edge, amountIn })
    if (snapshot.meta) {
      const r = runMetaEdge(snapshot as CurveMetaSnapshot, { edge, amountIn })
      return { amountOut: r.amountOut, balances: [...r.balances], totalSupply: r.totalSupply, meta: r.meta }
    }
    if (edge.action === 'swap') {
      const r = exchange(snapshot, { i: edge.tokenInIndex, j: edge.tokenOutIndex, dx: amountIn })
      return { amountOut: r.dy, balances: r.balances, totalSupply: r.totalSupply, sharesCoin: r.sharesCoin }
    }
    if (edge.action === 'deposit') {
      const amounts = Array.from({ length: n }, (_, k) => (k === edge.tokenInIndex ? amountIn : 0n))
      const r = addLiquidity(snapshot, { amounts })
      return { amountOut: r.minted, balances: r.balances, totalSupply: r.totalSupply, sharesCoin: r.sharesCoin }
    }
    if (amountIn > snapshot.totalSupply) return undefined
    const r = removeLiquidityOneCoin(snapshot, { tokenAmount: amountIn, i: edge.tokenOutIndex })
    return { amountOut: r.dy, balances: r.balances, totalSupply: r.totalSupply, sharesCoin: r.sharesCoin }
  } catch (error) {
    if (error instanceof CurveMathRevert) return undefined
    throw error
  }
}

/** The same on a stableswap-ng pool (dynamic fees, oracle rates; the pool is its own LP token). */
function runNg(snapshot: CurveStableSwapSnapshot, { edge, amountIn }: QuoteParameters): { amountOut: bigint } & CurvePoolUpdate | undefined {
  const n = snapshot.balances.length
  if (edge.action === 'swap') {
    const r = exchangeNg(snapshot, { i: edge.tokenInIndex, j: edge.tokenOutIndex, dx: amountIn })
    return { amountOut: r.dy, balances: r.balances, totalSupply: r.totalSupply }
  }
  if (edge.action === 'deposit') {
    const r = addLiquidityNg(snapshot, { amounts: Array.from({ length: n }, (_, k) => (k === edge.tokenInIndex ? amountIn : 0n)) })
    return { amountOut: r.minted, balances: r.balances, totalSupply: r.totalSupply }
  }
  const r = removeLiquidityOneCoinNg(snapshot, { burn: amountIn, i: edge.tokenOutIndex })
  return { amountOut: r.dy, balances: r.balances, totalSupply: r.totalSupply }
}

const keyOf = ({ edge, amountIn }: QuoteParameters) => `${edge.action}:${edge.tokenInIndex}:${edge.tokenOutIndex}:${amountIn}`
/**
 * Each StableSwap pool state's trades, kept by edge and amount: quote and swap of the same trade share one run,
 * and a repeated swap returns the same state after, so the invariant memo (`poolInvariant`, keyed on the
 * balances array) serves the next quotes from it too.
 */
const memoSwap = memoizeByState<CurveStableSwapSnapshot, SwapReturnType<CurveStableSwapSnapshot>>()

function swapStableSwap(snapshot: CurveStableSwapSnapshot, parameters: QuoteParameters): SwapReturnType<CurveStableSwapSnapshot> {
  return memoSwap(snapshot, keyOf(parameters), () => {
    const r = run(snapshot, parameters)
    if (!r || r.amountOut === 0n) return { amountOut: 0n, snapshot }
    return { amountOut: r.amountOut, snapshot: { ...snapshot, balances: r.balances, totalSupply: r.totalSupply, ...(r.sharesCoin ? { sharesCoin: r.sharesCoin } : {}), ...(r.meta ? { meta: r.meta } : {}) } }
  })
}

function quote(snapshot: CurveSnapshot, parameters: QuoteParameters): bigint {
  if (isCurveTwocrypto(snapshot)) return twocryptoQuote(snapshot, parameters)
  return swapStableSwap(snapshot, parameters).amountOut
}

function swap(snapshot: CurveSnapshot, parameters: QuoteParameters): SwapReturnType<CurveSnapshot> {
  if (isCurveTwocrypto(snapshot)) return twocryptoSwap(snapshot, parameters)
  return swapStableSwap(snapshot, parameters)
}

/**
 * Swaps of the generations {@link exchangeUpperBound} covers; no bound for deposits and redemptions (not
 * monotone). The bound holds only for an edge whose quote is that plain `exchange` math, so it is given only
 * where the edge's own quote at `amountIn` equals what the math pays there. A metapool's swaps that pay
 * through its own `exchange` get theirs from {@link metaQuoteUpperBound}, a stableswap-ng pool's swaps from
 * {@link ngExchangeUpperBound} (its fee is dynamic); a twocrypto pool's edges get none.
 */
function quoteUpperBound(snapshot: CurveSnapshot, parameters: QuoteParameters): bigint | undefined {
  const { edge, amountIn } = parameters
  if (isCurveTwocrypto(snapshot)) return undefined
  if (snapshot.meta && edge.action === 'swap') return metaQuoteUpperBound(snapshot as CurveMetaSnapshot, parameters, quote(snapshot, parameters))
  if (snapshot.variant === 'ng' && edge.action === 'swap') {
    const r = ngExchangeUpperBound(snapshot, { i: edge.tokenInIndex, j: edge.tokenOutIndex, dx: amountIn })
    return r === undefined || r.atDx !== quote(snapshot, parameters) ? undefined : r.bound
  }
  if (edge.action !== 'swap' || snapshot.meta || (snapshot.variant !== undefined && snapshot.variant !== 'steth')) return undefined
  const r = exchangeUpperBound(snapshot, { i: edge.tokenInIndex, j: edge.tokenOutIndex, dx: amountIn })
  if (r === undefined || r.atDx !== quote(snapshot, parameters)) return undefined
  return r.bound
}

function getStepData(snapshot: CurveSnapshot, edge: PoolEdge): StepData {
  if (isCurveTwocrypto(snapshot)) return twocryptoStepData(edge)
  if (snapshot.meta) return metaStepData(snapshot as CurveMetaSnapshot, edge)
  const kind = edge.action === 'deposit' ? 'deposit' : edge.action === 'redeem' ? 'redeem' : 'swap'
  return {
    kind, i: edge.tokenInIndex, j: edge.tokenOutIndex, nCoins: snapshot.balances.length,
    ...(snapshot.variant ? { variant: snapshot.variant } : {}),
    ...(snapshot.nativeCoin !== undefined ? { nativeCoin: snapshot.nativeCoin } : {}),
    ...(snapshot.sharesCoin ? { sharesToken: snapshot.tokens[snapshot.sharesCoin.index]! } : {}),
  }
}

/**
 * Curve StableSwap pools (the 3pool generation: `Ann = A * N`, int128 coin indices, write functions that
 * return nothing; and the ETH/stETH pool's: A times 100, a native coin, payable calls returning what they
 * paid; and stableswap-ng's: oracle or ERC-4626 rates, dynamic fees, the pool its own LP token): swaps between coins, single-coin deposits into the LP token and single-coin redemptions, each
 * quoted with the pool's exact integer math. A native coin is WETH to the engine (unwrapped before the
 * pool, wrapped after). Metapools (the 2020 template over the 3pool) add `exchange_underlying` swaps
 * between their coin and the base pool's coins and the Deposit zap's deposits and redemptions of base coins.
 */
export const curveAdapter: ProtocolAdapter<CurveSnapshot> = {
  slug: 'curve',
  standard: 'curve',
  actions: ['swap', 'deposit', 'redeem'],
  isAggregator: false,
  gasPerHop: 130_000n,
  getEdges,
  quote,
  swap,
  floatModelKey: (snapshot) => (isCurveTwocrypto(snapshot) ? twocryptoFloatModelKey(snapshot) : undefined),
  getFloatModel: (snapshot, edge) =>
    isCurveTwocrypto(snapshot) ? twocryptoFloatModel(snapshot, edge) : snapshot.meta ? curveMetaFloatModel(snapshot as CurveMetaSnapshot, edge) : curveFloatModel(snapshot, edge),
  quoteUpperBound,
  getStepData,
  encode: (planner, context, step) => (step.data.variant === 'twocrypto' ? encodeTwocryptoStep(planner, context, step) : encodeCurveStep(planner, context, step)),
}
