import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { delimiter, join, resolve } from 'node:path'
import { pino } from 'pino'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildExplorer } from '../../scripts/build.mjs'
import { configSchema } from '../../src/config.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'
import type { Answer } from '../../src/explorer/types.js'

/**
 * Issue 25 items 3 and 4: the route explorer in a real browser (Debian's chromium, driven by
 * puppeteer-core) against a running switchyard on the devnet (chains 1 and 8453). One start for the
 * whole file; each case asks through the page's own forms, reads the answer the page received from
 * the network, and checks the diagram's edges and amounts against it (the explanation's simulated
 * amounts when the answer has one, and then that the steps delivering the output add up to it).
 * Routes on one chain must come explained; bundles and cross-chain routes are checked against the
 * explanation once the server gives one, else against their own step amounts.
 * Screenshots and first-render times go to `.switchyard/artifacts/explorer/` (gitignored).
 */

const KEY = 'explorer-browser-key-0123456789'
const ROOT = resolve(import.meta.dirname, '../..')
const ARTIFACTS = join(ROOT, '.switchyard/artifacts/explorer')
const stateDir = `.switchyard/test-explorer-${process.pid}`
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const WETH_BASE = '0x4200000000000000000000000000000000000006'
const VAULT = '0x5a7e000000000000000000000000000000000001'
const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

/** Debian's chromium on PATH (`chromium`), or nothing. */
function findChromium(): string | undefined {
  const dirs = (process.env.PATH ?? '').split(delimiter).concat(['/usr/bin'])
  for (const dir of dirs) for (const name of ['chromium', 'chromium-browser']) if (existsSync(join(dir, name))) return join(dir, name)
  return undefined
}

type Edge = { step: string; protocol: string; action: string; pool: string; chainId: string; destinationChainId: string; tokenIn: string; tokenOut: string; amountIn: string; amountOut: string; amountsFrom: string }
type Node = { node: string; chainId: string; token: string; amountIn: string; amountOut: string }
type Shown = { answer: Answer; edges: Edge[]; nodes: Node[]; renderMs: number }
/** The DOM as these page-side callbacks use it (this file is type-checked with Node's types, not the DOM's). */
type El = { dataset: Record<string, string>; getAttribute(name: string): string | null; querySelector(selector: string): El | null; textContent: string | null; value: string; labels: { length: number } | null; id: string; hidden: boolean; href: string; innerHTML: string }

let sy: RunningSwitchyard
let browser: Browser
let page: Page
let answers = 0
const timings: Record<string, number> = {}

