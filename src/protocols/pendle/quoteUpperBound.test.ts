import fc from 'fast-check'
import { expect, test } from 'vitest'
import { ln } from '../balancer-v2/logExpMath.js'
import { pendleAdapter } from './index.js'
import { ASSET, PT, SY, exchangeRateOf } from './quote.js'
import type { PendleMarketSnapshot } from './types.js'

// The exact bound Pendle edges into PT give the search (cannotBeatExactly): no input pays more PT than the
// market sells at all, deposits through the vault included, and on a market nearly out of PT for sale it is
// the tie walks of every size meet.

const E18 = 10n ** 18n
const NOW = 1_700_000_000n

function snapshot(p: { pt: bigint; sy: bigint; vaultRateBps: bigint; expiresIn: bigint; apyBps: bigint }): PendleMarketSnapshot {
  const vaultTotalSupply = 10n * p.sy + 10n ** 21n
  const vault = { vaultTotalAssets: (vaultTotalSupply * p.vaultRateBps) / 10_000n, vaultTotalSupply, vaultDecimalsOffset: 0 }
  return {
    protocol: 'pendle', address: '0x00000000000000000000000000000000000000aa', blockNumber: 1n,
    tokens: ['0x00000000000000000000000000000000000000a0', '0x00000000000000000000000000000000000000a1', '0x00000000000000000000000000000000000000a2', '0x00000000000000000000000000000000000000aa'],
    timestamp: NOW,
    market: { totalPt: p.pt, totalSy: p.sy, totalLp: p.pt, scalarRoot: 15n * E18, expiry: NOW + p.expiresIn, lnFeeRateRoot: ln(E18 + E18 / 1000n), reserveFeePercent: 80n, lastLnImpliedRate: ln(E18 + p.apyBps * 10n ** 14n) },
    pyIndexStored: exchangeRateOf(vault), sy: '0x00000000000000000000000000000000000000a1', pt: '0x00000000000000000000000000000000000000a2', vault: '0x00000000000000000000000000000000000000a3', ...vault,
  }
}

const markets = fc.record({
  pt: fc.bigInt(1_000n, 10n ** 24n), syShare: fc.double({ min: 0.05, max: 3, noNaN: true }), vaultRateBps: fc.bigInt(10_000n, 13_000n),
  expiresIn: fc.bigInt(60n, 2n * 365n * 86_400n), apyBps: fc.bigInt(100n, 5_000n),
}).map((p) => snapshot({ ...p, sy: BigInt(Math.max(1, Math.floor(Number(p.pt) * p.syShare))) }))

test('asset → PT and SY → PT never pay more than the bound, at the amount and below it; other edges have none', () => {
  fc.assert(
    fc.property(markets, fc.boolean(), fc.double({ min: 1e-9, max: 5, noNaN: true }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 4, maxLength: 4 }), (s, fromAsset, f, below) => {
      const edge = { tokenInIndex: fromAsset ? ASSET : SY, tokenOutIndex: PT, action: 'swap' as const }
      const amountIn = BigInt(Math.max(1, Math.floor(Number(s.market.totalSy) * f)))
      const bound = pendleAdapter.quoteUpperBound!(s, { edge, amountIn })
      // Through the vault, only where its rate can move by at most 16 wei (a vault of 1e21 shares here).
      expect(bound).toBeDefined()
      if (bound === undefined) return
      expect(pendleAdapter.quote(s, { edge, amountIn })).toBeLessThanOrEqual(bound)
      for (const g of below) expect(pendleAdapter.quote(s, { edge, amountIn: BigInt(Math.floor(Number(amountIn) * g)) })).toBeLessThanOrEqual(bound)
      expect(pendleAdapter.quoteUpperBound!(s, { edge: { tokenInIndex: PT, tokenOutIndex: SY, action: 'swap' }, amountIn })).toBeUndefined()
    }),
    { seed: 2125, numRuns: 150 },
  )
})

test('a market nearly out of PT for sale: large purchases of every size buy all of it, which is the bound', () => {
  const s = snapshot({ pt: 100_000n, sy: 2_000_000n, vaultRateBps: 10_500n, expiresIn: 30n * 86_400n, apyBps: 800n })
  const edge = { tokenInIndex: ASSET, tokenOutIndex: PT, action: 'swap' as const }
  const outs = [3_000_000n, 10_000_000n, 100_000_000n].map((a) => pendleAdapter.quote(s, { edge, amountIn: a }))
  expect(new Set(outs).size).toBe(1)
  expect(pendleAdapter.quoteUpperBound!(s, { edge, amountIn: 3_000_000n })).toBe(outs[0])
})
