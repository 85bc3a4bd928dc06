import { CurveMathRevert } from './stableSwapMath.js'

/**
 * Curve twocrypto-ng's integer math (`CurveCryptoMathOptimized2`: `newton_D`, the analytic `get_y` with
 * its `newton_y` fallback, `get_p`, `wad_exp`, `cbrt`), in bigint, operation by operation in Curve's
 * order so every rounding matches. Division truncates toward zero and `>>` is arithmetic, as in the EVM
 * for signed values. Where the contract reverts this throws {@link CurveMathRevert}.
 */

const E18 = 10n ** 18n
const A_MULTIPLIER = 10000n
const MIN_GAMMA = 10n ** 10n
const MAX_GAMMA_SMALL = 2n * 10n ** 16n
const MAX_GAMMA = 199n * 10n ** 15n
const MIN_A = (4n * A_MULTIPLIER) / 10n
const MAX_A = 4n * A_MULTIPLIER * 1000n
const CBRT_BIG = 115792089237316195423570985008687907853269n

function fail(reason: string): never {
  throw new CurveMathRevert(reason)
}

const max = (a: bigint, b: bigint): bigint => (a > b ? a : b)
const abs = (a: bigint): bigint => (a < 0n ? -a : a)

/** Integer square root rounded down (Vyper's `isqrt`). */
export function isqrt(x: bigint): bigint {
  if (x < 0n) fail('isqrt')
  if (x < 2n) return x
  let y = x
  let z = x / 2n + (x & 1n)
  while (z < y) {
    y = z
    z = (x / z + z) / 2n
  }
  return y
}

function log2(x: bigint): bigint {
  let r = 0n
  let v = x
  for (const s of [128n, 64n, 32n, 16n, 8n, 4n, 2n, 1n]) {
    if (v >> s !== 0n) {
      v >>= s
      r += s
    }
  }
  return r
}

/** Curve's cube root (snekmate log2 start, seven Newton steps), scaled as Curve scales it. */
export function cbrt(x: bigint): bigint {
  const xx = x >= CBRT_BIG * E18 ? x : x >= CBRT_BIG ? x * E18 : x * 10n ** 36n
  const l = log2(xx)
  const rem = l % 3n
  let a = (2n ** (l / 3n) * 1260n ** rem) / 1000n ** rem
  for (let k = 0; k < 7; k++) a = (2n * a + xx / (a * a)) / 3n
  if (x >= CBRT_BIG * E18) a *= 10n ** 12n
  else if (x >= CBRT_BIG) a *= 10n ** 6n
  return a
}

function limMulOf(gamma: bigint): bigint {
  let limMul = 100n * E18
  if (gamma > MAX_GAMMA_SMALL) limMul = (limMul * MAX_GAMMA_SMALL) / gamma
  return limMul
}

function checkAGammaD(ANN: bigint, gamma: bigint, D: bigint): void {
  if (!(ANN > MIN_A - 1n && ANN < MAX_A + 1n)) fail('unsafe values A')
  if (!(gamma > MIN_GAMMA - 1n && gamma < MAX_GAMMA + 1n)) fail('unsafe values gamma')
  if (!(D > 10n ** 17n - 1n && D < 10n ** 33n + 1n)) fail('unsafe values D')
}

function newtonY(ANN: bigint, gamma: bigint, x: readonly bigint[], D: bigint, i: number, limMul: bigint): bigint {
  const xj = x[1 - i]!
  let y = D ** 2n / (xj * 4n)
  const K0i = (E18 * 2n * xj) / D
  if (!(K0i >= 10n ** 36n / limMul && K0i <= limMul)) fail('unsafe values x[i]')
  const convergenceLimit = max(max(xj / 10n ** 14n, D / 10n ** 14n), 100n)
  for (let k = 0; k < 255; k++) {
    const yPrev = y
    const K0 = (K0i * y * 2n) / D
    const S = xj + y
    let g1k0 = gamma + E18
    g1k0 = g1k0 > K0 ? g1k0 - K0 + 1n : K0 - g1k0 + 1n
    const mul1 = (((((E18 * D) / gamma) * g1k0) / gamma) * g1k0 * A_MULTIPLIER) / ANN
    const mul2 = E18 + (2n * E18 * K0) / g1k0
    let yfprime = E18 * y + S * mul2 + mul1
    const dyfprime = D * mul2
    if (yfprime < dyfprime) {
      y = yPrev / 2n
      continue
    }
    yfprime -= dyfprime
    if (y === 0n) fail('division by zero')
    const fprime = yfprime / y
    if (fprime === 0n || K0 === 0n) fail('division by zero')
    let yMinus = mul1 / fprime
    const yPlus = (yfprime + E18 * D) / fprime + (yMinus * E18) / K0
    yMinus += (E18 * S) / fprime
    y = yPlus < yMinus ? yPrev / 2n : yPlus - yMinus
    const diff = y > yPrev ? y - yPrev : yPrev - y
    if (diff < max(convergenceLimit, y / 10n ** 14n)) return y
  }
  fail('Did not converge')
}

