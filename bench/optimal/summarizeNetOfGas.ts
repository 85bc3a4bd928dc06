import { percentile } from '../stats.js'
import type { GapRow } from './runOptimalGap.js'

/** One row of the net-of-gas table: the engine against the optimum restricted to its top `k` pools. */
export type NetOfGasSummary = {
  /** `k`, or `all` for the whole gas-free optimum less the gas of every pool it uses. */
  k: number | 'all'
  n: number
  /** Queries where the engine's output less gas is at least the reference's. */
  engineAtLeast: number
  /** Median and p10 of (engine − reference) ÷ |reference| in bps, over the queries where the reference nets a positive output. */
  medianBps: number
  p10Bps: number
  /** Median number of pools the reference routes through. */
  medianPools: number
}

/**
 * The net-of-gas comparison of issue 29 over the rows that carry one: per `k`, how often the engine's gas-aware
 * route nets at least the optimum restricted to `k` pools (re-optimized, less their gas), and by how much either
 * way; and the same against the whole optimum less the gas of all its pools.
 */
export function summarizeNetOfGas(rows: readonly GapRow[], ks: readonly number[]): NetOfGasSummary[] {
  const withNet = rows.filter((r) => r.net !== undefined)
  const summarize = (k: number | 'all', of: (r: GapRow) => { net: bigint; pools: number }): NetOfGasSummary => {
    const pairs = withNet.map((r) => ({ engine: BigInt(r.net!.engineNet), ...of(r) }))
    const relative = pairs.filter((p) => p.net > 0n).map((p) => (Number(p.engine - p.net) / Number(p.net)) * 1e4)
    return {
      k,
      n: pairs.length,
      engineAtLeast: pairs.filter((p) => p.engine >= p.net).length,
      medianBps: percentile(relative, 50),
      p10Bps: percentile(relative, 10),
      medianPools: percentile(pairs.map((p) => p.pools), 50),
    }
  }
  return [
    ...ks.map((k) => summarize(k, (r) => {
      const x = r.net!.restricted.find((e) => e.k === k)!
      return { net: BigInt(x.net), pools: x.pools }
    })),
    summarize('all', (r) => ({ net: BigInt(r.net!.optimumNet), pools: r.net!.optimumPools })),
  ]
}
