/**
 * Route-search benchmark. `npm run bench -- [--size small|medium|large|xlarge|hostile|all] [--graph g.json]
 * [--queries q.json] [--out r.json] [--threads 2] [--max-hops 3] [--max-splits 4] [--no-benny]
 * [--reference-budget-s 60] [--peer-max-pools 100000] [--hub-share 0] [--no-curve] [--classic-curve]`.
 * Without --graph it generates the synthetic graphs (fixed seeds) and 1,000 queries each, with Curve
 * StableSwap pools among stablecoin-like tokens (bench/generateCurvePools.ts) and Aerodrome classic pools,
 * stable among those tokens and volatile from a hub (bench/generateAerodromePools.ts), a tenth of the queries
 * between two Curve coins (bench/mixStableQueries.ts); and the other pool types issue 21 added (Curve metapools,
 * stableswap-ng and twocrypto-ng pools, Pendle markets: bench/addIssue21Families.ts), another tenth of the queries
 * into or out of their tokens (bench/mixFamilyQueries.ts). `--classic-curve`: Curve StableSwap and Aerodrome pools
 * only (the graphs and queries before those types); `--no-curve`: V2 pools only and the uniform queries. The
 * @uniswap/v2-sdk peer is skipped on graphs above `--peer-max-pools` pools (the 250,000-pool `xlarge`:
 * building its Pair objects alone takes ~25 s there; issue 20 allows the skip), and the exact
 * brute-force reference stops after `--reference-budget-s` (it takes ~5 s on `xlarge`). `--hub-share 0.5`
 * gives half the generated queries a hub token at one end or both (see `generateQueries`). After the
 * graphs it prints the growth table (issue 20, the engine at scale) and writes it next to the report
 * (`scale.md`).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { GRAPH_SIZES, type GraphSize, generateGraph, generateQueries } from './generateGraph.js'
import { generateHostileGraph, generateHostileQueries } from './generateHostileGraph.js'
import { mixFamilyQueries } from './mixFamilyQueries.js'
import { mixStableQueries } from './mixStableQueries.js'
import { runGraphBench } from './runGraphBench.js'
import type { LatencySummary } from './stats.js'
import type { BenchGraph, BenchQuery } from './types.js'

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: 'all' },
    graph: { type: 'string' },
    queries: { type: 'string' },
    out: { type: 'string' },
    threads: { type: 'string' },
    'max-hops': { type: 'string', default: '3' },
    'max-splits': { type: 'string', default: '4' },
    'query-count': { type: 'string', default: '1000' },
    'reference-budget-s': { type: 'string', default: '60' },
    'peer-max-pools': { type: 'string', default: '100000' },
    'hub-share': { type: 'string', default: '0' },
    'no-benny': { type: 'boolean', default: false },
    'no-curve': { type: 'boolean', default: false },
    'classic-curve': { type: 'boolean', default: false },
  },
  allowPositionals: true,
})

const here = dirname(fileURLToPath(import.meta.url))
const log = (line: string): void => console.log(line)
const threads = Number(values.threads ?? Math.min(2, availableParallelism()))
const queryCount = Number(values['query-count'])
const hubShare = Number(values['hub-share'])
const curve = !values['no-curve']
const families = curve && !values['classic-curve']
/** With Curve pools, this share of the generated queries is between two of their coins (bench/mixStableQueries.ts). */
const STABLE_QUERY_SHARE = 0.1
/** With the issue-21 pool types, this share of the queries has one of their tokens at an end (bench/mixFamilyQueries.ts). */
const FAMILY_QUERY_SHARE = 0.1
const jsonReplacer = (_: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)

