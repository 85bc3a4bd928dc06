import { readFileSync } from 'node:fs'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { configSchema } from '../../src/config.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * Issue 24 item 4, as a class: an empty query value (`?destinationChainId=`) on any GET endpoint means
 * the same as leaving the parameter out. Every GET operation of our generated document and of the
 * vendor's published one is walked, each of its query parameters sent empty on top of a request that
 * is otherwise valid: the answer has the status the request without that parameter gets, and when
 * that is a 400 (a required parameter), the error names the parameter. Never a 5xx.
 */

const KEY = 'empty-query-key-0123456789abcdef'
const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'

type Parameter = { name: string; in: string }
type Document = { paths: Record<string, Record<string, { parameters?: Parameter[] }>> }

/** Values for path parameters, by name. */
const pathValues: Record<string, string> = { chainId: '1', address: USDC, slug: 'uniswap-v2', project: 'uniswap', bridgeProtocol: 'stargate', id: `0x${'00'.repeat(32)}` }

/** An otherwise valid query per path (OpenAPI syntax), so only the emptied parameter can make a difference. */
const validQueries: Record<string, Record<string, string>> = {
  '/api/v1/shortcuts/route': { chainId: '1', fromAddress: FROM, tokenIn: USDC, tokenOut: WETH, amountIn: '1000000000' },
  '/api/v1/shortcuts/route/stream': { chainId: '1', fromAddress: FROM, tokenIn: USDC, tokenOut: WETH, amountIn: '1000000000' },
  '/api/v1/shortcuts/quote': { chainId: '1', tokenIn: USDC, tokenOut: WETH, amountIn: '1000000000' },
  '/api/v1/shortcuts/route/nontokenized': { chainId: '1', fromAddress: FROM, routingStrategy: 'delegate', tokenIn: USDC, amountIn: '1000000000', positionOut: USDC, receiver: FROM },
  '/api/v1/wallet/approve': { chainId: '1', fromAddress: FROM, tokenAddress: USDC, amount: '1000000' },
  '/api/v1/wallet/balances': { chainId: '1', eoaAddress: FROM, useEoa: 'true' },
  '/api/v1/prices/{chainId}': { addresses: USDC },
  '/api/v1/prices/token-price': { chainId: '1', address: USDC },
  '/api/v1/layerzero/pool': { chainId: '1', token: USDC },
  '/api/v1/stargate/pool': { chainId: '1', token: USDC },
  '/api/v1/{bridgeProtocol}/bridge/check': { chainId: '1', txHash: `0x${'ab'.repeat(32)}` },
}

let sy: RunningSwitchyard
/** GET path (OpenAPI syntax, ours where both documents have it) → its query parameter names. */
const endpoints = new Map<string, Set<string>>()

beforeAll(async () => {
  const config = configSchema.parse({ chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1, rateLimitPerMinute: 100_000 })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  const ours = (await (await fetch(`${sy.httpUrl}/api/v1/openapi.json`)).json()) as Document
  const reference = JSON.parse(readFileSync(new URL('../reference/enso-openapi.json', import.meta.url), 'utf8')) as Document
  for (const doc of [ours, reference]) {
    for (const [path, operations] of Object.entries(doc.paths)) {
      const get = operations.get
      if (get === undefined || !path.startsWith('/api/v1/') || path.endsWith('/openapi.json')) continue
      const names = endpoints.get(path) ?? new Set<string>()
      for (const p of get.parameters ?? []) if (p.in === 'query') names.add(p.name)
      endpoints.set(path, names)
    }
  }
}, 120_000)
afterAll(async () => {
  await sy?.stop()
})

