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
 * Whether a purchase of `pt` PT passes the checks `executeTradeCore` makes before it prices the fee, with
 * `totalAsset` the market's SY in asset at the trade's PY index (all the index changes there): time left, PT
 * left, an exchange rate after the purchase at or above one and at or above the fee rate. Every purchase the
 * market makes passes them (it can still fail later checks), and at one `totalAsset` passing never turns back
 * as `pt` grows: the proportion, its logit and so the rate only fall.
 */
export function passesBuyChecks(state: PendleMarketState, totalAsset: bigint, pt: bigint, blockTime: bigint): boolean {
  try {
    const timeToExpiry = timeToExpiryOf(state, blockTime)
    if (state.totalPt <= pt || state.totalPt === 0n || totalAsset === 0n) return false
    const rateScalar = rateScalarOf(state, timeToExpiry)
    const lastRate = exchangeRateFromImpliedRate(state.lastLnImpliedRate, timeToExpiry)
    if (lastRate < IONE) return false
    const rateAnchor = lastRate - divDown(logProportion(divDown(state.totalPt, state.totalPt + totalAsset)), rateScalar)
    const feeRate = exchangeRateFromImpliedRate(state.lnFeeRateRoot, timeToExpiry)
    return divDown(exchangeRateOf(state.totalPt, totalAsset, rateScalar, rateAnchor, pt), feeRate) >= IONE
  } catch (error) {
    if (error instanceof PendleMathRevert) return false
    throw error
  }
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
 * The most PT `exactSyIn` SY buys through `swapSyForExactPt`, with the trade (the SY left over, a few wei,
 * stays with the market). The purchases the market makes for at most `exactSyIn` are the amounts up to one
 * largest: what a purchase costs never falls as it grows, and past some amount the market refuses it (its
 * exchange rate would fall below one, or it runs out of PT). That largest amount is found by a search that
 * keeps `lo` (an amount bought for at most `exactSyIn`, or 0) below the answer and `hi` (the market's PT,
 * less one, or an amount refused or too dear, less one) above it: first by interpolating the cost between
 * the two ends (what it costs is nearly linear in the amount, so a few probes bring the ends within a few
 * wei), then by halving. Each probe is one exact `swapSyForExactPt`.
 * @returns undefined when not even one wei of PT can be bought. Where the SY would buy more than the
 * market sells, the answer is all the market sells (a capped quote, as a pool's max-in ratio caps one: the
 * split search sends no more to it once a chunk gains nothing)
 */
export function maxPtOutForSy(state: PendleMarketState, index: bigint, exactSyIn: bigint, blockTime: bigint): (PendleTradeResult & { netSyIn: bigint; ptOut: bigint }) | undefined {
  if (exactSyIn <= 0n || state.totalPt <= 1n) return undefined
  let lo = 0n
  let loCost = 0n
  let hi = state.totalPt - 1n
  let hiCost: bigint | undefined
  let best: (PendleTradeResult & { netSyIn: bigint; ptOut: bigint }) | undefined
  const probe = (pt: bigint): void => {
    let r: (PendleTradeResult & { netSyIn: bigint }) | undefined
    try {
      r = swapSyForExactPt(state, index, pt, blockTime)
    } catch (error) {
      if (!(error instanceof PendleMathRevert)) throw error
    }
    if (r !== undefined && r.netSyIn <= exactSyIn) {
      lo = pt
      loCost = r.netSyIn
      best = { ...r, ptOut: pt }
    } else {
      hi = pt - 1n
      hiCost = r?.netSyIn
    }
  }
  // First probe: the SY's asset value at the market's last rate (PT per asset), a little under.
  const years = Number(state.expiry - blockTime) / Number(YEAR)
  const guess = (Number(syToAsset(index, exactSyIn)) * Math.exp((Number(state.lastLnImpliedRate) / 1e18) * years)) * (1 - 1e-3)
  if (Number.isFinite(guess) && guess >= 1) probe(BigInt(Math.min(Math.floor(guess), Number(hi))) || 1n)
  const within = (pt: bigint) => (pt <= lo ? lo + 1n : pt > hi ? hi : pt)
  // Past lo by what the SY left buys at lo's average cost per PT: a cost that grows ever faster (the rate
  // falls as PT is bought) makes that a little too far, so it usually tightens hi just past the answer.
  const stepUp = () => within(loCost > 0n ? lo + ((exactSyIn - loCost) * lo) / loCost + 1n : lo * 2n)
  for (let round = 0; round < 6 && hi - lo > 1n; round++) {
    // The chord between the ends (a cost that grows ever faster lies under it: this lands at or under the answer).
    if (hiCost !== undefined && hiCost > loCost) probe(within(lo + ((hi - lo) * (exactSyIn - loCost)) / (hiCost - loCost)))
    else probe(lo === 0n ? within(hi / 2n) : stepUp())
    if (hi - lo > 1n && lo > 0n) probe(stepUp())
  }
  while (lo < hi) probe((lo + hi + 1n) / 2n)
  return lo === 0n ? undefined : best
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
