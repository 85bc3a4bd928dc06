/**
 * Gap to the optimal routing (issue 29). `npm run bench:optimal -- [--per-bucket 50] [--seed 2] [--min-usd 10]
 * [--max-hops 3] [--max-splits 4] [--tolerance 1e-5] [--budget-s 60] [--gas-gwei 10] [--ks 4,8,16] [--out r.json]`.
 * Besides the gas-free gap, the net-of-gas table: the engine's gas-aware route against the optimum restricted to
 * its top k pools (re-optimized), each less its pools' gas.
 * Medium bench graph (2,000 tokens, 10,000 pools; `generateGraph`, seed 1) after an arbitrageur's pass
 * (`equilibrateGraph`); queries from the bench's generator, `--per-bucket` per size bucket.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { generateGraph } from './generateGraph.js'
import { equilibrateGraph } from './optimal/equilibrateGraph.js'
import { type GapSummary, runOptimalGap } from './optimal/runOptimalGap.js'
import { summarizeNetOfGas } from './optimal/summarizeNetOfGas.js'

const { values } = parseArgs({
  options: {
    'per-bucket': { type: 'string', default: '50' },
    seed: { type: 'string', default: '2' },
    'min-usd': { type: 'string', default: '10' },
    'max-hops': { type: 'string', default: '3' },
    'max-splits': { type: 'string', default: '4' },
    tolerance: { type: 'string', default: '1e-5' },
    'budget-s': { type: 'string', default: '60' },
    'gas-gwei': { type: 'string', default: '10' },
    ks: { type: 'string', default: '4,8,16' },
    out: { type: 'string' },
  },
})

const log = (line: string): void => console.log(line)
const generated = generateGraph({ size: 'medium', seed: 1 })
const { graph, moved } = equilibrateGraph(generated)
log(`medium graph: ${graph.tokens.length} tokens, ${graph.pools.length} pools; ${moved} pools traded back into their fee band`)
const ks = values.ks.split(',').map(Number)
const started = Date.now()
const { rows, summary } = runOptimalGap({
  generated,
  graph,
  perBucket: Number(values['per-bucket']),
  seed: Number(values.seed),
  minUsd: Number(values['min-usd']),
  maxHops: Number(values['max-hops']),
  maxSplits: Number(values['max-splits']),
  tolerance: Number(values.tolerance),
  budgetMs: Number(values['budget-s']) * 1000,
  netOfGas: { gasPriceGwei: Number(values['gas-gwei']), ks },
  log,
})
const f = (x: number): string => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(1))
const line = (s: GapSummary): string =>
  `| ${s.bucket} | ${s.n} | ${s.pinnedWithin1Bps}/${s.n} | ${f(s.medianToAchievable)} – ${f(s.medianToBound)} | ${f(s.p90ToAchievable)} – ${f(s.p90ToBound)} | ${f(s.medianSingleToBound)} | ${(s.referenceMsP50 / 1000).toFixed(1)} / ${(s.referenceMsP90 / 1000).toFixed(1)} / ${(s.referenceMsMax / 1000).toFixed(1)} | ${s.aboveBound} |`
log('')
log('| bucket (amountIn ÷ deepest reserve) | queries | pinned ≤ 1 bps | engine gap, median bps (to achievable – to bound) ¹ | p90 bps ¹ | best single path, median bps to bound | reference s p50 / p90 / max | engine above bound |')
log('|---|---|---|---|---|---|---|---|')
for (const s of summary) log(line(s))
log('\n¹ over the pinned queries. Not pinned (engine gap to achievable – to bound, and the pin):')
for (const r of rows.filter((x) => x.pinBps > 1)) log(`  ${r.bucket} $${r.usd.toPrecision(3)}: ${f(r.toAchievable)} – ${f(r.toBound)} bps, pin ${f(r.pinBps)} bps`)
log(`\nNet of gas at ${values['gas-gwei']} gwei (ETH $3,000, each pool's gas the engine's per-hop gas of its protocol, in tokenOut): the engine's gas-aware route (≤ ${values['max-splits']} legs) against the optimum restricted to k of its pools (those of its widest flow paths from tokenIn to tokenOut), re-optimized, less their gas`)
log('| reference | queries | engine ≥ reference | share | median (engine − reference) bps | p10 bps | reference pools, median |')
log('|---|---|---|---|---|---|---|')
for (const n of summarizeNetOfGas(rows, ks)) log(`| ${n.k === 'all' ? 'whole optimum' : `top ${n.k}`} | ${n.n} | ${n.engineAtLeast} | ${((n.engineAtLeast / Math.max(1, n.n)) * 100).toFixed(1)} % | ${f(n.medianBps)} | ${f(n.p10Bps)} | ${n.medianPools} |`)
log(`\ntotal ${((Date.now() - started) / 1000).toFixed(0)} s`)
const out = values.out ?? join(dirname(fileURLToPath(import.meta.url)), 'results', 'optimalGap.json')
mkdirSync(dirname(out), { recursive: true })
writeFileSync(out, JSON.stringify({ summary, rows }, null, 1))
log(`report: ${out}`)
