import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { DiscoveryStatus } from '../../chain/discovery/discoveryStatus.js'
import type { EnginePool } from '../../engine/pool.js'

/** The service's Prometheus metrics, on their own registry (no global state). */
export type Metrics = {
  registry: Registry
  /** Use-case calls by method and outcome (`ok` or the error code). */
  calls: Counter<'method' | 'outcome'>
  /** Use-case latency by method and outcome. */
  duration: Histogram<'method' | 'outcome'>
}

/** Parameters of {@link createMetrics}: what is read at scrape time. */
export type CreateMetricsParameters = {
  engine?: EnginePool | undefined
  /** Pool discovery of each external chain (see `discoverPools`). */
  discovery?: (() => readonly DiscoveryStatus[]) | undefined
}

/**
 * Creates the registry with Node's default metrics, use-case counters and latency histograms, the
 * engine pool's counters and, for chains on external nodes, pool discovery's gauges (read at scrape
 * time).
 * @returns the metrics handle
 */
export function createMetrics({ engine, discovery }: CreateMetricsParameters = {}): Metrics {
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
  if (discovery) registerDiscoveryGauges(registry, discovery)
  return { registry, calls, duration }
}

/**
 * `switchyard_discovery_pools{chain_id,protocol,state}` (state `indexed`: in the index; `above_floor`: in
 * the search graph), `switchyard_discovery_min_pool_tvl_usd{chain_id}`,
 * `switchyard_discovery_indexed_block{chain_id}` and `switchyard_discovery_tokens{chain_id}`.
 */
function registerDiscoveryGauges(registry: Registry, discovery: () => readonly DiscoveryStatus[]): void {
  new Gauge({
    name: 'switchyard_discovery_pools',
    help: 'Pools found from logs on an external chain: indexed, and above the liquidity floor (in the search graph)',
    labelNames: ['chain_id', 'protocol', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset()
      for (const s of discovery()) {
        for (const [protocol, c] of Object.entries(s.pools)) {
          this.set({ chain_id: String(s.chainId), protocol, state: 'indexed' }, c.indexed)
          this.set({ chain_id: String(s.chainId), protocol, state: 'above_floor' }, c.aboveFloor)
        }
      }
    },
  })
  const perChain = (name: string, help: string, value: (s: DiscoveryStatus) => number) => new Gauge({
    name, help, labelNames: ['chain_id'] as const, registers: [registry],
    collect() {
      this.reset()
      for (const s of discovery()) this.set({ chain_id: String(s.chainId) }, value(s))
    },
  })
  perChain('switchyard_discovery_min_pool_tvl_usd', 'Least USD TVL of a discovered pool in the search graph (SWITCHYARD_MIN_POOL_TVL_USD)', (s) => s.minPoolTvlUsd)
  perChain('switchyard_discovery_indexed_block', 'Last block whose creation logs are in the pool index', (s) => Number(s.indexedBlock))
  perChain('switchyard_discovery_tokens', 'Tokens in the discovered address book', (s) => s.tokens)
}