function divider(threshold: bigint): bigint {
  const table: [bigint, bigint][] = [[48n, 30n], [46n, 28n], [44n, 26n], [42n, 24n], [40n, 22n], [38n, 20n], [36n, 18n], [34n, 16n], [32n, 14n], [30n, 12n], [28n, 10n], [26n, 8n], [24n, 6n], [20n, 2n]]
  for (const [t, d] of table) if (threshold > 10n ** t) return 10n ** d
  return 1n
}

function div(a: bigint, b: bigint): bigint {
  if (b === 0n) fail('division by zero')
  return a / b
}

/** `get_y`: the balance of coin `i` that keeps `D` given the other balance; `[y, K0]` (K0 is 0 after the Newton fallback). */
export function getY(ANN: bigint, gamma: bigint, x: readonly bigint[], D: bigint, i: number): [bigint, bigint] {
  checkAGammaD(ANN, gamma, D)
  const limMul = limMulOf(gamma)
  const xj = x[1 - i]!
  if (xj === 0n) fail('division by zero')
  const K0i = (E18 * 2n * xj) / D
  if (!(K0i >= 10n ** 36n / limMul && K0i <= limMul)) fail('unsafe values x[i]')
  const gamma2 = gamma * gamma
  const annGamma2 = ANN * gamma2
  let a = 10n ** 32n
  let b = (D * annGamma2) / 400000000n / xj - 3n * 10n ** 32n - 2n * gamma * 10n ** 14n
  let c = 3n * 10n ** 32n + 4n * gamma * 10n ** 14n + gamma2 / 10n ** 4n + (((4n * annGamma2) / 400000000n) * xj) / D - (4n * annGamma2) / 400000000n
  let d = -((E18 + gamma) ** 2n / 10n ** 4n)
  let delta0 = div(3n * a * c, b) - b
  let delta1 = 3n * delta0 + b - div(div(27n * a ** 2n, b) * d, b)
  let threshold = abs(delta0) < abs(delta1) ? abs(delta0) : abs(delta1)
  if (a < threshold) threshold = a
  const dv = divider(threshold)
  a /= dv
  b /= dv
  c /= dv
  d /= dv
  delta0 = div(3n * a * c, b) - b
  delta1 = 3n * delta0 + b - div(div(27n * a ** 2n, b) * d, b)
  const sqrtArg = delta1 ** 2n + div(4n * delta0 ** 2n, b) * delta0
  if (sqrtArg <= 0n) return [newtonY(ANN, gamma, x, D, i, limMul), 0n]
  const sqrtVal = isqrt(sqrtArg)
  const bCbrt = b > 0n ? cbrt(b) : -cbrt(-b)
  const secondCbrt = delta1 > 0n ? cbrt((delta1 + sqrtVal) / 2n) : -cbrt((sqrtVal - delta1) / 2n)
  const C1 = ((bCbrt ** 2n / E18) * secondCbrt) / E18
  const root = div(E18 * C1 - E18 * b - div(E18 * b, C1) * delta0, 3n * a)
  const y0 = (((D ** 2n / xj) * root) / 4n) / E18
  if (y0 < 0n || root < 0n) fail('convert')
  const frac = (y0 * E18) / D
  if (!(frac >= 10n ** 36n / 2n / limMul && frac <= limMul / 2n)) fail('unsafe value for y')
  return [y0, root]
}

