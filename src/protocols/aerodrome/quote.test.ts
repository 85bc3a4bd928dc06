import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { aerodromeAdapter } from './index.js'
import { getAmountOut, kOf } from './poolMath.js'
import type { AerodromePoolSnapshot } from './types.js'

/** A pool of `side0` and `side1` whole tokens of the given decimals. */
function pool(p: { stable: boolean; decimals: readonly [number, number]; sides: readonly [number, number]; fee?: bigint }): AerodromePoolSnapshot {
  const raw = (whole: number, d: number) => BigInt(Math.floor(whole * 1e6)) * 10n ** BigInt(d) / 10n ** 6n
  return {
    protocol: 'aerodrome', address: '0xcdac0d6c6c59727a65f871236188350531885c43', blockNumber: 1n, tokens: ['0xa', '0xb'],
    stable: p.stable, reserve0: raw(p.sides[0], p.decimals[0]), reserve1: raw(p.sides[1], p.decimals[1]),
    decimals0: 10n ** BigInt(p.decimals[0]), decimals1: 10n ** BigInt(p.decimals[1]), fee: p.fee ?? (p.stable ? 5n : 30n),
  }
}

const randomPool = fc
  .record({
    stable: fc.boolean(),
    decimals: fc.tuple(fc.constantFrom(6, 8, 18), fc.constantFrom(6, 8, 18)),
    sides: fc.tuple(fc.double({ min: 1, max: 1e10, noNaN: true }), fc.double({ min: 1, max: 1e10, noNaN: true })),
    fee: fc.bigInt(0n, 100n),
  })
  .map(pool)

describe('aerodrome pool math', () => {
  test('a volatile pool is x * y after the fee: 1 WETH into $20M at $3,000 pays 3,000 USDC less 0.30 % and the curve', () => {
    const s = pool({ stable: false, decimals: [18, 6], sides: [10_000_000 / 3000, 10_000_000] })
    const out = aerodromeAdapter.quote(s, { edge: aerodromeAdapter.getEdges(s)[0]!, amountIn: 10n ** 18n })
    const net = 10n ** 18n - (10n ** 18n * 30n) / 10_000n
    expect(out).toBe((net * s.reserve1) / (s.reserve0 + net))
    expect(Number(out) / 1e6).toBeGreaterThan(2990) // 3000 * 0.997 less ~0.03 % of curve
  })

  test('a balanced stable pool pays 1M of 20M/20M at a 0.05 % fee and under 0.01 % of curve; an x * y pool of that size would lose 5 %', () => {
    const s = pool({ stable: true, decimals: [6, 6], sides: [20_000_000, 20_000_000] })
    const out = Number(aerodromeAdapter.quote(s, { edge: aerodromeAdapter.getEdges(s)[0]!, amountIn: 1_000_000n * 10n ** 6n })) / 1e6
    expect(out).toBeLessThan(999_500)
    expect(out).toBeGreaterThan(999_400)
  })

  test('the stable invariant normalises decimals: a USDC (6) / DAI (18) pool quotes like a 6/6 one', () => {
    const a = pool({ stable: true, decimals: [6, 18], sides: [5_000_000, 5_000_000] })
    const b = pool({ stable: true, decimals: [6, 6], sides: [5_000_000, 5_000_000] })
    const outA = aerodromeAdapter.quote(a, { edge: aerodromeAdapter.getEdges(a)[0]!, amountIn: 250_000n * 10n ** 6n })
    const outB = aerodromeAdapter.quote(b, { edge: aerodromeAdapter.getEdges(b)[0]!, amountIn: 250_000n * 10n ** 6n })
    expect(outA / 10n ** 12n).toBe(outB)
    expect(kOf(a, a.reserve0, a.reserve1)).toBe(kOf(b, b.reserve0, b.reserve1))
  })

  test('where the pool reverts the quote is 0n: no input, an empty pool, a product past 2^256 (a stable pool a billion to one)', () => {
    // Found by load.test.ts against the pool: `_get_y`'s `_k(x0, y + 1)` normalises x0 a second time
    // (x 1e12 for 6 decimals), and its square passes 2^256, so the view and the swap revert.
    const s = { ...pool({ stable: true, decimals: [6, 6], sides: [1, 1] }), reserve0: 1_000_001n, reserve1: 937_373_494_000_005n }
    const edge = aerodromeAdapter.getEdges(s)[0]!
    expect(aerodromeAdapter.quote(s, { edge, amountIn: 54n })).toBe(0n)
    expect(aerodromeAdapter.quote(s, { edge, amountIn: 55n })).toBeGreaterThan(0n)
    expect(aerodromeAdapter.quote(s, { edge, amountIn: 0n })).toBe(0n)
    expect(aerodromeAdapter.quote({ ...s, reserve0: 0n, reserve1: 0n, stable: false }, { edge, amountIn: 10n })).toBe(0n)
    expect(aerodromeAdapter.swap(s, { edge, amountIn: 54n })).toEqual({ amountOut: 0n, snapshot: s })
  })

  test('swap leaves the input less the fee (moved out to the fee contract) and the output less in the reserves', () => {
    const s = pool({ stable: false, decimals: [18, 6], sides: [1000, 3_000_000] })
    const amountIn = 10n ** 18n
    const { amountOut, snapshot } = aerodromeAdapter.swap(s, { edge: aerodromeAdapter.getEdges(s)[0]!, amountIn })
    expect(amountOut).toBe(getAmountOut(s, { amountIn, zeroForOne: true, reserve0: s.reserve0, reserve1: s.reserve1, fee: 30n }))
    expect(snapshot.reserve0).toBe(s.reserve0 + amountIn - (amountIn * 30n) / 10_000n)
    expect(snapshot.reserve1).toBe(s.reserve1 - amountOut)
    expect(s.reserve0).toBe(1000n * 10n ** 18n)
  })

  test('float model: never below the exact quote (1e-9 relative) and monotone, on both edges of random pools', () => {
    fc.assert(
      fc.property(randomPool, fc.boolean(), fc.double({ min: 1e-15, max: 5, noNaN: true }), (s, zeroForOne, f) => {
        const edge = aerodromeAdapter.getEdges(s)[zeroForOne ? 0 : 1]!
        const amountIn = Math.max(1, Math.floor(Number(zeroForOne ? s.reserve0 : s.reserve1) * f))
        const exact = Number(aerodromeAdapter.quote(s, { edge, amountIn: BigInt(amountIn) }))
        const model = aerodromeAdapter.getFloatModel(s, edge)
        if (model.kind !== 'custom') throw new Error('expected a custom model')
        const float = model.quote(amountIn)
        expect(Number.isFinite(float) && float >= 0).toBe(true)
        expect(exact).toBeLessThanOrEqual(float * (1 + 1e-9))
        // Monotone up to float rounding: one more unit in a large input can round the quotient an ulp lower
        // (seen: 777388.742441073 after 777388.7424410731), which the engine's 1e-9 margin covers.
        expect(model.quote(amountIn * 1.01)).toBeGreaterThanOrEqual(float * (1 - 1e-12))
        expect(model.quote(amountIn + 1)).toBeGreaterThanOrEqual(float * (1 - 1e-12))
      }),
      { numRuns: 3000 },
    )
  })
})
