/** Percentile (nearest rank) of an unsorted sample. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

/** Mean of a sample (NaN when empty). */
export const mean = (values: readonly number[]): number => (values.length === 0 ? NaN : values.reduce((a, b) => a + b, 0) / values.length)

/** a / b as a float with bigint-safe precision (1 when both are 0). */
export function ratio(a: bigint, b: bigint): number {
  if (b === 0n) return a === 0n ? 1 : Infinity
  return Number((a * 10n ** 12n) / b) / 1e12
}

/** Throughput and latency of a timed run: q/s over the run's wall time, and percentiles of its samples (ms). */
export type LatencySummary = { qps: number; p50: number; p99: number; p99_9: number; max: number; count: number }

/** Summarizes per-request times (ms) measured over a run of `totalMs`. */
export function summarizeLatency(ms: readonly number[], totalMs: number): LatencySummary {
  const sorted = [...ms].sort((a, b) => a - b)
  return {
    qps: (ms.length / totalMs) * 1000,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    p99_9: percentile(sorted, 99.9),
    max: sorted[sorted.length - 1] ?? NaN,
    count: ms.length,
  }
}
