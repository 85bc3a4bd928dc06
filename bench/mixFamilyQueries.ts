import { createRandom } from '../src/engine/testing/randomSnapshot.js'
import type { GeneratedGraph } from './generateGraph.js'
import type { BenchQuery } from './types.js'

/** Parameters of {@link mixFamilyQueries}. */
export type MixFamilyQueriesParameters = GeneratedGraph & {
  queries: readonly BenchQuery[]
  /** Share of the queries replaced by one into or out of a token of the issue-21 pools. */
  share: number
  seed: number
}

/**
 * Replaces `share` of the queries (positions drawn by a random stream of its own, so the others stay as
 * generated) by queries with a token of the graph's metapools, stableswap-ng and twocrypto-ng pools or Pendle
 * markets at one end (their coins, LP tokens, vault shares, SY, PT), and at the other end another such token
 * (half the time) or any token of the graph; $0.01 to $50M. Unchanged when the graph has none of those pools.
 */
export function mixFamilyQueries({ graph, pricesUsd, extraTokens = [], queries, share, seed }: MixFamilyQueriesParameters): BenchQuery[] {
  const byAddress = new Map<string, { decimals: number; priceUsd: number }>()
  graph.tokens.forEach((t, i) => byAddress.set(t.address, { decimals: t.decimals, priceUsd: pricesUsd[i]! }))
  for (const t of extraTokens) byAddress.set(t.address, t)
  const coins = [
    ...(graph.curveMetaPools ?? []).map((p) => p.coins[0]),
    ...(graph.curveNgPools ?? []).flatMap((p) => p.coins),
    ...(graph.twocryptoPools ?? []).flatMap((p) => p.coins),
    ...(graph.pendleMarkets ?? []).map((p) => p.asset),
  ]
  const family = [...new Set([...coins, ...extraTokens.map((t) => t.address)])].filter((a) => byAddress.has(a))
  if (family.length < 2 || share <= 0) return [...queries]
  const random = createRandom(seed ^ 0xfa3111e5)
  return queries.map((q) => {
    if (random() >= share) return q
    let a = family[Math.floor(random() * family.length)]!
    let b = a
    while (b === a) b = random() < 0.5 ? family[Math.floor(random() * family.length)]! : graph.tokens[Math.floor(random() * graph.tokens.length)]!.address
    if (random() < 0.5) [a, b] = [b, a]
    const token = byAddress.get(a)!
    const units = ((10 ** (-2 + random() * 9.7)) / token.priceUsd) * 10 ** token.decimals
    const amountIn = units < 1e15 ? BigInt(Math.max(1, Math.floor(units))) : BigInt(Math.floor(units / 1e6)) * 10n ** 6n
    return { tokenIn: a, tokenOut: b, amountIn: amountIn.toString() }
  })
}
