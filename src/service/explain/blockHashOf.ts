import { LRUCache } from 'lru-cache'
import type { Hex, PublicClient } from 'viem'

/**
 * Block hashes by snapshot version (chain, number and the hash's first digits: a revert or a reorg is
 * another version), so explained answers on one block read its hash once.
 */
const blockHashes = new LRUCache<string, Promise<Hex>>({ max: 256 })

/** The hash of the snapshot's block, read once per snapshot version (a failed read is not kept). */
export function blockHashOf(client: Pick<PublicClient, 'getBlock'>, snapshot: { version: string; blockNumber: bigint }): Promise<Hex> {
  let hash = blockHashes.get(snapshot.version)
  if (hash === undefined) {
    const pending = client.getBlock({ blockNumber: snapshot.blockNumber }).then((block) => block.hash as Hex)
    blockHashes.set(snapshot.version, (hash = pending))
    pending.catch(() => blockHashes.delete(snapshot.version))
  }
  return hash
}
