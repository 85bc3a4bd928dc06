/**
 * Test-only: waits until `check` holds on settled chain state, then returns the milliseconds it took.
 * Anvil answers a read at its head block from its live state while it mines the next block, so a check can
 * see a transaction still being mined, and a read right after can get the head's older state back
 * (measured on anvil: about 1 read in 50 at the head number under a stream of transactions; none at the
 * block before the head). That is how a delivery "seen" by a cross-chain test could be gone on the next
 * read (issue 28, item 10). Once the check holds, `settle` mines one empty block (on every chain the check
 * reads), which puts what it saw in a block before the head, and the check must hold again.
 * @param check - reads the chain(s) at their head
 * @param settle - mines one block on each chain the check reads
 */
export async function untilSettled(check: () => Promise<boolean>, settle: () => Promise<void>, timeoutMs = 10_000): Promise<number> {
  const started = Date.now()
  for (;;) {
    if (await check()) {
      await settle()
      if (await check()) return Date.now() - started
    }
    if (Date.now() - started > timeoutMs) throw new Error(`not delivered within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 25))
  }
}
