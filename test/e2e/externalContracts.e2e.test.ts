import * as grpc from '@grpc/grpc-js'
import { pino } from 'pino'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { configSchema } from '../../src/config.js'
import { toProtoBundleRequest } from '../../src/gateway/mapping/toProtoBundleRequest.js'
import { toProtoRouteRequest } from '../../src/gateway/mapping/toProtoRouteRequest.js'
import { loadProtoDefinition } from '../../src/grpc/loadProtoDefinition.js'
import { deployOpenContract } from '../../src/service/testing/deployOpenContract.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * Issue 23 item 4: route and bundle answers list the contracts outside the address book that their
 * plan hands control to (`externalContracts`), the same on REST and gRPC. A contract no book knows is
 * deployed on the devnet and made a payee (a delegate route's receiver, WETH → ETH), a callee (an
 * `enso call`) and a callee inside a flash loan's callback; answers that only touch our contracts,
 * known protocols and tokens, and pay accounts, list nothing.
 */

const KEY = 'external-contracts-key-0123456789'
const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const DEPLOYER: Address = '0x00000000000000000000000000000000000e7c01'
const EOA_RECEIVER = '0x00000000000000000000000000000000000e7c02'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const V2_ROUTER = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D'

let sy: RunningSwitchyard
let routing: grpc.Client & { Route: (...args: unknown[]) => unknown; Bundle: (...args: unknown[]) => unknown }
/** A freshly deployed contract that accepts any call and any payment. */
let open: Address

beforeAll(async () => {
  const config = configSchema.parse({ chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1, rateLimitPerMinute: 100_000 })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  const proto = grpc.loadPackageDefinition(loadProtoDefinition({})) as unknown as { switchyard: { routing: { v1: { RoutingService: grpc.ServiceClientConstructor } } } }
  routing = new proto.switchyard.routing.v1.RoutingService(sy.grpcAddress, grpc.credentials.createInsecure()) as never
  const devnet = sy.connected.devnet!
  await devnet.fund({ chainId: 1, address: DEPLOYER, token: 'ETH', amount: 10n ** 18n })
  await devnet.chains[1]!.client.impersonateAccount({ address: DEPLOYER })
  open = await deployOpenContract(devnet.chains[1]!.client, { account: DEPLOYER })
}, 120_000)
afterAll(async () => {
  routing?.close()
  await sy?.stop()
})

type Answer = { status: number; body: Record<string, unknown> }

