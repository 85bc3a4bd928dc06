import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { ONE, add, complement, divDown, divUp, mulDown, mulUp, powUp, sub } from './fixedPoint.js'
import { BalancerMathRevert } from './logExpMath.js'

const MAX = (1n << 256n) - 1n

/*
 * powUp golden grid from Balancer V2's FixedPoint.sol (balancer-v2-monorepo 316ded07, pragma raised to
 * 0.8, `_require` → `require`), compiled with solc 0.8.19 and called on anvil. A string is the revert
 * reason (MUL_OVERFLOW stands for 0.8's checked-arithmetic panic where 0.7 hit `_require(…MUL_OVERFLOW)`).
 * The exponents cover the 1/2/4 shortcuts and one wei either side of them.
 */
const POW_X = [0n, 1n, 1000000000n, 333333333333333333n, 700000000000000000n, 999999999999999999n, 1000000000000000000n, 1000000000000000001n, 123456789000000000000n, 1000000000000000000000000000000n]
const POW_Y = [1000000000000000000n, 2000000000000000000n, 4000000000000000000n, 500000000000000000n, 250000000000000000n, 3000000000000000000n, 2500000000000000000n, 1250000000000000000n, 3333333333333333333n, 25000000000000000000n, 100000000000000000000n, 999999999999999999n, 2000000000000000001n, 3999999999999999999n]
/** powUp(POW_X[i], POW_Y[j]) = POWUP[i][j]. */
const POWUP: (bigint | string)[][] = [
  [0n, 0n, 0n, 1n, 1n, 1n, 1n, 1n, 1n, 1n, 1n, 1n, 1n, 1n],
  [1n, 1n, 1n, 1000000002n, 31622776601685n, 'PRODUCT_OUT_OF_BOUNDS', 'PRODUCT_OUT_OF_BOUNDS', 'PRODUCT_OUT_OF_BOUNDS', 'PRODUCT_OUT_OF_BOUNDS', 'PRODUCT_OUT_OF_BOUNDS', 'PRODUCT_OUT_OF_BOUNDS', 'PRODUCT_OUT_OF_BOUNDS', 'PRODUCT_OUT_OF_BOUNDS', 'PRODUCT_OUT_OF_BOUNDS'],
  [1000000000n, 1n, 1n, 31622776601685n, 5623413251903548n, 'PRODUCT_OUT_OF_BOUNDS', 'PRODUCT_OUT_OF_BOUNDS', 5623415n, 'PRODUCT_OUT_OF_BOUNDS', 'PRODUCT_OUT_OF_BOUNDS', 'PRODUCT_OUT_OF_BOUNDS', 1000000002n, 'PRODUCT_OUT_OF_BOUNDS', 'PRODUCT_OUT_OF_BOUNDS'],
  [333333333333333333n, 111111111111111111n, 12345679012345679n, 577350269189631539n, 759835685651600147n, 37037037037037408n, 64150029909959061n, 253278561883866716n, 25680047198171913n, 1180237n, 'PRODUCT_OUT_OF_BOUNDS', 333333333333336668n, 111111111111112223n, 12345679012345804n],
  [700000000000000000n, 490000000000000000n, 240100000000000000n, 836660026534083916n, 914691219228703586n, 343000000000003431n, 409963413001701120n, 640283853460092511n, 304551072597715091n, 134106861966399n, 325n, 700000000000007003n, 490000000000004903n, 240100000000002404n],
  [999999999999999999n, 999999999999999999n, 999999999999999999n, 1000000000000010001n, 1000000000000010001n, 1000000000000009998n, 1000000000000009999n, 1000000000000010000n, 1000000000000009998n, 1000000000000009976n, 1000000000000009901n, 1000000000000010001n, 1000000000000009999n, 1000000000000009998n],
  [1000000000000000000n, 1000000000000000000n, 1000000000000000000n, 1000000000000010001n, 1000000000000010001n, 1000000000000010001n, 1000000000000010001n, 1000000000000010001n, 1000000000000010001n, 1000000000000010001n, 1000000000000010001n, 1000000000000010001n, 1000000000000010001n, 1000000000000010001n],
  [1000000000000000001n, 1000000000000000003n, 1000000000000000007n, 1000000000000010001n, 1000000000000010001n, 1000000000000010004n, 1000000000000010004n, 1000000000000010003n, 1000000000000010005n, 1000000000000010026n, 1000000000000010101n, 1000000000000010001n, 1000000000000010003n, 1000000000000010005n],
  [123456789000000000000n, 15241578750190521000000n, 232305722798259244150093799n, 11111111060555666546n, 3333333325750033307n, 1881676371789173676894726n, 169350874231572110367734n, 411522629063790128622n, 9369503776046357346588455n, 19403247760587134627118637376324691768407439421003277738005275809368145n, 'PRODUCT_OUT_OF_BOUNDS', 123456789000001233933n, 15241578750190673473338n, 232305722798261565955574043n],
  [1000000000000000000000000000000n, 1000000000000000000000000000000000000000000n, 'MUL_OVERFLOW', 1000000000000009999841691n, 1000000000000009999887n, 1000000000000009999304530490213945532309565451252170048n, 1000000000000009999419887207636354846621316863608n, 1000000000000009999691923858386697n, 10000000000000099892407211052451138075524177426372173736531n, 'PRODUCT_OUT_OF_BOUNDS', 'PRODUCT_OUT_OF_BOUNDS', 1000000000000009971737618375365n, 1000000000000010026533754397432024621006853n, 1000000000000009971091192315042108334841218431783518574555128492895n],
]

