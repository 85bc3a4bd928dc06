import { type GeneratedGraph, generateQueries } from '../generateGraph.js'
import type { BenchQuery } from '../types.js'

/** Size buckets: amountIn ÷ the deepest reserve of tokenIn (the bench's own measure of size). */
export const GAP_BUCKETS = [
  { name: 'small', below: 1e-4 },
  { name: 'medium', below: 1e-2 },
  { name: 'large', below: 1 },
  { name: 'whale', below: Infinity },
] as const

export type GapBucket = (typeof GAP_BUCKETS)[number]['name']

/** Parameters of {@link selectGapQueries}. */
export type SelectGapQueriesParameters = {
  /** Queries per bucket. */
  perBucket: number
  /** Leave out queries worth less than this many USD (default 10): see the function's note. */
  minUsd?: number | undefined
  seed: number
}

/** A query with its bucket and size. */
export type GapQuery = BenchQuery & { bucket: GapBucket; fraction: number; usd: number }

/**
 * Draws the bench's own queries (`generateQueries`, log-uniform $0.0001–$50M, fixed seed) and keeps the first
 * `perBucket` of each size bucket, in draw order. Queries under `minUsd` are left out: there a 6-decimal $1
 * token carries 100 raw units per $0.0001, so integer rounding at one hop moves the output by whole bps and the
 * gap measures rounding, not routing.
 *
 * @returns the queries, bucket by bucket
 */
export function selectGapQueries(generated: GeneratedGraph, { perBucket, minUsd = 10, seed }: SelectGapQueriesParameters): GapQuery[] {
  const { graph, pricesUsd } = generated
  const index = new Map(graph.tokens.map((t, i) => [t.address.toLowerCase(), i]))
  const deepest = new Map<string, bigint>()
  for (const pool of graph.pools)
    for (const [token, reserve] of [[pool.token0, pool.reserve0], [pool.token1, pool.reserve1]] as const) {
      const key = token.toLowerCase()
      const r = BigInt(reserve)
      if (r > (deepest.get(key) ?? 0n)) deepest.set(key, r)
    }
  const picked = new Map<GapBucket, GapQuery[]>(GAP_BUCKETS.map((b) => [b.name, []]))
  const queries = generateQueries({ ...generated, count: perBucket * 200, seed })
  for (const q of queries) {
    const i = index.get(q.tokenIn.toLowerCase())!
    const usd = (Number(q.amountIn) / 10 ** graph.tokens[i]!.decimals) * pricesUsd[i]!
    if (usd < minUsd) continue
    const depth = deepest.get(q.tokenIn.toLowerCase()) ?? 0n
    const fraction = depth === 0n ? Infinity : Number(BigInt(q.amountIn)) / Number(depth)
    const bucket = GAP_BUCKETS.find((b) => fraction < b.below)!.name
    const list = picked.get(bucket)!
    if (list.length < perBucket) list.push({ ...q, bucket, fraction, usd })
  }
  return GAP_BUCKETS.flatMap((b) => picked.get(b.name)!)
}