type Job = { name: string; graph: BenchGraph; queries: BenchQuery[] }
const jobs: Job[] = []
if (values.graph !== undefined) {
  const graph = JSON.parse(readFileSync(values.graph, 'utf8')) as BenchGraph
  const queries =
    values.queries !== undefined
      ? (JSON.parse(readFileSync(values.queries, 'utf8')) as BenchQuery[])
      : generateQueries({ graph, pricesUsd: graph.tokens.map(() => 1), count: queryCount, seed: 2 })
  jobs.push({ name: values.graph, graph, queries })
} else {
  const sizes = values.size === 'all' ? [...(Object.keys(GRAPH_SIZES) as GraphSize[]), 'hostile' as const] : [values.size as GraphSize | 'hostile']
  for (const size of sizes) {
    if (size === 'hostile') {
      // Medium scale, hostile shapes (bench/generateHostileGraph.ts): dust pools, 0–2 decimals, islands.
      const generated = generateHostileGraph({ seed: 1, curve, families })
      const queries =
        values.queries !== undefined
          ? (JSON.parse(readFileSync(values.queries, 'utf8')) as BenchQuery[])
          : mixFamilyQueries({ ...generated, queries: mixStableQueries({ ...generated, queries: generateHostileQueries({ ...generated, count: queryCount, seed: 2 }), share: STABLE_QUERY_SHARE, seed: 2 }), share: FAMILY_QUERY_SHARE, seed: 2 })
      jobs.push({ name: size, graph: generated.graph, queries })
      continue
    }
    if (!(size in GRAPH_SIZES)) throw new Error(`unknown --size ${size}`)
    const generated = generateGraph({ size, seed: 1, curve, families })
    const queries =
      values.queries !== undefined
        ? (JSON.parse(readFileSync(values.queries, 'utf8')) as BenchQuery[])
        : mixFamilyQueries({ ...generated, queries: mixStableQueries({ ...generated, queries: generateQueries({ ...generated, count: queryCount, seed: 2, hubShare }), share: STABLE_QUERY_SHARE, seed: 2 }), share: FAMILY_QUERY_SHARE, seed: 2 })
    jobs.push({ name: hubShare > 0 ? `${size} (hub share ${hubShare})` : size, graph: generated.graph, queries })
  }
}

const reports: Record<string, unknown> = {}
const scaleRows: ScaleRow[] = []
for (const job of jobs) {
  const g = job.graph
  log(`\n== ${job.name}: ${g.tokens.length} tokens, ${g.pools.length} V2 pools, ${g.curvePools?.length ?? 0} Curve pools, ${g.aerodromePools?.length ?? 0} Aerodrome pools, ${g.curveMetaPools?.length ?? 0} Curve metapools, ${g.curveNgPools?.length ?? 0} stableswap-ng, ${g.twocryptoPools?.length ?? 0} twocrypto-ng, ${g.pendleMarkets?.length ?? 0} Pendle markets, ${job.queries.length} queries ==`)
  const report = await runGraphBench({
    name: job.name,
    graph: job.graph,
    queries: job.queries,
    maxHops: Number(values['max-hops']),
    maxSplits: Number(values['max-splits']),
    threads,
    referenceBudgetMs: Number(values['reference-budget-s']) * 1000,
    peer: job.graph.pools.length <= Number(values['peer-max-pools']),
    benny: !values['no-benny'],
    log,
  })
  const s = report.summary
  log(`  worst query: single-path ${s.single.max.toFixed(2)} ms (p99.9 ${s.single.p99_9.toFixed(2)}), split ${s.split.max.toFixed(2)} ms (p99.9 ${s.split.p99_9.toFixed(2)}); targets ≤ 5 ms and ≤ 25 ms`)
  log(`  single-path == exact best single path: ${s.singleEqualsExact.equal}/${s.singleEqualsExact.of} (exact best paths through ${Object.entries(s.exactThrough).map(([f, n]) => `${f} ${n}`).join(', ')})`)
  log(`  ours ÷ exact single path: mean ${s.oursVsExact.mean.toFixed(6)}, min ${s.oursVsExact.min.toFixed(6)}`)
  log(`  ours (split) ÷ v2-sdk: mean ${s.splitVsPeer.mean.toFixed(4)}, min ${s.splitVsPeer.min.toFixed(6)}; ≥ v2-sdk on ${s.splitVsPeer.atLeast}/${s.splitVsPeer.of} (single-path: ${s.singleAtLeastPeer.atLeast}/${s.singleAtLeastPeer.of})`)
  log(`  throughput single-path vs v2-sdk (one thread each): ${Number.isNaN(s.throughputVsPeer) ? 'peer skipped' : `${s.throughputVsPeer.toFixed(0)}×`}`)
  log(`  split ≥ single on ${s.splitNeverBelowSingle.ok}/${s.splitNeverBelowSingle.of}; split ÷ water-filling: mean ${s.splitVsWaterFill.mean.toFixed(6)}, min ${s.splitVsWaterFill.min.toFixed(6)} (${s.splitVsWaterFill.of} queries)`)
  log(`  split gain over single path, mean bps by amountIn ÷ deepest tokenIn reserve: ${Object.entries(s.splitGainBpsByAmountBucket).map(([k, v]) => `${k}: ${v.meanBps.toFixed(2)} (n=${v.n})`).join(', ')}`)
  reports[job.name] = report
  scaleRows.push({ name: job.name, tokens: s.graph.tokens, pools: s.graph.pools, curvePools: s.graph.otherPools, exactThroughCurve: s.exactThroughCurve, single: s.single, split: s.split, steady: s.steady, singleEqualsExact: s.singleEqualsExact, throughputVsPeer: s.throughputVsPeer })
}

