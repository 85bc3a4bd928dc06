import { createRandom } from '../src/engine/testing/randomSnapshot.js'
import { generateAerodromePools } from './generateAerodromePools.js'
import { addIssue21Families } from './addIssue21Families.js'
import { chooseStableTokens, generateCurvePools } from './generateCurvePools.js'
import type { GeneratedGraph } from './generateGraph.js'
import type { BenchGraph, BenchQuery } from './types.js'

/** Shape of a hostile graph: the medium size by default. */
export type HostileGraphShape = {
  tokens: number
  pools: number
  hubs: number
  /** Tokens that each get `dustPoolsPerSink` dust pools (a few units of liquidity) to random tokens. */
  sinks: number
  dustPoolsPerSink: number
  /** Tokens in components with no pool to the main graph (no-route queries). */
  islands: number
  islandSize: number
}

export const HOSTILE_MEDIUM: HostileGraphShape = { tokens: 2_000, pools: 10_000, hubs: 16, sinks: 12, dustPoolsPerSink: 300, islands: 8, islandSize: 12 }

const hex = (prefix: string, i: number): string => `0x${prefix}${i.toString(16).padStart(40 - prefix.length, '0')}`

/** What a hostile graph's tokens are, for the query generator. */
export type HostileRoles = { hubs: number; sinks: number[]; islands: number[][]; lowDecimals: number[] }

/**
 * Deterministic graph of the shapes that make a route search expensive: tokens of 0–2 decimals, prices
 * from 1e-7 to 1e5 USD, thousands of tokens whose only pools hold dollars or cents, `sinks` tokens with
 * hundreds of dust pools each (a few units on a side), and disconnected islands. Every pool is a
 * 30 bps constant-product pair, as in {@link generateGraph}. With `curve`, 3 % of the main tokens become
 * $1 tokens (their drawn decimals kept, 0–2 included) and Curve StableSwap pools among them (2 % of the
 * pool count) join the graph in six equal shares of states: balanced, imbalanced, a coin of 1–1,000 raw
 * units, 1e6:1, A = 1 and $0.01–$1 of liquidity ({@link generateCurvePools}), and Aerodrome classic pools
 * (1 %: stable among those tokens, volatile from a hub; balanced, skewed, a side of 1–1,000 raw units, and
 * $0.01–$1 of liquidity; {@link generateAerodromePools}). With `families` (default: with `curve`), Curve
 * metapools, stableswap-ng and twocrypto-ng pools and Pendle markets join in their hostile states too
 * ({@link addIssue21Families}: near-empty coins, 1e6:1, A = 1, dust, twocrypto pools far from their price
 * scale, Pendle markets minutes from expiry or crowded with PT).
 */
