import { poolInvariant } from './poolInvariant.js'
import { CurveMathRevert, FEE_DENOMINATOR, PRECISION, ampAt, div, getD, solveY, sub, xpOf } from './stableSwapMath.js'
import type { CurveSharesCoin, CurveStableSwapSnapshot } from './types.js'

/** The pool state the operations read: balances, rates, A, fees and LP supply (and the generation). */
export type CurvePoolState = Pick<CurveStableSwapSnapshot, 'balances' | 'rates' | 'ramp' | 'timestamp' | 'fee' | 'adminFee' | 'totalSupply'> &
  Partial<Pick<CurveStableSwapSnapshot, 'variant' | 'sharesCoin'>>

/** The state after an operation: balances and LP supply as the pool stores them (and its stETH shares). */
export type CurvePoolUpdate = { balances: bigint[]; totalSupply: bigint; sharesCoin?: CurveSharesCoin | undefined }

/** A shares coin's balance of `shares` (`getPooledEthByShares`). */
const pooledOf = (c: CurveSharesCoin, shares: bigint) => (c.totalShares === 0n ? 0n : (shares * c.totalPooledEther) / c.totalShares)
/** The shares a transfer of `amount` moves (`getSharesByPooledEth`). */
const sharesFor = (c: CurveSharesCoin, amount: bigint) => (c.totalPooledEther === 0n ? amount : (amount * c.totalShares) / c.totalPooledEther)

/**
 * Coin `i`'s transfer of `amount` into (`sign` 1) or out of (-1) the pool: how much the pool's holding
 * actually changes (a shares coin rounds) and the shares coin after.
 */
function move(s: CurvePoolState, sharesCoin: CurveSharesCoin | undefined, p: { i: number; amount: bigint; sign: 1 | -1 }): { delta: bigint; sharesCoin: CurveSharesCoin | undefined } {
  if (!sharesCoin || sharesCoin.index !== p.i) return { delta: p.amount, sharesCoin }
  const moved = sharesFor(sharesCoin, p.amount)
  const after = p.sign === 1 ? sharesCoin.poolShares + moved : sub(sharesCoin.poolShares, moved)
  const before = pooledOf(sharesCoin, sharesCoin.poolShares)
  const now = pooledOf(sharesCoin, after)
  return { delta: p.sign === 1 ? now - before : sub(before, now), sharesCoin: { ...sharesCoin, poolShares: after } }
}

const ampOf = (s: CurvePoolState) => ampAt(s.ramp, s.timestamp)

/** `get_y(i, j, x, xp)` on the state's own balances, with its invariant computed once per state. */
function yAfter(s: CurvePoolState, p: { i: number; j: number; x: bigint; xp: readonly bigint[] }): bigint {
  if (p.i === p.j) throw new CurveMathRevert('same coin')
  const xs = [...p.xp]
  xs[p.i] = p.x
  return solveY({ D: poolInvariant(s), amp: ampOf(s), j: p.j, xs, variant: s.variant })
}
/** The imbalance fee of deposits and single-coin withdrawals: `fee * N / (4 * (N - 1))`. */
const imbalanceFeeOf = (s: CurvePoolState) => {
  const n = BigInt(s.balances.length)
  return (s.fee * n) / (4n * (n - 1n))
}

function checkIndex(s: CurvePoolState, i: number): void {
  if (!Number.isInteger(i) || i < 0 || i >= s.balances.length) throw new CurveMathRevert('coin index out of range')
}

/**
 * `get_dy(i, j, dx)`: the pool's view of an exchange's output (it rounds the fee after converting to
 * coin units, so it can be 1 wei above what `exchange` pays when `j` has fewer than 18 decimals).
 * @throws CurveMathRevert where the view reverts
 */
