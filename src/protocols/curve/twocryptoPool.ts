import { CurveMathRevert } from './stableSwapMath.js'
import { getP, getY, isqrt, newtonD, wadExp } from './twocryptoMath.js'
import type { CurveTwocryptoState } from './twocryptoTypes.js'

/**
 * A twocrypto-ng pool's operations on a {@link CurveTwocryptoState}, in Curve's order: the views
 * (`get_dy`, `calc_token_amount`, `calc_withdraw_one_coin`) and the writes (`exchange`, `add_liquidity`,
 * `remove_liquidity_one_coin`) with the state they leave, `tweak_price` included (its EMA step reads the
 * block timestamp, passed as `timestamp`). Throws {@link CurveMathRevert} where the pool reverts.
 */

const E18 = 10n ** 18n
const NOISE_FEE = 10n ** 5n
const ADMIN_FEE = 5n * 10n ** 9n

function fail(reason: string): never {
  throw new CurveMathRevert(reason)
}

function sub(a: bigint, b: bigint): bigint {
  if (b > a) fail('underflow')
  return a - b
}

/** Balances in the pool's internal units: coin 0 times its precision, coin 1 times precision and price_scale. */
export function toXp(s: CurveTwocryptoState, balances: readonly bigint[], priceScale: bigint): [bigint, bigint] {
  return [balances[0]! * s.precisions[0]!, (balances[1]! * priceScale * s.precisions[1]!) / E18]
}

/** `_fee(xp)`: between `mid_fee` (balanced) and `out_fee`, shaped by `fee_gamma`; 1e10 units. */
export function dynamicFee(s: CurveTwocryptoState, xp: readonly bigint[]): bigint {
  const f0 = xp[0]! + xp[1]!
  if (f0 === 0n) fail('division by zero')
  const den = s.feeGamma + E18 - (((4n * E18 * xp[0]!) / f0) * xp[1]!) / f0
  if (den <= 0n) fail('fee')
  const f = (s.feeGamma * E18) / den
  return (s.midFee * f + s.outFee * (E18 - f)) / E18
}

function calcTokenFee(s: CurveTwocryptoState, amounts: readonly bigint[], xp: readonly bigint[]): bigint {
  const fee = (dynamicFee(s, xp) * 2n) / 4n
  const S = amounts[0]! + amounts[1]!
  const avg = S / 2n
  let sdiff = 0n
  for (const x of amounts) sdiff += x > avg ? x - avg : avg - x
  return (fee * sdiff) / S + NOISE_FEE
}

function precision(s: CurveTwocryptoState, i: number): bigint {
  return s.precisions[i]!
}

function checkNotRamping(s: CurveTwocryptoState, timestamp: bigint): void {
  // A ramping pool recomputes D from balances first; the model does not carry the ramp, so it refuses.
  if (s.futureAGammaTime > timestamp) fail('A/gamma ramp in progress')
}

/** `get_dy(i, j, dx)` (Curve's views contract). */
export function getDy(s: CurveTwocryptoState, { i, j, dx }: { i: number; j: number; dx: bigint }): bigint {
  if (i === j || i > 1 || j > 1 || i < 0 || j < 0) fail('coin index out of range')
  if (dx <= 0n) fail('do not exchange 0 coins')
  checkNotRamping(s, s.timestamp)
  const bal = [...s.balances]
  bal[i]! += dx
  const xp = toXp(s, bal, s.priceScale)
  const [y] = getY(s.A, s.gamma, xp, s.D, j)
  let dy = sub(sub(xp[j]!, y), 1n)
  xp[j] = y
  if (j > 0) dy = (dy * E18) / s.priceScale
  dy /= precision(s, j)
  return dy - (dynamicFee(s, xp) * dy) / 10n ** 10n
}

/** `get_dx(i, j, dy)` (Curve's views contract): the input for an output of `dy`, five fixed-point rounds on the fee. */
export function getDx(s: CurveTwocryptoState, { i, j, dy }: { i: number; j: number; dy: bigint }): bigint {
  if (i === j || i > 1 || j > 1 || i < 0 || j < 0) fail('coin index out of range')
  if (dy <= 0n) fail('do not exchange out 0 coins')
  checkNotRamping(s, s.timestamp)
  let dx = 0n
  let target = dy
  for (let k = 0; k < 5; k++) {
    const bal = [...s.balances]
    bal[j] = sub(bal[j]!, target)
    const xp = toXp(s, bal, s.priceScale)
    const [x] = getY(s.A, s.gamma, xp, s.D, i)
    dx = sub(x, xp[i]!)
    xp[i] = x
    if (i > 0) dx = (dx * E18) / s.priceScale
    dx /= precision(s, i)
    target = dy + (dynamicFee(s, xp) * target) / 10n ** 10n + 1n
  }
  return dx
}

