/**
 * The route explorer's first render (issue 25 performance: ≤ 1 s after the answer arrives, on the
 * devnet). Switchyard runs on the devnet (chains 1 and 8453, relayer off); Debian's chromium (headless,
 * puppeteer-core) opens /explorer and asks through the page's own forms, round after round, each shape
 * with amounts from a seeded stream. The page times itself: `performance.measure('explorer:first-render')`
 * runs from the answer's first byte (fetch resolved) to the first frame drawn after the diagram, tables
 * and links are in the DOM. The first round of each shape (warming the page's token lists) is not counted.
 *
 * Run: npm run bench:explorer [-- --rounds 50]
 */
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { pino } from 'pino'
import puppeteer from 'puppeteer-core'
import { buildExplorer } from '../scripts/build.mjs'
import { configSchema } from '../src/config.js'
import { startSwitchyard } from '../src/startSwitchyard.js'
import { percentile } from './stats.js'

const args = process.argv.slice(2)
const rounds = Number(args[args.indexOf('--rounds') + 1] ?? 50) || 50
const KEY = 'bench-explorer-key-0123456789'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const WETH_BASE = '0x4200000000000000000000000000000000000006'
const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p))
if (!chromium) throw new Error("Debian's chromium is not installed (apt-get install -y chromium; .ci/run installs it)")

await buildExplorer({ root: resolve(import.meta.dirname, '..') })
const stateDir = `.switchyard/bench-explorer-${process.pid}`
const config = configSchema.parse({
  chains: [1, 8453], devnetPorts: { '1': 0, '8453': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1,
  rateLimitPerMinute: 1_000_000, relayer: 'off', stateDir,
})
const sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
const browser = await puppeteer.launch({ executablePath: chromium, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
const page = await browser.newPage()
await page.setViewport({ width: 1400, height: 900 })
await page.goto(`${sy.httpUrl}/explorer`)
await page.type('#api-key', KEY)
await page.keyboard.press('Enter')
await page.waitForFunction("document.querySelector('#status')?.textContent === 'Ready.'", { timeout: 30_000 })

let seed = 25
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648)
let answers = 0
type El = { value: string }
const set = (selector: string, value: string) => page.$eval(selector, (e, v) => {
  (e as unknown as El).value = v
}, value)

/** Submits and returns the page's own first-render measure, in ms. */
async function drawn(button: string): Promise<number> {
  await page.click(button)
  await page.waitForSelector(`#result[data-answer="${++answers}"]`, { timeout: 60_000 })
  return page.evaluate(() => performance.getEntriesByName('explorer:first-render').at(-1)!.duration)
}
const shapes: Record<string, () => Promise<number>> = {
  'route, one pool (0.1–1.1 ETH → USDC)': async () => {
    await page.click('#tab-route')
    await page.select('#destination', '')
    await set('#amount', (0.1 + (next() % 1000) / 1000).toFixed(3))
    return drawn('#route-submit')
  },
  'split route (600–1,600 ETH → USDC)': async () => {
    await page.click('#tab-route')
    await page.select('#destination', '')
    await set('#amount', String(600 + (next() % 1000)))
    return drawn('#route-submit')
  },
  'cross-chain route (ETH on 1 → USDC on 8453)': async () => {
    await page.click('#tab-route')
    await page.select('#destination', '8453')
    await page.waitForFunction(`document.querySelector('#tokens-out').innerHTML.includes('${USDC_BASE}')`)
    await set('#amount', (0.5 + (next() % 1000) / 1000).toFixed(3))
    return drawn('#route-submit')
  },
  'bridge bundle (Stargate 1 → 8453, swap in the callback)': async () => {
    await page.click('#tab-bundle')
    const amountIn = String(1_000_000_000 + (next() % 1_000_000_000))
    await set('#bundle-actions', JSON.stringify([{ protocol: 'stargate', action: 'bridge', args: { tokenIn: USDC, amountIn, destinationChainId: 8453, receiver: FROM, callback: [
      { protocol: 'enso', action: 'balance', args: { token: USDC_BASE } },
      { protocol: 'enso', action: 'route', args: { tokenIn: USDC_BASE, tokenOut: WETH_BASE, amountIn: { useOutputOfCallAt: 0 }, slippage: '100' } },
    ] } }]))
    return drawn('#bundle-submit')
  },
}

const results: [string, number[]][] = []
for (const [name, ask] of Object.entries(shapes)) {
  const ms: number[] = []
  for (let i = 0; i <= rounds; i++) {
    const t = await ask()
    if (i > 0) ms.push(t)
  }
  results.push([name, ms])
}
console.log(`\nRoute explorer, first render after the answer arrives (headless chromium, devnet chains 1 and 8453), ${rounds} rounds per shape after one warm-up; load average ${loadavg().map((l) => l.toFixed(2)).join(', ')}`)
console.log('| answer | n | p50 ms | p99 ms | p99.9 ms | max ms |')
console.log('|---|---|---|---|---|---|')
for (const [name, ms] of results) {
  console.log(`| ${name} | ${ms.length} | ${percentile(ms, 50).toFixed(1)} | ${percentile(ms, 99).toFixed(1)} | ${percentile(ms, 99.9).toFixed(1)} | ${Math.max(...ms).toFixed(1)} |`)
}
console.log('target: ≤ 1,000 ms')
await browser.close()
await sy.stop()
await rm(stateDir, { recursive: true, force: true })
process.exit(0)
