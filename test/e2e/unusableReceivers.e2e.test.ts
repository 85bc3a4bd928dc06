import * as grpc from '@grpc/grpc-js'
import fc from 'fast-check'
import { pino } from 'pino'
import { erc20Abi, maxUint256, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ChainAddressBook } from '../../src/chain/addressBook.js'
import { configSchema } from '../../src/config.js'
import { statusOf } from '../../src/errors/status.js'
import { toProtoBundleRequest } from '../../src/gateway/mapping/toProtoBundleRequest.js'
import { toProtoRouteRequest } from '../../src/gateway/mapping/toProtoRouteRequest.js'
import { loadProtoDefinition } from '../../src/grpc/loadProtoDefinition.js'
import { forbiddenAddressesOf, type ForbiddenAddressKind } from '../../src/service/forbiddenAddressesOf.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * Issue 12, item 1: receivers that can never use the tokens, refused with one stable code per class
 * on both real transports (REST through the gateway, gRPC direct) of one running switchyard on the
 * devnet (chains 1 and 8453). Every address the address books derive is tried; precompiles and the
 * classes are drawn at random over every field (receiver, refundReceiver, feeReceiver, spender) and
 * every use case (route, quote, cross-chain route, bundle and its actions, non-tokenized route);
 * senders that are precompiles on routes, quotes, bundles, non-tokenized routes and approvals. A
 * route to an ordinary receiver still executes, and an address-book addition is refused at once.
 */

const KEY = 'unusable-receivers-key-0123456789'
const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
/** An ordinary account above the reserved range. */
const EOA = '0x0000000000000000000000000000000000e1e0a1'
const CODE_OF: Record<ForbiddenAddressKind, string> = {
  switchyard: 'INVALID_RECEIVER',
  token: 'RECEIVER_IS_TOKEN_CONTRACT',
  protocol: 'RECEIVER_IS_PROTOCOL_CONTRACT',
}

type Rpc = (request: unknown, md: grpc.Metadata, options: grpc.CallOptions, cb: (err: grpc.ServiceError | null, res: unknown) => void) => void
let sy: RunningSwitchyard
let routing: grpc.Client & Record<'Route' | 'Quote' | 'Bundle' | 'RouteNontokenized' | 'Approve', Rpc>
let book1: ChainAddressBook
let book8453: ChainAddressBook

