import { addLiquidity, calcTokenAmount, calcWithdrawOneCoin, exchange, removeLiquidityOneCoin, type CurvePoolState } from './quote.js'
import { CurveMathRevert, FEE_DENOMINATOR, PRECISION, ampAt, div, getD, getY, sub, xpOf } from './stableSwapMath.js'
import type { CurveMetaState, CurveStableSwapSnapshot } from './types.js'

/** The metapool template's `BASE_CACHE_EXPIRES`: the base virtual price is re-read once older than this. */
export const BASE_CACHE_EXPIRES = 600n

/** A metapool snapshot: one with its base pool and rate cache. */
export type CurveMetaSnapshot = CurveStableSwapSnapshot & { meta: CurveMetaState }

/** What a metapool operation leaves behind: the metapool's balances and supply, the base pool's, the cache. */
export type CurveMetaUpdate = Pick<CurveMetaSnapshot, 'balances' | 'totalSupply' | 'meta'>

/** The base pool as the quote functions read it (3pool generation), at the metapool's block timestamp. */
export function baseStateOf(s: CurveMetaSnapshot): CurvePoolState {
  const b = s.meta.base
  return { balances: b.balances, rates: b.rates, ramp: b.ramp, timestamp: s.timestamp, fee: b.fee, adminFee: b.adminFee, totalSupply: b.totalSupply }
}

/** The base pool's `get_virtual_price()`: `D * 1e18 / totalSupply`. */
export function baseVirtualPriceOf(s: CurveMetaSnapshot): bigint {
  const b = baseStateOf(s)
  return div(getD(xpOf(b.balances, b.rates), ampAt(b.ramp, s.timestamp)) * PRECISION, b.totalSupply)
}

/** `_vp_rate_ro()`: the cached base virtual price, or the base pool's own once the cache is stale. */
export function vpRateOf(s: CurveMetaSnapshot): bigint {
  return s.timestamp > s.meta.baseCacheUpdated + BASE_CACHE_EXPIRES ? baseVirtualPriceOf(s) : s.meta.baseVirtualPrice
}

/** The metapool as the quote functions read it: coin 1 at `vp` (the base virtual price), the template's math. */
export function metaStateOf(s: CurveMetaSnapshot, vp: bigint): CurvePoolState {
  return { balances: s.balances, rates: [s.rates[0]!, vp], ramp: s.ramp, timestamp: s.timestamp, fee: s.fee, adminFee: s.adminFee, totalSupply: s.totalSupply, variant: 'meta' }
}

/**
 * `_vp_rate()` of a trading function: the rate it prices with, and the cache it leaves (refreshed to the
 * block's timestamp when it was stale, as the pool stores it).
 */
function tradeRate(s: CurveMetaSnapshot): { vp: bigint; cache: Pick<CurveMetaState, 'baseVirtualPrice' | 'baseCacheUpdated'> } {
  if (s.timestamp > s.meta.baseCacheUpdated + BASE_CACHE_EXPIRES) {
    const vp = baseVirtualPriceOf(s)
    return { vp, cache: { baseVirtualPrice: vp, baseCacheUpdated: s.timestamp } }
  }
  return { vp: s.meta.baseVirtualPrice, cache: { baseVirtualPrice: s.meta.baseVirtualPrice, baseCacheUpdated: s.meta.baseCacheUpdated } }
}

/** Index of underlying coin `u` (0 the meta coin, `1 + k` base coin `k`) in the base pool, checked. */
function baseIndexOf(u: number): number {
  if (!Number.isInteger(u) || u < 1 || u > 3) throw new CurveMathRevert('underlying index out of range')
  return u - 1
}

type BaseUpdate = { balances: bigint[]; totalSupply: bigint }
const withBase = (s: CurveMetaSnapshot, base: BaseUpdate | undefined, cache: ReturnType<typeof tradeRate>['cache']): CurveMetaState => ({
  ...s.meta, ...cache, base: base ? { ...s.meta.base, balances: base.balances, totalSupply: base.totalSupply } : s.meta.base,
})

