import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { EnginePool } from '../../engine/pool.js'

/** The service's Prometheus metrics, on their own registry (no global state). */
export type Metrics = {
  registry: Registry
  /** Use-case calls by method and outcome (`ok` or the error code). */
  calls: Counter<'method' | 'outcome'>
  /** Use-case latency by method and outcome. */
  duration: Histogram<'method' | 'outcome'>
}

/**
 * Creates the registry with Node's default metrics, use-case counters and latency histograms, and
 * the engine pool's counters (read at scrape time).
 * @returns the metrics handle
 */
export function createMetrics({ engine }: { engine?: EnginePool | undefined } = {}): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'switchyard_' })
  const calls = new Counter({ name: 'switchyard_calls_total', help: 'Use-case calls by method and outcome', labelNames: ['method', 'outcome'] as const, registers: [registry] })
  const duration = new Histogram({
    name: 'switchyard_call_duration_seconds',
    help: 'Use-case latency (validation, search, encoding, simulation) by method and outcome',
    labelNames: ['method', 'outcome'] as const,
    buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  })
  if (engine) {
    new Counter({
      name: 'switchyard_engine_tasks_completed_total',
      help: 'Route tasks completed by the engine workers',
      registers: [registry],
      collect() {
        this.reset()
        this.inc(engine.stats().completed)
      },
    })
    new Counter({
      name: 'switchyard_engine_snapshot_sends_total',
      help: 'Snapshots sent to workers (about one per worker per block version)',
      registers: [registry],
      collect() {
        this.reset()
        this.inc(engine.stats().snapshotSends)
      },
    })
  }
  return { registry, calls, duration }
}
