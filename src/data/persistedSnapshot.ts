import { readFile } from 'node:fs/promises'
import { deserialize, serialize } from 'node:v8'
import { writeFileAtomic } from '../chain/writeFileAtomic.js'
import type { EngineSnapshot } from '../engine/types.js'

/** What the file holds: the snapshot and the key of the code that read it. */
type PersistedSnapshotFile = { format: 1; key: string; snapshot: EngineSnapshot }

/**
 * Writes `snapshot` to `path` (V8 serialization: bigints and nested state as they are) with
 * {@link writeFileAtomic}, so a reader never sees half a file.
 * @param path - the file
 * @param key - identifies the loaders that produced the snapshot's shapes (see {@link readPersistedSnapshot})
 * @param snapshot - the snapshot to keep
 */
export function writePersistedSnapshot(path: string, key: string, snapshot: EngineSnapshot): void {
  const file: PersistedSnapshotFile = { format: 1, key, snapshot }
  writeFileAtomic(path, serialize(file))
}

/**
 * Reads a snapshot written by {@link writePersistedSnapshot}. Anything else (no file, another format,
 * another key: pool shapes from other code, another chain, a damaged file) is undefined, never an error:
 * the caller then loads from the chain. The snapshot is not trusted for its state either: the store
 * checks its block is still canonical and reads what changed since before serving it.
 * @param path - the file
 * @param key - must equal the key it was written with
 * @param chainId - must equal the snapshot's chain
 * @returns the snapshot, or undefined
 */
export async function readPersistedSnapshot(path: string, key: string, chainId: number): Promise<EngineSnapshot | undefined> {
  let raw: Buffer
  try {
    raw = await readFile(path)
  } catch {
    return undefined
  }
  try {
    const file = deserialize(raw) as Partial<PersistedSnapshotFile> | null
    const snapshot = file?.snapshot
    if (file?.format !== 1 || file.key !== key || !snapshot || snapshot.chainId !== chainId) return undefined
    if (typeof snapshot.version !== 'string' || typeof snapshot.blockNumber !== 'bigint' || !Array.isArray(snapshot.pools)) return undefined
    return snapshot
  } catch {
    return undefined
  }
}