/**
 * The metapool's `get_dy(i, j, dx)` view: unlike the 3pool's, it takes the fee before converting to coin
 * units, as `exchange` does, so it equals what `exchange` pays.
 * @throws CurveMathRevert where the view reverts
 */
export function metaGetDy(s: CurveMetaSnapshot, p: { i: number; j: number; dx: bigint }): bigint {
  const meta = metaStateOf(s, vpRateOf(s))
  if (![0, 1].includes(p.i) || ![0, 1].includes(p.j)) throw new CurveMathRevert('coin index out of range')
  const xp = xpOf(meta.balances, meta.rates)
  const x = xp[p.i]! + (p.dx * meta.rates[p.i]!) / PRECISION
  const y = getY({ i: p.i, j: p.j, x, xp, amp: ampAt(s.ramp, s.timestamp), variant: 'meta' })
  const dy = sub(sub(xp[p.j]!, y), 1n)
  return div(sub(dy, (s.fee * dy) / FEE_DENOMINATOR) * PRECISION, meta.rates[p.j]!)
}

/**
 * `exchange(i, j, dx, 0)` between the metapool's own coins (0 and 3Crv): what it pays and the state after.
 * @throws CurveMathRevert where the pool reverts
 */
export function metaExchange(s: CurveMetaSnapshot, p: { i: number; j: number; dx: bigint }): { dy: bigint } & CurveMetaUpdate {
  const { vp, cache } = tradeRate(s)
  const r = exchange(metaStateOf(s, vp), p)
  return { dy: r.dy, balances: r.balances, totalSupply: r.totalSupply, meta: withBase(s, undefined, cache) }
}

/**
 * `add_liquidity(amounts, 0)` of the metapool's own coins: LP minted and the state after.
 * @throws CurveMathRevert where the pool reverts
 */
export function metaAddLiquidity(s: CurveMetaSnapshot, p: { amounts: readonly bigint[] }): { minted: bigint } & CurveMetaUpdate {
  const { vp, cache } = tradeRate(s)
  const r = addLiquidity(metaStateOf(s, vp), p)
  return { minted: r.minted, balances: r.balances, totalSupply: r.totalSupply, meta: withBase(s, undefined, cache) }
}

/**
 * `remove_liquidity_one_coin(tokenAmount, i, 0)` of a metapool coin: what it pays and the state after.
 * @throws CurveMathRevert where the pool reverts (including burning more than the supply)
 */
export function metaRemoveLiquidityOneCoin(s: CurveMetaSnapshot, p: { tokenAmount: bigint; i: number }): { dy: bigint } & CurveMetaUpdate {
  if (p.tokenAmount > s.totalSupply) throw new CurveMathRevert('burn exceeds supply')
  const { vp, cache } = tradeRate(s)
  const r = removeLiquidityOneCoin(metaStateOf(s, vp), p)
  return { dy: r.dy, balances: r.balances, totalSupply: r.totalSupply, meta: withBase(s, undefined, cache) }
}

/**
 * `exchange_underlying(i, j, dx, 0)` with one side the meta coin (0) and the other a base coin (`1 + k`),
 * as the pool runs it: the rate is taken first; a base coin in is deposited in the base pool
 * (`add_liquidity`) and the 3Crv minted trades for the meta coin; the meta coin in trades for 3Crv, which
 * the base pool pays out as coin `k` (`remove_liquidity_one_coin`). Both pools' states after.
 * @throws CurveMathRevert where either pool reverts, or for two base coins (a base pool trade)
 */
