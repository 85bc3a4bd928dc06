import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { aerodromeAdapter } from './index.js'
import { burnLiquidity, mintLiquidity, zapIn, zapOut, zapSwapAmount } from './liquidityMath.js'
import { getAmountOut, kOf, swapExactIn } from './poolMath.js'
import { isqrt } from '../uniswap-v2/lpActions.js'
import type { AerodromePoolSnapshot } from './types.js'

/** A pool of `side0` and `side1` whole tokens of the given decimals. */
function pool(p: { stable: boolean; decimals: readonly [number, number]; sides: readonly [number, number]; fee?: bigint }): AerodromePoolSnapshot {
  const raw = (whole: number, d: number) => BigInt(Math.floor(whole * 1e6)) * 10n ** BigInt(d) / 10n ** 6n
  const reserve0 = raw(p.sides[0], p.decimals[0])
  const reserve1 = raw(p.sides[1], p.decimals[1])
  return {
    protocol: 'aerodrome', address: '0xcdac0d6c6c59727a65f871236188350531885c43', blockNumber: 1n, tokens: ['0xa', '0xb', '0xcdac0d6c6c59727a65f871236188350531885c43'],
    stable: p.stable, reserve0, reserve1,
    decimals0: 10n ** BigInt(p.decimals[0]), decimals1: 10n ** BigInt(p.decimals[1]), fee: p.fee ?? (p.stable ? 5n : 30n),
    // As if one deposit made the pool: sqrt of the product (at least the 1,000 locked).
    totalSupply: isqrt(reserve0 * reserve1) + 1_000n,
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

  test('float model: never below the exact quote (1e-9 relative) and monotone, on all six edges of random pools', () => {
    fc.assert(
      fc.property(randomPool, fc.integer({ min: 0, max: 5 }), fc.double({ min: 1e-15, max: 5, noNaN: true }), (s, e, f) => {
        const edge = aerodromeAdapter.getEdges(s)[e]!
        const base = edge.tokenInIndex === 2 ? s.totalSupply : edge.tokenInIndex === 0 ? s.reserve0 : s.reserve1
        const amountIn = Math.max(1, Math.floor(Number(base) * (edge.tokenInIndex === 2 ? Math.min(f, 1) : f)))
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

  test('mint and burn: min of both shares of the supply, the rest left in the pool; burn pro rata, floored', () => {
    const s = pool({ stable: false, decimals: [18, 6], sides: [1000, 3_000_000] })
    const m = mintLiquidity(s, 10n ** 18n, 3_500n * 10n ** 6n)
    expect(m.liquidity).toBe((10n ** 18n * s.totalSupply) / s.reserve0)
    expect([m.reserve0, m.reserve1, m.totalSupply]).toEqual([s.reserve0 + 10n ** 18n, s.reserve1 + 3_500n * 10n ** 6n, s.totalSupply + m.liquidity])
    const b = burnLiquidity(s, s.totalSupply / 10n)
    expect([b.amount0, b.amount1]).toEqual([((s.totalSupply / 10n) * s.reserve0) / s.totalSupply, ((s.totalSupply / 10n) * s.reserve1) / s.totalSupply])
    // A first mint locks 1,000 to address(1); a first stable deposit must be equal once normalised.
    const empty = { ...s, reserve0: 0n, reserve1: 0n, totalSupply: 0n }
    expect(mintLiquidity(empty, 10n ** 18n, 10n ** 6n).liquidity).toBe(10n ** 12n - 1_000n)
    expect(() => mintLiquidity({ ...empty, stable: true }, 10n ** 18n, 2n * 10n ** 6n)).toThrow('DepositsNotEqual')
  })

  test('a single-token deposit splits so the rest and the swap output fit the pool: under 1e-6 of the input left unpaired', () => {
    fc.assert(
      fc.property(randomPool, fc.boolean(), fc.double({ min: 1e-9, max: 0.5, noNaN: true }), (s, zeroForOne, f) => {
        const amountIn = BigInt(Math.max(10_000, Math.floor(Number(zeroForOne ? s.reserve0 : s.reserve1) * f)))
        let r
        try {
          r = zapIn(s, { amountIn, zeroForOne })
        } catch {
          return
        }
        const out = swapExactIn(s, { amountIn: r.swapAmount, zeroForOne, reserve0: s.reserve0, reserve1: s.reserve1, fee: s.fee })
        const rest = amountIn - r.swapAmount
        const [rIn, rOut] = zeroForOne ? [out.reserve0, out.reserve1] : [out.reserve1, out.reserve0]
        // The LP minted is worth (in the input token, at the pool's ratio) nearly all of rest + output.
        const used = (r.liquidity * rIn) / s.totalSupply
        const offered = rest
        expect(Number(offered - used)).toBeLessThanOrEqual(Number(amountIn) * 1e-6 + 2 * Number(rIn / s.totalSupply) + 2 * Number(rIn / rOut) + 8)
        expect(r.swapOut).toBe(out.amountOut)
        expect(rOut).toBeGreaterThan(0n)
        expect(zapSwapAmount(s, { amountIn, zeroForOne })).toBe(r.swapAmount)
      }),
      { numRuns: 500 },
    )
  })

  test('deposit and redeem edges: 10,000 USDC into vAMM-WETH/USDC and all of it back loses about the fee on the swapped halves', () => {
    const s = pool({ stable: false, decimals: [18, 6], sides: [10_000_000 / 3000, 10_000_000] })
    const [, , , deposit1, , redeem1] = aerodromeAdapter.getEdges(s)
    const { amountOut: lp, snapshot: after } = aerodromeAdapter.swap(s, { edge: deposit1!, amountIn: 10_000n * 10n ** 6n })
    expect(lp).toBe(zapIn(s, { amountIn: 10_000n * 10n ** 6n, zeroForOne: false }).liquidity)
    expect(after.totalSupply).toBe(s.totalSupply + lp)
    const back = Number(aerodromeAdapter.quote(after, { edge: redeem1!, amountIn: lp })) / 1e6
    expect(back).toBeLessThan(10_000 * (1 - 0.003 / 2 * 2 + 0.0001))
    expect(back).toBeGreaterThan(10_000 * (1 - 0.003 * 1.1))
    expect(zapOut(after, { liquidity: lp, toToken0: false }).amountOut).toBe(BigInt(Math.round(back * 1e6)))
    expect(aerodromeAdapter.quote(s, { edge: redeem1!, amountIn: s.totalSupply + 1n })).toBe(0n)
  })
})
