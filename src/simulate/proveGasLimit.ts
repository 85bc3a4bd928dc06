/** A gas limit as (num/den × used + extra). */
type Candidate = { num: bigint; den: bigint; extra: bigint }

/**
 * Gas limits tried in turn. The used gas is net of refunds (up to a fifth of it, EIP-3529: a router
 * that sets and clears its executor's balances in one transaction earns most of that, so the gross is
 * up to 1.25× the used) and each nested call keeps back 1/64 of what is left (EIP-150), so a
 * transaction needs more gas available than it ends up using. The first candidate holds for almost
 * every route (measured: refund-heavy routes need 1.2–1.27×), so proving the limit usually costs one
 * more simulation, and it stays within 1.3× of the gas used for transactions above ~85k gas.
 */
export const GAS_LIMIT_CANDIDATES: readonly Candidate[] = [
  { num: 127n, den: 100n, extra: 1_000n },
  { num: 150n, den: 100n, extra: 30_000n },
  { num: 2n, den: 1n, extra: 100_000n },
]

/** Added to the proven limit: transactions for the same computation differ in a few calldata bytes (requestId, minimums). */
export const CALLDATA_VARIANCE_GAS = 1_500n

/**
 * The first candidate limit under which the transaction succeeds, proven by running it under exactly
 * that limit (`run`), plus {@link CALLDATA_VARIANCE_GAS}. At most three runs; usually one.
 * @param gasUsed - what the transaction used without a limit
 * @param run - simulates the transaction under a gas limit; true when it succeeds
 * @returns a gas limit the transaction was proven to succeed with, or the largest candidate
 */
export async function proveGasLimit(gasUsed: bigint, run: (gas: bigint) => Promise<boolean>): Promise<bigint> {
  let limit = 0n
  for (const c of GAS_LIMIT_CANDIDATES) {
    limit = (gasUsed * c.num) / c.den + c.extra
    if (await run(limit)) return limit + CALLDATA_VARIANCE_GAS
  }
  return limit + CALLDATA_VARIANCE_GAS
}