/**
 * Result of {@link exchange}: the output, the fee kept, the state after, and whether that state depends
 * on the block timestamp (`tweak_price` weighed a price_scale move, which reads the EMA oracle; otherwise
 * D, price_scale and the balances after are the same at any timestamp).
 */
export type TwocryptoExchangeReturnType = { dy: bigint; fee: bigint; state: CurveTwocryptoState; timeDependent: boolean }

/** `exchange(i, j, dx)` executed at `timestamp`: what it pays and the pool's state after (`tweak_price` included). */
export function exchange(s: CurveTwocryptoState, { i, j, dx, timestamp }: { i: number; j: number; dx: bigint; timestamp: bigint }): TwocryptoExchangeReturnType {
  if (i === j || i > 1 || j > 1 || i < 0 || j < 0) fail('coin index out of range')
  if (dx <= 0n) fail('do not exchange 0 coins')
  checkNotRamping(s, timestamp)
  const balances = [...s.balances]
  balances[i]! += dx
  let y = balances[j]!
  const ps = s.priceScale
  const xp = toXp(s, balances, ps)
  const [yOut, K0] = getY(s.A, s.gamma, xp, s.D, j)
  let dy = sub(xp[j]!, yOut)
  xp[j] = xp[j]! - dy
  dy = sub(dy, 1n)
  if (j > 0) dy = (dy * E18) / ps
  dy /= precision(s, j)
  const fee = (dynamicFee(s, xp) * dy) / 10n ** 10n
  dy -= fee
  y = sub(y, dy)
  balances[j] = y
  y *= precision(s, j)
  if (j > 0) y = (y * ps) / E18
  xp[j] = y
  const state = tweakPrice({ ...s, balances }, { xp, newD: 0n, K0prev: K0, timestamp })
  return { dy, fee, state, timeDependent: weighsPriceScale(s, state) }
}

/**
 * True when `tweak_price`, having left `after`, entered its price_scale branch (`2·virtual_price − 1 >
 * xcp_profit + 2·allowed_extra_profit`, both as computed before any move), the only part that reads the
 * EMA oracle and so the timestamp.
 */
function weighsPriceScale(before: CurveTwocryptoState, after: CurveTwocryptoState): boolean {
  if (after.priceScale !== before.priceScale) return true
  return after.virtualPrice * 2n - E18 > after.xcpProfit + 2n * before.allowedExtraProfit
}

