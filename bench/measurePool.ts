import { createEnginePool } from '../src/engine/pool.js'
import type { EngineSnapshot, FindRouteParameters } from '../src/engine/types.js'
import { percentile } from './stats.js'
import type { BenchQuery } from './types.js'

/** Throughput and latency of one pass through the pool. */
export type PoolLatency = { qps: number; p50: number; p99: number }

/** Parameters of {@link measurePool}. */
export type MeasurePoolParameters = {
  snapshot: EngineSnapshot
  queries: readonly BenchQuery[]
  threads: number
  maxSplits: number
  request: (q: BenchQuery, splits: number) => FindRouteParameters
}

const latencyOf = (ms: number[], totalMs: number): PoolLatency => ({ qps: (ms.length / totalMs) * 1000, p50: percentile(ms, 50), p99: percentile(ms, 99) })

/**
 * Whole pool: Piscina workers, all queries in flight (bounded by the queue), single-path then split.
 */
export async function measurePool({ snapshot, queries, threads, maxSplits, request }: MeasurePoolParameters): Promise<{ single: PoolLatency; split: PoolLatency }> {
  const pool = createEnginePool({ threads, maxQueue: 4 * threads })
  await pool.setSnapshot(snapshot)
  const poolRun = async (splits: number) => {
    for (const q of queries.slice(0, 50)) await pool.findRoute(request(q, splits)).catch(() => undefined)
    const ms: number[] = []
    const inFlight = new Set<Promise<void>>()
    const begin = performance.now()
    for (const q of queries) {
      while (inFlight.size >= 3 * threads) await Promise.race(inFlight)
      const s = performance.now()
      const p: Promise<void> = pool.findRoute(request(q, splits)).then(
        () => undefined,
        () => undefined,
      ).finally(() => {
        ms.push(performance.now() - s)
        inFlight.delete(p)
      })
      inFlight.add(p)
    }
    await Promise.all(inFlight)
    return latencyOf(ms, performance.now() - begin)
  }
  try {
    const single = await poolRun(1)
    const split = await poolRun(maxSplits)
    return { single, split }
  } finally {
    await pool.close()
  }
}
