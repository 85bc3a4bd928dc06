import { describe, expect, test } from 'vitest'
import { CALLDATA_VARIANCE_GAS, proveGasLimit } from './proveGasLimit.js'

/** A transaction that succeeds under any limit of at least `needed`, recording the limits tried. */
function txNeeding(needed: bigint) {
  const tried: bigint[] = []
  return { tried, run: async (gas: bigint) => (tried.push(gas), gas >= needed) }
}

describe('proveGasLimit', () => {
  test('answers the smallest tight candidate that holds, plus the calldata variance', async () => {
    const used = 200_000n
    const tx = txNeeding(235_000n) // a refund-heavy transaction: needs 1.175× what it used
    const limit = await proveGasLimit(used, tx.run)
    expect(limit).toBe(244_000n + CALLDATA_VARIANCE_GAS) // 1.2 × 200k + 4k
    expect(tx.tried).toEqual([224_000n, 244_000n, 255_000n]) // the three tight ones, together
    expect(Number(limit) / Number(used)).toBeLessThanOrEqual(1.3)
  })

  test('the first candidate when it holds; never below what the transaction needs', async () => {
    const tx = txNeeding(150_000n)
    expect(await proveGasLimit(150_000n, tx.run)).toBe(169_000n + CALLDATA_VARIANCE_GAS)
  })

  test('falls back to looser limits one by one, and to the loosest when nothing holds', async () => {
    const loose = txNeeding(290_000n)
    expect(await proveGasLimit(200_000n, loose.run)).toBe(330_000n + CALLDATA_VARIANCE_GAS)
    expect(loose.tried).toEqual([224_000n, 244_000n, 255_000n, 330_000n])
    const never = txNeeding(10n ** 9n)
    expect(await proveGasLimit(200_000n, never.run)).toBe(500_000n + CALLDATA_VARIANCE_GAS)
    expect(never.tried).toHaveLength(5)
  })
})