const revertOf = (f: () => bigint): bigint | string => {
  try {
    return f()
  } catch (error) {
    if (error instanceof BalancerMathRevert) return error.message
    throw error
  }
}

/** Floor and ceiling of n / d for n ≥ 0, d > 0, from the quotient and remainder. */
const floorDiv = (n: bigint, d: bigint) => n / d
const ceilDiv = (n: bigint, d: bigint) => n / d + (n % d === 0n ? 0n : 1n)

const word = fc.bigInt({ min: 0n, max: 10n ** 38n })

describe('FixedPoint', () => {
  test('powUp matches the Solidity library on the golden grid', () => {
    POW_X.forEach((x, i) => POW_Y.forEach((y, j) => expect(revertOf(() => powUp(x, y)), `powUp(${x}, ${y})`).toBe(POWUP[i]![j])))
  })

  test('mulDown/mulUp are floor/ceil of a·b/1e18; divDown/divUp of a·1e18/b', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(mulDown(a, b)).toBe(floorDiv(a * b, ONE))
        expect(mulUp(a, b)).toBe(ceilDiv(a * b, ONE))
        if (b > 0n) {
          expect(divDown(a, b)).toBe(floorDiv(a * ONE, b))
          expect(divUp(a, b)).toBe(ceilDiv(a * ONE, b))
        }
        expect(add(a, b)).toBe(a + b)
        expect(a >= b ? sub(a, b) : revertOf(() => sub(a, b))).toBe(a >= b ? a - b : 'SUB_OVERFLOW')
      }),
      { numRuns: 300 },
    )
    // Exact products and quotients do not round up; one wei over does.
    expect(mulUp(3n * ONE, ONE / 2n)).toBe(3n * (ONE / 2n))
    expect(mulUp(1n, 1n)).toBe(1n)
    expect(mulDown(1n, 1n)).toBe(0n)
    expect(mulUp(0n, 5n)).toBe(0n)
    expect(mulUp(ONE + 1n, ONE)).toBe(ONE + 1n)
    expect(divUp(ONE, 3n * ONE)).toBe(333_333_333_333_333_334n)
    expect(divDown(ONE, 3n * ONE)).toBe(333_333_333_333_333_333n)
    expect(divUp(0n, 7n)).toBe(0n)
    expect(divUp(6n, 3n * ONE)).toBe(2n)
    expect(divUp(7n, 3n * ONE)).toBe(3n)
  })

  test('complement is 1 − x, floored at 0', () => {
    expect(complement(0n)).toBe(ONE)
    expect(complement(ONE / 4n)).toBe((3n * ONE) / 4n)
    expect(complement(ONE - 1n)).toBe(1n)
    expect(complement(ONE)).toBe(0n)
    expect(complement(ONE + 1n)).toBe(0n)
  })

  test('reverts where the uint256 contract does', () => {
    expect(add(MAX - 1n, 1n)).toBe(MAX)
    expect(revertOf(() => add(MAX, 1n))).toBe('ADD_OVERFLOW')
    expect(sub(5n, 5n)).toBe(0n)
    expect(revertOf(() => sub(5n, 6n))).toBe('SUB_OVERFLOW')
    const half = 1n << 128n
    expect(mulDown(half, half - 1n)).toBe((half * (half - 1n)) / ONE)
    expect(mulUp(half, half - 1n)).toBe(ceilDiv(half * (half - 1n), ONE))
    expect(revertOf(() => mulDown(half, half))).toBe('MUL_OVERFLOW')
    expect(revertOf(() => mulUp(half, half))).toBe('MUL_OVERFLOW')
    expect(revertOf(() => divDown(1n, 0n))).toBe('ZERO_DIVISION')
    expect(revertOf(() => divUp(0n, 0n))).toBe('ZERO_DIVISION')
    const maxInflatable = MAX / ONE
    expect(divDown(maxInflatable, ONE)).toBe(maxInflatable)
    expect(divUp(maxInflatable, ONE)).toBe(maxInflatable)
    expect(revertOf(() => divDown(maxInflatable + 1n, 1n))).toBe('DIV_INTERNAL')
    expect(revertOf(() => divUp(maxInflatable + 1n, 1n))).toBe('DIV_INTERNAL')
  })

  test('powUp stays above the real power (float reference) by at most its 1e-14 margin', () => {
    for (const [x, y] of [[ONE / 3n, 1_500_000_000_000_000_000n], [7n * (ONE / 10n), 3n * ONE], [12n * ONE, ONE / 3n]] as const) {
      const real = Math.pow(Number(x) / 1e18, Number(y) / 1e18)
      const got = Number(powUp(x, y)) / 1e18
      expect(got).toBeGreaterThanOrEqual(real * (1 - 1e-15))
      expect(got / real - 1).toBeLessThan(3e-14)
    }
  })
})
