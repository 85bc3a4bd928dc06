import type { PoolSnapshotBase } from '../src/protocols/types.js'

/** The pool families the bench reports on: an adapter's slug, Curve's split by pool type. */
export type BenchPoolFamily = 'curve' | 'curve-meta' | 'curve-ng' | 'curve-twocrypto' | (string & {})

/**
 * A pool's family for the bench's counts: `curve-meta`, `curve-ng` and `curve-twocrypto` for those Curve
 * pools, `curve` for a plain StableSwap pool, else the adapter's slug (`aerodrome`, `pendle`, `uniswap-v2`).
 */
export function poolFamilyOf(snapshot: PoolSnapshotBase): BenchPoolFamily {
  if (snapshot.protocol !== 'curve') return snapshot.protocol
  const s = snapshot as PoolSnapshotBase & { kind?: string; variant?: string; meta?: unknown }
  if (s.kind === 'twocrypto') return 'curve-twocrypto'
  if (s.meta !== undefined) return 'curve-meta'
  if (s.variant === 'ng') return 'curve-ng'
  return 'curve'
}
