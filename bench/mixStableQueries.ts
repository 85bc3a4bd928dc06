import { createRandom } from '../src/engine/testing/randomSnapshot.js'
import type { GeneratedGraph } from './generateGraph.js'
import type { BenchQuery } from './types.js'

/** Parameters of {@link mixStableQueries}. */
export type MixStableQueriesParameters = GeneratedGraph & {
  queries: readonly BenchQuery[]
  /** Share of the queries replaced by one between two coins of the graph's Curve pools. */
  share: number
  seed: number
}

/**
 * Replaces `share` of the queries (positions drawn by a random stream of their own, so the others stay
 * as generated) by stablecoin-to-stablecoin queries between two coins of the graph's Curve pools, $1 to
 * $50M: the trades Curve pools are for. Returns the queries unchanged when the graph has no Curve pool.
 */
export function mixStableQueries({ graph, pricesUsd, queries, share, seed }: MixStableQueriesParameters): BenchQuery[] {
  const coins = [...new Set((graph.curvePools ?? []).flatMap((p) => p.coins))]
  if (coins.length < 2 || share <= 0) return [...queries]
  const random = createRandom(seed ^ 0x57ab1e)
  const index = new Map(graph.tokens.map((t, i) => [t.address, i]))
  return queries.map((q) => {
    if (random() >= share) return q
    const a = coins[Math.floor(random() * coins.length)]!
    let b = a
    while (b === a) b = coins[Math.floor(random() * coins.length)]!
    const token = graph.tokens[index.get(a)!]!
    const units = ((10 ** (random() * 7.7)) / pricesUsd[index.get(a)!]!) * 10 ** token.decimals
    const amountIn = units < 1e15 ? BigInt(Math.max(1, Math.floor(units))) : BigInt(Math.floor(units / 1e6)) * 10n ** 6n
    return { tokenIn: a, tokenOut: b, amountIn: amountIn.toString() }
  })
}