/** `newton_D`: the invariant of balances `xUnsorted` (`K0prev` from `get_y` speeds it up and changes its rounding). */
export function newtonD(ANN: bigint, gamma: bigint, xUnsorted: readonly bigint[], K0prev = 0n): bigint {
  if (!(ANN > MIN_A - 1n && ANN < MAX_A + 1n)) fail('unsafe values A')
  if (!(gamma > MIN_GAMMA - 1n && gamma < MAX_GAMMA + 1n)) fail('unsafe values gamma')
  const x = xUnsorted[0]! < xUnsorted[1]! ? [xUnsorted[1]!, xUnsorted[0]!] : [xUnsorted[0]!, xUnsorted[1]!]
  const [x0, x1] = x as [bigint, bigint]
  if (!(x0 > 10n ** 9n - 1n && x0 < 10n ** 33n + 1n)) fail('unsafe values x[0]')
  if (!((x1 * E18) / x0 > 10n ** 14n - 1n)) fail('unsafe values x[i] (input)')
  const S = x0 + x1
  let D: bigint
  if (K0prev === 0n) D = 2n * isqrt(x0 * x1)
  else {
    D = isqrt(((4n * x0 * x1) / K0prev) * E18)
    if (S < D) D = S
  }
  const g1k0Base = gamma + E18
  for (let k = 0; k < 255; k++) {
    const Dprev = D
    if (D <= 0n) fail('D')
    const K0 = (((E18 * 4n * x0) / D) * x1) / D
    if (K0 === 0n) fail('division by zero')
    const g1k0 = g1k0Base > K0 ? g1k0Base - K0 + 1n : K0 - g1k0Base + 1n
    const mul1 = (((((E18 * D) / gamma) * g1k0) / gamma) * g1k0 * A_MULTIPLIER) / ANN
    const mul2 = (2n * E18 * 2n * K0) / g1k0
    const negFprime = S + (S * mul2) / E18 + (mul1 * 2n) / K0 - (mul2 * D) / E18
    if (negFprime <= 0n) fail('neg_fprime')
    const Dplus = (D * (negFprime + S)) / negFprime
    let Dminus = (D * D) / negFprime
    const q = (D * (mul1 / negFprime)) / E18
    if (E18 > K0) Dminus += (q * (E18 - K0)) / K0
    else Dminus -= (q * (K0 - E18)) / K0
    if (Dminus < 0n) fail('underflow')
    D = Dplus > Dminus ? Dplus - Dminus : (Dminus - Dplus) / 2n
    const diff = D > Dprev ? D - Dprev : Dprev - D
    if (diff * 10n ** 14n < max(10n ** 16n, D)) {
      for (const xi of x) {
        const frac = (xi * E18) / D
        if (!(frac > 10n ** 16n / 2n - 1n && frac < 10n ** 20n / 2n + 1n)) fail('unsafe values x[i]')
      }
      return D
    }
  }
  fail('Did not converge')
}

/** `get_p`: dx/dy at `xp` (to be multiplied by price_scale). */
export function getP(xp: readonly bigint[], D: bigint, A: bigint, gamma: bigint): bigint {
  if (!(D > 10n ** 17n - 1n && D < 10n ** 33n + 1n)) fail('unsafe D values')
  const [x0, x1] = xp as [bigint, bigint]
  const E36 = 10n ** 36n
  const K0 = (((4n * x0 * x1) / D) * E36) / D
  const GK0 = (((2n * K0 * K0) / E36) * K0) / E36 + (gamma + E18) ** 2n - ((K0 ** 2n / E36) * (2n * gamma + 3n * E18)) / E18
  const NNAG2 = (A * gamma ** 2n) / A_MULTIPLIER
  const denominator = GK0 + (((NNAG2 * x0) / D) * K0) / E36
  return ((x0 * (GK0 + (((NNAG2 * x1) / D) * K0) / E36)) / x1 * E18) / denominator
}

/** `wad_exp`: e^(x / 1e18) * 1e18, Remco Bloemen's rational approximation as Curve uses it. */
export function wadExp(x: bigint): bigint {
  if (x <= -42139678854452767551n) return 0n
  if (x >= 135305999368893231589n) fail('Math: wad_exp overflow')
  let value = (x << 78n) / 5n ** 18n
  const k = (((value << 96n) / 54916777467707473351141471128n) + 2n ** 95n) >> 96n
  value = value - k * 54916777467707473351141471128n
  const y = (((value + 1346386616545796478920950773328n) * value) >> 96n) + 57155421227552351082224309758442n
  const p = (((((y + value) - 94201549194550492254356042504812n) * y) >> 96n) + 28719021644029726153956944680412240n) * value + (4385272521454847904659076985693276n << 96n)
  let q = (((value - 2855989394907223263936484059900n) * value) >> 96n) + 50020603652535783019961831881945n
  q = ((q * value) >> 96n) - 533845033583426703283633433725380n
  q = ((q * value) >> 96n) + 3604857256930695427073651918091429n
  q = ((q * value) >> 96n) - 14423608567350463180887372962807573n
  q = ((q * value) >> 96n) + 26449188498355588339934803723976023n
  const r = p / q
  // The product is taken modulo 2^256 on chain (`unsafe_mul` of the bits as uint256).
  return ((r * 3822833074963236453042738258902158003155416615667n) & ((1n << 256n) - 1n)) >> (195n - k)
}
