import { isqrt } from '../uniswap-v2/lpActions.js'
import { solveStableY } from './floatModel.js'
import { AerodromeMathRevert, kOf, swapExactIn, type AerodromeCurve } from './poolMath.js'

/** Locked to address(1) by a pool's first `mint`. */
export const MINIMUM_LIQUIDITY = 1_000n
/** A stable pool's first deposit must reach this k. */
const MINIMUM_K = 10n ** 10n

/** A pool's state as `mint` and `burn` read it: the reserves (its balances once synced) and the LP supply. */
export type AerodromeLiquidityState = AerodromeCurve & { reserve0: bigint; reserve1: bigint; totalSupply: bigint; fee: bigint }

/** Result of {@link mintLiquidity}: LP minted and the state after. */
export type MintLiquidityReturnType = { liquidity: bigint; reserve0: bigint; reserve1: bigint; totalSupply: bigint }

/**
 * The pool's `mint(to)` for `amount0`/`amount1` sent to it: on an empty pool `sqrt(amount0 * amount1)`
 * less the 1,000 locked to address(1) (a stable pool's sides equal once normalised, its k above 1e10);
 * else `min(amount0 * supply / reserve0, amount1 * supply / reserve1)`. Whatever the smaller share leaves
 * over stays in the pool (its reserves take the whole balances).
 * @throws AerodromeMathRevert where `mint` reverts (nothing minted, an unequal first stable deposit)
 */
export function mintLiquidity(s: AerodromeLiquidityState, amount0: bigint, amount1: bigint): MintLiquidityReturnType {
  let liquidity: bigint
  let supply = s.totalSupply
  if (supply === 0n) {
    const root = isqrt(amount0 * amount1)
    if (root < MINIMUM_LIQUIDITY) throw new AerodromeMathRevert('underflow')
    liquidity = root - MINIMUM_LIQUIDITY
    supply = MINIMUM_LIQUIDITY
    if (s.stable) {
      if ((amount0 * 10n ** 18n) / s.decimals0 !== (amount1 * 10n ** 18n) / s.decimals1) throw new AerodromeMathRevert('DepositsNotEqual')
      if (kOf(s, amount0, amount1) <= MINIMUM_K) throw new AerodromeMathRevert('BelowMinimumK')
    }
  } else {
    if (s.reserve0 === 0n || s.reserve1 === 0n) throw new AerodromeMathRevert('division by zero')
    const l0 = (amount0 * supply) / s.reserve0
    const l1 = (amount1 * supply) / s.reserve1
    liquidity = l0 < l1 ? l0 : l1
  }
  if (liquidity === 0n) throw new AerodromeMathRevert('InsufficientLiquidityMinted')
  return { liquidity, reserve0: s.reserve0 + amount0, reserve1: s.reserve1 + amount1, totalSupply: supply + liquidity }
}

/** Result of {@link burnLiquidity}: both amounts paid and the state after. */
export type BurnLiquidityReturnType = { amount0: bigint; amount1: bigint; reserve0: bigint; reserve1: bigint; totalSupply: bigint }

/**
 * The pool's `burn(to)` for `liquidity` LP sent to it: each side `liquidity * balance / supply`, floored.
 * @throws AerodromeMathRevert where `burn` reverts (either side 0, more than the supply)
 */
export function burnLiquidity(s: AerodromeLiquidityState, liquidity: bigint): BurnLiquidityReturnType {
  if (s.totalSupply === 0n || liquidity > s.totalSupply) throw new AerodromeMathRevert('burn')
  const amount0 = (liquidity * s.reserve0) / s.totalSupply
  const amount1 = (liquidity * s.reserve1) / s.totalSupply
  if (amount0 === 0n || amount1 === 0n) throw new AerodromeMathRevert('InsufficientLiquidityBurned')
  return { amount0, amount1, reserve0: s.reserve0 - amount0, reserve1: s.reserve1 - amount1, totalSupply: s.totalSupply - liquidity }
}

/** Result of the Router's `quoteAddLiquidity`. */
export type QuoteAddLiquidityReturnType = { amountA: bigint; amountB: bigint; liquidity: bigint }

/**
 * The Router's `quoteAddLiquidity` for the pool's tokens in the order A, B (`aIsToken0`): the desired A and
 * B's equivalent `amountA * reserveB / reserveA` when it fits, else the desired B and A's equivalent, and
 * `min` of both shares of the supply; on an empty pool both desired amounts and `sqrt(a * b) - 1000`.
 * @throws AerodromeMathRevert where the view reverts
 */