export function generateHostileGraph({ seed, shape = HOSTILE_MEDIUM, curve = false, families = curve }: { seed: number; shape?: HostileGraphShape; curve?: boolean; families?: boolean }): GeneratedGraph & { roles: HostileRoles } {
  const random = createRandom(seed)
  const n = shape.tokens
  const decimalsChoices = [18, 18, 18, 6, 8, 0, 1, 2, 0, 2]
  const tokens = Array.from({ length: n }, (_, i) => ({
    address: hex('c0', i),
    decimals: i === 1 ? 6 : i === 0 ? 18 : decimalsChoices[Math.floor(random() * decimalsChoices.length)]!,
    symbol: i < shape.hubs ? `HUB${i}` : `HX${i}`,
  }))
  const pricesUsd = tokens.map((_, i) => (i === 1 ? 1 : i === 0 ? 3000 : 10 ** (-7 + random() * 12)))
  const lowDecimals = tokens.flatMap((t, i) => (i >= shape.hubs && t.decimals <= 2 ? [i] : []))
  // Islands: the last tokens, in groups; sinks: right after the hubs.
  const islandStart = n - shape.islands * shape.islandSize
  const islands = Array.from({ length: shape.islands }, (_, k) => Array.from({ length: shape.islandSize }, (_, j) => islandStart + k * shape.islandSize + j))
  const sinks = Array.from({ length: shape.sinks }, (_, k) => shape.hubs + k)
  const mainTokens = islandStart
  const stables = curve ? [1, ...chooseStableTokens({ seed, tokens, pricesUsd, from: shape.hubs + shape.sinks, to: mainTokens, count: Math.round(mainTokens * 0.03), keepDecimals: true })] : []

  const pairs = new Set<string>()
  const pools: BenchGraph['pools'] = []
  /** Adds a pair holding `liquidityUsd`; amounts floor to whole units (a low-decimal side can be 1). */
  const addPool = (a: number, b: number, liquidityUsd: number): boolean => {
    if (a === b) return false
    const key = a < b ? `${a}:${b}` : `${b}:${a}`
    if (pairs.has(key)) return false
    pairs.add(key)
    const [t0, t1] = a < b ? [a, b] : [b, a]
    const side = (t: number): bigint => {
      const units = ((liquidityUsd / 2) / pricesUsd[t]!) * (1 + (random() - 0.5) * 0.02)
      const decimals = tokens[t]!.decimals
      return BigInt(Math.max(1, Math.floor(units * 10 ** Math.min(decimals, 6)))) * 10n ** BigInt(Math.max(0, decimals - 6))
    }
    pools.push({ address: hex('d0', pools.length), token0: tokens[t0]!.address, token1: tokens[t1]!.address, reserve0: side(t0).toString(), reserve1: side(t1).toString(), feeBps: 30 })
    return true
  }
  const deep = () => Math.min(2e9, 2e4 * Math.pow(1 - random(), -1 / 1.1))
  const shallow = () => 10 ** (-2 + random() * 4) // $0.01 – $100
  const dust = () => 10 ** (-4 + random() * 3) // $0.0001 – $0.1
  for (let i = 0; i < shape.hubs; i++) for (let j = i + 1; j < shape.hubs; j++) addPool(i, j, deep() * 100)
  // Every main token reaches a hub; two in three only through a shallow pool.
  for (let i = shape.hubs; i < mainTokens; i++) addPool(i, Math.floor(random() * shape.hubs), random() < 0.34 ? deep() : shallow())
  // Sinks: hundreds of dust pools each, to random main tokens.
  for (const s of sinks) {
    let added = 0
    while (added < shape.dustPoolsPerSink) if (addPool(s, Math.floor(random() * mainTokens), dust())) added++
  }
  // Islands: a ring plus chords inside each island, never a pool out of it.
  for (const island of islands) {
    for (let j = 0; j < island.length; j++) addPool(island[j]!, island[(j + 1) % island.length]!, deep())
    for (let j = 0; j < island.length; j++) addPool(island[j]!, island[Math.floor(random() * island.length)]!, shallow())
  }
  // The rest: random main-graph pairs, mostly shallow.
  while (pools.length < shape.pools) addPool(Math.floor(random() * mainTokens), Math.floor(random() * mainTokens), random() < 0.2 ? deep() : shallow())
  const roles = { hubs: shape.hubs, sinks, islands, lowDecimals }
  if (!curve) return { graph: { tokens, pools }, pricesUsd, roles }
  const curvePools = generateCurvePools({ seed, tokens, pricesUsd, stables, count: Math.round(shape.pools * 0.02), poolPrefix: 'd1', lpPrefix: 'c1', hostile: true })
  const volatileTokens = Array.from({ length: mainTokens }, (_, i) => i)
  const aerodromePools = generateAerodromePools({ seed, tokens, pricesUsd, stables, volatileTokens, count: Math.round(shape.pools * 0.01), poolPrefix: 'd2', hostile: true })
  const graph: BenchGraph = { tokens, pools, curvePools, aerodromePools }
  if (!families) return { graph, pricesUsd, roles }
  const quoteTokens = [0, 1, ...stables.slice(1, 7)]
  const extraTokens = addIssue21Families({ seed, graph, pricesUsd, stables, quoteTokens, volatileTokens, v2PoolCount: shape.pools, poolPrefix: 'd', tokenPrefix: 'c', hostile: true })
  return { graph, pricesUsd, roles, extraTokens }
}

/**
 * Hostile queries, in equal shares: into a sink (hundreds of dust pools, best output a few units or
 * none); into a low-decimal token sized for an output of 0–100 units; across islands (no route);
 * dust amounts of 1–10 units; and ordinary random pairs with amounts from $0.0001 to $50M.
 */
export function generateHostileQueries({ graph, pricesUsd, roles, count, seed }: GeneratedGraph & { roles: HostileRoles; count: number; seed: number }): BenchQuery[] {
  const random = createRandom(seed)
  const n = graph.tokens.length
  const pickToken = (): number => Math.floor(random() * n)
  const amountFor = (token: number, usd: number): string => {
    const units = (usd / pricesUsd[token]!) * 10 ** graph.tokens[token]!.decimals
    return (units < 1e15 ? BigInt(Math.max(1, Math.floor(units))) : BigInt(Math.floor(units / 1e6)) * 10n ** 6n).toString()
  }
  const queries: BenchQuery[] = []
  while (queries.length < count) {
    const kind = queries.length % 5
    let a = pickToken()
    let b: number
    let amountIn: string
    if (kind === 0) {
      b = roles.sinks[Math.floor(random() * roles.sinks.length)]!
      amountIn = amountFor(a, 10 ** (-4 + random() * 8))
    } else if (kind === 1) {
      b = roles.lowDecimals[Math.floor(random() * roles.lowDecimals.length)]!
      // Worth 0–100 units of the output token.
      const units = random() * 100
      amountIn = amountFor(a, Math.max(1e-12, (units / 10 ** graph.tokens[b]!.decimals) * pricesUsd[b]!))
    } else if (kind === 2) {
      const island = roles.islands[Math.floor(random() * roles.islands.length)]!
      b = island[Math.floor(random() * island.length)]!
      if (random() < 0.5) [a, b] = [b, a]
      amountIn = amountFor(a, 10 ** (-2 + random() * 6))
    } else if (kind === 3) {
      b = pickToken()
      amountIn = String(1 + Math.floor(random() * 10))
    } else {
      b = pickToken()
      amountIn = amountFor(a, 10 ** (-4 + random() * 11.7))
    }
    if (a === b) continue
    queries.push({ tokenIn: graph.tokens[a]!.address, tokenOut: graph.tokens[b]!.address, amountIn })
  }
  return queries
}
