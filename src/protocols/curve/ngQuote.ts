import { getDNg, solveYNg } from './ngMath.js'
import { CurveMathRevert, FEE_DENOMINATOR, PRECISION, ampAt, div, sub, xpOf } from './stableSwapMath.js'
import type { CurveStableSwapSnapshot } from './types.js'

/**
 * Curve stableswap-ng (`CurveStableSwapNG`, Vyper 0.3.10) operations in bigint, operation by operation as
 * the pool and Curve's views contract compute them: rates are the pool's `stored_rates()` (read with the
 * snapshot), fees are dynamic (`_dynamic_fee` with `offpeg_fee_multiplier`), the admin keeps half of every
 * fee (`admin_balances`, out of `balances`), and the pool is its own LP token. The pool's writes use A
 * precise (`_A()`); the views `get_dy`, `get_dx` and `calc_token_amount` use `A() * 100` (A truncated),
 * as the views contract does; `calc_withdraw_one_coin` is the pool's own.
 */

/** The state the operations read. */
export type NgPoolState = Pick<CurveStableSwapSnapshot, 'balances' | 'rates' | 'ramp' | 'timestamp' | 'fee' | 'totalSupply'> & { offpegFeeMultiplier?: bigint | undefined }

/** The state after an operation: `balances(i)` (admin balances excluded) and the LP supply. */
export type NgPoolUpdate = { balances: bigint[]; totalSupply: bigint }

/** `admin_fee`: a constant 50% in stableswap-ng. */
export const NG_ADMIN_FEE = 5_000_000_000n

/** `_A()`: A precise (times 100) at the snapshot's timestamp. */
const ampOf = (s: NgPoolState) => ampAt(s.ramp, s.timestamp)
/** The views contract's `A() * A_PRECISION`. */
const viewAmpOf = (s: NgPoolState) => (ampOf(s) / 100n) * 100n

/** `_dynamic_fee(xpi, xpj, fee)`: the fee grows as the two coins' scaled balances part. */
export function dynamicFee(p: { xpi: bigint; xpj: bigint; fee: bigint; offpegFeeMultiplier: bigint }): bigint {
  const m = p.offpegFeeMultiplier
  if (m <= FEE_DENOMINATOR) return p.fee
  const xps2 = (p.xpi + p.xpj) ** 2n
  return (m * p.fee) / (div((m - FEE_DENOMINATOR) * 4n * p.xpi * p.xpj, xps2) + FEE_DENOMINATOR)
}

const multiplierOf = (s: NgPoolState) => s.offpegFeeMultiplier ?? 0n
/** `fee * N / (4 * (N - 1))`: the base of deposit, imbalance and single-coin withdrawal fees. */
const baseImbalanceFee = (s: NgPoolState) => {
  const n = BigInt(s.balances.length)
  return (s.fee * n) / (4n * (n - 1n))
}

function checkPair(s: NgPoolState, i: number, j: number): void {
  const n = s.balances.length
  for (const k of [i, j]) if (!Number.isInteger(k) || k < 0 || k >= n) throw new CurveMathRevert('coin index out of range')
  if (i === j) throw new CurveMathRevert('same coin')
}

/** The swap's core (`__exchange`): output in coin units, the admin's share of the fee, the xp after. */
function swapCore(s: NgPoolState, p: { i: number; j: number; dx: bigint; amp: bigint }): { dy: bigint; adminFee: bigint } {
  checkPair(s, p.i, p.j)
  const xp = xpOf(s.balances, s.rates)
  const x = xp[p.i]! + (p.dx * s.rates[p.i]!) / PRECISION
  const D = getDNg(xp, p.amp)
  const xs = [...xp]
  xs[p.i] = x
  const y = solveYNg({ D, amp: p.amp, j: p.j, xs })
  const dyXp = sub(sub(xp[p.j]!, y), 1n)
  const f = dynamicFee({ xpi: (xp[p.i]! + x) / 2n, xpj: (xp[p.j]! + y) / 2n, fee: s.fee, offpegFeeMultiplier: multiplierOf(s) })
  const dyFee = (dyXp * f) / FEE_DENOMINATOR
  const dy = (sub(dyXp, dyFee) * PRECISION) / s.rates[p.j]!
  return { dy, adminFee: (((dyFee * NG_ADMIN_FEE) / FEE_DENOMINATOR) * PRECISION) / s.rates[p.j]! }
}

/**
 * `get_dy(i, j, dx)` (the views contract's: A truncated).
 * @throws CurveMathRevert where the view reverts
 */
export function getDyNg(s: NgPoolState, p: { i: number; j: number; dx: bigint }): bigint {
  return swapCore(s, { ...p, amp: viewAmpOf(s) }).dy
}

/**
 * `exchange(i, j, dx, 0)`: what the pool pays and its state after (the input joins `balances`, the output
 * and the admin's half of the fee leave it).
 * @throws CurveMathRevert where the pool reverts
 */
