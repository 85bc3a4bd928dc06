import { CurveMathRevert, FEE_DENOMINATOR, PRECISION, ampAt, div, getD, getY, solveY, sub, xpOf } from './stableSwapMath.js'
import type { CurveStableSwapSnapshot } from './types.js'

/** The pool state the operations read: balances, rates, A, fees and LP supply. */
type PoolState = Pick<CurveStableSwapSnapshot, 'balances' | 'rates' | 'ramp' | 'timestamp' | 'fee' | 'adminFee' | 'totalSupply'>

/** The state after an operation: balances and LP supply as the pool stores them. */
export type CurvePoolUpdate = { balances: bigint[]; totalSupply: bigint }

const ampOf = (s: PoolState) => ampAt(s.ramp, s.timestamp)
/** The imbalance fee of deposits and single-coin withdrawals: `fee * N / (4 * (N - 1))`. */
const imbalanceFeeOf = (s: PoolState) => {
  const n = BigInt(s.balances.length)
  return (s.fee * n) / (4n * (n - 1n))
}

function checkIndex(s: PoolState, i: number): void {
  if (!Number.isInteger(i) || i < 0 || i >= s.balances.length) throw new CurveMathRevert('coin index out of range')
}

/**
 * `get_dy(i, j, dx)`: the pool's view of an exchange's output (it rounds the fee after converting to
 * coin units, so it can be 1 wei above what `exchange` pays when `j` has fewer than 18 decimals).
 * @throws CurveMathRevert where the view reverts
 */
export function getDy(s: PoolState, p: { i: number; j: number; dx: bigint }): bigint {
  checkIndex(s, p.i)
  checkIndex(s, p.j)
  const xp = xpOf(s.balances, s.rates)
  const x = xp[p.i]! + (p.dx * s.rates[p.i]!) / PRECISION
  const y = getY({ i: p.i, j: p.j, x, xp, amp: ampOf(s) })
  const dy = (sub(sub(xp[p.j]!, y), 1n) * PRECISION) / s.rates[p.j]!
  return sub(dy, (s.fee * dy) / FEE_DENOMINATOR)
}

/**
 * `exchange(i, j, dx, 0)`: what the pool pays and its state after (the input joins `balances`, the
 * output and the admin share of the fee leave it). Assumes the pool receives all of `dx`.
 * @throws CurveMathRevert where the pool reverts
 */
export function exchange(s: PoolState, p: { i: number; j: number; dx: bigint }): { dy: bigint } & CurvePoolUpdate {
  checkIndex(s, p.i)
  checkIndex(s, p.j)
  const rateJ = s.rates[p.j]!
  const xp = xpOf(s.balances, s.rates)
  const x = xp[p.i]! + (p.dx * s.rates[p.i]!) / PRECISION
  const y = getY({ i: p.i, j: p.j, x, xp, amp: ampOf(s) })
  const dyXp = sub(sub(xp[p.j]!, y), 1n)
  const dyFee = (dyXp * s.fee) / FEE_DENOMINATOR
  const dy = (sub(dyXp, dyFee) * PRECISION) / rateJ
  const dyAdminFee = (((dyFee * s.adminFee) / FEE_DENOMINATOR) * PRECISION) / rateJ
  const balances = [...s.balances]
  balances[p.i] = balances[p.i]! + p.dx
  balances[p.j] = sub(sub(balances[p.j]!, dy), dyAdminFee)
  return { dy, balances, totalSupply: s.totalSupply }
}

/**
 * `calc_token_amount(amounts, deposit)`: the LP amount minted or burned ignoring fees (the pool's own
 * slippage helper, not what `add_liquidity` mints).
 * @throws CurveMathRevert where the view reverts
 */
export function calcTokenAmount(s: PoolState, p: { amounts: readonly bigint[]; deposit: boolean }): bigint {
  const amp = ampOf(s)
  const D0 = getD(xpOf(s.balances, s.rates), amp)
  const balances = s.balances.map((b, i) => (p.deposit ? b + p.amounts[i]! : sub(b, p.amounts[i]!)))
  const D1 = getD(xpOf(balances, s.rates), amp)
  const diff = p.deposit ? sub(D1, D0) : sub(D0, D1)
  return div(diff * s.totalSupply, D0)
}

