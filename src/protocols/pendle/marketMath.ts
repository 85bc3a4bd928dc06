import { BalancerMathRevert, exp, ln } from '../balancer-v2/logExpMath.js'

/**
 * Pendle V2's market math (`MarketMathCore`, `PYIndexLib`/`SYUtils`, the signed `PMath` helpers) in
 * bigint, step for step, so that every output and the state after a trade equal the market's to the wei.
 * Solidity's signed division truncates toward zero, as bigint division does. `ln`/`exp` are Balancer's
 * LogExpMath, the same algorithm and constants as Pendle's `LogExpMath` (checked against the deployed
 * market by the property tests).
 */

/** Thrown where the market reverts (expired, proportion too high, exchange rate below one, zero amounts, ...). */
export class PendleMathRevert extends Error {
  constructor(reason: string) {
    super(`Pendle market reverts: ${reason}`)
    this.name = 'PendleMathRevert'
  }
}

/** The market's `MarketState` (`readState`), the fields the math reads and writes. */
export type PendleMarketState = {
  totalPt: bigint
  totalSy: bigint
  totalLp: bigint
  scalarRoot: bigint
  expiry: bigint
  lnFeeRateRoot: bigint
  /** Base 100. */
  reserveFeePercent: bigint
  lastLnImpliedRate: bigint
}

const IONE = 10n ** 18n
const YEAR = 365n * 86_400n
const MAX_MARKET_PROPORTION = (IONE * 96n) / 100n
const MINIMUM_LIQUIDITY = 1000n
const UINT96_MAX = (1n << 96n) - 1n

const divDown = (a: bigint, b: bigint) => (a * IONE) / b
const mulDown = (a: bigint, b: bigint) => (a * b) / IONE
const subNoNeg = (a: bigint, b: bigint) => {
  if (a < b) throw new PendleMathRevert('negative')
  return a - b
}
const abs = (x: bigint) => (x < 0n ? -x : x)
const sign = (x: bigint) => (x < 0n ? -1n : 1n)

/** `SYUtils.syToAsset` (unsigned) and its signed `PYIndexLib` form. */
export const syToAsset = (index: bigint, sy: bigint) => sign(sy) * ((abs(sy) * index) / IONE)
/** `SYUtils.assetToSy`, signed. */
export const assetToSy = (index: bigint, asset: bigint) => sign(asset) * ((abs(asset) * IONE) / index)
/** `SYUtils.assetToSyUp`, signed. */
const assetToSyUp = (index: bigint, asset: bigint) => sign(asset) * ((abs(asset) * IONE + index - 1n) / index)

function lnOf(x: bigint): bigint {
  try {
    return ln(x)
  } catch (error) {
    if (error instanceof BalancerMathRevert) throw new PendleMathRevert('ln out of bounds')
    throw error
  }
}
function expOf(x: bigint): bigint {
  try {
    return exp(x)
  } catch (error) {
    if (error instanceof BalancerMathRevert) throw new PendleMathRevert('invalid exponent')
    throw error
  }
}

function logProportion(proportion: bigint): bigint {
  if (proportion === IONE) throw new PendleMathRevert('MarketProportionMustNotEqualOne')
  return lnOf(divDown(proportion, IONE - proportion))
}

function exchangeRateOf(totalPt: bigint, totalAsset: bigint, rateScalar: bigint, rateAnchor: bigint, netPtToAccount: bigint): bigint {
  const proportion = divDown(subNoNeg(totalPt, netPtToAccount), totalPt + totalAsset)
  if (proportion > MAX_MARKET_PROPORTION) throw new PendleMathRevert('MarketProportionTooHigh')
  const rate = divDown(logProportion(proportion), rateScalar) + rateAnchor
  if (rate < IONE) throw new PendleMathRevert('MarketExchangeRateBelowOne')
  return rate
}

const exchangeRateFromImpliedRate = (lnImpliedRate: bigint, timeToExpiry: bigint) => expOf((lnImpliedRate * timeToExpiry) / YEAR)

function lnImpliedRateOf(totalPt: bigint, totalAsset: bigint, rateScalar: bigint, rateAnchor: bigint, timeToExpiry: bigint): bigint {
  const lnRate = lnOf(exchangeRateOf(totalPt, totalAsset, rateScalar, rateAnchor, 0n))
  if (lnRate < 0n) throw new PendleMathRevert('negative ln rate')
  return (lnRate * YEAR) / timeToExpiry
}

function rateScalarOf(state: PendleMarketState, timeToExpiry: bigint): bigint {
  const rateScalar = (state.scalarRoot * YEAR) / timeToExpiry
  if (rateScalar <= 0n) throw new PendleMathRevert('MarketRateScalarBelowZero')
  return rateScalar
}