export function quoteAddLiquidity(s: AerodromeLiquidityState, p: { aIsToken0: boolean; amountADesired: bigint; amountBDesired: bigint }): QuoteAddLiquidityReturnType {
  const [reserveA, reserveB] = p.aIsToken0 ? [s.reserve0, s.reserve1] : [s.reserve1, s.reserve0]
  if (reserveA === 0n && reserveB === 0n) {
    const root = isqrt(p.amountADesired * p.amountBDesired)
    if (root < MINIMUM_LIQUIDITY) throw new AerodromeMathRevert('underflow')
    return { amountA: p.amountADesired, amountB: p.amountBDesired, liquidity: root - MINIMUM_LIQUIDITY }
  }
  const equivalent = (amount: bigint, from: bigint, to: bigint) => {
    if (amount === 0n) throw new AerodromeMathRevert('InsufficientAmount')
    if (from === 0n || to === 0n) throw new AerodromeMathRevert('InsufficientLiquidity')
    return (amount * to) / from
  }
  const bOptimal = equivalent(p.amountADesired, reserveA, reserveB)
  const [amountA, amountB] = bOptimal <= p.amountBDesired ? [p.amountADesired, bOptimal] : [equivalent(p.amountBDesired, reserveB, reserveA), p.amountBDesired]
  const lA = (amountA * s.totalSupply) / reserveA
  const lB = (amountB * s.totalSupply) / reserveB
  return { amountA, amountB, liquidity: lA < lB ? lA : lB }
}

/** The Router's `quoteRemoveLiquidity`: each side `liquidity * reserve / supply`, floored (A first). */
export function quoteRemoveLiquidity(s: AerodromeLiquidityState, p: { aIsToken0: boolean; liquidity: bigint }): { amountA: bigint; amountB: bigint } {
  if (s.totalSupply === 0n) throw new AerodromeMathRevert('division by zero')
  const amount0 = (p.liquidity * s.reserve0) / s.totalSupply
  const amount1 = (p.liquidity * s.reserve1) / s.totalSupply
  return p.aIsToken0 ? { amountA: amount0, amountB: amount1 } : { amountA: amount1, amountB: amount0 }
}

/**
 * How much of a single-token deposit `amountIn` to swap in the same pool first, so the rest and the swap's
 * output match the pool's ratio after the swap (the pool then mints for nearly all of both).
 * Volatile pools: the root of `γ² s² + (1 + γ) r s − a r = 0` (γ = 1 − fee; the pool moves the fee out of
 * its reserves, so the input side grows by γ s). Stable pools: the exact swap, bracketed around a float
 * estimate, then bisected to a billionth of the amount. Deterministic in (state, amount), so the encoder sends the same split the quote priced.
 */
export function zapSwapAmount(s: AerodromeLiquidityState, p: { amountIn: bigint; zeroForOne: boolean }): bigint {
  const a = p.amountIn
  const [rIn, rOut] = p.zeroForOne ? [s.reserve0, s.reserve1] : [s.reserve1, s.reserve0]
  if (a <= 1n || rIn === 0n || rOut === 0n) return 0n
  if (!s.stable) {
    const g = 10_000n - s.fee
    const b = (10_000n + g) * 10_000n * rIn
    const root = isqrt(b * b + 4n * g * g * 100_000_000n * a * rIn)
    const split = (root - b) / (2n * g * g)
    return split >= a ? a - 1n : split
  }
  // The exact swap of a split, or undefined where the pool reverts (a tiny stable pool's `_k(x0, y + 1)` can overflow).
  const trade = (split: bigint) => {
    try {
      return swapExactIn(s, { amountIn: split, zeroForOne: p.zeroForOne, reserve0: s.reserve0, reserve1: s.reserve1, fee: s.fee })
    } catch (error) {
      if (!(error instanceof AerodromeMathRevert)) throw error
      return undefined
    }
  }
  // The nearest split the pool accepts, within (lo, hi): a tiny stable pool far out of balance reverts
  // on whole ranges of amounts (`_k(x0, y + 1)` overflows), so look further out, doubling the step.
  const usable = (split: bigint, lo: bigint, hi: bigint) => {
    for (let d = 0n; ; d = d === 0n ? 1n : d * 2n) {
      if (split - d <= lo && split + d >= hi) return undefined
      for (const at of d === 0n ? [split] : [split + d, split - d]) {
        if (at <= lo || at >= hi || at <= 0n || at >= a) continue
        const r = trade(at)
        if (r) return { at, r }
      }
    }
  }
  // Rest per unit of reserve minus output per unit of the reserve after: decreasing in s, crossing 0 once.
  const excess = (u: { at: bigint; r: { reserve0: bigint; reserve1: bigint; amountOut: bigint } }): bigint => {
    const [rInAfter, rOutAfter] = p.zeroForOne ? [u.r.reserve0, u.r.reserve1] : [u.r.reserve1, u.r.reserve0]
    return (a - u.at) * rOutAfter - u.r.amountOut * rInAfter
  }
  // Invariant: the crossing lies in [lo, hi] (excess > 0 at lo, not at hi); each probe narrows it exactly.
  let lo = 0n
  let hi = a
  let best: bigint | undefined
  const probe = (at: bigint): boolean => {
    const u = usable(at < lo + 1n ? lo + 1n : at > hi - 1n ? hi - 1n : at, lo, hi)
    if (!u) return false
    if (excess(u) > 0n) {
      lo = u.at
      best = u.at
    } else hi = u.at
    return true
  }
  // A bracket around the float estimate first (widened 16-fold until it holds), then bisection in it.
  const guess = stableSplitGuess(s, p)
  for (let width = a / 100_000_000n + 1n; hi - lo > 4n * width && width < a; width *= 16n) {
    if (guess - width > lo && !probe(guess - width)) break
    if (guess + width < hi && !probe(guess + width)) break
  }
  const tolerance = a / 1_000_000_000n + 1n
  while (hi - lo > tolerance) {
    if (!probe((lo + hi) / 2n)) break
  }
  return best ?? usable(lo, 0n, a)?.at ?? 0n
}