/** `tweak_price`: the EMA oracle step, `last_prices`, `xcp_profit`, `virtual_price`, and the price_scale move when profit allows. */
export function tweakPrice(s: CurveTwocryptoState, { xp: xpIn, newD, K0prev, timestamp }: { xp: readonly bigint[]; newD: bigint; K0prev: bigint; timestamp: bigint }): CurveTwocryptoState {
  let priceOracle = s.priceOracle
  let lastTimestamp = s.lastTimestamp
  const ps = s.priceScale
  if (lastTimestamp < timestamp) {
    // The pool moves its cached oracle by one EMA step from last_timestamp. The snapshot holds the
    // oracle as of oracleTimestamp: the cache itself when that is last_timestamp, or the very value the
    // pool computes when the trade runs at oracleTimestamp. Otherwise the step is taken from there, which
    // can differ from the pool's by rounding (see CurveTwocryptoSnapshot).
    if (s.oracleTimestamp !== timestamp) {
      const from = s.oracleTimestamp > lastTimestamp ? s.oracleTimestamp : lastTimestamp
      const alpha = wadExp(-(((timestamp - from) * E18) / s.maTime))
      const capped = s.lastPrices < 2n * ps ? s.lastPrices : 2n * ps
      priceOracle = (capped * (E18 - alpha) + priceOracle * alpha) / E18
    }
    lastTimestamp = timestamp
  }
  const dUnadjusted = newD === 0n ? newtonD(s.A, s.gamma, xpIn, K0prev) : newD
  const lastPrices = (getP(xpIn, dUnadjusted, s.A, s.gamma) * ps) / E18
  let xcpProfit = E18
  let vp = E18
  if (s.virtualPrice > 0n) {
    const xcp = isqrt((dUnadjusted / 2n) * ((dUnadjusted * E18) / (2n * ps)))
    if (s.totalSupply === 0n) fail('division by zero')
    vp = (E18 * xcp) / s.totalSupply
    xcpProfit = (s.xcpProfit * vp) / s.virtualPrice
    if (s.futureAGammaTime < timestamp && !(vp > s.virtualPrice)) fail('virtual price decreased')
  }
  const base = { ...s, priceOracle, oracleTimestamp: lastTimestamp, lastTimestamp, lastPrices, xcpProfit, timestamp }
  if (sub(vp * 2n, E18) > xcpProfit + 2n * s.allowedExtraProfit) {
    let norm = (priceOracle * E18) / ps
    norm = norm > E18 ? norm - E18 : E18 - norm
    const step = s.adjustmentStep > norm / 5n ? s.adjustmentStep : norm / 5n
    if (norm > step) {
      const pNew = (ps * (norm - step) + step * priceOracle) / norm
      const d2 = newtonD(s.A, s.gamma, [xpIn[0]!, (xpIn[1]! * pNew) / ps], 0n)
      const vp2 = (E18 * isqrt((d2 / 2n) * ((d2 * E18) / (2n * pNew)))) / s.totalSupply
      if (vp2 > E18 && 2n * vp2 - E18 > xcpProfit) return { ...base, D: d2, virtualPrice: vp2, priceScale: pNew }
    }
  }
  return { ...base, D: dUnadjusted, virtualPrice: vp }
}

/** `calc_token_amount(amounts, true)`: LP tokens a deposit mints (Curve's views contract, fee included). */
export function calcTokenAmount(s: CurveTwocryptoState, { amounts }: { amounts: readonly bigint[] }): bigint {
  checkNotRamping(s, s.timestamp)
  const bal = [s.balances[0]! + amounts[0]!, s.balances[1]! + amounts[1]!]
  const xp = toXp(s, bal, s.priceScale)
  const amountsp = toXp(s, amounts, s.priceScale)
  const D1 = newtonD(s.A, s.gamma, xp, 0n)
  if (s.D === 0n) fail('division by zero')
  const dToken = sub((s.totalSupply * D1) / s.D, s.totalSupply)
  return sub(dToken, (calcTokenFee(s, amountsp, xp) * dToken) / 10n ** 10n + 1n)
}

/**
 * `add_liquidity(amounts)` at `timestamp` on a pool with liquidity: LP tokens minted, the state after, and
 * whether that state depends on the timestamp (see {@link TwocryptoExchangeReturnType}). What it mints does
 * not: `tweak_price` runs after.
 */
export function addLiquidity(s: CurveTwocryptoState, { amounts, timestamp }: { amounts: readonly bigint[]; timestamp: bigint }): { minted: bigint; state: CurveTwocryptoState; timeDependent: boolean } {
  checkNotRamping(s, timestamp)
  const { minted, balances, xp, D1, dTokenFee } = depositMint(s, amounts)
  const totalSupply = s.totalSupply + minted
  const state = tweakPrice({ ...s, balances, totalSupply, adminLpVirtualBalance: s.adminLpVirtualBalance + (ADMIN_FEE * dTokenFee) / 10n ** 10n }, { xp, newD: D1, K0prev: 0n, timestamp })
  return { minted, state, timeDependent: weighsPriceScale(s, state) }
}

/**
 * What `add_liquidity` mints, before its `tweak_price` (which can only make the call revert): the LP
 * tokens, the fee kept, the balances, xp and D after. For float models, which need no state after.
 */
export function depositMint(s: CurveTwocryptoState, amounts: readonly bigint[]): { minted: bigint; dTokenFee: bigint; balances: bigint[]; xp: bigint[]; D1: bigint } {
  if (amounts[0]! + amounts[1]! <= 0n) fail('no coins to add')
  if (s.D === 0n || s.totalSupply === 0n) fail('empty pool')
  const ps = s.priceScale
  const balances = [s.balances[0]! + amounts[0]!, s.balances[1]! + amounts[1]!]
  const xp = toXp(s, balances, ps)
  const xpOld = toXp(s, s.balances, ps)
  const amountsp = [amounts[0]! > 0n ? xp[0] - xpOld[0] : 0n, amounts[1]! > 0n ? xp[1] - xpOld[1] : 0n]
  const D1 = newtonD(s.A, s.gamma, xp, 0n)
  let dToken = sub((s.totalSupply * D1) / s.D, s.totalSupply)
  if (dToken <= 0n) fail('nothing minted')
  const dTokenFee = (calcTokenFee(s, amountsp, xp) * dToken) / 10n ** 10n + 1n
  dToken = sub(dToken, dTokenFee)
  return { minted: dToken, dTokenFee, balances, xp, D1 }
}

