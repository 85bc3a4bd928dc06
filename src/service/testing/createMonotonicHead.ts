/**
 * Test-only: the block number to read a chain's state at, never lower than one already handed out for
 * that chain. A test that saw a relayed delivery at block N must never read again at a block before N:
 * CI saw a read right after an observed delivery return the balance from before it (issue 28, item 10),
 * which a head number going back (anvil answering an older head while the relayer mines) explains. When
 * the node reports a head below what was already read, this waits (up to `waitMs`) for it to catch up.
 * @param getBlockNumber - reads the node's head number (uncached)
 * @returns a function giving the block number to pin the next read to
 */
export function createMonotonicHead(getBlockNumber: () => Promise<bigint>, waitMs = 5_000): () => Promise<bigint> {
  let seen = 0n
  return async () => {
    const started = Date.now()
    let head = await getBlockNumber()
    while (head < seen) {
      if (Date.now() - started > waitMs) throw new Error(`the node's head ${head} stays below block ${seen}, already read`)
      await new Promise((r) => setTimeout(r, 10))
      head = await getBlockNumber()
    }
    seen = head
    return head
  }
}
