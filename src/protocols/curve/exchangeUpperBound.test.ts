import fc from 'fast-check'
import { expect, test } from 'vitest'
import { exchangeUpperBound } from './exchangeUpperBound.js'
import { exchange } from './quote.js'
import { CurveMathRevert, getD, xpOf } from './stableSwapMath.js'
import type { CurveStableSwapSnapshot } from './types.js'

/** A 2- or 3-coin pool of any decimals (0–18), balances from dust to 1e12 whole units, A from 1, any fee. */
const randomPool = fc
  .record({
    decimals: fc.array(fc.integer({ min: 0, max: 18 }), { minLength: 2, maxLength: 3 }),
    whole: fc.array(fc.bigInt(1n, 10n ** 12n), { minLength: 3, maxLength: 3 }),
    drained: fc.option(fc.bigInt(1n, 1000n)),
    A: fc.bigInt(1n, 5000n),
    fee: fc.bigInt(0n, 50_000_000n),
    steth: fc.boolean(),
  })
  .map(({ decimals, whole, drained, A, fee, steth }): CurveStableSwapSnapshot => {
    const balances = decimals.map((d, k) => (k === 0 && drained !== null ? drained : whole[k]! * 10n ** BigInt(d)))
    const rates = decimals.map((d) => 10n ** BigInt(36 - d))
    const variant = steth ? ('steth' as const) : undefined
    const amp = steth ? A * 100n : A
    let totalSupply = 1n
    try { totalSupply = getD(xpOf(balances, rates), amp, variant) } catch { /* a state the pool never reaches */ }
    return {
      protocol: 'curve', address: '0x0000000000000000000000000000000000000c00', blockNumber: 1n,
      tokens: [...decimals.map((_, k) => `0x${String(k + 1).padStart(40, '0')}`), '0x00000000000000000000000000000000000000ff'],
      balances, rates, ramp: { initialA: amp, futureA: amp, initialATime: 0n, futureATime: 0n }, timestamp: 1n,
      fee, adminFee: 5_000_000_000n, totalSupply, ...(variant ? { variant } : {}),
    }
  })

const paid = (s: CurveStableSwapSnapshot, p: { i: number; j: number; dx: bigint }): bigint => {
  try {
    return exchange(s, p).dy
  } catch (error) {
    if (error instanceof CurveMathRevert) return 0n
    throw error
  }
}

test('no smaller input is paid more than the bound: every dx\' <= dx, near dx and anywhere below, on pools of any shape', () => {
  let bounded = 0
  let tight = 0
  fc.assert(
    fc.property(randomPool, fc.nat(), fc.nat(), fc.double({ min: 1e-12, max: 100, noNaN: true }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 8, maxLength: 8 }), (s, a, b, f, below) => {
      const n = s.balances.length
      const i = a % n
      const j = (i + 1 + (b % (n - 1))) % n
      const dx = BigInt(Math.max(1, Math.floor(Number(s.balances[i]!) * f)))
      const r = exchangeUpperBound(s, { i, j, dx })
      if (r === undefined) return
      bounded++
      const bound = r.bound
      const atDx = paid(s, { i, j, dx })
      expect(r.atDx).toBe(atDx)
      if (atDx === bound) tight++
      expect(atDx).toBeLessThanOrEqual(bound)
      // The next 64 smaller inputs (where Newton's rounding could make a smaller input pay more), and 8 anywhere below.
      for (let k = 1n; k <= 64n && k <= dx; k++) expect(paid(s, { i, j, dx: dx - k })).toBeLessThanOrEqual(bound)
      for (const g of below) expect(paid(s, { i, j, dx: BigInt(Math.floor(Number(dx) * g)) })).toBeLessThanOrEqual(bound)
    }),
    { seed: 2121, numRuns: 400 },
  )
  // The bound is not vacuous: it is the output at dx itself on most pools.
  expect(bounded).toBeGreaterThan(300)
  expect(tight / bounded).toBeGreaterThan(0.5)
})

test('a swap the pool refuses at dx (or a bad index) has no bound', () => {
  const s = fc.sample(randomPool, { seed: 7, numRuns: 1 })[0]!
  expect(exchangeUpperBound(s, { i: 0, j: 0, dx: 1n })).toBeUndefined()
  expect(exchangeUpperBound(s, { i: 0, j: 5, dx: 1n })).toBeUndefined()
  expect(exchangeUpperBound({ ...s, balances: s.balances.map(() => 0n) }, { i: 0, j: 1, dx: 1n })).toBeUndefined()
})
