import { createEnginePool } from '../src/engine/pool.js'
import type { EngineSnapshot, FindRouteParameters } from '../src/engine/types.js'
import { type LatencySummary, summarizeLatency } from './stats.js'
import type { BenchQuery } from './types.js'

/** Throughput and latency of the timed passes through the pool. */
export type PoolLatency = LatencySummary & {
  /** Pool q/s ÷ (in-process single-thread q/s × threads), when the in-process figure was given. */
  ratio: number | undefined
}

/** Parameters of {@link measurePool}. */
export type MeasurePoolParameters = {
  snapshot: EngineSnapshot
  queries: readonly BenchQuery[]
  threads: number
  maxSplits: number
  request: (q: BenchQuery, splits: number) => FindRouteParameters
  /** In-process single-thread q/s of the same run (single-path, split), for the ratio. */
  inProcessQps?: { single: number; split: number } | undefined
  /** Concurrent callers, each awaiting its answer before sending the next request. Default 64 × threads. */
  concurrency?: number | undefined
  /** Untimed passes over the queries before the single-path timing. Default 10. */
  warmupPasses?: number | undefined
  /** Timed passes over the queries, single-path (split: one). Default 5. */
  passes?: number | undefined
}

const latencyOf = (ms: number[], totalMs: number, inProcessQps: number | undefined, threads: number): PoolLatency => {
  const summary = summarizeLatency(ms, totalMs)
  return { ...summary, ratio: inProcessQps === undefined ? undefined : summary.qps / (inProcessQps * threads) }
}

/**
 * Whole pool: Piscina workers behind the pool's request batching. `concurrency` callers run at once
 * (as the service's concurrent gRPC calls do), each sending its next query when its answer arrives.
 * `warmupPasses` untimed passes warm the workers' JIT first: each worker is a fresh V8 isolate that
 * tiers the search up on its own, and measured pass by pass on the medium graph the pool climbs from
 * ~5k q/s to a steady ~40k q/s only after about ten passes (5,000 queries per worker). A service's
 * workers live for hours, so the steady state is what callers get. Then `passes` timed passes,
 * single-path, then warm-up and one timed pass split.
 */
export async function measurePool({ snapshot, queries, threads, maxSplits, request, inProcessQps, concurrency = 64 * threads, passes = 5, warmupPasses = 10 }: MeasurePoolParameters): Promise<{
  single: PoolLatency
  split: PoolLatency
}> {
  const pool = createEnginePool({ threads, maxQueue: concurrency })
  await pool.setSnapshot(snapshot)
  const poolRun = async (splits: number, count: number): Promise<{ ms: number[]; totalMs: number }> => {
    const ms: number[] = []
    let next = 0
    const caller = async (): Promise<void> => {
      while (next < count) {
        const q = queries[next++ % queries.length]!
        const s = performance.now()
        await pool.findRoute(request(q, splits)).catch(() => undefined)
        ms.push(performance.now() - s)
      }
    }
    const begin = performance.now()
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, caller))
    return { ms, totalMs: performance.now() - begin }
  }
  try {
    await poolRun(1, warmupPasses * queries.length)
    const single = await poolRun(1, passes * queries.length)
    await poolRun(maxSplits, queries.length)
    const split = await poolRun(maxSplits, queries.length)
    return {
      single: latencyOf(single.ms, single.totalMs, inProcessQps?.single, threads),
      split: latencyOf(split.ms, split.totalMs, inProcessQps?.split, threads),
    }
  } finally {
    await pool.close()
  }
}
