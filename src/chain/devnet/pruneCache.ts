import { readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Parameters of {@link pruneCache}. */
export type PruneCacheParameters = {
  /** Cached builds kept per chain, the most recently used first; default 3. */
  keep?: number | undefined
  /**
   * A build used (written or loaded) within this many ms is never removed, however many there are, so
   * a process that just chose a state to load never loses it to another one's pruning; default 10 min.
   */
  graceMs?: number | undefined
  /** The clock (ms), for tests. */
  now?: number | undefined
}

/** The builds {@link pruneCache} removed, as `devnet-<chainId>-<key>`. */
export type PruneCacheReturnType = string[]

const CACHED = /^(devnet-(\d+)-[0-9a-f]+)\.(state|book)\.json$/
const TEMPORARY = /\.tmp$/

/**
 * Keeps the devnet state cache from growing without end: every change of the scenario, the protocol
 * packages or the devnet code makes a new build key, and each build is a full state dump (16 MB for
 * chain 1 with the default scenario). Per chain, the `keep` most recently used builds (the mtime of
 * their files, which a load refreshes) stay; older ones are removed with their address book, unless
 * used within `graceMs`. Temporary files older than `graceMs` (left by a crash mid-write) go too.
 *
 * @example
 * pruneCache({ dir: '.switchyard/cache' }, { keep: 3 })
 *
 * @param cache - the cache directory (`dir`)
 * @param params - {@link PruneCacheParameters}
 * @returns {@link PruneCacheReturnType}
 */
export function pruneCache(cache: { dir: string }, params: PruneCacheParameters = {}): PruneCacheReturnType {
  const keep = params.keep ?? 3
  const now = params.now ?? Date.now()
  const graceMs = params.graceMs ?? 10 * 60_000
  let names: string[]
  try {
    names = readdirSync(cache.dir)
  } catch {
    return []
  }
  const mtime = (name: string): number | undefined => {
    try {
      return statSync(join(cache.dir, name)).mtimeMs
    } catch {
      return undefined
    }
  }
  /** chainId → build → its files and when it was last used. */
  const chains = new Map<string, Map<string, { files: string[]; usedAt: number }>>()
  for (const name of names) {
    if (TEMPORARY.test(name)) {
      const at = mtime(name)
      if (at !== undefined && now - at > graceMs) rmSync(join(cache.dir, name), { force: true })
      continue
    }
    const match = CACHED.exec(name)
    if (!match) continue
    const [, build, chainId] = match as unknown as [string, string, string]
    const at = mtime(name)
    if (at === undefined) continue
    const builds = chains.get(chainId) ?? new Map<string, { files: string[]; usedAt: number }>()
    chains.set(chainId, builds)
    const entry = builds.get(build) ?? { files: [], usedAt: 0 }
    entry.files.push(name)
    entry.usedAt = Math.max(entry.usedAt, at)
    builds.set(build, entry)
  }
  const removed: string[] = []
  for (const builds of chains.values()) {
    const byUse = [...builds.entries()].sort((a, b) => b[1].usedAt - a[1].usedAt || a[0].localeCompare(b[0]))
    for (const [build, { files, usedAt }] of byUse.slice(keep)) {
      if (now - usedAt <= graceMs) continue
      for (const name of files) rmSync(join(cache.dir, name), { force: true })
      removed.push(build)
    }
  }
  return removed.sort()
}
