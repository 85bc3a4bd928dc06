import { describe, expect, test } from 'vitest'
import { balancerV2Adapter } from './index.js'
import { exp, ln, pow } from './logExpMath.js'
import { BalancerMathRevert } from './logExpMath.js'
import { MAX_IN_RATIO, calcOutGivenIn, quoteWeightedSwap } from './quote.js'
import type { BalancerV2WeightedPoolSnapshot } from './types.js'

const ONE = 10n ** 18n
const fee = 10n ** 16n

/*
 * Golden vectors of WeightedMath._calcOutGivenIn from Balancer V2's Solidity (balancer-v2-monorepo
 * 316ded07, pragma raised to 0.8, `_require` → `require`), compiled with solc 0.8.19 and called on
 * anvil; a string is the revert reason. Amounts run from 0 to one wei past the 30% MAX_IN_RATIO.
 */
/** [balanceIn, weightIn, balanceOut, weightOut, amountIn, out]. */
const OUT_GIVEN_IN: [bigint, bigint, bigint, bigint, bigint, bigint | string][] = [
  [1000000000000000000000n, 500000000000000000n, 2000000000000000000000n, 500000000000000000n, 0n, 0n],
  [1000000000000000000000n, 500000000000000000n, 2000000000000000000000n, 500000000000000000n, 1n, 0n],
  [1000000000000000000000n, 500000000000000000n, 2000000000000000000000n, 500000000000000000n, 1000000n, 1998000n],
  [1000000000000000000000n, 500000000000000000n, 2000000000000000000000n, 500000000000000000n, 1000000000000000000n, 1998001998001998000n],
  [1000000000000000000000n, 500000000000000000n, 2000000000000000000000n, 500000000000000000n, 100000000000000000000n, 181818181818181818000n],
  [1000000000000000000000n, 500000000000000000n, 2000000000000000000000n, 500000000000000000n, 299999999999999999999n, 461538461538461538000n],
  [1000000000000000000000n, 500000000000000000n, 2000000000000000000000n, 500000000000000000n, 300000000000000000000n, 461538461538461538000n],
  [1000000000000000000000n, 500000000000000000n, 2000000000000000000000n, 500000000000000000n, 300000000000000000001n, 'MAX_IN_RATIO'],
  [1000000000000000000000n, 800000000000000000n, 1000000000000000000000n, 200000000000000000n, 0n, 0n],
  [1000000000000000000000n, 800000000000000000n, 1000000000000000000000n, 200000000000000000n, 1n, 0n],
  [1000000000000000000000n, 800000000000000000n, 1000000000000000000000n, 200000000000000000n, 1000000n, 3993000n],
  [1000000000000000000000n, 800000000000000000n, 1000000000000000000000n, 200000000000000000n, 1000000000000000000n, 3990019965055916000n],
  [1000000000000000000000n, 800000000000000000n, 1000000000000000000000n, 200000000000000000n, 100000000000000000000n, 316986544634929306000n],
  [1000000000000000000000n, 800000000000000000n, 1000000000000000000000n, 200000000000000000n, 299999999999999999999n, 649872203354224290000n],
  [1000000000000000000000n, 800000000000000000n, 1000000000000000000000n, 200000000000000000n, 300000000000000000000n, 649872203354224290000n],
  [1000000000000000000000n, 800000000000000000n, 1000000000000000000000n, 200000000000000000n, 300000000000000000001n, 'MAX_IN_RATIO'],
  [1000000000000000000000n, 200000000000000000n, 3000000000000000000000n, 800000000000000000n, 0n, 0n],
  [1000000000000000000000n, 200000000000000000n, 3000000000000000000000n, 800000000000000000n, 1n, 0n],
  [1000000000000000000000n, 200000000000000000n, 3000000000000000000000n, 800000000000000000n, 1000000n, 0n],
  [1000000000000000000000n, 200000000000000000n, 3000000000000000000000n, 800000000000000000n, 1000000000000000000n, 749531601247101000n],
  [1000000000000000000000n, 200000000000000000n, 3000000000000000000000n, 800000000000000000n, 100000000000000000000n, 70637730971039064000n],
  [1000000000000000000000n, 200000000000000000n, 3000000000000000000000n, 800000000000000000n, 299999999999999999999n, 190458725385330660000n],
  [1000000000000000000000n, 200000000000000000n, 3000000000000000000000n, 800000000000000000n, 300000000000000000000n, 190458725385330660000n],
  [1000000000000000000000n, 200000000000000000n, 3000000000000000000000n, 800000000000000000n, 300000000000000000001n, 'MAX_IN_RATIO'],
  [5000000000000000000000000000000n, 400000000000000000n, 300000000000000000000n, 600000000000000000n, 0n, 0n],
  [5000000000000000000000000000000n, 400000000000000000n, 300000000000000000000n, 600000000000000000n, 1n, 0n],
  [5000000000000000000000000000000n, 400000000000000000n, 300000000000000000000n, 600000000000000000n, 1000000n, 0n],
  [5000000000000000000000000000000n, 400000000000000000n, 300000000000000000000n, 600000000000000000n, 5000000000000000000000000000n, 199833481342807200n],
  [5000000000000000000000000000000n, 400000000000000000n, 300000000000000000000n, 600000000000000000n, 500000000000000000000000000000n, 18469059420987958800n],
  [5000000000000000000000000000000n, 400000000000000000n, 300000000000000000000n, 600000000000000000n, 1499999999999999999999999999999n, 48140103908973054600n],
  [5000000000000000000000000000000n, 400000000000000000n, 300000000000000000000n, 600000000000000000n, 1500000000000000000000000000000n, 48140103908973054600n],
  [5000000000000000000000000000000n, 400000000000000000n, 300000000000000000000n, 600000000000000000n, 1500000000000000000000000000001n, 'MAX_IN_RATIO'],
  [123456789000000000000n, 980000000000000000n, 55000000000000000000n, 20000000000000000n, 0n, 0n],
  [123456789000000000000n, 980000000000000000n, 55000000000000000000n, 20000000000000000n, 1n, 0n],
  [123456789000000000000n, 980000000000000000n, 55000000000000000000n, 20000000000000000n, 1000000n, 21279445n],
  [123456789000000000000n, 980000000000000000n, 55000000000000000000n, 20000000000000000n, 123456789000000000n, 2628755641547740485n],
  [123456789000000000000n, 980000000000000000n, 55000000000000000000n, 20000000000000000n, 12345678900000000000n, 54484627647590206055n],
  [123456789000000000000n, 980000000000000000n, 55000000000000000000n, 20000000000000000n, 37037036699999999999n, 54999856405294768110n],
  [123456789000000000000n, 980000000000000000n, 55000000000000000000n, 20000000000000000n, 37037036700000000000n, 54999856405294768110n],
  [123456789000000000000n, 980000000000000000n, 55000000000000000000n, 20000000000000000n, 37037036700000000001n, 'MAX_IN_RATIO'],
  [77000000000000000000n, 333333333333333333n, 12000000000000000000n, 666666666666666666n, 0n, 0n],
  [77000000000000000000n, 333333333333333333n, 12000000000000000000n, 666666666666666666n, 1n, 0n],
  [77000000000000000000n, 333333333333333333n, 12000000000000000000n, 666666666666666666n, 1000000n, 0n],
  [77000000000000000000n, 333333333333333333n, 12000000000000000000n, 666666666666666666n, 77000000000000000n, 5995503746601732n],
  [77000000000000000000n, 333333333333333333n, 12000000000000000000n, 666666666666666666n, 7700000000000000000n, 558448929052777764n],
  [77000000000000000000n, 333333333333333333n, 12000000000000000000n, 666666666666666666n, 23099999999999999999n, 1475303768315544144n],
  [77000000000000000000n, 333333333333333333n, 12000000000000000000n, 666666666666666666n, 23100000000000000000n, 1475303768315544144n],
  [77000000000000000000n, 333333333333333333n, 12000000000000000000n, 666666666666666666n, 23100000000000000001n, 'MAX_IN_RATIO'],
]

