/**
 * Port of Balancer V2's `LogExpMath` (pkg/solidity-utils/contracts/math/LogExpMath.sol): 18-decimal
 * fixed point x^y via exp(y*ln(x)), with the same constants, term counts and truncating integer
 * division (BigInt division truncates toward zero like Solidity's int256 division).
 */

/** Error thrown where the Solidity library reverts. */
export class BalancerMathRevert extends Error {
  override name = 'BalancerMathRevert'
}

const ONE_18 = 10n ** 18n
const ONE_20 = 10n ** 20n
const ONE_36 = 10n ** 36n
const MAX_NATURAL_EXPONENT = 130n * ONE_18
const MIN_NATURAL_EXPONENT = -41n * ONE_18
const LN_36_LOWER_BOUND = ONE_18 - 10n ** 17n
const LN_36_UPPER_BOUND = ONE_18 + 10n ** 17n
const MILD_EXPONENT_BOUND = 2n ** 254n / ONE_20

const x0 = 128000000000000000000n
const a0 = 38877084059945950922200000000000000000000000000000000000n
const x1 = 64000000000000000000n
const a1 = 6235149080811616882910000000n
const x2 = 3200000000000000000000n
const a2 = 7896296018268069516100000000000000n
const x3 = 1600000000000000000000n
const a3 = 888611052050787263676000000n
const x4 = 800000000000000000000n
const a4 = 298095798704172827474000n
const x5 = 400000000000000000000n
const a5 = 5459815003314423907810n
const x6 = 200000000000000000000n
const a6 = 738905609893065022723n
const x7 = 100000000000000000000n
const a7 = 271828182845904523536n
const x8 = 50000000000000000000n
const a8 = 164872127070012814685n
const x9 = 25000000000000000000n
const a9 = 128402541668774148407n
const x10 = 12500000000000000000n
const a10 = 113314845306682631683n
const x11 = 6250000000000000000n
const a11 = 106449445891785942956n

/** `LogExpMath.pow(x, y)`: x^y for unsigned 18-decimal fixed point numbers. */
export function pow(x: bigint, y: bigint): bigint {
  if (y === 0n) return ONE_18
  if (x === 0n) return 0n
  if (x >> 255n !== 0n) throw new BalancerMathRevert('X_OUT_OF_BOUNDS')
  if (y >= MILD_EXPONENT_BOUND) throw new BalancerMathRevert('Y_OUT_OF_BOUNDS')
  let logxTimesY: bigint
  if (LN_36_LOWER_BOUND < x && x < LN_36_UPPER_BOUND) {
    const ln36x = lnAt36(x)
    logxTimesY = (ln36x / ONE_18) * y + ((ln36x % ONE_18) * y) / ONE_18
  } else {
    logxTimesY = lnAt18(x) * y
  }
  logxTimesY /= ONE_18
  if (logxTimesY < MIN_NATURAL_EXPONENT || logxTimesY > MAX_NATURAL_EXPONENT) throw new BalancerMathRevert('PRODUCT_OUT_OF_BOUNDS')
  return exp(logxTimesY)
}

/** `LogExpMath.exp(x)`: e^x for a signed 18-decimal fixed point exponent. */
export function exp(x: bigint): bigint {
  if (x < MIN_NATURAL_EXPONENT || x > MAX_NATURAL_EXPONENT) throw new BalancerMathRevert('INVALID_EXPONENT')
  if (x < 0n) return (ONE_18 * ONE_18) / exp(-x)
  let firstAN: bigint
  if (x >= x0) {
    x -= x0
    firstAN = a0
  } else if (x >= x1) {
    x -= x1
    firstAN = a1
  } else firstAN = 1n
  x *= 100n
  let product = ONE_20
  for (const [xn, an] of [
    [x2, a2],
    [x3, a3],
    [x4, a4],
    [x5, a5],
    [x6, a6],
    [x7, a7],
    [x8, a8],
    [x9, a9],
  ] as const) {
    if (x >= xn) {
      x -= xn
      product = (product * an) / ONE_20
    }
  }
  let seriesSum = ONE_20
  let term = x
  seriesSum += term
  for (let n = 2n; n <= 12n; n++) {
    term = (term * x) / ONE_20 / n
    seriesSum += term
  }
  return (((product * seriesSum) / ONE_20) * firstAN) / 100n
}

/** `LogExpMath._ln(a)` for an 18-decimal argument. */
function lnAt18(a: bigint): bigint {
  if (a < ONE_18) return -lnAt18((ONE_18 * ONE_18) / a)
  let sum = 0n
  if (a >= a0 * ONE_18) {
    a /= a0
    sum += x0
  }
  if (a >= a1 * ONE_18) {
    a /= a1
    sum += x1
  }
  sum *= 100n
  a *= 100n
  for (const [xn, an] of [
    [x2, a2],
    [x3, a3],
    [x4, a4],
    [x5, a5],
    [x6, a6],
    [x7, a7],
    [x8, a8],
    [x9, a9],
    [x10, a10],
    [x11, a11],
  ] as const) {
    if (a >= an) {
      a = (a * ONE_20) / an
      sum += xn
    }
  }
  const z = ((a - ONE_20) * ONE_20) / (a + ONE_20)
  const zSquared = (z * z) / ONE_20
  let num = z
  let seriesSum = num
  for (const d of [3n, 5n, 7n, 9n, 11n]) {
    num = (num * zSquared) / ONE_20
    seriesSum += num / d
  }
  seriesSum *= 2n
  return (sum + seriesSum) / 100n
}

/** `LogExpMath._ln_36(x)`: 36-decimal ln for x close to one. */
function lnAt36(x: bigint): bigint {
  x *= ONE_18
  const z = ((x - ONE_36) * ONE_36) / (x + ONE_36)
  const zSquared = (z * z) / ONE_36
  let num = z
  let seriesSum = num
  for (const d of [3n, 5n, 7n, 9n, 11n, 13n, 15n]) {
    num = (num * zSquared) / ONE_36
    seriesSum += num / d
  }
  return seriesSum * 2n
}

/** `LogExpMath.ln(a)` for an 18-decimal argument (exposed for tests). */
export function ln(a: bigint): bigint {
  if (a <= 0n) throw new BalancerMathRevert('OUT_OF_BOUNDS')
  return LN_36_LOWER_BOUND < a && a < LN_36_UPPER_BOUND ? lnAt36(a) / ONE_18 : lnAt18(a)
}
