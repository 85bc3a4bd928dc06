import { generateCurveMetaPools } from './generateCurveMetaPools.js'
import { generateCurveNgPools } from './generateCurveNgPools.js'
import { generatePendleMarkets } from './generatePendleMarkets.js'
import { generateTwocryptoPools } from './generateTwocryptoPools.js'
import type { BenchExtraToken, BenchGraph } from './types.js'

/** Parameters of {@link addIssue21Families}. */
export type AddIssue21FamiliesParameters = {
  seed: number
  /** The graph, with its Curve pools (the metapools' bases); the new pools are added to it. */
  graph: BenchGraph
  pricesUsd: readonly number[]
  /** $1 token indices, the $1 hub first. */
  stables: readonly number[]
  /** twocrypto coin 0 candidates (hubs, $1 tokens). */
  quoteTokens: readonly number[]
  /** twocrypto coin 1 candidates. */
  volatileTokens: readonly number[]
  /** The graph's V2 pool count; each family is a share of it. */
  v2PoolCount: number
  /** One hex digit each: pools are `0x<poolPrefix>3…` to `…7`, created tokens `0x<tokenPrefix>3…` to `…6`. */
  poolPrefix: string
  tokenPrefix: string
  hostile?: boolean
}

/** Each family's pool count as a share of the V2 pools, and its least count (so a small graph has every state). */
export const ISSUE21_FAMILY_SHARES = { meta: [0.003, 6], ng: [0.005, 6], twocrypto: [0.005, 6], pendle: [0.002, 5] } as const

/**
 * Adds the pool types issue 21 brought besides Curve's plain StableSwap pools and Aerodrome: Curve metapools
 * over the graph's 3-coin Curve pools, stableswap-ng pools, twocrypto-ng pools and Pendle markets, each drawn
 * from a random stream of its own (so every other pool keeps its draws). Mutates `graph`; returns the tokens the
 * new pools created outside `graph.tokens` (LP tokens, vault shares, SY and PT), with their prices, for queries.
 */
export function addIssue21Families({ seed, graph, pricesUsd, stables, quoteTokens, volatileTokens, v2PoolCount, poolPrefix, tokenPrefix, hostile = false }: AddIssue21FamiliesParameters): BenchExtraToken[] {
  const count = ([share, least]: readonly [number, number]) => Math.max(least, Math.round(v2PoolCount * share))
  const { tokens } = graph
  const meta = generateCurveMetaPools({
    seed, tokens, pricesUsd, stables, curvePools: graph.curvePools ?? [], count: count(ISSUE21_FAMILY_SHARES.meta),
    poolPrefix: `${poolPrefix}3`, lpPrefix: `${tokenPrefix}3`, zapPrefix: `${poolPrefix}7`, hostile,
  })
  const ng = generateCurveNgPools({ seed, tokens, pricesUsd, stables, hub: 0, count: count(ISSUE21_FAMILY_SHARES.ng), poolPrefix: `${poolPrefix}4`, tokenPrefix: `${tokenPrefix}4`, hostile })
  const twocryptoPools = generateTwocryptoPools({ seed, tokens, pricesUsd, quoteTokens, volatileTokens, count: count(ISSUE21_FAMILY_SHARES.twocrypto), poolPrefix: `${poolPrefix}5`, hostile })
  const pendle = generatePendleMarkets({ seed, tokens, pricesUsd, assets: [...stables.slice(0, 8), 0], count: count(ISSUE21_FAMILY_SHARES.pendle), marketPrefix: `${poolPrefix}6`, tokenPrefix: `${tokenPrefix}6`, hostile })
  graph.curveMetaPools = meta.pools
  graph.curveNgPools = ng.pools
  graph.twocryptoPools = twocryptoPools
  graph.pendleMarkets = pendle.markets
  return [...meta.lpTokens, ...ng.extraTokens, ...pendle.extraTokens]
}