function timeToExpiryOf(state: PendleMarketState, blockTime: bigint): bigint {
  if (state.expiry <= blockTime) throw new PendleMathRevert('MarketExpired')
  return state.expiry - blockTime
}

/** What `executeTradeCore` returns, with the market's state after. */
export type PendleTradeResult = { netSyToAccount: bigint; netSyFee: bigint; netSyToReserve: bigint; state: PendleMarketState }

/**
 * `MarketMathCore.executeTradeCore`: a trade of `netPtToAccount` PT (positive: PT bought, negative: sold)
 * at `blockTime`, the PY index `index`; then the market's own checks (`MarketZeroNetLPFee`).
 * @throws PendleMathRevert where the market reverts
 */
export function executeTrade(state: PendleMarketState, index: bigint, netPtToAccount: bigint, blockTime: bigint): PendleTradeResult {
  const timeToExpiry = timeToExpiryOf(state, blockTime)
  if (state.totalPt <= netPtToAccount) throw new PendleMathRevert('MarketInsufficientPtForTrade')
  const rateScalar = rateScalarOf(state, timeToExpiry)
  const totalAsset = syToAsset(index, state.totalSy)
  if (state.totalPt === 0n || totalAsset === 0n) throw new PendleMathRevert('MarketZeroTotalPtOrTotalAsset')
  const lastRate = exchangeRateFromImpliedRate(state.lastLnImpliedRate, timeToExpiry)
  if (lastRate < IONE) throw new PendleMathRevert('MarketExchangeRateBelowOne')
  const rateAnchor = lastRate - divDown(logProportion(divDown(state.totalPt, state.totalPt + totalAsset)), rateScalar)
  const feeRate = exchangeRateFromImpliedRate(state.lnFeeRateRoot, timeToExpiry)

  const preFeeExchangeRate = exchangeRateOf(state.totalPt, totalAsset, rateScalar, rateAnchor, netPtToAccount)
  const preFeeAssetToAccount = -divDown(netPtToAccount, preFeeExchangeRate)
  let fee: bigint
  if (netPtToAccount > 0n) {
    if (divDown(preFeeExchangeRate, feeRate) < IONE) throw new PendleMathRevert('MarketExchangeRateBelowOne')
    fee = mulDown(preFeeAssetToAccount, IONE - feeRate)
  } else {
    fee = -((preFeeAssetToAccount * (IONE - feeRate)) / feeRate)
  }
  const netAssetToReserve = (fee * state.reserveFeePercent) / 100n
  const netAssetToAccount = preFeeAssetToAccount - fee
  const netSyToAccount = netAssetToAccount < 0n ? assetToSyUp(index, netAssetToAccount) : assetToSy(index, netAssetToAccount)
  const netSyFee = assetToSy(index, fee)
  const netSyToReserve = assetToSy(index, netAssetToReserve)

  const totalPt = subNoNeg(state.totalPt, netPtToAccount)
  const totalSy = subNoNeg(state.totalSy, netSyToAccount + netSyToReserve)
  const lastLnImpliedRate = lnImpliedRateOf(totalPt, syToAsset(index, totalSy), rateScalar, rateAnchor, timeToExpiry)
  if (lastLnImpliedRate === 0n) throw new PendleMathRevert('MarketZeroLnImpliedRate')
  if (lastLnImpliedRate > UINT96_MAX) throw new PendleMathRevert('uint96 overflow')
  if (netSyFee < 0n || netSyToReserve < 0n) throw new PendleMathRevert('negative fee')
  if (syToAsset(index, netSyFee - netSyToReserve) === 0n) throw new PendleMathRevert('MarketZeroNetLPFee')
  return { netSyToAccount, netSyFee, netSyToReserve, state: { ...state, totalPt, totalSy, lastLnImpliedRate } }
}

/**
 * `swapExactPtForSy`: SY paid for `exactPtIn` PT.
 * @throws PendleMathRevert where the market reverts
 */
export function swapExactPtForSy(state: PendleMarketState, index: bigint, exactPtIn: bigint, blockTime: bigint): PendleTradeResult {
  if (exactPtIn <= 0n) throw new PendleMathRevert('zero amount')
  const r = executeTrade(state, index, -exactPtIn, blockTime)
  if (r.netSyToAccount < 0n) throw new PendleMathRevert('negative SY out')
  return r
}

/**
 * `swapSyForExactPt`: SY the market takes for `exactPtOut` PT (`netSyToAccount` negated).
 * @throws PendleMathRevert where the market reverts
 */