describe('LogExpMath', () => {
  test('identities', () => {
    expect(exp(0n)).toBe(ONE)
    expect(ln(ONE)).toBe(0n)
    expect(pow(ONE, 3n * ONE)).toBe(ONE)
    expect(pow(0n, ONE)).toBe(0n)
    expect(pow(5n * ONE, 0n)).toBe(ONE)
  })
  test('pow is within 1e-14 relative of the real power', () => {
    for (const [x, y] of [
      [0.5, 0.25],
      [0.95, 1.5],
      [0.999, 0.3333],
      [2.5, 0.7],
      [1.05, 4.2],
    ] as const) {
      const raw = pow(BigInt(Math.round(x * 1e6)) * 10n ** 12n, BigInt(Math.round(y * 1e6)) * 10n ** 12n)
      expect(Math.abs(Number(raw) / 1e18 / Math.pow(x, y) - 1)).toBeLessThan(1e-14)
    }
  })
})

describe('calcOutGivenIn against the Solidity library (bit-exact)', () => {
  test('golden vectors, MAX_IN_RATIO included', () => {
    expect(MAX_IN_RATIO).toBe((3n * ONE) / 10n)
    for (const [balanceIn, weightIn, balanceOut, weightOut, amountIn, out] of OUT_GIVEN_IN) {
      let got: bigint | string
      try {
        got = calcOutGivenIn({ balanceIn, weightIn, balanceOut, weightOut, amountIn })
      } catch (error) {
        if (!(error instanceof BalancerMathRevert)) throw error
        got = error.message
      }
      expect(got, `out(${balanceIn}, ${amountIn})`).toBe(out)
    }
  })
})