async function restRoute(body: Record<string, unknown>, method: 'POST' | 'GET' = 'POST'): Promise<Answer> {
  const headers = { authorization: `Bearer ${KEY}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) }
  const query = new URLSearchParams()
  for (const [k, v] of Object.entries(body)) {
    if (Array.isArray(v)) v.forEach((x) => query.append(k, String(x)))
    else if (k !== 'variableEstimates') query.set(k, String(v))
  }
  const res = method === 'POST'
    ? await fetch(`${sy.httpUrl}/api/v1/shortcuts/route`, { method, headers, body: JSON.stringify(body) })
    : await fetch(`${sy.httpUrl}/api/v1/shortcuts/route?${query}`, { headers })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

async function restBundle(params: Record<string, unknown>, actions: unknown[]): Promise<Answer> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))
  const res = await fetch(`${sy.httpUrl}/api/v1/shortcuts/bundle?${query}`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }, body: JSON.stringify(actions),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

function grpcCall(method: 'Route' | 'Bundle', request: unknown): Promise<Record<string, unknown>> {
  const md = new grpc.Metadata()
  md.set('authorization', `Bearer ${KEY}`)
  return new Promise((resolve, reject) => {
    routing[method](request, md, { deadline: Date.now() + 30_000 }, (err: grpc.ServiceError | null, res: Record<string, unknown>) => (err ? reject(err) : resolve(res)))
  })
}

/** `externalContracts` of one route request on REST POST, REST GET and gRPC (each must answer 200). */
async function routeOnEveryTransport(body: Record<string, unknown>): Promise<{ post: unknown; get: unknown; grpc: unknown }> {
  const [post, get, rpc] = await Promise.all([restRoute(body), restRoute(body, 'GET'), grpcCall('Route', toProtoRouteRequest(body as never))])
  expect(post.status, JSON.stringify(post.body)).toBe(200)
  expect(get.status, JSON.stringify(get.body)).toBe(200)
  return { post: post.body.externalContracts, get: get.body.externalContracts, grpc: rpc.external_contracts }
}

const weth = (amount = '1000000000000000000') => ({ tokenIn: [WETH], tokenOut: [NATIVE], amountIn: [amount] })

describe('route answers', () => {
  test('a delegate route WETH → ETH whose receiver is a freshly deployed contract lists it (it gets control with the ETH), on every transport', async () => {
    const body = { chainId: 1, fromAddress: FROM, routingStrategy: 'delegate', receiver: open, variableEstimates: {}, ...weth() }
    expect(await routeOnEveryTransport(body)).toEqual({ post: [open], get: [open], grpc: [open] })
  })

  test('the router strategy lists it too: our executor pays the contract', async () => {
    const body = { chainId: 1, fromAddress: FROM, routingStrategy: 'router', receiver: open, variableEstimates: {}, tokenIn: [USDC], tokenOut: [NATIVE], amountIn: ['3000000000'] }
    expect(await routeOnEveryTransport(body)).toEqual({ post: [open], get: [open], grpc: [open] })
  })

  test('the same routes paying an account, and a multi-hop route between tokens, list nothing: our contracts, pools and tokens are in the book', async () => {
    const delegate = { chainId: 1, fromAddress: FROM, routingStrategy: 'delegate', receiver: EOA_RECEIVER, variableEstimates: {}, ...weth() }
    expect(await routeOnEveryTransport(delegate)).toEqual({ post: [], get: [], grpc: [] })
    const tokens = { chainId: 1, fromAddress: FROM, routingStrategy: 'router', variableEstimates: {}, tokenIn: [USDC], tokenOut: ['0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599'], amountIn: ['250000000000'] }
    const answer = await routeOnEveryTransport(tokens)
    expect(answer).toEqual({ post: [], get: [], grpc: [] })
  })
})

describe('bundle answers', () => {
  const base = { chainId: 1, fromAddress: FROM }
  const ping = (address: string) => ({ protocol: 'enso', action: 'call', args: { address, method: 'ping', abi: 'function ping()', args: [] } })
  const known = [
    { protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: USDC, tokenOut: WETH, amountIn: '1000000000', primaryAddress: V2_ROUTER } },
    { protocol: 'enso', action: 'call', args: { address: USDC, method: 'totalSupply', abi: 'function totalSupply() view returns (uint256)', args: [] } },
  ]

  test('an enso call to an unknown contract lists it; the known router, pair and token beside it never appear (REST and gRPC)', async () => {
    const actions = [...known, ping(open)]
    const [rest, rpc] = await Promise.all([restBundle(base, actions), grpcCall('Bundle', toProtoBundleRequest(base, actions))])
    expect(rest.status, JSON.stringify(rest.body)).toBe(200)
    expect(rest.body.externalContracts).toEqual([open])
    expect(rpc.external_contracts).toEqual([open])
  })

  test('only known contracts: an empty list (REST and gRPC)', async () => {
    const [rest, rpc] = await Promise.all([restBundle(base, known), grpcCall('Bundle', toProtoBundleRequest(base, known))])
    expect(rest.status, JSON.stringify(rest.body)).toBe(200)
    expect(rest.body.externalContracts).toEqual([])
    expect(rpc.external_contracts).toEqual([])
  })

  test('a flash loan whose callback calls the contract lists it (the callback plan is read too); the Aave Pool does not appear', async () => {
    const aave = sy.connected.chains[1]!.addressBook.aaveV3!
    const loan = 10n ** 18n
    const actions = [{
      protocol: 'aave-v3', action: 'flashloan',
      args: { flashloanToken: WETH, flashloanAmount: loan.toString(), primaryAddress: aave.pool, tokenIn: WETH, amountIn: (loan + loan / 1_000n).toString(), callback: [ping(open)] },
    }]
    const rest = await restBundle(base, actions)
    expect(rest.status, JSON.stringify(rest.body)).toBe(200)
    expect(rest.body.externalContracts).toEqual([open])
  })
})