export function metaExchangeUnderlying(s: CurveMetaSnapshot, p: { i: number; j: number; dx: bigint }): { dy: bigint } & CurveMetaUpdate {
  const { vp, cache } = tradeRate(s)
  const meta = metaStateOf(s, vp)
  const base = baseStateOf(s)
  if (p.i === 0 && p.j !== 0) {
    const k = baseIndexOf(p.j)
    const m = exchange(meta, { i: 0, j: 1, dx: p.dx })
    const b = removeLiquidityOneCoin(base, { tokenAmount: m.dy, i: k })
    return { dy: b.dy, balances: m.balances, totalSupply: m.totalSupply, meta: withBase(s, b, cache) }
  }
  if (p.j === 0 && p.i !== 0) {
    const k = baseIndexOf(p.i)
    const amounts = [0n, 0n, 0n]
    amounts[k] = p.dx
    const b = addLiquidity(base, { amounts })
    const m = exchange(meta, { i: 1, j: 0, dx: b.minted })
    return { dy: m.dy, balances: m.balances, totalSupply: m.totalSupply, meta: withBase(s, b, cache) }
  }
  throw new CurveMathRevert('exchange_underlying between two base coins is a base pool trade')
}

/**
 * The Deposit zap's `add_liquidity(amounts, 0)` in underlying order (0 the meta coin, `1 + k` base coin
 * `k`): the base coins deposited in the base pool (when any), the meta coin and the 3Crv minted deposited in
 * the metapool. LP minted and both pools' states after.
 * @throws CurveMathRevert where either pool reverts
 */
export function zapAddLiquidity(s: CurveMetaSnapshot, p: { amounts: readonly bigint[] }): { minted: bigint } & CurveMetaUpdate {
  if (p.amounts.length !== 1 + s.meta.base.balances.length) throw new CurveMathRevert('one amount per underlying coin')
  const baseAmounts = p.amounts.slice(1)
  let afterBase = s
  let lp = 0n
  if (baseAmounts.some((a) => a > 0n)) {
    const b = addLiquidity(baseStateOf(s), { amounts: baseAmounts })
    lp = b.minted
    // The metapool's `_vp_rate()` runs after the base deposit: a stale cache reads the base pool as it is then.
    afterBase = { ...s, meta: { ...s.meta, base: { ...s.meta.base, balances: b.balances, totalSupply: b.totalSupply } } }
  }
  const { vp, cache } = tradeRate(afterBase)
  const m = addLiquidity(metaStateOf(afterBase, vp), { amounts: [p.amounts[0]!, lp] })
  return { minted: m.minted, balances: m.balances, totalSupply: m.totalSupply, meta: withBase(afterBase, undefined, cache) }
}

/**
 * The Deposit zap's `remove_liquidity(amount, 0s)`: the metapool pays both its coins in proportion, the
 * base pool pays the 3Crv out in proportion too. Amounts in underlying order and both pools' states after.
 * @throws CurveMathRevert where either pool reverts
 */
export function zapRemoveLiquidity(s: CurveMetaSnapshot, p: { tokenAmount: bigint }): { amounts: bigint[] } & CurveMetaUpdate {
  if (p.tokenAmount > s.totalSupply) throw new CurveMathRevert('burn exceeds supply')
  const meta = s.balances.map((b) => div(b * p.tokenAmount, s.totalSupply))
  const base = s.meta.base
  const out = base.balances.map((b) => div(b * meta[1]!, base.totalSupply))
  return {
    amounts: [meta[0]!, ...out],
    balances: s.balances.map((b, i) => b - meta[i]!),
    totalSupply: s.totalSupply - p.tokenAmount,
    meta: { ...s.meta, base: { ...base, balances: base.balances.map((b, k) => b - out[k]!), totalSupply: sub(base.totalSupply, meta[1]!) } },
  }
}

/**
 * The Deposit zap's `remove_liquidity_one_coin` of a base coin (`1 + k`): the metapool pays 3Crv, the base
 * pool pays it out as coin `k`. What arrives and both pools' states after.
 * @throws CurveMathRevert where either pool reverts
 */