describe('quoteWeightedSwap', () => {
  const base = { weightIn: ONE / 2n, weightOut: ONE / 2n, decimalsIn: 18, decimalsOut: 18, swapFee: fee }
  test('50/50 pool: hand-computed vector (fee, divUp base, mulDown)', () => {
    expect(quoteWeightedSwap({ ...base, balanceIn: 1000n * ONE, balanceOut: 2000n * ONE, amountIn: ONE })).toBe(1978041738678708000n)
  })
  test('token decimals are upscaled and the output downscaled rounding down', () => {
    expect(
      quoteWeightedSwap({ ...base, decimalsIn: 6, balanceIn: 1000n * 10n ** 6n, balanceOut: 2000n * ONE, amountIn: 10n ** 6n }),
    ).toBe(1978041738678708000n)
    expect(
      quoteWeightedSwap({ ...base, decimalsOut: 6, balanceIn: 1000n * ONE, balanceOut: 2000n * 10n ** 6n, amountIn: ONE }),
    ).toBe(1978041n)
  })
  test('80/20 pool uses the x^4 shortcut of powUp', () => {
    const weights = { weightIn: 8n * 10n ** 17n, weightOut: 2n * 10n ** 17n }
    expect(quoteWeightedSwap({ ...base, ...weights, balanceIn: 1000n * ONE, balanceOut: 1000n * ONE, amountIn: ONE })).toBe(
      3950218372412315000n,
    )
  })
  // powUp adds an absolute error of about balanceOut * 1e-14, which dominates for dust amounts.
  test('generic exponent: below the real-valued formula, within its powUp error bound', () => {
    const weights = { weightIn: 2n * 10n ** 17n, weightOut: 8n * 10n ** 17n }
    for (const amountIn of [10n ** 12n, ONE, 100n * ONE]) {
      const out = quoteWeightedSwap({ ...base, ...weights, balanceIn: 1000n * ONE, balanceOut: 3000n * ONE, amountIn })
      const a = (Number(amountIn) * 0.99) / 1e18
      const real = 3000 * (1 - Math.pow(1000 / (1000 + a), 0.25)) * 1e18
      expect(Number(out)).toBeLessThanOrEqual(real * (1 + 1e-12))
      expect(Number(out)).toBeGreaterThan(real * (1 - 1e-12) - 3000 * 1e18 * 2e-14)
    }
  })
  test('18-decimal tokens are not rescaled: balances of 1e33 wei quote without overflow', () => {
    // _calcOutGivenIn(1e33, .5, 2e33, .5, 1e30 − 1%) from the Solidity library (golden, as above).
    expect(quoteWeightedSwap({ ...base, balanceIn: 10n ** 33n, balanceOut: 2n * 10n ** 33n, amountIn: 10n ** 30n })).toBe(1_978_041_738_678_708_000_000_000_000_000n)
  })
  test('zero and negative inputs quote 0; errors other than a pool revert are not swallowed', () => {
    const balances = { balanceIn: 1000n * ONE, balanceOut: 1000n * ONE }
    expect(quoteWeightedSwap({ ...base, ...balances, amountIn: 0n })).toBe(0n)
    expect(quoteWeightedSwap({ ...base, ...balances, amountIn: -ONE })).toBe(0n)
    expect(() => quoteWeightedSwap({ ...base, ...balances, decimalsIn: 19, amountIn: ONE })).toThrow(RangeError)
  })
  test('the 30% max-in ratio applies to the input after fee', () => {
    const balances = { balanceIn: 1000n * ONE, balanceOut: 1000n * ONE }
    expect(quoteWeightedSwap({ ...base, ...balances, amountIn: 300n * ONE })).toBeGreaterThan(0n) // 297 after fee
    expect(quoteWeightedSwap({ ...base, ...balances, amountIn: 304n * ONE })).toBe(0n) // 300.96 after fee
  })
})

