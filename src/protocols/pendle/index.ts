import type { FloatModel, PoolEdge, ProtocolAdapter, QuoteParameters, StepData, SwapReturnType } from '../types.js'
import { memoizeByState } from '../memoizeByState.js'
import { encodePendleStep, type PendleStepData } from './encode.js'
import { ASSET, exchangeRateOf, lpDepositPlanOf, LP, pendleEdges, PT, pyIndexOf, runEdge, SY } from './quote.js'
import { pendleQuoteUpperBound } from './quoteUpperBound.js'
import type { PendleMarketSnapshot } from './types.js'

export type { PendleMarketSnapshot } from './types.js'

/** Each market state's trades, kept by edge and amount (a PT purchase is a search over exact trades; a split re-quotes the same ones). */
const memo = memoizeByState<PendleMarketSnapshot, SwapReturnType<PendleMarketSnapshot>>()

function swap(snapshot: PendleMarketSnapshot, parameters: QuoteParameters): SwapReturnType<PendleMarketSnapshot> {
  const { edge, amountIn } = parameters
  return memo(snapshot, `${edge.tokenInIndex}:${edge.tokenOutIndex}:${amountIn}`, () => runEdge(snapshot, parameters) ?? { amountOut: 0n, snapshot })
}

function quote(snapshot: PendleMarketSnapshot, parameters: QuoteParameters): bigint {
  return swap(snapshot, parameters).amountOut
}

/**
 * Linear upper estimates at each edge's marginal price: the vault's rate for deposits and redemptions; for
 * trades the market's exchange rate at zero size with the fee in the trader's favour left out (selling PT
 * raises the rate and buying lowers it, so the marginal price is the best a trade gets); LP at its SY plus
 * its PT at that rate, with a margin for the sale's rate move. Capped at what the market holds. SY into LP
 * mints at most the market's LP per SY of its value at that marginal price: the PT bought costs at least its
 * marginal price, and the reserve's part of the fee is less than what the purchase pays over it, so the
 * market's value after the swap (in SY at that price) is at least its value before.
 */
function getFloatModel(snapshot: PendleMarketSnapshot, edge: PoolEdge): FloatModel {
  const from = edge.tokenInIndex
  const to = edge.tokenOutIndex
  // The compositions through the SY: the two edges' estimates one after the other.
  if (from === ASSET && to !== SY) return { kind: 'custom', quote: (x) => estimate(snapshot, SY, to)(estimate(snapshot, ASSET, SY)(x)) }
  if (to === ASSET && from !== SY) return { kind: 'custom', quote: (x) => estimate(snapshot, SY, ASSET)(estimate(snapshot, from, SY)(x)) }
  return { kind: 'custom', quote: estimate(snapshot, from, to) }
}

/** The linear upper estimate of one of the market's six basic edges. */
function estimate(snapshot: PendleMarketSnapshot, from: number, to: number): (amountIn: number) => number {
  const rate = Number(exchangeRateOf(snapshot)) / 1e18
  const index = Number(pyIndexOf(snapshot)) / 1e18
  const m = snapshot.market
  const totalPt = Number(m.totalPt)
  const ptPerAsset = spotPtPerAsset(snapshot)
  let slope: number
  let cap = Number.POSITIVE_INFINITY
  if (from === ASSET) slope = 1 / rate
  else if (to === ASSET) {
    slope = rate
    cap = Number(snapshot.vaultTotalSupply)
  } else if (from === PT) slope = 1 / (ptPerAsset * (1 - 1e-6)) / index
  else if (from === SY && to === LP) {
    // The market's LP per SY of its value at the marginal PT price (uncapped: a deposit may mint more than
    // the supply), with a margin for float rounding.
    slope = (Number(m.totalLp) / (Number(m.totalSy) + totalPt / (ptPerAsset * (1 - 1e-6)) / index)) * 1.001
  } else if (from === SY) {
    slope = index * ptPerAsset * (1 + 1e-6)
    cap = (totalPt / slope) * 1.0001
  } else {
    slope = ((Number(m.totalSy) + totalPt / ptPerAsset / index) / Number(m.totalLp)) * 1.001
    cap = Number(m.totalLp)
  }
  return (amountIn) => Math.min(amountIn, cap) * slope * (1 + 1e-9)
}

/** The market's pre-fee exchange rate (PT per asset) at zero size, in float: its last implied rate over the time to expiry. */
function spotPtPerAsset(snapshot: PendleMarketSnapshot): number {
  const m = snapshot.market
  const years = Math.max(0, Number(m.expiry - snapshot.timestamp - 1n)) / (365 * 86_400)
  return Math.exp((Number(m.lastLnImpliedRate) / 1e18) * years)
}

/**
 * The step's kind and contracts; for a step into the LP token, also the split the engine quoted for the
 * exact `amountIn` (the PT bought and its SY cost, and the SY input that split is for).
 */
function getStepData(snapshot: PendleMarketSnapshot, edge: PoolEdge, amountIn?: bigint): StepData {
  const from = edge.tokenInIndex
  const to = edge.tokenOutIndex
  const base = { sy: snapshot.sy, pt: snapshot.pt, market: snapshot.address }
  if (to === LP) {
    const plan = amountIn === undefined ? undefined : lpDepositPlanOf(snapshot, from === ASSET, amountIn)
    return {
      kind: from === ASSET ? 'assetToLp' : 'addLp', ...base,
      ptFromSwap: (plan?.ptFromSwap ?? 0n).toString(), syForSwap: (plan?.syForSwap ?? 0n).toString(), quotedSyIn: (plan?.syIn ?? 0n).toString(),
    }
  }
  const kind: PendleStepData['kind'] =
    from === ASSET ? (to === PT ? 'assetToPt' : 'deposit')
      : to === ASSET ? (from === PT ? 'ptToAsset' : from === LP ? 'lpToAsset' : 'redeem')
        : from === LP ? 'exitLp'
          : from === PT ? 'sellPt' : 'buyPt'
  return { kind, ...base }
}

/**
 * Pendle V2 markets with their SY: the asset into SY and back (the SY's deposit and redeem), SY to PT and
 * PT to SY (the market's swaps, quoted with its exact MarketMathCore math at the next block's time), and LP
 * to SY (burn, then the PT sold), SY to LP (part of the SY buys PT for the market, then mint). Calls the SY
 * and the market directly.
 */
export const pendleAdapter: ProtocolAdapter<PendleMarketSnapshot> = {
  slug: 'pendle',
  standard: 'pendle',
  actions: ['swap', 'deposit', 'redeem'],
  isAggregator: false,
  gasPerHop: 200_000n,
  getEdges: () => pendleEdges,
  quote,
  swap,
  getFloatModel,
  quoteUpperBound: pendleQuoteUpperBound,
  getStepData,
  encode: encodePendleStep,
}

export { SY, PT }