export function exchangeNg(s: NgPoolState, p: { i: number; j: number; dx: bigint }): { dy: bigint } & NgPoolUpdate {
  if (p.dx <= 0n) throw new CurveMathRevert('zero dx')
  const { dy, adminFee } = swapCore(s, { ...p, amp: ampOf(s) })
  const balances = [...s.balances]
  balances[p.i] = balances[p.i]! + p.dx
  balances[p.j] = sub(sub(balances[p.j]!, dy), adminFee)
  return { dy, balances, totalSupply: s.totalSupply }
}

/**
 * `get_dx(i, j, dy)` (the views contract's: A truncated, the dynamic fee at the current balances).
 * @throws CurveMathRevert where the view reverts
 */
export function getDxNg(s: NgPoolState, p: { i: number; j: number; dy: bigint }): bigint {
  checkPair(s, p.i, p.j)
  const amp = viewAmpOf(s)
  const xp = xpOf(s.balances, s.rates)
  const D = getDNg(xp, amp)
  const dyWithFee = (p.dy * s.rates[p.j]!) / PRECISION + 1n
  const f = dynamicFee({ xpi: xp[p.i]!, xpj: xp[p.j]!, fee: s.fee, offpegFeeMultiplier: multiplierOf(s) })
  const y = sub(xp[p.j]!, div(dyWithFee * FEE_DENOMINATOR, sub(FEE_DENOMINATOR, f)))
  const xs = [...xp]
  xs[p.j] = y
  const x = solveYNg({ D, amp, j: p.i, xs })
  return (sub(x, xp[p.i]!) * PRECISION) / s.rates[p.i]!
}

/**
 * The imbalance fees of a deposit or an imbalanced withdrawal: per coin the dynamic fee (on the sum of
 * old and new scaled balances against `(D0 + D1) / N`) of its distance from the proportional change.
 */
function imbalanceFees(s: NgPoolState, p: { old: readonly bigint[]; next: readonly bigint[]; D0: bigint; D1: bigint }): bigint[] {
  const n = BigInt(s.balances.length)
  const ys = (p.D0 + p.D1) / n
  const base = baseImbalanceFee(s)
  return p.old.map((b, i) => {
    const ideal = div(p.D1 * b, p.D0)
    const nb = p.next[i]!
    const difference = ideal > nb ? ideal - nb : nb - ideal
    const xs = (s.rates[i]! * (b + nb)) / PRECISION
    return (dynamicFee({ xpi: xs, xpj: ys, fee: base, offpegFeeMultiplier: multiplierOf(s) }) * difference) / FEE_DENOMINATOR
  })
}

/**
 * `calc_token_amount(amounts, is_deposit)` (the views contract's: A truncated, fees charged).
 * @throws CurveMathRevert where the view reverts
 */
export function calcTokenAmountNg(s: NgPoolState, p: { amounts: readonly bigint[]; deposit: boolean }): bigint {
  if (p.amounts.length !== s.balances.length) throw new CurveMathRevert('amounts length')
  const amp = viewAmpOf(s)
  const D0 = getDNg(xpOf(s.balances, s.rates), amp)
  const next = s.balances.map((b, i) => (p.deposit ? b + p.amounts[i]! : sub(b, p.amounts[i]!)))
  const D1 = getDNg(xpOf(next, s.rates), amp)
  if (s.totalSupply === 0n) return D1
  const fees = imbalanceFees(s, { old: s.balances, next, D0, D1 })
  const D2 = getDNg(xpOf(next.map((b, i) => sub(b, fees[i]!)), s.rates), amp)
  return div((p.deposit ? sub(D2, D0) : sub(D0, D2)) * s.totalSupply, D0)
}

/**
 * `add_liquidity(amounts, 0)`: LP minted and the state after (the first deposit must bring every coin and
 * mints D).
 * @throws CurveMathRevert where the pool reverts
 */
export function addLiquidityNg(s: NgPoolState, p: { amounts: readonly bigint[] }): { minted: bigint } & NgPoolUpdate {
  if (p.amounts.length !== s.balances.length) throw new CurveMathRevert('amounts length')
  const amp = ampOf(s)
  const supply = s.totalSupply
  const D0 = getDNg(xpOf(s.balances, s.rates), amp)
  const next = s.balances.map((b, i) => {
    if (p.amounts[i]! <= 0n && supply === 0n) throw new CurveMathRevert('initial deposit requires all coins')
    return b + p.amounts[i]!
  })
  const D1 = getDNg(xpOf(next, s.rates), amp)
  if (!(D1 > D0)) throw new CurveMathRevert('D1 <= D0')
  if (supply === 0n) return { minted: D1, balances: next, totalSupply: D1 }
  const fees = imbalanceFees(s, { old: s.balances, next, D0, D1 })
  const charged = next.map((b, i) => sub(b, fees[i]!))
  const D2 = getDNg(xpOf(charged, s.rates), amp)
  const minted = div(supply * sub(D2, D0), D0)
  const balances = next.map((b, i) => sub(b, (fees[i]! * NG_ADMIN_FEE) / FEE_DENOMINATOR))
  return { minted, balances, totalSupply: supply + minted }
}