describe('balancerV2Adapter', () => {
  const snapshot: BalancerV2WeightedPoolSnapshot = {
    protocol: 'balancer-v2',
    address: '0x00000000000000000000000000000000000000ba',
    blockNumber: 1n,
    tokens: ['0x01', '0x02', '0x03'],
    poolId: '0x00000000000000000000000000000000000000ba000100000000000000000001',
    balances: [1000n * ONE, 2000n * ONE, 500n * 10n ** 6n],
    weights: [ONE / 2n, 3n * 10n ** 17n, 2n * 10n ** 17n],
    decimals: [18, 18, 6],
    swapFee: 3n * 10n ** 15n,
  }
  test('edges between every ordered token pair', () => {
    expect(balancerV2Adapter.getEdges(snapshot)).toHaveLength(6)
  })
  test('float model is an upper estimate; swap moves balances', () => {
    for (const edge of balancerV2Adapter.getEdges(snapshot)) {
      const amountIn = snapshot.balances[edge.tokenInIndex]! / 100n
      const exact = balancerV2Adapter.quote(snapshot, { edge, amountIn })
      const model = balancerV2Adapter.getFloatModel(snapshot, edge)
      if (model.kind !== 'custom') throw new Error('expected custom model')
      const float = model.quote(Number(amountIn))
      expect(Number(exact)).toBeLessThanOrEqual(float * (1 + 1e-12) + 1)
      expect(Number(exact)).toBeGreaterThan(float * (1 - 1e-9) - 1)
      const { snapshot: next } = balancerV2Adapter.swap(snapshot, { edge, amountIn })
      expect(next.balances[edge.tokenInIndex]).toBe(snapshot.balances[edge.tokenInIndex]! + amountIn)
      expect(next.balances[edge.tokenOutIndex]).toBe(snapshot.balances[edge.tokenOutIndex]! - exact)
    }
  })
})