export function swapSyForExactPt(state: PendleMarketState, index: bigint, exactPtOut: bigint, blockTime: bigint): PendleTradeResult & { netSyIn: bigint } {
  if (exactPtOut <= 0n) throw new PendleMathRevert('zero amount')
  const r = executeTrade(state, index, exactPtOut, blockTime)
  if (r.netSyToAccount > 0n) throw new PendleMathRevert('negative SY in')
  return { ...r, netSyIn: -r.netSyToAccount }
}

/**
 * The most PT `exactSyIn` SY buys through `swapSyForExactPt` (a binary search over the exact cost, which
 * never falls as the PT amount grows), with the trade. The SY left over (a few wei) stays with the market.
 * @returns undefined when not even one wei of PT can be bought, or when the market refuses one wei more
 * than the answer (the rate would fall below one): the SY would buy more than the market sells, and the
 * rest of it would be left with the market
 */
export function maxPtOutForSy(state: PendleMarketState, index: bigint, exactSyIn: bigint, blockTime: bigint): (PendleTradeResult & { netSyIn: bigint; ptOut: bigint }) | undefined {
  const cost = (pt: bigint) => {
    try {
      return swapSyForExactPt(state, index, pt, blockTime)
    } catch (error) {
      if (error instanceof PendleMathRevert) return undefined
      throw error
    }
  }
  if (exactSyIn <= 0n) return undefined
  // A PT never costs more than an asset (the exchange rate stays at or above one), and the market keeps
  // some PT: the answer lies between half the SY's asset value and the market's PT, when that half is a
  // trade the market takes and the SY pays for.
  let lo = syToAsset(index, exactSyIn) / 2n
  let hi = state.totalPt - 1n
  if (lo > hi) lo = 0n
  let best: (PendleTradeResult & { netSyIn: bigint; ptOut: bigint }) | undefined
  if (lo > 0n) {
    const r = cost(lo)
    if (r && r.netSyIn <= exactSyIn) best = { ...r, ptOut: lo }
    else lo = 0n
  }
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n
    const r = cost(mid)
    if (r && r.netSyIn <= exactSyIn) {
      lo = mid
      best = { ...r, ptOut: mid }
    } else hi = mid - 1n
  }
  if (lo === 0n || best?.ptOut !== lo) return undefined
  return cost(lo + 1n) === undefined ? undefined : best
}

/**
 * `addLiquidityCore` for an initialized market: LP minted for up to `syDesired` SY and `ptDesired` PT, what
 * it used and the state after.
 * @throws PendleMathRevert where the market reverts
 */
export function addLiquidity(state: PendleMarketState, syDesired: bigint, ptDesired: bigint, blockTime: bigint): { lpOut: bigint; syUsed: bigint; ptUsed: bigint; state: PendleMarketState } {
  if (syDesired === 0n || ptDesired === 0n) throw new PendleMathRevert('MarketZeroAmountsInput')
  if (state.expiry <= blockTime) throw new PendleMathRevert('MarketExpired')
  if (state.totalLp === 0n) throw new PendleMathRevert('uninitialized market')
  const byPt = (ptDesired * state.totalLp) / state.totalPt
  const bySy = (syDesired * state.totalLp) / state.totalSy
  let lpOut: bigint
  let syUsed: bigint
  let ptUsed: bigint
  if (byPt < bySy) {
    lpOut = byPt
    ptUsed = ptDesired
    syUsed = (state.totalSy * lpOut + state.totalLp - 1n) / state.totalLp
  } else {
    lpOut = bySy
    syUsed = syDesired
    ptUsed = (state.totalPt * lpOut + state.totalLp - 1n) / state.totalLp
  }
  if (lpOut <= 0n || syUsed <= 0n || ptUsed <= 0n) throw new PendleMathRevert('MarketZeroAmountsOutput')
  return { lpOut, syUsed, ptUsed, state: { ...state, totalSy: state.totalSy + syUsed, totalPt: state.totalPt + ptUsed, totalLp: state.totalLp + lpOut } }
}

/**
 * `removeLiquidityCore`: SY and PT paid for burning `lp`, and the state after.
 * @throws PendleMathRevert where the market reverts
 */
export function removeLiquidity(state: PendleMarketState, lp: bigint): { syOut: bigint; ptOut: bigint; state: PendleMarketState } {
  if (lp === 0n) throw new PendleMathRevert('MarketZeroAmountsInput')
  const syOut = (lp * state.totalSy) / state.totalLp
  const ptOut = (lp * state.totalPt) / state.totalLp
  if (syOut === 0n && ptOut === 0n) throw new PendleMathRevert('MarketZeroAmountsOutput')
  return { syOut, ptOut, state: { ...state, totalLp: subNoNeg(state.totalLp, lp), totalPt: subNoNeg(state.totalPt, ptOut), totalSy: subNoNeg(state.totalSy, syOut) } }
}

export { MINIMUM_LIQUIDITY }