/** Float64 estimate of a stable pool's split (bisection on the float curve), where the exact search starts. */
function stableSplitGuess(s: AerodromeLiquidityState, p: { amountIn: bigint; zeroForOne: boolean }): bigint {
  const [rIn, rOut, unitIn, unitOut] = p.zeroForOne ? [s.reserve0, s.reserve1, s.decimals0, s.decimals1] : [s.reserve1, s.reserve0, s.decimals1, s.decimals0]
  const x = Number(rIn) / Number(unitIn)
  const y = Number(rOut) / Number(unitOut)
  const total = Number(p.amountIn) / Number(unitIn)
  const gamma = 1 - Number(s.fee) / 10_000
  const k = x * y * (x * x + y * y)
  let lo = 0
  let hi = total
  for (let i = 0; i < 60 && hi - lo > total * 1e-12; i++) {
    const split = (lo + hi) / 2
    const out = y - solveStableY(x + gamma * split, k, y)
    if ((total - split) * (y - out) - out * (x + gamma * split) > 0) lo = split
    else hi = split
  }
  const guess = BigInt(Math.floor(((lo + hi) / 2) * Number(unitIn)))
  return guess <= 0n ? 1n : guess >= p.amountIn ? p.amountIn - 1n : guess
}

/** Result of {@link zapIn}: the split, LP minted and the state after. */
export type ZapInReturnType = MintLiquidityReturnType & { swapAmount: bigint; swapOut: bigint }

/**
 * A single-token deposit as our encoder runs it: `swapAmount` of the input traded in the pool (transfer,
 * `swap` for `getAmountOut`), then the rest and the output sent to the pool and `mint`.
 * @throws AerodromeMathRevert where a step reverts
 */
export function zapIn(s: AerodromeLiquidityState, p: { amountIn: bigint; zeroForOne: boolean; swapAmount?: bigint | undefined }): ZapInReturnType {
  if (s.totalSupply === 0n) throw new AerodromeMathRevert('empty pool')
  const swapAmount = p.swapAmount ?? zapSwapAmount(s, p)
  if (swapAmount <= 0n || swapAmount >= p.amountIn) throw new AerodromeMathRevert('no split')
  const swapped = swapExactIn(s, { amountIn: swapAmount, zeroForOne: p.zeroForOne, reserve0: s.reserve0, reserve1: s.reserve1, fee: s.fee })
  const rest = p.amountIn - swapAmount
  const [amount0, amount1] = p.zeroForOne ? [rest, swapped.amountOut] : [swapped.amountOut, rest]
  const minted = mintLiquidity({ ...s, reserve0: swapped.reserve0, reserve1: swapped.reserve1 }, amount0, amount1)
  return { ...minted, swapAmount, swapOut: swapped.amountOut }
}

/** Result of {@link zapOut}: the token paid (burned share plus the swapped other side) and the state after. */
export type ZapOutReturnType = { amountOut: bigint; burned: bigint; swapIn: bigint; reserve0: bigint; reserve1: bigint; totalSupply: bigint }

/**
 * A redemption into one token as our encoder runs it: the LP sent to the pool and `burn`, then the other
 * token's whole share traded in the same pool (transfer, `swap` for `getAmountOut`) on the reserves the
 * burn left.
 * @throws AerodromeMathRevert where a step reverts
 */
export function zapOut(s: AerodromeLiquidityState, p: { liquidity: bigint; toToken0: boolean }): ZapOutReturnType {
  const burn = burnLiquidity(s, p.liquidity)
  const [kept, other] = p.toToken0 ? [burn.amount0, burn.amount1] : [burn.amount1, burn.amount0]
  const swapped = swapExactIn(s, { amountIn: other, zeroForOne: !p.toToken0, reserve0: burn.reserve0, reserve1: burn.reserve1, fee: s.fee })
  return { amountOut: kept + swapped.amountOut, burned: kept, swapIn: other, reserve0: swapped.reserve0, reserve1: swapped.reserve1, totalSupply: burn.totalSupply }
}