const out = values.out ?? join(here, 'results', 'report.json')
mkdirSync(dirname(out), { recursive: true })
const single = jobs.length === 1 ? reports[jobs[0]!.name] : reports
writeFileSync(out, JSON.stringify(single, jsonReplacer, 1))
log(`\nreport: ${out}`)
const table = formatScaleTable(scaleRows)
const tablePath = join(dirname(out), 'scale.md')
writeFileSync(tablePath, `${table}\n`)
log(`\nHow latency grows with the graph (${tablePath}):\n${table}`)

/** One graph's row of the growth table: what `runGraphBench` reports about it. */
type ScaleRow = {
  name: string
  tokens: number
  pools: number
  /** Pools besides the V2 pools (Curve of every type, Aerodrome, Pendle), and the queries whose exact best path uses a Curve pool. */
  curvePools: number
  exactThroughCurve: number
  single: LatencySummary
  split: LatencySummary
  /** Each query's median time over the timed passes. */
  steady: { single: LatencySummary; split: LatencySummary }
  singleEqualsExact: { equal: number; of: number }
  /** Our single-path q/s ÷ the v2-sdk peer's, one thread each (NaN when the peer was skipped). */
  throughputVsPeer: number
}

function ms(x: number): string {
  return x < 1 ? x.toFixed(3) : x.toFixed(2)
}

/**
 * Markdown table of how the search's latency grows with the graph (issue 20, the engine at scale):
 * p50, p99, p99.9 and max of one timed pass, single-path and split, the worst per-query median of the
 * timed passes, exactness against the brute-force reference and throughput against the v2-sdk peer.
 */
function formatScaleTable(rows: readonly ScaleRow[]): string {
  const lines = [
    '| graph | tokens | pools (V2 + others) | single p50 / p99 / p99.9 / max (ms) | single max, median of passes | split p50 / p99 / p99.9 / max (ms) | split max, median of passes | single == exact (through Curve) | q/s vs v2-sdk |',
    '|---|---|---|---|---|---|---|---|---|',
  ]
  for (const r of rows) {
    const l = (x: LatencySummary) => `${ms(x.p50)} / ${ms(x.p99)} / ${ms(x.p99_9)} / ${ms(x.max)}`
    const peer = Number.isNaN(r.throughputVsPeer) ? 'skipped' : `${r.throughputVsPeer.toFixed(0)}×`
    lines.push(
      `| ${r.name} | ${r.tokens.toLocaleString('en-US')} | ${r.pools.toLocaleString('en-US')} + ${r.curvePools.toLocaleString('en-US')} | ${l(r.single)} | ${ms(r.steady.single.max)} | ${l(r.split)} | ${ms(r.steady.split.max)} | ${r.singleEqualsExact.equal}/${r.singleEqualsExact.of} (${r.exactThroughCurve}) | ${peer} |`,
    )
  }
  return lines.join('\n')
}