async function get(path: string, query: Record<string, string>): Promise<{ status: number; body: { code?: string; message?: string; details?: { field: string }[] } }> {
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? name)
  const controller = new AbortController()
  const res = await fetch(`${sy.httpUrl}${url}?${new URLSearchParams(query)}`, { headers: { authorization: `Bearer ${KEY}` }, signal: controller.signal })
  // A route stream that started (200 text/event-stream) never ends on its own: its status is the answer.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    controller.abort()
    return { status: res.status, body: {} }
  }
  const text = await res.text()
  return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : {}) as never }
}

describe('an empty query value is the parameter left out, on every GET endpoint', () => {
  test('every GET operation of both documents is walked', () => {
    expect(endpoints.size).toBeGreaterThan(25)
    expect([...endpoints.get('/api/v1/shortcuts/quote')!]).toContain('destinationChainId')
  })

  test('each query parameter, sent empty: the status without it, the field named on a 400, never a 5xx', async () => {
    const mismatches: string[] = []
    for (const [path, names] of endpoints) {
      const valid = validQueries[path] ?? {}
      for (const name of names) {
        const { [name]: _, ...without } = valid
        const [absent, empty] = await Promise.all([get(path, without), get(path, { ...without, [name]: '' })])
        const named = empty.body.message?.includes(name) === true || (empty.body.details ?? []).some((d) => d.field === name || d.field.startsWith(`${name}[`))
        if (empty.status >= 500 || empty.status !== absent.status || (empty.status === 400 && absent.body.code === 'MISSING_FIELD' && !named)) {
          mismatches.push(`${path} ${name}=: ${empty.status} ${empty.body.code} "${empty.body.message}" (without it: ${absent.status} ${absent.body.code})`)
        }
      }
    }
    expect(mismatches).toEqual([])
  }, 300_000)

  test('each query parameter given a value of the wrong kind ("x", "-1", "1.5"): never a 5xx', async () => {
    const failures: string[] = []
    for (const [path, names] of endpoints) {
      for (const name of names) {
        for (const value of ['x', '-1', '1.5']) {
          const answer = await get(path, { ...validQueries[path], [name]: value })
          if (answer.status >= 500) failures.push(`${path} ${name}=${value}: ${answer.status} ${answer.body.code}`)
        }
      }
    }
    expect(failures).toEqual([])
  }, 300_000)
})

describe('issue 24 item 8: a chain id no chain can have is UNSUPPORTED_CHAIN listing the served chains, on every GET endpoint', () => {
  // /networks and /protocols take chainId as a filter: an unserved chain matches nothing there.
  const filters = new Set(['/api/v1/networks', '/api/v1/protocols'])

  test('chainId and destinationChainId 0, -1 and 2^53, in the query or the path', async () => {
    const failures: string[] = []
    for (const [path, names] of endpoints) {
      // Operations we do not serve (the vendor's ccip, cctp, relay paths) answer 404 or BRIDGE_NOT_SUPPORTED whatever the chain.
      const served = await get(path, validQueries[path] ?? {})
      if (filters.has(path) || served.status === 404 || served.body.code === 'BRIDGE_NOT_SUPPORTED') continue
      const fields = [...names].filter((n) => n === 'chainId' || n === 'destinationChainId')
      const inPath = path.includes('{chainId}')
      for (const value of ['0', '-1', String(2 ** 53)]) {
        const tries: { field: string; answer: Awaited<ReturnType<typeof get>> }[] = []
        for (const field of fields) tries.push({ field, answer: await get(path, { ...validQueries[path], [field]: value }) })
        if (inPath) {
          const url = path.replace('{chainId}', value)
          tries.push({ field: 'chainId (path)', answer: await get(url, validQueries[path] ?? {}) })
        }
        for (const { field, answer } of tries) {
          if (answer.status !== 400 || answer.body.code !== 'UNSUPPORTED_CHAIN' || answer.body.message?.includes('Supported chains: 1.') !== true) {
            failures.push(`${path} ${field}=${value}: ${answer.status} ${answer.body.code} "${answer.body.message}"`)
          }
        }
      }
    }
    expect(failures).toEqual([])
  }, 300_000)
})
