import { describe, expect, test } from 'vitest'
import { CALLDATA_VARIANCE_GAS, proveGasLimit } from './proveGasLimit.js'

/** A transaction that succeeds under any limit of at least `needed`, recording the limits tried. */
function txNeeding(needed: bigint) {
  const tried: bigint[] = []
  return { tried, run: async (gas: bigint) => (tried.push(gas), gas >= needed) }
}

describe('proveGasLimit', () => {
  test('one run when the first candidate holds (a refund-heavy transaction needs up to ~1.27× what it used)', async () => {
    const used = 200_000n
    const tx = txNeeding(254_000n)
    const limit = await proveGasLimit(used, tx.run)
    expect(tx.tried).toEqual([255_000n]) // 1.27 × 200k + 1k
    expect(limit).toBe(255_000n + CALLDATA_VARIANCE_GAS)
    expect(Number(limit) / Number(used)).toBeLessThanOrEqual(1.3)
  })

  test('falls back to looser limits one by one, never below what the transaction needs, and to the loosest when nothing holds', async () => {
    const loose = txNeeding(256_000n)
    expect(await proveGasLimit(200_000n, loose.run)).toBe(330_000n + CALLDATA_VARIANCE_GAS)
    expect(loose.tried).toEqual([255_000n, 330_000n])
    const never = txNeeding(10n ** 9n)
    expect(await proveGasLimit(200_000n, never.run)).toBe(500_000n + CALLDATA_VARIANCE_GAS)
    expect(never.tried).toEqual([255_000n, 330_000n, 500_000n])
  })
})
