import type autocannon from 'autocannon'

/** What the REST bench needs from the devnet's address book (plain strings: it crosses a process boundary). */
export type ApiBenchContext = {
  /** Token addresses by symbol. */
  tokens: Record<string, string>
  uniswapV2Router02: string
  aaveV3Pool: string
  /** Base (8453) tokens by symbol, when the second chain runs (cross-chain rows). */
  baseTokens?: Record<string, string> | undefined
}

/** The part of an address book the context is read from. */
type BenchBook = { tokens: Record<string, { symbol: string; address: string }>; uniswapV2: { router02: string }; aaveV3?: { pool: string } | undefined }

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

/**
 * The context read from a running switchyard's chains: chain 1's tokens, router and Aave pool (the zero
 * address when it has none: only the bundle rows use it), and Base's tokens when chain 8453 runs.
 */
export function apiBenchContextOf(chains: Readonly<Record<number, { addressBook: BenchBook } | undefined>>): ApiBenchContext {
  const symbols = (book: BenchBook) => Object.fromEntries(Object.values(book.tokens).map((x) => [x.symbol, x.address]))
  const book = chains[1]!.addressBook
  const base = chains[8453]?.addressBook
  return {
    tokens: symbols(book),
    uniswapV2Router02: book.uniswapV2.router02,
    aaveV3Pool: book.aaveV3?.pool ?? ZERO_ADDRESS,
    ...(base === undefined ? {} : { baseTokens: symbols(base) }),
  }
}

/** The body one request of a load sends: a fresh one from `setupRequest` for cold rows, else its fixed body. */
export function requestBodyOf(req: autocannon.Request): string | undefined {
  return (typeof req.setupRequest === 'function' ? req.setupRequest({ ...req }, {}).body : req.body) as string | undefined
}

/** One bench row: the requests autocannon cycles through, and the answer each must get. */
export type ApiLoad = {
  /** What is asked (first column of the table). */
  request: string
  /** cold: every request differs; warm: a fixed set repeats; `—` for refusals (nothing to share). */
  mode: 'cold' | 'warm' | '—'
  requests: autocannon.Request[]
  /** Every answer must have this status, and for refusals this error `code` in the body. */
  expect: { status: number; code?: string }
}

export const BENCH_API_KEY = 'bench-key-0123456789abcdefghij'
const FROM = '0x000000000000000000000000000000000001b0b0'
const HEADERS = { 'content-type': 'application/json', authorization: `Bearer ${BENCH_API_KEY}` }

/** Route pairs: [tokenIn, tokenOut, base amount]. */
export const ROUTE_PAIRS: readonly (readonly [string, string, string])[] = [
  ['USDC', 'WETH', '25000000000'],
  ['WETH', 'USDC', '5000000000000000000'],
  ['WETH', 'WBTC', '10000000000000000000'],
  ['DAI', 'USDT', '100000000000000000000000'],
  ['UNI', 'WBTC', '2000000000000000000000'],
  ['LINK', 'USDC', '1000000000000000000000'],
]

/** The protocol families issue 21 added to chain 1's graph: the "before" of its route figures ignores them. */
export const NEW_FAMILIES = ['curve', 'pendle'] as const
/** Name of the cold bundle row with `explain=true` (issue 25). */
export const BUNDLE_EXPLAINED = 'bundle, 5 actions, explain=true'

/** Name of the row that routes without {@link NEW_FAMILIES}. */
export const ROUTE_WITHOUT_NEW_FAMILIES = 'route, without Curve and Pendle'

/** Base amounts of the 5-action bundle: 1 WETH swapped, 1,000 DAI borrowed. */
const BUNDLE_SWAP_IN = 10n ** 18n
const BUNDLE_BORROW = 1_000n * 10n ** 18n
/** Base amount of the cross-chain row: 10,000 USDC. */
const CROSS_CHAIN_IN = 10_000n * 10n ** 6n
/** The scenario's USDC vault on Base. */
const SV_USDC_BASE = '0x5a7e000000000000000000000000000000000001'
const BUNDLE_PATH = `/api/v1/shortcuts/bundle?chainId=1&fromAddress=${FROM}&routingStrategy=delegate`