beforeAll(async () => {
  const config = configSchema.parse({
    chains: [1, 8453], devnetPorts: { '1': 0, '8453': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1, rateLimitPerMinute: 1_000_000, relayer: 'off',
  })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  book1 = sy.connected.chains[1]!.addressBook
  book8453 = sy.connected.chains[8453]!.addressBook
  const proto = grpc.loadPackageDefinition(loadProtoDefinition({})) as unknown as { switchyard: { routing: { v1: { RoutingService: grpc.ServiceClientConstructor } } } }
  routing = new proto.switchyard.routing.v1.RoutingService(sy.grpcAddress, grpc.credentials.createInsecure()) as never
}, 180_000)
afterAll(async () => {
  routing?.close()
  await sy?.stop()
})

type Outcome = { status: number; code: string; message: string }

async function rest(method: 'GET' | 'POST', path: string, query: Record<string, unknown>, body?: unknown): Promise<Outcome> {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) for (const item of Array.isArray(v) ? v : [v]) q.append(k, String(item))
  const res = await fetch(`${sy.httpUrl}/api/v1${path}${q.size ? `?${q}` : ''}`, {
    method, headers: { authorization: `Bearer ${KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const json = (await res.json()) as { code?: string; message?: string }
  return { status: res.status, code: res.status === 200 ? 'OK' : (json.code ?? '?'), message: json.message ?? '' }
}

function rpc(method: keyof typeof routing & ('Route' | 'Quote' | 'Bundle' | 'RouteNontokenized' | 'Approve'), request: unknown): Promise<Outcome> {
  const md = new grpc.Metadata()
  md.set('authorization', `Bearer ${KEY}`)
  return new Promise((resolve) => {
    routing[method](request, md, { deadline: Date.now() + 30_000 }, (err) => {
      if (!err) return resolve({ status: 200, code: 'OK', message: '' })
      const envelope = JSON.parse(err.details) as { code: string; message: string }
      expect(err.code).toBe(statusOf(envelope.code).grpc)
      resolve({ status: statusOf(envelope.code).http, code: envelope.code, message: envelope.message })
    })
  })
}

/** The address fields a use case takes, in REST names. */
type Fields = Partial<Record<'fromAddress' | 'receiver' | 'refundReceiver' | 'feeReceiver' | 'spender', string>>
/** A use case on both transports: REST outcome and gRPC outcome for the same request. */
type UseCase = { name: string; fields: readonly (keyof Fields)[]; run(fields: Fields): Promise<[Outcome, Outcome]> }

const routeBody = (f: Fields, extra: Record<string, unknown> = {}) => ({
  fromAddress: FROM, chainId: 1, tokenIn: [USDC], tokenOut: [WETH], amountIn: ['1000000000'], variableEstimates: {}, ...extra, ...f,
  ...(f.feeReceiver ? { fee: ['10'] } : {}), ...(f.spender ? { routingStrategy: 'delegate' } : {}),
})

const route: UseCase = {
  name: 'route',
  fields: ['fromAddress', 'receiver', 'refundReceiver', 'feeReceiver', 'spender'],
  run: (f) => Promise.all([rest('POST', '/shortcuts/route', {}, routeBody(f)), rpc('Route', toProtoRouteRequest(routeBody(f) as never))]),
}
const quote: UseCase = {
  name: 'quote',
  fields: ['fromAddress', 'receiver', 'refundReceiver', 'feeReceiver', 'spender'],
  run: (f) => {
    const { variableEstimates: _, ...query } = routeBody(f)
    return Promise.all([rest('GET', '/shortcuts/quote', query), rpc('Quote', toProtoRouteRequest(query as never))])
  },
}
const crossChain: UseCase = {
  name: 'cross-chain route',
  fields: ['fromAddress', 'receiver', 'refundReceiver'],
  run: (f) => {
    const body = routeBody({ receiver: EOA, ...f }, { destinationChainId: 8453, tokenOut: [book8453.tokens.USDC!.address] })
    return Promise.all([rest('POST', '/shortcuts/route', {}, body), rpc('Route', toProtoRouteRequest(body as never))])
  },
}
const bundle: UseCase = {
  name: 'bundle',
  fields: ['fromAddress', 'receiver', 'refundReceiver', 'feeReceiver', 'spender'],
  run: ({ feeReceiver, ...f }) => {
    const params = { chainId: 1, fromAddress: FROM, ...f, ...(f.spender ? { routingStrategy: 'delegate' } : {}) }
    const actions = [{ protocol: 'enso', action: 'route', args: { tokenIn: USDC, tokenOut: WETH, amountIn: '1000000000', ...(feeReceiver ? { fee: '10', feeReceiver } : {}) } }]
    return Promise.all([rest('POST', '/shortcuts/bundle', params, actions), rpc('Bundle', toProtoBundleRequest(params, actions))])
  },
}
const bundleAction: UseCase = {
  name: 'bundle action receiver',
  fields: ['receiver'],
  run: ({ receiver }) => {
    const params = { chainId: 1, fromAddress: FROM }
    const actions = [{ protocol: 'enso', action: 'route', args: { tokenIn: USDC, tokenOut: WETH, amountIn: '1000000000', receiver } }]
    return Promise.all([rest('POST', '/shortcuts/bundle', params, actions), rpc('Bundle', toProtoBundleRequest(params, actions))])
  },
}
const nontokenized: UseCase = {
  name: 'non-tokenized route',
  fields: ['fromAddress', 'receiver', 'refundReceiver', 'feeReceiver', 'spender'],
  run: (f) => {
    const aUsdc = book1.aaveV3!.reserves.find((r) => r.asset.toLowerCase() === USDC.toLowerCase())!.aToken
    const q = { chainId: 1, fromAddress: FROM, tokenIn: [WETH], amountIn: ['1000000000000000000'], positionOut: aUsdc, receiver: EOA, ...f, ...(f.feeReceiver ? { fee: ['10'] } : {}) }
    const proto = {
      chain_id: 1, from_address: q.fromAddress, token_in: q.tokenIn, amount_in: q.amountIn, position_out: q.positionOut, receiver: q.receiver,
      ...(f.feeReceiver ? { fee: ['10'], fee_receiver: f.feeReceiver } : {}), ...(f.spender ? { spender: f.spender } : {}), ...(f.refundReceiver ? { refund_receiver: f.refundReceiver } : {}),
    }
    return Promise.all([rest('GET', '/shortcuts/route/nontokenized', q), rpc('RouteNontokenized', proto)])
  },
}
const approve: UseCase = {
  name: 'approve',
  fields: ['fromAddress'],
  run: ({ fromAddress = FROM }) => Promise.all([
    rest('GET', '/wallet/approve', { chainId: 1, fromAddress, tokenAddress: USDC, amount: '1000000' }),
    rpc('Approve', { chain_id: 1, from_address: fromAddress, token_address: USDC, amount: '1000000' }),
  ]),
}
const receiverCases = [route, quote, crossChain, bundle, bundleAction, nontokenized]
const senderCases = [route, quote, bundle, nontokenized, approve]

/** Both transports give exactly `code` with its HTTP status, and the message names the field. */
async function expectRefused(useCase: UseCase, fields: Fields, code: string): Promise<void> {
  const [r, g] = await useCase.run(fields)
  const label = `${useCase.name} ${JSON.stringify(fields)}`
  expect(r.code, `REST ${label}: ${r.message}`).toBe(code)
  expect(r.status, label).toBe(statusOf(code).http)
  expect(g.code, `gRPC ${label}: ${g.message}`).toBe(code)
  const field = Object.keys(fields)[0]!
  expect(r.message, label).toContain(useCase === bundleAction ? 'actions[0].args.receiver' : field)
}

/**
 * Every derived address of both chains with the code it must get: our contracts on any chain first,
 * then a token on any chain, else a protocol contract.
 */
function derived(): { address: string; code: string }[] {
  const books = [forbiddenAddressesOf(book1), forbiddenAddressesOf(book8453)]
  const addresses = new Set(books.flatMap((b) => [...b.keys()]))
  return [...addresses].map((address) => {
    const kinds = books.map((b) => b.get(address)?.kind)
    const kind: ForbiddenAddressKind = kinds.includes('switchyard') ? 'switchyard' : kinds.includes('token') ? 'token' : 'protocol'
    return { address, code: CODE_OF[kind] }
  })
}

const at = (n: bigint | number) => `0x${BigInt(n).toString(16).padStart(40, '0')}`

describe('every address the books derive is refused as a receiver, with its class\'s code, on both transports', () => {
  test('the derivation covers what issue 12 names: our contracts (factory included), routers, vaults, multicall, Permit2, pools, bridges', () => {
    const f = forbiddenAddressesOf(book1)
    const sy1 = book1.switchyard as Record<string, unknown>
    expect(f.get((sy1.smartWalletFactory as string).toLowerCase())?.kind).toBe('switchyard')
    expect(f.get((sy1.executor as string).toLowerCase())?.kind).toBe('switchyard')
    for (const address of [book1.multicall3, book1.permit2, book1.uniswapV2.router02, book1.uniswapV2.factory, book1.uniswapV3.swapRouter02, book1.uniswapV3.positionManager,
      book1.uniswapV3.quoterV2, book1.balancerV2.vault, book1.aaveV3!.pool, book1.morphoBlue!.morpho, book1.layerZero!.endpoint, book1.across!.spokePool,
      book1.stargate!.pools[0]!.pool, book1.uniswapV2.pairs[0]!.address, book1.uniswapV3.pools[0]!.address]) {
      expect(f.get(address.toLowerCase())?.kind, address).toBe('protocol')
    }
    expect(f.get(WETH.toLowerCase())?.kind).toBe('token')
    // Accounts are not contracts: the devnet relayers may receive.
    for (const account of [book1.across!.relayer, book1.layerZero!.relayer!]) expect(f.has(account.toLowerCase())).toBe(false)
  })

  test('table: every derived address of both chains as the route receiver', async () => {
    const all = derived()
    expect(all.length).toBeGreaterThan(100)
    for (const { address, code } of all) await expectRefused(route, { receiver: address }, code)
  }, 180_000)

  test('property: any class × any receiving field × any use case', async () => {
    const precompile = fc.bigInt({ min: 1n, max: 0xffffn }).map((n) => ({ address: at(n), code: 'RECEIVER_IS_PRECOMPILE' }))
    const tokenOut = fc.constant({ address: WETH, code: 'RECEIVER_IS_TOKEN_CONTRACT' })
    const target = fc.oneof(precompile, fc.constantFrom(...derived()), tokenOut)
    const pick = fc.constantFrom(...receiverCases).chain((useCase) => fc.tuple(fc.constant(useCase), fc.constantFrom(...useCase.fields.filter((x) => x !== 'fromAddress'))))
    // Our routers as spender are the one exception (issue 24 item 1): what /wallet/approve names, they
    // only pull their own caller's tokens and name no wallet (test/e2e/approvalSpender.e2e.test.ts).
    const routers = new Set([book1, book8453].flatMap((b) => ['router', 'routerLegacy'].map((k) => String((b.switchyard as Record<string, unknown>)[k]).toLowerCase())))
    await fc.assert(fc.asyncProperty(pick, target, async ([useCase, field], { address, code }) => {
      fc.pre(!(field === 'spender' && routers.has(address.toLowerCase())))
      await expectRefused(useCase, { [field]: address }, code)
    }), { numRuns: 60 })
  }, 180_000)

  test('the output token as receiver, in any casing, on every use case that delivers it', async () => {
    await expectRefused(route, { receiver: WETH.toLowerCase() }, 'RECEIVER_IS_TOKEN_CONTRACT')
    await expectRefused(quote, { receiver: WETH }, 'RECEIVER_IS_TOKEN_CONTRACT')
    await expectRefused(crossChain, { receiver: book8453.tokens.USDC!.address }, 'RECEIVER_IS_TOKEN_CONTRACT')
    await expectRefused(bundleAction, { receiver: WETH }, 'RECEIVER_IS_TOKEN_CONTRACT')
  }, 60_000)

  test('a cross-chain receiver that is a contract of the destination chain only', async () => {
    expect(forbiddenAddressesOf(book1).has(book8453.uniswapV2.router02.toLowerCase())).toBe(false)
    await expectRefused(crossChain, { receiver: book8453.uniswapV2.router02 }, 'RECEIVER_IS_PROTOCOL_CONTRACT')
  }, 60_000)
})

describe('senders', () => {
  test('the zero address and the precompile range 0x…01–0x…ffff as fromAddress: SENDER_IS_PRECOMPILE on every use case', async () => {
    for (const useCase of senderCases) {
      for (const n of [0, 1, 0x0a, 0x11, 0x100, 0xdead, 0xffff]) await expectRefused(useCase, { fromAddress: at(n) }, 'SENDER_IS_PRECOMPILE')
    }
  }, 120_000)

  test('a quote without fromAddress (simulated for 0x…1dead) still answers on both transports', async () => {
    const [r, g] = await quote.run({})
    expect(r.code).toBe('OK')
    expect(g.code).toBe('OK')
  }, 60_000)
})

describe('not over-broad', () => {
  test('a route to an ordinary receiver is answered and executes: the receiver gets exactly amountOut', async () => {
    const devnet = sy.connected.devnet!
    const client = devnet.chains[1]!.client
    const user: Address = '0x0000000000000000000000000000000000e1e0a2'
    const amountIn = 2_000_000_000n
    await devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 10n ** 19n })
    await devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: amountIn })
    await client.impersonateAccount({ address: user })
    const router = (book1.switchyard as Record<string, Address>).router!
    await client.waitForTransactionReceipt({ hash: await client.writeContract({ address: USDC, abi: erc20Abi, functionName: 'approve', args: [router, maxUint256], account: user, chain: client.chain }) })
    const res = await fetch(`${sy.httpUrl}/api/v1/shortcuts/route`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
      body: JSON.stringify({ fromAddress: user, receiver: EOA, refundReceiver: EOA, chainId: 1, tokenIn: [USDC], tokenOut: [WETH], amountIn: [amountIn.toString()], variableEstimates: {} }),
    })
    expect(res.status).toBe(200)
    const answer = (await res.json()) as { amountOut: string; gas: string; tx: { to: Address; data: `0x${string}`; value: string } }
    const balance = () => client.readContract({ address: WETH, abi: erc20Abi, functionName: 'balanceOf', args: [EOA] })
    const before = await balance()
    const hash = await client.sendTransaction({ account: user, to: answer.tx.to, data: answer.tx.data, value: BigInt(answer.tx.value), gas: BigInt(answer.gas), chain: client.chain })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect((await balance()) - before).toBe(BigInt(answer.amountOut))
  }, 120_000)

  test('ordinary receivers just above the reserved range and other accounts pass validation on both transports', async () => {
    for (const receiver of [at(0x10000), EOA, book1.across!.relayer]) {
      const [r, g] = await route.run({ receiver })
      expect(r.code, receiver).toBe('OK')
      expect(g.code, receiver).toBe('OK')
    }
  }, 120_000)
})

describe('the address book is the source: an addition is refused without code changes', () => {
  test('a new pool and a new protocol section, added to the running service\'s book, are refused at once', async () => {
    const pool = '0x00000000000000000000000000000000e1e0b001'
    const router = '0x00000000000000000000000000000000e1e0b002'
    // Before: an ordinary address.
    expect((await route.run({ receiver: pool }))[0].code).toBe('OK')
    const pools = book1.uniswapV3.pools
    const extra = book1 as unknown as Record<string, unknown>
    pools.push({ address: pool, token0: USDC, token1: WETH, fee: 3000, tickSpacing: 60 })
    extra.newDex = { router }
    try {
      await expectRefused(route, { receiver: pool }, 'RECEIVER_IS_PROTOCOL_CONTRACT')
      await expectRefused(bundle, { refundReceiver: router }, 'RECEIVER_IS_PROTOCOL_CONTRACT')
    } finally {
      // Refusals run before any chain read, so the fake pool was never loaded.
      pools.splice(pools.findIndex((p) => p.address === pool), 1)
      delete extra.newDex
    }
    expect((await route.run({ receiver: pool }))[1].code).toBe('OK')
  }, 120_000)
})