export function getDy(s: CurvePoolState, p: { i: number; j: number; dx: bigint }): bigint {
  checkIndex(s, p.i)
  checkIndex(s, p.j)
  const xp = xpOf(s.balances, s.rates)
  const x = xp[p.i]! + (p.dx * s.rates[p.i]!) / PRECISION
  const y = yAfter(s, { i: p.i, j: p.j, x, xp })
  const dy = (sub(sub(xp[p.j]!, y), 1n) * PRECISION) / s.rates[p.j]!
  return sub(dy, (s.fee * dy) / FEE_DENOMINATOR)
}

/**
 * `exchange(i, j, dx, 0)`: what the pool pays and its state after (the input joins `balances`, the
 * output and the admin share of the fee leave it). The 3pool generation assumes it receives all of
 * `dx`; a pool that reads its balances from what it holds (steth) prices the trade on `dx` and then
 * sees what a shares coin actually moved.
 * @throws CurveMathRevert where the pool reverts
 */
export function exchange(s: CurvePoolState, p: { i: number; j: number; dx: bigint }): { dy: bigint } & CurvePoolUpdate {
  checkIndex(s, p.i)
  checkIndex(s, p.j)
  const rateJ = s.rates[p.j]!
  const xp = xpOf(s.balances, s.rates)
  const x = xp[p.i]! + (p.dx * s.rates[p.i]!) / PRECISION
  const y = yAfter(s, { i: p.i, j: p.j, x, xp })
  const dyXp = sub(sub(xp[p.j]!, y), 1n)
  const dyFee = (dyXp * s.fee) / FEE_DENOMINATOR
  const dy = (sub(dyXp, dyFee) * PRECISION) / rateJ
  const dyAdminFee = (((dyFee * s.adminFee) / FEE_DENOMINATOR) * PRECISION) / rateJ
  const input = move(s, s.sharesCoin, { i: p.i, amount: p.dx, sign: 1 })
  const output = move(s, input.sharesCoin, { i: p.j, amount: dy, sign: -1 })
  const balances = [...s.balances]
  balances[p.i] = balances[p.i]! + input.delta
  balances[p.j] = sub(sub(balances[p.j]!, output.delta), dyAdminFee)
  return { dy, balances, totalSupply: s.totalSupply, ...(output.sharesCoin ? { sharesCoin: output.sharesCoin } : {}) }
}

/**
 * `calc_token_amount(amounts, deposit)`: the LP amount minted or burned ignoring fees (the pool's own
 * slippage helper, not what `add_liquidity` mints).
 * @throws CurveMathRevert where the view reverts
 */
export function calcTokenAmount(s: CurvePoolState, p: { amounts: readonly bigint[]; deposit: boolean }): bigint {
  const amp = ampOf(s)
  const D0 = poolInvariant(s)
  const balances = s.balances.map((b, i) => (p.deposit ? b + p.amounts[i]! : sub(b, p.amounts[i]!)))
  const D1 = getD(xpOf(balances, s.rates), amp, s.variant)
  const diff = p.deposit ? sub(D1, D0) : sub(D0, D1)
  return div(diff * s.totalSupply, D0)
}

/**
 * `add_liquidity(amounts, 0)`: LP minted (imbalance fee charged on each coin's distance from the
 * proportional deposit) and the state after. The first deposit must bring every coin.
 * @throws CurveMathRevert where the pool reverts
 */