/**
 * `add_liquidity(amounts, 0)`: LP minted (imbalance fee charged on each coin's distance from the
 * proportional deposit) and the state after. The first deposit must bring every coin.
 * @throws CurveMathRevert where the pool reverts
 */
export function addLiquidity(s: PoolState, p: { amounts: readonly bigint[] }): { minted: bigint } & CurvePoolUpdate {
  const amp = ampOf(s)
  const supply = s.totalSupply
  const old = s.balances
  const D0 = supply > 0n ? getD(xpOf(old, s.rates), amp) : 0n
  const next = old.map((b, i) => {
    if (supply === 0n && p.amounts[i]! <= 0n) throw new CurveMathRevert('initial deposit requires all coins')
    return b + p.amounts[i]!
  })
  const D1 = getD(xpOf(next, s.rates), amp)
  if (!(D1 > D0)) throw new CurveMathRevert('D1 <= D0')
  if (supply === 0n) return { minted: D1, balances: next, totalSupply: D1 }
  const fee = imbalanceFeeOf(s)
  const stored = [...next]
  const charged = [...next]
  old.forEach((b, i) => {
    const ideal = div(D1 * b, D0)
    const difference = ideal > next[i]! ? ideal - next[i]! : next[i]! - ideal
    const f = (fee * difference) / FEE_DENOMINATOR
    stored[i] = sub(next[i]!, (f * s.adminFee) / FEE_DENOMINATOR)
    charged[i] = sub(next[i]!, f)
  })
  const D2 = getD(xpOf(charged, s.rates), amp)
  const minted = div(supply * sub(D2, D0), D0)
  return { minted, balances: stored, totalSupply: supply + minted }
}

/**
 * `_calc_withdraw_one_coin(tokenAmount, i)`: coin `i` paid for burning `tokenAmount` LP, and the fee
 * part (`dy_0 - dy`) whose admin share leaves `balances`.
 * @throws CurveMathRevert where the view reverts
 */
export function calcWithdrawOneCoin(s: PoolState, p: { tokenAmount: bigint; i: number }): { dy: bigint; dyFee: bigint } {
  checkIndex(s, p.i)
  const amp = ampOf(s)
  const fee = imbalanceFeeOf(s)
  const precision = s.rates[p.i]! / PRECISION
  const xp = xpOf(s.balances, s.rates)
  const D0 = getD(xp, amp)
  const D1 = sub(D0, div(p.tokenAmount * D0, s.totalSupply))
  const newY = solveY({ D: D1, amp, j: p.i, xs: xp })
  const dy0 = sub(xp[p.i]!, newY) / precision
  const reduced = xp.map((x, j) => {
    const expected = j === p.i ? sub(div(x * D1, D0), newY) : sub(x, div(x * D1, D0))
    return sub(x, (fee * expected) / FEE_DENOMINATOR)
  })
  const dyXp = sub(reduced[p.i]!, solveY({ D: D1, amp, j: p.i, xs: reduced }))
  const dy = sub(dyXp, 1n) / precision
  return { dy, dyFee: sub(dy0, dy) }
}

/**
 * `remove_liquidity_one_coin(tokenAmount, i, 0)`: coin `i` paid and the state after.
 * @throws CurveMathRevert where the pool reverts (including burning more than the supply)
 */
export function removeLiquidityOneCoin(s: PoolState, p: { tokenAmount: bigint; i: number }): { dy: bigint } & CurvePoolUpdate {
  const { dy, dyFee } = calcWithdrawOneCoin(s, p)
  const balances = [...s.balances]
  balances[p.i] = sub(balances[p.i]!, dy + (dyFee * s.adminFee) / FEE_DENOMINATOR)
  return { dy, balances, totalSupply: sub(s.totalSupply, p.tokenAmount) }
}