/**
 * `calc_withdraw_one_coin(burn, i)` (the pool's own, A precise): coin `i` paid for burning `burn` LP and
 * the fee (`dy_0 - dy`) whose admin half leaves `balances`.
 * @throws CurveMathRevert where the pool reverts
 */
export function calcWithdrawOneCoinNg(s: NgPoolState, p: { burn: bigint; i: number }): { dy: bigint; dyFee: bigint } {
  const n = s.balances.length
  if (!Number.isInteger(p.i) || p.i < 0 || p.i >= n) throw new CurveMathRevert('coin index out of range')
  const amp = ampOf(s)
  const xp = xpOf(s.balances, s.rates)
  const D0 = getDNg(xp, amp)
  const D1 = sub(D0, div(p.burn * D0, s.totalSupply))
  const newY = solveYNg({ D: D1, amp, j: p.i, xs: xp })
  const base = baseImbalanceFee(s)
  const ys = (D0 + D1) / (2n * BigInt(n))
  const reduced = xp.map((x, k) => {
    const expected = k === p.i ? sub(div(x * D1, D0), newY) : sub(x, div(x * D1, D0))
    const xavg = k === p.i ? (x + newY) / 2n : x
    return sub(x, (dynamicFee({ xpi: xavg, xpj: ys, fee: base, offpegFeeMultiplier: multiplierOf(s) }) * expected) / FEE_DENOMINATOR)
  })
  const dyXp = sub(reduced[p.i]!, solveYNg({ D: D1, amp, j: p.i, xs: reduced }))
  const dy0 = (sub(xp[p.i]!, newY) * PRECISION) / s.rates[p.i]!
  const dy = (sub(dyXp, 1n) * PRECISION) / s.rates[p.i]!
  return { dy, dyFee: sub(dy0, dy) }
}

/**
 * `remove_liquidity_one_coin(burn, i, 0)`: coin `i` paid and the state after.
 * @throws CurveMathRevert where the pool reverts (burning more than the supply included)
 */
export function removeLiquidityOneCoinNg(s: NgPoolState, p: { burn: bigint; i: number }): { dy: bigint } & NgPoolUpdate {
  if (p.burn <= 0n) throw new CurveMathRevert('zero burn')
  const totalSupply = sub(s.totalSupply, p.burn)
  const { dy, dyFee } = calcWithdrawOneCoinNg(s, p)
  const balances = [...s.balances]
  balances[p.i] = sub(balances[p.i]!, dy + (dyFee * NG_ADMIN_FEE) / FEE_DENOMINATOR)
  return { dy, balances, totalSupply }
}

/**
 * `remove_liquidity_imbalance(amounts, max)`: the LP burned for exactly `amounts` and the state after.
 * @throws CurveMathRevert where the pool reverts
 */
export function removeLiquidityImbalanceNg(s: NgPoolState, p: { amounts: readonly bigint[] }): { burned: bigint } & NgPoolUpdate {
  if (p.amounts.length !== s.balances.length) throw new CurveMathRevert('amounts length')
  const amp = ampOf(s)
  const D0 = getDNg(xpOf(s.balances, s.rates), amp)
  const next = s.balances.map((b, i) => sub(b, p.amounts[i]!))
  const D1 = getDNg(xpOf(next, s.rates), amp)
  const fees = imbalanceFees(s, { old: s.balances, next, D0, D1 })
  const D2 = getDNg(xpOf(next.map((b, i) => sub(b, fees[i]!)), s.rates), amp)
  const burned = div(sub(D0, D2) * s.totalSupply, D0) + 1n
  if (burned <= 1n) throw new CurveMathRevert('zero tokens burned')
  const totalSupply = sub(s.totalSupply, burned)
  const balances = next.map((b, i) => sub(b, (fees[i]! * NG_ADMIN_FEE) / FEE_DENOMINATOR))
  return { burned, balances, totalSupply }
}

/**
 * `remove_liquidity(burn, mins)`: each coin's `balance * burn / supply` and the state after (admin fees,
 * claimed by the same call, are not part of `balances`).
 * @throws CurveMathRevert where the pool reverts
 */
export function removeLiquidityNg(s: NgPoolState, p: { burn: bigint }): { amounts: bigint[] } & NgPoolUpdate {
  if (p.burn <= 0n) throw new CurveMathRevert('zero burn')
  const totalSupply = sub(s.totalSupply, p.burn)
  const amounts = s.balances.map((b) => div(b * p.burn, s.totalSupply))
  return { amounts, balances: s.balances.map((b, i) => b - amounts[i]!), totalSupply }
}

/** `get_virtual_price()`: D per LP token, 1e18-scaled. */
export function getVirtualPriceNg(s: NgPoolState): bigint {
  return div(getDNg(xpOf(s.balances, s.rates), ampOf(s)) * PRECISION, s.totalSupply)
}
