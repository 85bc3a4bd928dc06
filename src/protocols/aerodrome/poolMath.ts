const E18 = 10n ** 18n

/** Where Aerodrome's pool reverts (division by zero, underflow, `!y`, the k check): the trade is impossible. */
// Internal to quoting (the adapter turns it into a 0n quote), like Curve's CurveMathRevert: never reaches a caller.
export class AerodromeMathRevert extends Error {
  override name = 'AerodromeMathRevert'
}

/** The curve's shape, as the pool's `_k`, `_getAmountOut` and `swap` read it. */
export type AerodromeCurve = { stable: boolean; decimals0: bigint; decimals1: bigint }

const MAX_UINT256 = (1n << 256n) - 1n

/** Checked uint256 product, as Solidity 0.8's: the pool reverts on overflow (a very unbalanced stable pool does). */
function mul(a: bigint, b: bigint): bigint {
  const r = a * b
  if (r > MAX_UINT256) throw new AerodromeMathRevert('overflow')
  return r
}

/** Checked uint256 sum. */
function add(a: bigint, b: bigint): bigint {
  const r = a + b
  if (r > MAX_UINT256) throw new AerodromeMathRevert('overflow')
  return r
}

function div(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new AerodromeMathRevert('division by zero')
  return a / b
}

function sub(a: bigint, b: bigint): bigint {
  if (b > a) throw new AerodromeMathRevert('underflow')
  return a - b
}

/** The pool's `_k`: `x * y`, or on balances normalised to 1e18 `x^3 y + y^3 x` (each product floored to 1e18). */
export function kOf(curve: AerodromeCurve, x: bigint, y: bigint): bigint {
  if (!curve.stable) return mul(x, y)
  const nx = div(mul(x, E18), curve.decimals0)
  const ny = div(mul(y, E18), curve.decimals1)
  const a = mul(nx, ny) / E18
  const b = add(mul(nx, nx) / E18, mul(ny, ny) / E18)
  return mul(a, b) / E18
}

function f(x0: bigint, y: bigint): bigint {
  const a = mul(x0, y) / E18
  const b = add(mul(x0, x0) / E18, mul(y, y) / E18)
  return mul(a, b) / E18
}

function d(x0: bigint, y: bigint): bigint {
  return add(mul(mul(3n, x0), mul(y, y) / E18) / E18, mul(mul(x0, x0) / E18, x0) / E18)
}

/**
 * The pool's `_get_y`: Newton's iteration for the y with `f(x0, y) >= xy`, moving by at least one unit
 * when the step rounds to zero, with the pool's exact stopping rules (including its `_k(x0, y + 1)` test,
 * which normalises its arguments again).
 * @throws AerodromeMathRevert where the pool reverts (`!y` after 255 rounds, a zero derivative, y below 0)
 */
export function getY(curve: AerodromeCurve, x0: bigint, xy: bigint, y0: bigint): bigint {
  let y = y0
  for (let i = 0; i < 255; i++) {
    const k = f(x0, y)
    if (k < xy) {
      let dy = div(mul(xy - k, E18), d(x0, y))
      if (dy === 0n) {
        if (k === xy) return y
        if (kOf(curve, x0, add(y, 1n)) > xy) return y + 1n
        dy = 1n
      }
      y = add(y, dy)
    } else {
      let dy = div(mul(k - xy, E18), d(x0, y))
      if (dy === 0n) {
        if (k === xy || f(x0, sub(y, 1n)) < xy) return y
        dy = 1n
      }
      y = sub(y, dy)
    }
  }
  throw new AerodromeMathRevert('!y')
}

/** Parameters of {@link getAmountOut}. */
export type GetAmountOutParameters = {
  amountIn: bigint
  /** True when the input is token0. */
  zeroForOne: boolean
  reserve0: bigint
  reserve1: bigint
  /** The factory's fee for the pool, in 1/10000. */
  fee: bigint
}

/**
 * The pool's `getAmountOut(amountIn, tokenIn)`: the fee `amountIn * fee / 10000` taken off the input,
 * then `_getAmountOut` on the reserves.
 * @throws AerodromeMathRevert where the view reverts
 */
export function getAmountOut(curve: AerodromeCurve, { amountIn, zeroForOne, reserve0, reserve1, fee }: GetAmountOutParameters): bigint {
  const net = amountIn - mul(amountIn, fee) / 10_000n
  if (curve.stable) {
    const xy = kOf(curve, reserve0, reserve1)
    const r0 = div(mul(reserve0, E18), curve.decimals0)
    const r1 = div(mul(reserve1, E18), curve.decimals1)
    const [rA, rB] = zeroForOne ? [r0, r1] : [r1, r0]
    const a = div(mul(net, E18), zeroForOne ? curve.decimals0 : curve.decimals1)
    const y = sub(rB, getY(curve, add(a, rA), xy, rB))
    return mul(y, zeroForOne ? curve.decimals1 : curve.decimals0) / E18
  }
  const [rA, rB] = zeroForOne ? [reserve0, reserve1] : [reserve1, reserve0]
  return div(mul(net, rB), add(rA, net))
}

/** Result of {@link swapExactIn}: what the pool pays and its reserves after. */
export type SwapExactInReturnType = { amountOut: bigint; reserve0: bigint; reserve1: bigint }

/**
 * An exact-input trade as our executor runs it: `amountIn` sent to the pool, then
 * `swap(getAmountOut(amountIn, tokenIn))`. Every product and sum is checked against 2^256 as the pool's are. The pool moves the fee `amountIn * fee / 10000` out of its
 * balance (to its fee contract) before the k check, so the reserves after are the input less that fee
 * and the output less.
 * @throws AerodromeMathRevert where the view or `swap` reverts (no output, output at or above the reserve, the k check)
 */
export function swapExactIn(curve: AerodromeCurve, p: GetAmountOutParameters): SwapExactInReturnType {
  const amountOut = getAmountOut(curve, p)
  if (p.amountIn <= 0n) throw new AerodromeMathRevert('InsufficientInputAmount')
  if (amountOut === 0n) throw new AerodromeMathRevert('InsufficientOutputAmount')
  const [reserveIn, reserveOut] = p.zeroForOne ? [p.reserve0, p.reserve1] : [p.reserve1, p.reserve0]
  if (amountOut >= reserveOut) throw new AerodromeMathRevert('InsufficientLiquidity')
  const balanceIn = reserveIn + p.amountIn - (p.amountIn * p.fee) / 10_000n
  const balanceOut = reserveOut - amountOut
  const [b0, b1] = p.zeroForOne ? [balanceIn, balanceOut] : [balanceOut, balanceIn]
  if (kOf(curve, b0, b1) < kOf(curve, p.reserve0, p.reserve1)) throw new AerodromeMathRevert('K')
  return { amountOut, reserve0: b0, reserve1: b1 }
}
