import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { MAX_UINT256, V3MathRevert } from './fullMath.js'
import {
  getAmount0Delta,
  getAmount1Delta,
  getNextSqrtPriceFromAmount0RoundingUp,
  getNextSqrtPriceFromAmount1RoundingDown,
  getNextSqrtPriceFromInput,
} from './sqrtPriceMath.js'

// References are the exact rational definitions of the whitepaper (§6.2.3), rounded as the contract's
// comments say: amounts the pool receives round up, amounts it pays round down, and the next price
// rounds so the swap never gets more than it paid for.
const Q96 = 1n << 96n
const MAX_UINT160 = (1n << 160n) - 1n
const MAX_UINT128 = (1n << 128n) - 1n
const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b
const floorDiv = (a: bigint, b: bigint): bigint => a / b

const sqrtPrice = fc.bigInt(1n, MAX_UINT160)
const liquidity = fc.bigInt(0n, MAX_UINT128)
const positiveLiquidity = fc.bigInt(1n, MAX_UINT128)

// SqrtPriceMath.spec.ts: encodePriceSqrt(1, 1) and encodePriceSqrt(121, 100), floored.
const PRICE_1 = Q96
const PRICE_121_100 = 87150978765690771352898345369n

describe('getAmount0Delta', () => {
  test('L * 2^96 * (B - A) / (A * B), rounded as asked, in either argument order', () => {
    fc.assert(
      fc.property(sqrtPrice, sqrtPrice, liquidity, (a, b, l) => {
        const [lo, hi] = a < b ? [a, b] : [b, a]
        const numerator = (l << 96n) * (hi - lo)
        const denominator = lo * hi
        expect(getAmount0Delta(a, b, l, true)).toBe(ceilDiv(numerator, denominator))
        expect(getAmount0Delta(b, a, l, true)).toBe(ceilDiv(numerator, denominator))
        expect(getAmount0Delta(a, b, l, false)).toBe(floorDiv(numerator, denominator))
        expect(getAmount0Delta(b, a, l, false)).toBe(floorDiv(numerator, denominator))
      }),
      { numRuns: 300 },
    )
  })

  test('SqrtPriceMath.spec vectors; a zero price reverts', () => {
    expect(getAmount0Delta(PRICE_1, PRICE_121_100, 10n ** 18n, true)).toBe(90909090909090910n)
    expect(getAmount0Delta(PRICE_1, PRICE_121_100, 10n ** 18n, false)).toBe(90909090909090909n)
    expect(getAmount0Delta(PRICE_1, 2n * PRICE_1, 0n, true)).toBe(0n)
    expect(getAmount0Delta(PRICE_1, PRICE_1, 10n ** 18n, true)).toBe(0n)
    expect(() => getAmount0Delta(0n, PRICE_1, 10n ** 18n, true)).toThrow('sqrtRatioA is zero')
    expect(() => getAmount0Delta(PRICE_1, 0n, 10n ** 18n, false)).toThrow(V3MathRevert)
  })
})

describe('getAmount1Delta', () => {
  test('L * (B - A) / 2^96, rounded as asked, in either argument order', () => {
    fc.assert(
      fc.property(sqrtPrice, sqrtPrice, liquidity, (a, b, l) => {
        const numerator = l * (a < b ? b - a : a - b)
        expect(getAmount1Delta(a, b, l, true)).toBe(ceilDiv(numerator, Q96))
        expect(getAmount1Delta(b, a, l, true)).toBe(ceilDiv(numerator, Q96))
        expect(getAmount1Delta(a, b, l, false)).toBe(floorDiv(numerator, Q96))
        expect(getAmount1Delta(b, a, l, false)).toBe(floorDiv(numerator, Q96))
      }),
      { numRuns: 300 },
    )
  })

  test('SqrtPriceMath.spec vectors', () => {
    expect(getAmount1Delta(PRICE_1, PRICE_121_100, 10n ** 18n, true)).toBe(100000000000000000n)
    expect(getAmount1Delta(PRICE_1, PRICE_121_100, 10n ** 18n, false)).toBe(99999999999999999n)
    expect(getAmount1Delta(PRICE_121_100, PRICE_1, 0n, true)).toBe(0n)
  })
})