export function zapRemoveLiquidityOneCoin(s: CurveMetaSnapshot, p: { tokenAmount: bigint; u: number }): { dy: bigint } & CurveMetaUpdate {
  const k = baseIndexOf(p.u)
  const m = metaRemoveLiquidityOneCoin(s, { tokenAmount: p.tokenAmount, i: 1 })
  const b = removeLiquidityOneCoin(baseStateOf(s), { tokenAmount: m.dy, i: k })
  return { dy: b.dy, balances: m.balances, totalSupply: m.totalSupply, meta: { ...m.meta, base: { ...s.meta.base, balances: b.balances, totalSupply: b.totalSupply } } }
}

/**
 * The pool's `get_dy_underlying(i, j, dx)` view: for a base coin in, the template's approximation (the
 * base pool's `calc_token_amount` less half its fee), so it is not what `exchange_underlying` pays; for the
 * meta coin in, the same path as the trade, read through `calc_withdraw_one_coin` of the base pool.
 * @throws CurveMathRevert where the view reverts
 */
export function getDyUnderlying(s: CurveMetaSnapshot, p: { i: number; j: number; dx: bigint }): bigint {
  const vp = vpRateOf(s)
  const meta = metaStateOf(s, vp)
  const base = baseStateOf(s)
  const xp = xpOf(meta.balances, meta.rates)
  const baseIn = p.i !== 0
  const baseOut = p.j !== 0
  if (baseIn && baseOut) throw new CurveMathRevert('get_dy_underlying between two base coins is the base pool\'s get_dy')
  let x: bigint
  if (!baseIn) {
    x = xp[0]! + p.dx * (meta.rates[0]! / PRECISION)
  } else {
    const amounts = [0n, 0n, 0n]
    amounts[baseIndexOf(p.i)] = p.dx
    x = (calcTokenAmount(base, { amounts, deposit: true }) * vp) / PRECISION
    x -= (x * base.fee) / (2n * FEE_DENOMINATOR)
    x += xp[1]!
  }
  const mi = baseIn ? 1 : 0
  const mj = baseOut ? 1 : 0
  const y = getY({ i: mi, j: mj, x, xp, amp: ampAt(s.ramp, s.timestamp), variant: 'meta' })
  let dy = sub(sub(xp[mj]!, y), 1n)
  dy = dy - (s.fee * dy) / FEE_DENOMINATOR
  if (!baseOut) return dy / (meta.rates[0]! / PRECISION)
  return calcWithdrawOneCoin(base, { tokenAmount: (dy * PRECISION) / vp, i: baseIndexOf(p.j) }).dy
}

/**
 * The zap's `calc_withdraw_one_coin(tokenAmount, u)`: the metapool's view for the meta coin, else the
 * metapool's 3Crv view read through the base pool's.
 * @throws CurveMathRevert where the view reverts
 */
export function zapCalcWithdrawOneCoin(s: CurveMetaSnapshot, p: { tokenAmount: bigint; u: number }): bigint {
  const meta = metaStateOf(s, vpRateOf(s))
  if (p.u === 0) return calcWithdrawOneCoin(meta, { tokenAmount: p.tokenAmount, i: 0 }).dy
  const lp = calcWithdrawOneCoin(meta, { tokenAmount: p.tokenAmount, i: 1 }).dy
  return calcWithdrawOneCoin(baseStateOf(s), { tokenAmount: lp, i: baseIndexOf(p.u) }).dy
}

/**
 * The zap's `calc_token_amount(amounts[4], deposit)`: the base pool's view of the base amounts as the
 * metapool's 3Crv amount, then the metapool's view (both ignore fees).
 * @throws CurveMathRevert where the view reverts
 */
export function zapCalcTokenAmount(s: CurveMetaSnapshot, p: { amounts: readonly bigint[]; deposit: boolean }): bigint {
  const lp = calcTokenAmount(baseStateOf(s), { amounts: p.amounts.slice(1), deposit: p.deposit })
  return calcTokenAmount(metaStateOf(s, vpRateOf(s)), { amounts: [p.amounts[0]!, lp], deposit: p.deposit })
}