/**
 * Every row of `npm run bench:api`, built the same way in the parent (one pre-flight request per row)
 * and in the load process. Cold amounts come from a seeded stream, so runs are comparable.
 * @param ctx addresses read from the devnet
 * @returns the loads in table order: route, bundle, refused bundles
 */
export function createApiLoads(ctx: ApiBenchContext): ApiLoad[] {
  let seed = 42
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648)
  const jitter = (base: bigint | string) => (BigInt(base) + BigInt(next() % 1_000_000_000)).toString()
  const post = (path: string, body: string | undefined): autocannon.Request => ({ method: 'POST', path, headers: HEADERS, ...(body === undefined ? {} : { body }) })
  const fixed = (path: string, body: string): autocannon.Request[] => [post(path, body)]
  const cold = (path: string, bodyOf: () => string): autocannon.Request[] => [{ ...post(path, undefined), setupRequest: (req) => ({ ...req, body: bodyOf() }) }]

  const t = (symbol: string) => {
    const address = ctx.tokens[symbol]
    if (!address) throw new Error(`the devnet has no ${symbol}`)
    return address
  }
  const routeBody = (a: string, b: string, amount: string, explain = false, ignoreStandards?: readonly string[]) =>
    JSON.stringify({ fromAddress: FROM, chainId: 1, tokenIn: [t(a)], tokenOut: [t(b)], amountIn: [amount], variableEstimates: {}, ...(explain ? { explain: true } : {}), ...(ignoreStandards ? { ignoreStandards } : {}) })
  // The explained row asks the same amounts as the plain cold row: its own stream from the same seed.
  let explainSeed = 42
  const explainJitter = (base: string) => (BigInt(base) + BigInt((explainSeed = (explainSeed * 1103515245 + 12345) % 2147483648) % 1_000_000_000)).toString()
  // The row without the families issue 21 added asks the same amounts as the plain cold row too.
  let withoutSeed = 42
  const withoutJitter = (base: string) => (BigInt(base) + BigInt((withoutSeed = (withoutSeed * 1103515245 + 12345) % 2147483648) % 1_000_000_000)).toString()
  // Swap WETH→USDC, check slippage on it, supply the USDC to Aave, borrow DAI against it, route the DAI
  // back to WETH: five actions, three references, one engine route search, one wallet (delegate).
  const bundleBody = (swapIn: string, borrow: string) =>
    JSON.stringify([
      { protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: t('WETH'), tokenOut: t('USDC'), amountIn: swapIn, primaryAddress: ctx.uniswapV2Router02 } },
      { protocol: 'enso', action: 'slippage', args: { bps: '100', amountOut: { useOutputOfCallAt: 0 } } },
      { protocol: 'aave-v3', action: 'deposit', args: { tokenIn: t('USDC'), amountIn: { useOutputOfCallAt: 0 }, primaryAddress: ctx.aaveV3Pool } },
      { protocol: 'aave-v3', action: 'borrow', args: { collateral: t('USDC'), tokenOut: t('DAI'), amountOut: borrow, primaryAddress: ctx.aaveV3Pool } },
      { protocol: 'enso', action: 'route', args: { tokenIn: t('DAI'), tokenOut: t('WETH'), amountIn: { useOutputOfCallAt: 3 } } },
    ])
  // Refusals: work a naive server would do (eleven route searches; a recursive walk 1000 deep) is refused
  // before it starts. The deep body is ≈60 KB.
  const elevenRoutes = JSON.stringify(Array.from({ length: 11 }, () => ({ protocol: 'enso', action: 'route', args: { tokenIn: t('DAI'), tokenOut: t('WETH'), amountIn: BUNDLE_BORROW.toString() } })))
  let deep: unknown[] = [{ protocol: 'enso', action: 'balance', args: { token: t('USDC') } }]
  for (let i = 0; i < 1000; i++) deep = [{ protocol: 'stargate', action: 'bridge', args: { callback: deep } }]
  const deepBody = JSON.stringify(deep)

  const bundle = 'bundle, 5 actions'
  const ok = { status: 200 }
  // Cross-chain: USDC on chain 1 → Base's USDC vault shares. Every bridge is a candidate (Stargate USDC and
  // ETH, Across USDC and WETH), ranked by estimate; the best two are simulated on both chains.
  const crossChainBody = (amount: string) =>
    JSON.stringify({ fromAddress: FROM, receiver: FROM, chainId: 1, destinationChainId: 8453, tokenIn: [t('USDC')], tokenOut: [SV_USDC_BASE], amountIn: [amount], variableEstimates: {} })
  const crossChain = ctx.baseTokens
    ? [
        { request: 'cross-chain route 1→8453', mode: 'cold' as const, requests: cold('/api/v1/shortcuts/route', () => crossChainBody(jitter(CROSS_CHAIN_IN))), expect: ok },
        { request: 'cross-chain route 1→8453', mode: 'warm' as const, requests: fixed('/api/v1/shortcuts/route', crossChainBody(CROSS_CHAIN_IN.toString())), expect: ok },
      ]
    : []
  return [
    ...crossChain,
    { request: 'route', mode: 'cold', requests: ROUTE_PAIRS.flatMap(([a, b, amount]) => cold('/api/v1/shortcuts/route', () => routeBody(a, b, jitter(amount)))), expect: ok },
    { request: 'route', mode: 'warm', requests: ROUTE_PAIRS.flatMap(([a, b, amount]) => fixed('/api/v1/shortcuts/route', routeBody(a, b, amount))), expect: ok },
    // Issue 25: the same cold routes with explain=true (steps from the simulation's logs, decoded plan, candidates, quoteId kept).
    { request: 'route, explain=true', mode: 'cold', requests: ROUTE_PAIRS.flatMap(([a, b, amount]) => cold('/api/v1/shortcuts/route', () => routeBody(a, b, explainJitter(amount), true))), expect: ok },
    // Issue 21: the same cold routes as the graph was before Curve (ignoreStandards), for route p50 and cold routes/s before and after.
    { request: ROUTE_WITHOUT_NEW_FAMILIES, mode: 'cold', requests: ROUTE_PAIRS.flatMap(([a, b, amount]) => cold('/api/v1/shortcuts/route', () => routeBody(a, b, withoutJitter(amount), false, NEW_FAMILIES))), expect: ok },
    { request: bundle, mode: 'cold', requests: cold(BUNDLE_PATH, () => bundleBody(jitter(BUNDLE_SWAP_IN), jitter(BUNDLE_BORROW))), expect: ok },
    { request: bundle, mode: 'warm', requests: fixed(BUNDLE_PATH, bundleBody(BUNDLE_SWAP_IN.toString(), BUNDLE_BORROW.toString())), expect: ok },
    // Issue 25: cold bundles with explain=true (source steps from the logs, the plan with each command's traced gas).
    { request: BUNDLE_EXPLAINED, mode: 'cold', requests: cold(`${BUNDLE_PATH}&explain=true`, () => bundleBody(explainJitter(BUNDLE_SWAP_IN.toString()), explainJitter(BUNDLE_BORROW.toString()))), expect: ok },
    { request: 'refused: 11 actions', mode: '—', requests: fixed(BUNDLE_PATH, elevenRoutes), expect: { status: 400, code: 'TOO_MANY_ACTIONS' } },
    { request: 'refused: 1000-deep callbacks', mode: '—', requests: fixed(BUNDLE_PATH, deepBody), expect: { status: 400, code: 'TOO_DEEP' } },
  ]
}