describe('getNextSqrtPriceFromAmount0RoundingUp', () => {
  test('adding: L*2^96*P / (L*2^96 + amount*P) rounded up while it fits in 256 bits, never below it otherwise', () => {
    fc.assert(
      fc.property(sqrtPrice, positiveLiquidity, fc.bigInt(0n, MAX_UINT256), (p, l, amount) => {
        const n = l << 96n
        const result = getNextSqrtPriceFromAmount0RoundingUp(p, l, amount, true)
        const exact = ceilDiv(n * p, n + amount * p)
        if (amount === 0n) expect(result).toBe(p)
        else if (n + amount * p <= MAX_UINT256) expect(result).toBe(exact)
        else {
          // The overflow fallback is less precise but still rounds in the pool's favour.
          expect(result >= exact).toBe(true)
          expect(result <= exact + exact / (1n << 95n) + 1n).toBe(true)
        }
        expect(result <= p).toBe(true)
      }),
      { numRuns: 400 },
    )
  })

  test('adding, overflow fallback with a result far from 1 (amount * P past 2^256)', () => {
    for (const [p, l, amount] of [
      [1n << 150n, 1n << 127n, 1n << 110n],
      [(1n << 159n) + 12345n, MAX_UINT128, (1n << 100n) + 7n],
      [3n << 120n, 5n << 100n, MAX_UINT256 >> 110n],
    ] as const) {
      expect(amount * p > MAX_UINT256).toBe(true)
      const n = l << 96n
      const exact = ceilDiv(n * p, n + amount * p)
      const result = getNextSqrtPriceFromAmount0RoundingUp(p, l, amount, true)
      expect(exact > 1000n).toBe(true)
      expect(result >= exact && result <= exact + exact / (1n << 95n) + 1n).toBe(true)
    }
  })

  test('adding: the contract\'s branch choice at the 256-bit edge (precise at exactly 2^256 - 1, the fallback past it)', () => {
    // L*2^96 + amount*P = 2^256 - 1 exactly: the sum does not overflow, so the contract stays precise.
    const p = 89202980794122492566142873090593446025429627n
    const l = 118309243388760191816566949020006694914n
    const amount = 1298074214528627190303677566251853n
    expect((l << 96n) + amount * p).toBe(MAX_UINT256)
    expect(getNextSqrtPriceFromAmount0RoundingUp(p, l, amount, true)).toBe(7221023156052257801304135072021894n)
    // One more unit of input overflows the sum: divRoundingUp(L*2^96, L*2^96/P + amount), six units above the
    // precise 7221023156052257801304135072021888.
    expect(getNextSqrtPriceFromAmount0RoundingUp(p, l, amount + 1n, true)).toBe(7221023156052257801304135072021894n)
    // amount * P past 2^256: the fallback's value, not the precise 21267647931939683946836237225427468288.
    expect(getNextSqrtPriceFromAmount0RoundingUp((1n << 159n) + 12345n, MAX_UINT128, (1n << 100n) + 7n, true)).toBe(21267647931939683946836237225444245504n)
  })

  test('removing: L*2^96*P / (L*2^96 - amount*P) rounded up; reverts when the reserve is not enough or past uint160', () => {
    fc.assert(
      fc.property(sqrtPrice, positiveLiquidity, fc.bigInt(1n, MAX_UINT256), (p, l, amount) => {
        const n = l << 96n
        if (n <= amount * p) {
          expect(() => getNextSqrtPriceFromAmount0RoundingUp(p, l, amount, false)).toThrow(V3MathRevert)
          return
        }
        const exact = ceilDiv(n * p, n - amount * p)
        if (exact > MAX_UINT160) expect(() => getNextSqrtPriceFromAmount0RoundingUp(p, l, amount, false)).toThrow(V3MathRevert)
        else expect(getNextSqrtPriceFromAmount0RoundingUp(p, l, amount, false)).toBe(exact)
      }),
      { numRuns: 300 },
    )
  })

  test('removing, SqrtPriceMath.spec (getNextSqrtPriceFromOutput) vectors', () => {
    const price = 20282409603651670423947251286016n // encodePriceSqrt(256, 1)
    // Exactly, and more than, the virtual reserve of token0 (4) reverts.
    expect(() => getNextSqrtPriceFromAmount0RoundingUp(price, 1024n, 4n, false)).toThrow('amount0 underflow')
    expect(() => getNextSqrtPriceFromAmount0RoundingUp(price, 1024n, 5n, false)).toThrow(V3MathRevert)
    expect(getNextSqrtPriceFromAmount0RoundingUp(PRICE_1, 10n ** 18n, 10n ** 17n, false)).toBe(88031291682515930659493278152n)
    expect(getNextSqrtPriceFromAmount0RoundingUp(PRICE_1, 10n ** 18n, 0n, false)).toBe(PRICE_1)
  })
})