function withdrawOneCoin(s: CurveTwocryptoState, tokenAmount: bigint, i: number): { dy: bigint; D: bigint; xp: bigint[] } {
  if (tokenAmount > s.totalSupply) fail('token amount more than supply')
  if (i < 0 || i > 1) fail('coin out of range')
  if (s.totalSupply === 0n) fail('division by zero')
  let psI = s.priceScale * s.precisions[1]!
  const xp = [s.balances[0]! * s.precisions[0]!, (s.balances[1]! * psI) / E18]
  if (i === 0) psI = E18 * s.precisions[0]!
  let D = s.D
  const xpImprecise = [...xp]
  const xpCorrection = (xp[i]! * 2n * tokenAmount) / s.totalSupply
  let fee = s.outFee
  if (xpCorrection < xpImprecise[i]!) {
    xpImprecise[i] = xpImprecise[i]! - xpCorrection
    fee = dynamicFee(s, xpImprecise)
  }
  const dD = (tokenAmount * D) / s.totalSupply
  const dFee = (fee * dD) / (2n * 10n ** 10n) + 1n
  D = sub(D, sub(dD, dFee))
  const [y] = getY(s.A, s.gamma, xp, D, i)
  const dy = (sub(xp[i]!, y) * E18) / psI
  xp[i] = y
  return { dy, D, xp }
}

/** `calc_withdraw_one_coin(token_amount, i)`. */
export function calcWithdrawOneCoin(s: CurveTwocryptoState, { tokenAmount, i }: { tokenAmount: bigint; i: number }): bigint {
  checkNotRamping(s, s.timestamp)
  return withdrawOneCoin(s, tokenAmount, i).dy
}

/**
 * `remove_liquidity_one_coin(token_amount, i)` at `timestamp`: what it pays, the state after and whether
 * that state depends on the timestamp. The real pool first claims admin fees (`_claim_admin_fees`, at most
 * once a day, when `xcp_profit` grew since the last claim), which this leaves out: a claim moves part of
 * the balances and D to the fee receiver, so the pool then pays less than this, never more.
 */
export function removeLiquidityOneCoin(s: CurveTwocryptoState, { tokenAmount, i, timestamp }: { tokenAmount: bigint; i: number; timestamp: bigint }): { dy: bigint; state: CurveTwocryptoState; timeDependent: boolean } {
  checkNotRamping(s, timestamp)
  const { dy, D, xp } = withdrawOneCoin(s, tokenAmount, i)
  const totalSupply = s.totalSupply - tokenAmount
  const balances = [...s.balances]
  balances[i] = sub(balances[i]!, dy)
  const state = tweakPrice({ ...s, totalSupply }, { xp, newD: D, K0prev: 0n, timestamp })
  return { dy, state: { ...state, balances }, timeDependent: weighsPriceScale({ ...s, totalSupply }, state) }
}

/**
 * `remove_liquidity(amount, mins)`: both coins in proportion (no fee; one LP unit short, in the LPs'
 * favour, unless the whole supply is burnt), D reduced in proportion, no `tweak_price`.
 */
export function removeLiquidity(s: CurveTwocryptoState, { amount }: { amount: bigint }): { amounts: bigint[]; state: CurveTwocryptoState } {
  if (amount <= 0n) fail('nothing to burn')
  if (amount > s.totalSupply) fail('burn more than supply')
  if (s.totalSupply === 0n) fail('division by zero')
  const burnt = amount === s.totalSupply ? amount : amount - 1n
  const amounts = amount === s.totalSupply ? [...s.balances] : s.balances.map((b) => (b * burnt) / s.totalSupply)
  const balances = s.balances.map((b, k) => b - amounts[k]!)
  return { amounts, state: { ...s, balances, D: s.D - (s.D * burnt) / s.totalSupply, totalSupply: s.totalSupply - amount } }
}