beforeAll(async () => {
  const chromium = findChromium()
  if (!chromium) throw new Error("Debian's chromium is not installed, and the explorer's browser tests need it: `.ci/run` installs it when it is missing (on this machine: apt-get install -y chromium).")
  // What `npm start` serves at /explorer: the page bundled from src/explorer into dist/explorer.
  await buildExplorer({ root: ROOT })
  const config = configSchema.parse({
    chains: [1, 8453], devnetPorts: { '1': 0, '8453': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1,
    rateLimitPerMinute: 100_000, relayer: 'off', stateDir,
  })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  browser = await puppeteer.launch({ executablePath: chromium, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
  page = await browser.newPage()
  await page.setViewport({ width: 1400, height: 900 })
  mkdirSync(ARTIFACTS, { recursive: true })
  await page.goto(`${sy.httpUrl}/explorer`)
  // The key as a person types it: into the key field, kept in localStorage.
  await page.type('#api-key', KEY)
  await page.keyboard.press('Enter')
  await page.waitForFunction("document.querySelector('#status')?.textContent === 'Ready.'", { timeout: 30_000 })
}, 240_000)
afterAll(async () => {
  writeFileSync(join(ARTIFACTS, 'first-render-ms.json'), `${JSON.stringify(timings, null, 1)}\n`)
  await browser?.close()
  await sy?.stop()
  await rm(stateDir, { recursive: true, force: true })
})

const setValue = (selector: string, value: string) => page.$eval(selector, (e, v) => {
  (e as unknown as El).value = v
}, value)

/** Submits a form and returns the answer the page got from the network and what it drew. */
async function submit(name: string, button: string, path: string): Promise<Shown> {
  const response = page.waitForResponse((r) => r.url().includes(`/api/v1${path}`) && r.request().method() === 'POST' && r.status() === 200, { timeout: 60_000 })
  await page.click(button)
  const answer = (await (await response).json()) as Answer
  await page.waitForSelector(`#result[data-answer="${++answers}"]`, { timeout: 30_000 }).catch(async (err: unknown) => {
    throw new Error(`the page did not draw the answer: ${await page.$eval('#status', (s) => s.textContent)}`, { cause: err })
  })
  const edges = await page.$$eval('#diagram g.edge', (els) => els.map((e) => ({ ...(e as unknown as El).dataset })))
  const nodes = await page.$$eval('#diagram g.node', (els) => els.map((e) => ({ ...(e as unknown as El).dataset })))
  const renderMs = await page.evaluate(() => performance.getEntriesByName('explorer:first-render').at(-1)!.duration)
  timings[name] = Math.round(renderMs * 10) / 10
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true })
  return { answer, edges: edges as Edge[], nodes: nodes as Node[], renderMs }
}

async function askRoute(name: string, { amount, tokenOut = 'USDC', destination = '' }: { amount: string; tokenOut?: string; destination?: string }): Promise<Shown> {
  await page.click('#tab-route')
  await page.select('#destination', destination)
  if (destination) await page.waitForFunction(`document.querySelector('#tokens-out').innerHTML.includes('${USDC_BASE}')`)
  await setValue('#token-in', 'ETH')
  await setValue('#token-out', tokenOut)
  await setValue('#amount', amount)
  return submit(name, '#route-submit', '/shortcuts/route')
}

async function askBundle(name: string, actions: unknown[]): Promise<Shown> {
  await page.click('#tab-bundle')
  await setValue('#bundle-actions', JSON.stringify(actions, null, 2))
  return submit(name, '#bundle-submit', '/shortcuts/bundle')
}

/**
 * The diagram shows the answer: with an explanation, an edge per explained step with its simulated
 * amounts, and the steps delivering the output add up to it; without, an edge per answer step with
 * the amounts the answer gives (a bundle step's, a route step's quoted `args`). The output token
 * carries the answer's amount.
 */
function expectDiagramOf({ answer, edges, nodes }: Shown, output: { chainId: number; token: string; amount: string }): void {
  const steps = answer.explanation?.steps
  if (steps && steps.length > 0) {
    expect(edges.map((e) => [e.protocol, e.pool, e.tokenIn, e.tokenOut, e.amountIn, e.amountOut, e.amountsFrom])).toEqual(steps.map((s) => [s.protocol, s.pool, s.tokenIn, s.tokenOut, s.amountIn, s.amountOut, s.amountsFrom]))
    const delivering = edges.filter((e) => Number(e.destinationChainId) === output.chainId && e.tokenOut.toLowerCase() === output.token.toLowerCase())
    expect(delivering.length).toBeGreaterThan(0)
    // Simulated deliveries add up to the answer. A bridge that delivers straight to the receiver is one
    // step whose amounts are still the engine's estimate (amountsFrom 'estimate'): the output node's
    // amount, checked below, is the answer's then.
    if (delivering.every((e) => e.amountsFrom === 'simulation')) expect(delivering.reduce((sum, e) => sum + BigInt(e.amountOut), 0n)).toBe(BigInt(output.amount))
  } else {
    expect(edges.map((e) => [e.protocol, e.pool, Number(e.chainId), Number(e.destinationChainId), e.tokenIn, e.tokenOut, e.amountIn, e.amountOut])).toEqual(answer.route.map((s) => [
      s.protocol, s.primary, s.sourceChainId ?? s.chainId, s.destinationChainId ?? s.chainId, s.tokenIn[0], s.tokenOut[0],
      s.amountIn ?? s.args.amountIn ?? '', s.amountOut ?? s.args.amountOut ?? '',
    ]))
  }
  const out = nodes.filter((n) => n.amountOut !== '')
  expect(out.map((n) => [Number(n.chainId), n.token.toLowerCase(), n.amountOut])).toEqual([[output.chainId, output.token.toLowerCase(), output.amount]])
}

/** What the quoted amounts of the steps delivering `token` add up to (answers without an explanation). */
const quotedInto = (shown: Shown, token: string) => shown.edges.filter((e) => e.tokenOut.toLowerCase() === token.toLowerCase()).reduce((sum, e) => sum + BigInt(e.amountOut), 0n)

describe('the route explorer in chromium', () => {
  test('a single route: 1 ETH → USDC (a wrap, then one pool)', async () => {
    const shown = await askRoute('single-route', { amount: '1' })
    expect(shown.answer.route.map((s) => s.protocol)).toEqual(['wrapped-native', 'uniswap-v3'])
    // Routes are explained (explain: true in the page's request): the diagram shows what the simulation moved.
    expect(shown.answer.explanation?.steps.map((s) => s.amountsFrom)).toEqual(['simulation', 'simulation'])
    expectDiagramOf(shown, { chainId: 1, token: USDC, amount: shown.answer.amountOut as string })
    expect(shown.nodes.find((n) => n.amountIn !== '')).toMatchObject({ token: NATIVE, amountIn: '1000000000000000000' })
    if (!shown.answer.explanation) expect(quotedInto(shown, USDC)).toBe(BigInt(shown.answer.amountOut as string))
    expect(await page.$eval('[data-summary="amount-out"] dd', (d) => d.textContent)).toMatch(/^[\d,]+\.\d+ USDC$/)
  })

  test('a split route: 1,000 ETH → USDC over four legs, one of two hops, drawn side by side', async () => {
    const shown = await askRoute('split-route', { amount: '1000' })
    const swaps = shown.answer.route.filter((s) => s.action === 'swap')
    expect(new Set(swaps.map((s) => s.primary)).size).toBeGreaterThanOrEqual(4)
    expect(shown.answer.explanation, 'the split route is explained').toBeDefined()
    expect(shown.edges.every((e) => e.amountsFrom === 'simulation')).toBe(true)
    expect(await page.$$eval('#plan tr[data-command]', (rows) => rows.length)).toBe(shown.answer.explanation!.plan.length)
    expect(await page.$$eval('#candidates tr[data-candidate]', (rows) => rows.length)).toBe(shown.answer.explanation!.candidates.length)
    expectDiagramOf(shown, { chainId: 1, token: USDC, amount: shown.answer.amountOut as string })
    if (!shown.answer.explanation) expect(quotedInto(shown, USDC)).toBe(BigInt(shown.answer.amountOut as string))
    // Legs between the same two tokens run side by side: their labels stack at one x, apart in y.
    const labels = await page.$$eval('#diagram g.edge', (els) => els.map((e) => {
      const t = e.querySelector('text.edge-amounts')!
      return { from: (e as unknown as El).dataset.tokenIn!, to: (e as unknown as El).dataset.tokenOut!, x: Number(t.getAttribute('x')), y: Number(t.getAttribute('y')) }
    }))
    const parallel = labels.filter((l) => l.to.toLowerCase() === USDC.toLowerCase() && l.from.toLowerCase() === swaps[0]!.tokenIn[0]!.toLowerCase())
    expect(parallel.length).toBeGreaterThanOrEqual(2)
    expect(new Set(parallel.map((l) => l.x)).size).toBe(1)
    expect(new Set(parallel.map((l) => l.y)).size).toBe(parallel.length)
    // An explained answer replays from its page: the same transaction on the same block gives the same amount.
    if (shown.answer.explanation) {
      await page.click('#replay-now')
      await page.waitForSelector('#replay-result [data-replay]', { timeout: 60_000 })
      expect(await page.$eval('#replay-result [data-replay]', (p) => (p as unknown as El).dataset.replay)).toBe('same')
    }
  })

  test('a bundle: route 1 ETH to USDC, deposit it into the vault', async () => {
    const shown = await askBundle('bundle', [
      { protocol: 'enso', action: 'route', args: { tokenIn: NATIVE, tokenOut: USDC, amountIn: '1000000000000000000', slippage: '100' } },
      { protocol: 'erc4626', action: 'deposit', args: { tokenIn: USDC, amountIn: { useOutputOfCallAt: 0 }, primaryAddress: VAULT } },
    ])
    const [token, amount] = Object.entries(shown.answer.amountsOut!)[0]!
    expect(token.toLowerCase()).toBe(VAULT)
    expectDiagramOf(shown, { chainId: 1, token, amount })
    if (!shown.answer.explanation) expect(quotedInto(shown, VAULT)).toBe(BigInt(amount))
  })

  test('a bridge bundle: 1,000 USDC over Stargate to Base, swapped to WETH there by the callback', async () => {
    const shown = await askBundle('bridge-bundle', [{
      protocol: 'stargate', action: 'bridge', args: {
        tokenIn: USDC, amountIn: '1000000000', destinationChainId: 8453, receiver: FROM,
        callback: [
          { protocol: 'enso', action: 'balance', args: { token: USDC_BASE } },
          { protocol: 'enso', action: 'route', args: { tokenIn: USDC_BASE, tokenOut: WETH_BASE, amountIn: { useOutputOfCallAt: 0 }, slippage: '100' } },
        ],
      },
    }])
    const [token, amount] = Object.entries(shown.answer.amountsOut!)[0]!
    expectDiagramOf(shown, { chainId: 8453, token, amount })
    const lanes = await page.$$eval('#diagram g.lane', (els) => els.map((e) => Number((e as unknown as El).dataset.chainId)))
    expect(lanes).toEqual([1, 8453])
    expect(shown.edges.filter((e) => e.chainId !== e.destinationChainId).map((e) => [e.protocol, e.chainId, e.destinationChainId])).toEqual([['stargate', '1', '8453']])
    if (!shown.answer.explanation) expect(quotedInto(shown, WETH_BASE)).toBe(BigInt(amount))
  })

  test('a cross-chain route: 1 ETH on chain 1 → USDC on Base, the bridge leg across two lanes', async () => {
    const shown = await askRoute('cross-chain-route', { amount: '1', destination: '8453' })
    expectDiagramOf(shown, { chainId: 8453, token: USDC_BASE, amount: shown.answer.amountOut as string })
    const bridges = shown.edges.filter((e) => e.chainId !== e.destinationChainId)
    expect(bridges).toHaveLength(1)
    expect(bridges[0]).toMatchObject({ chainId: '1', destinationChainId: '8453' })
    expect(await page.$$eval('#diagram g.lane', (els) => els.length)).toBe(2)
  })

  test('links: the permalink asks the same question again; an explained answer links its replay', async () => {
    const href = await page.$eval('#permalink', (a) => (a as unknown as El).href)
    expect(href).toMatch(/\/explorer#q=/)
    expect(href).not.toContain(KEY)
    const replay = await page.$('#replay-link')
    const last = await page.$eval('#raw', (p) => JSON.parse(p.textContent!) as Answer)
    if (last.explanation) expect(await replay!.evaluate((a) => (a as unknown as El).href)).toContain(encodeURIComponent(last.explanation.quoteId))
    else expect(replay).toBeNull()
    const again = await browser.newPage()
    try {
      const response = again.waitForResponse((r) => r.url().includes('/api/v1/shortcuts/route') && r.request().method() === 'POST', { timeout: 60_000 })
      await again.goto(href)
      expect((await response).status()).toBe(200)
      await again.waitForSelector('#result[data-answer="1"]', { timeout: 30_000 })
      expect(await again.$$eval('#diagram g.lane', (els) => els.length)).toBe(2)
    } finally {
      await again.close()
    }
  })

  test('accessible: every control has a label, every edge is focusable and described, tabs answer the arrow keys', async () => {
    const unlabelled = await page.$$eval('input, select, textarea', (els) => els.filter((e) => (e as unknown as El).labels?.length === 0).map((e) => e.id))
    expect(unlabelled).toEqual([])
    const edges = await page.$$eval('#diagram g.edge', (els) => els.map((e) => [e.getAttribute('tabindex'), e.getAttribute('aria-label')]))
    for (const [tabindex, label] of edges) {
      expect(tabindex).toBe('0')
      expect(label).toMatch(/^Step \d+: /)
    }
    await page.focus('#tab-route')
    await page.keyboard.press('ArrowRight')
    expect(await page.$eval('#tab-bundle', (t) => t.getAttribute('aria-selected'))).toBe('true')
    expect(await page.$eval('#bundle-form', (f) => (f as unknown as El).hidden)).toBe(false)
    expect(await page.$eval('#route-form', (f) => (f as unknown as El).hidden)).toBe(true)
  })

  test('first renders were timed (performance marks), every one recorded', () => {
    expect(Object.keys(timings).sort()).toEqual(['bridge-bundle', 'bundle', 'cross-chain-route', 'single-route', 'split-route'])
    for (const ms of Object.values(timings)) expect(ms).toBeGreaterThan(0)
  })
})