export function addLiquidity(s: CurvePoolState, p: { amounts: readonly bigint[] }): { minted: bigint } & CurvePoolUpdate {
  const amp = ampOf(s)
  const supply = s.totalSupply
  const old = s.balances
  const D0 = supply > 0n ? poolInvariant(s) : 0n
  const next = old.map((b, i) => {
    if (supply === 0n && p.amounts[i]! <= 0n) throw new CurveMathRevert('initial deposit requires all coins')
    return b + p.amounts[i]!
  })
  const D1 = getD(xpOf(next, s.rates), amp, s.variant)
  if (!(D1 > D0)) throw new CurveMathRevert('D1 <= D0')
  // What the pool's holdings gain: all of each amount, but for a shares coin's rounding.
  let sharesCoin = s.sharesCoin
  const received = p.amounts.map((a, i) => {
    if (a === 0n) return 0n
    const r = move(s, sharesCoin, { i, amount: a, sign: 1 })
    sharesCoin = r.sharesCoin
    return r.delta
  })
  const after = sharesCoin ? { sharesCoin } : {}
  if (supply === 0n) return { minted: D1, balances: old.map((b, i) => b + received[i]!), totalSupply: D1, ...after }
  const fee = imbalanceFeeOf(s)
  const stored = [...next]
  const charged = [...next]
  old.forEach((b, i) => {
    const ideal = div(D1 * b, D0)
    const difference = ideal > next[i]! ? ideal - next[i]! : next[i]! - ideal
    const f = (fee * difference) / FEE_DENOMINATOR
    stored[i] = sub(b + received[i]!, (f * s.adminFee) / FEE_DENOMINATOR)
    charged[i] = sub(next[i]!, f)
  })
  const D2 = getD(xpOf(charged, s.rates), amp, s.variant)
  const minted = div(supply * sub(D2, D0), D0)
  return { minted, balances: stored, totalSupply: supply + minted, ...after }
}

/**
 * `_calc_withdraw_one_coin(tokenAmount, i)`: coin `i` paid for burning `tokenAmount` LP, and the fee
 * part (`dy_0 - dy`) whose admin share leaves `balances`.
 * @throws CurveMathRevert where the view reverts
 */
export function calcWithdrawOneCoin(s: CurvePoolState, p: { tokenAmount: bigint; i: number }): { dy: bigint; dyFee: bigint } {
  checkIndex(s, p.i)
  const amp = ampOf(s)
  const fee = imbalanceFeeOf(s)
  // The 3pool divides by `rate / 1e18`, the metapool multiplies by 1e18 and divides by the rate (coin 1's
  // rate is the base pool's virtual price): the same floor wherever the rate is a multiple of 1e18.
  const toCoin = (x: bigint) => div(x * PRECISION, s.rates[p.i]!)
  const xp = xpOf(s.balances, s.rates)
  const D0 = poolInvariant(s)
  const D1 = sub(D0, div(p.tokenAmount * D0, s.totalSupply))
  const newY = solveY({ D: D1, amp, j: p.i, xs: xp, variant: s.variant })
  const reduced = xp.map((x, j) => {
    const expected = j === p.i ? sub(div(x * D1, D0), newY) : sub(x, div(x * D1, D0))
    return sub(x, (fee * expected) / FEE_DENOMINATOR)
  })
  const dyXp = sub(reduced[p.i]!, solveY({ D: D1, amp, j: p.i, xs: reduced, variant: s.variant }))
  const dy = toCoin(sub(dyXp, 1n))
  // The steth pool neither computes nor charges the admin share of this fee.
  if (s.variant === 'steth') return { dy, dyFee: 0n }
  return { dy, dyFee: sub(toCoin(sub(xp[p.i]!, newY)), dy) }
}

/**
 * `remove_liquidity_one_coin(tokenAmount, i, 0)`: coin `i` paid and the state after (the 3pool
 * generation keeps the admin share of the fee out of `balances`; the steth pool charges none).
 * @throws CurveMathRevert where the pool reverts (including burning more than the supply)
 */
export function removeLiquidityOneCoin(s: CurvePoolState, p: { tokenAmount: bigint; i: number }): { dy: bigint } & CurvePoolUpdate {
  const { dy, dyFee } = calcWithdrawOneCoin(s, p)
  const balances = [...s.balances]
  const totalSupply = sub(s.totalSupply, p.tokenAmount)
  if (s.variant === 'steth') {
    const out = move(s, s.sharesCoin, { i: p.i, amount: dy, sign: -1 })
    balances[p.i] = sub(balances[p.i]!, out.delta)
    return { dy, balances, totalSupply, ...(out.sharesCoin ? { sharesCoin: out.sharesCoin } : {}) }
  }
  balances[p.i] = sub(balances[p.i]!, dy + (dyFee * s.adminFee) / FEE_DENOMINATOR)
  return { dy, balances, totalSupply }
}