describe('getNextSqrtPriceFromAmount1RoundingDown', () => {
  test('adding: P + amount*2^96/L rounded down, reverting past uint160', () => {
    fc.assert(
      fc.property(sqrtPrice, positiveLiquidity, fc.bigInt(0n, MAX_UINT256), (p, l, amount) => {
        const exact = p + floorDiv(amount * Q96, l)
        if (exact > MAX_UINT160) expect(() => getNextSqrtPriceFromAmount1RoundingDown(p, l, amount, true)).toThrow(V3MathRevert)
        else expect(getNextSqrtPriceFromAmount1RoundingDown(p, l, amount, true)).toBe(exact)
      }),
      { numRuns: 300 },
    )
    expect(getNextSqrtPriceFromAmount1RoundingDown(MAX_UINT160 - 1n, Q96, 1n, true)).toBe(MAX_UINT160)
    expect(() => getNextSqrtPriceFromAmount1RoundingDown(MAX_UINT160 - 1n, Q96, 2n, true)).toThrow('toUint160')
  })

  test('removing: P - amount*2^96/L rounded up, reverting when the price would reach zero', () => {
    fc.assert(
      fc.property(sqrtPrice, positiveLiquidity, fc.bigInt(0n, MAX_UINT256), (p, l, amount) => {
        const quotient = ceilDiv(amount * Q96, l)
        if (quotient >= p) expect(() => getNextSqrtPriceFromAmount1RoundingDown(p, l, amount, false)).toThrow(V3MathRevert)
        else expect(getNextSqrtPriceFromAmount1RoundingDown(p, l, amount, false)).toBe(p - quotient)
      }),
      { numRuns: 300 },
    )
    // SqrtPriceMath.spec: 262144 is exactly the virtual reserve of token1, 262143 is just below it.
    const price = 20282409603651670423947251286016n
    expect(() => getNextSqrtPriceFromAmount1RoundingDown(price, 1024n, 262144n, false)).toThrow('amount1 underflow')
    expect(() => getNextSqrtPriceFromAmount1RoundingDown(price, 1024n, 262145n, false)).toThrow(V3MathRevert)
    expect(getNextSqrtPriceFromAmount1RoundingDown(price, 1024n, 262143n, false)).toBe(77371252455336267181195264n)
    expect(getNextSqrtPriceFromAmount1RoundingDown(PRICE_1, 10n ** 18n, 10n ** 17n, false)).toBe(71305346262837903834189555302n)
    expect(getNextSqrtPriceFromAmount1RoundingDown(Q96 + 1n, Q96, 1n, false)).toBe(Q96)
  })
})

describe('getNextSqrtPriceFromInput', () => {
  test('SqrtPriceMath.spec vectors', () => {
    expect(() => getNextSqrtPriceFromInput(0n, 1n, 10n ** 17n, false)).toThrow('price or liquidity is zero')
    expect(() => getNextSqrtPriceFromInput(1n, 0n, 10n ** 17n, true)).toThrow('price or liquidity is zero')
    // Input overflowing the price.
    expect(() => getNextSqrtPriceFromInput(MAX_UINT160, 1024n, 1024n, false)).toThrow(V3MathRevert)
    // Any input amount cannot underflow the price.
    expect(getNextSqrtPriceFromInput(1n, 1n, 1n << 255n, true)).toBe(1n)
    expect(getNextSqrtPriceFromInput(PRICE_1, 10n ** 17n, 0n, true)).toBe(PRICE_1)
    expect(getNextSqrtPriceFromInput(PRICE_1, 10n ** 17n, 0n, false)).toBe(PRICE_1)
    // The minimum price for max inputs.
    const maxAmountNoOverflow = MAX_UINT256 - (MAX_UINT128 << 96n) / MAX_UINT160
    expect(getNextSqrtPriceFromInput(MAX_UINT160, MAX_UINT128, maxAmountNoOverflow, true)).toBe(1n)
    expect(getNextSqrtPriceFromInput(PRICE_1, 10n ** 18n, 10n ** 17n, false)).toBe(87150978765690771352898345369n)
    expect(getNextSqrtPriceFromInput(PRICE_1, 10n ** 18n, 10n ** 17n, true)).toBe(72025602285694852357767227579n)
    expect(getNextSqrtPriceFromInput(PRICE_1, 10n ** 19n, 1n << 100n, true)).toBe(624999999995069620n)
    expect(getNextSqrtPriceFromInput(PRICE_1, 1n, MAX_UINT256 / 2n, true)).toBe(1n)
  })

  test('selling token0 lowers the price by the amount0 rule, selling token1 raises it by the amount1 rule', () => {
    fc.assert(
      fc.property(fc.bigInt(1n << 64n, 1n << 150n), fc.bigInt(1n << 64n, 1n << 120n), fc.bigInt(1n, 1n << 120n), (p, l, amount) => {
        expect(getNextSqrtPriceFromInput(p, l, amount, true)).toBe(getNextSqrtPriceFromAmount0RoundingUp(p, l, amount, true))
        expect(getNextSqrtPriceFromInput(p, l, amount, false)).toBe(p + floorDiv(amount * Q96, l))
      }),
      { numRuns: 100 },
    )
  })
})
