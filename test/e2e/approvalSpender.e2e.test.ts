import * as grpc from '@grpc/grpc-js'
import { EnsoClient } from '@ensofinance/sdk'
import { pino } from 'pino'
import { erc20Abi, parseAbi, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DevnetClient } from '../../src/chain/devnet/createDevnetClient.js'
import { configSchema } from '../../src/config.js'
import { statusOf } from '../../src/errors/status.js'
import { toProtoBundleRequest } from '../../src/gateway/mapping/toProtoBundleRequest.js'
import { toProtoRouteRequest } from '../../src/gateway/mapping/toProtoRouteRequest.js'
import { loadProtoDefinition } from '../../src/grpc/loadProtoDefinition.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * Issue 24, item 1: the vendor SDK's own integration workflow (node_modules/@ensofinance/sdk/tests/
 * integration.test.ts: `getApprovalData`, then a `delegate` route with `spender: approval.spender`)
 * through the real EnsoClient and through gRPC, against a running switchyard. The approval's spender
 * is our router, which only ever pulls its own caller's tokens: as a delegate spender it names no
 * wallet, and the plan runs in `fromAddress` (here a smart wallet that DELEGATECALLs). The answers
 * are sent on the devnet. Contracts that run any caller's plan (our executors) stay refused.
 */

const KEY = 'approval-spender-key-0123456789abcdef'
const owner: Address = '0x0000000000000000000000000000000000a5e001'
const factoryAbi = parseAbi(['function createWallet(address owner) returns (address)', 'function walletAddress(address owner) view returns (address)'])
const walletAbi = parseAbi(['function execute(address target, bytes data) payable returns (bytes)'])

type Rpc = (request: unknown, md: grpc.Metadata, options: grpc.CallOptions, cb: (err: grpc.ServiceError | null, res: Record<string, unknown>) => void) => void
let sy: RunningSwitchyard
let enso: EnsoClient
let routing: grpc.Client & Record<'Route' | 'Bundle', Rpc>
let client: DevnetClient
let wallet: Address
let ours: Record<string, Address>
let USDC: Address
let WETH: Address

beforeAll(async () => {
  const config = configSchema.parse({ chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1, rateLimitPerMinute: 100_000 })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  enso = new EnsoClient({ apiKey: KEY, baseURL: `${sy.httpUrl}/api/v1` })
  const proto = grpc.loadPackageDefinition(loadProtoDefinition({})) as unknown as { switchyard: { routing: { v1: { RoutingService: grpc.ServiceClientConstructor } } } }
  routing = new proto.switchyard.routing.v1.RoutingService(sy.grpcAddress, grpc.credentials.createInsecure()) as never
  const chain = sy.connected.devnet!.chains[1]!
  client = chain.client
  ours = chain.addressBook.switchyard as unknown as Record<string, Address>
  USDC = chain.addressBook.tokens.USDC!.address
  WETH = chain.addressBook.tokens.WETH!.address
  await sy.connected.devnet!.fund({ chainId: 1, address: owner, token: 'ETH', amount: 10n ** 20n })
  await client.impersonateAccount({ address: owner })
  await mined(await client.writeContract({ address: ours.smartWalletFactory!, abi: factoryAbi, functionName: 'createWallet', args: [owner], account: owner, chain: client.chain }))
  wallet = await client.readContract({ address: ours.smartWalletFactory!, abi: factoryAbi, functionName: 'walletAddress', args: [owner] })
  await sy.connected.devnet!.fund({ chainId: 1, address: wallet, token: 'USDC', amount: 100_000n * 10n ** 6n })
}, 120_000)
afterAll(async () => {
  routing?.close()
  await sy?.stop()
})

async function mined(hash: Hex) {
  const receipt = await client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt
}

const balanceOf = (token: Address, who: Address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })

function rpc(method: 'Route' | 'Bundle', request: unknown): Promise<{ code: string; message: string; response?: Record<string, unknown> }> {
  const md = new grpc.Metadata()
  md.set('authorization', `Bearer ${KEY}`)
  return new Promise((resolve) => {
    routing[method](request, md, { deadline: Date.now() + 30_000 }, (err, res) => {
      if (!err) return resolve({ code: 'OK', message: '', response: res })
      const envelope = JSON.parse(err.details) as { code: string; message: string }
      expect(err.code).toBe(statusOf(envelope.code).grpc)
      resolve({ code: envelope.code, message: envelope.message })
    })
  })
}

async function rest(method: 'GET' | 'POST', path: string, query: Record<string, unknown>, body?: unknown): Promise<{ status: number; code: string; message: string }> {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) for (const item of Array.isArray(v) ? v : [v]) q.append(k, String(item))
  const res = await fetch(`${sy.httpUrl}/api/v1${path}?${q}`, {
    method, headers: { authorization: `Bearer ${KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const json = (await res.json()) as { code?: string; message?: string }
  return { status: res.status, code: res.status === 200 ? 'OK' : (json.code ?? '?'), message: json.message ?? '' }
}

/** The owner has its wallet DELEGATECALL `tx.to` with `tx.data`; returns what the wallet spent and gained. */
async function runInWallet(tx: { to: string; data: string; value?: string | number | undefined }, gas: bigint) {
  const [usdcBefore, wethBefore] = await Promise.all([balanceOf(USDC, wallet), balanceOf(WETH, wallet)])
  await mined(await client.writeContract({ address: wallet, abi: walletAbi, functionName: 'execute', args: [tx.to as Address, tx.data as Hex], value: BigInt(tx.value ?? 0), account: owner, chain: client.chain, gas }))
  const [usdcAfter, wethAfter] = await Promise.all([balanceOf(USDC, wallet), balanceOf(WETH, wallet)])
  return { spent: usdcBefore - usdcAfter, gained: wethAfter - wethBefore }
}

describe('spender = the approval\'s spender (our router) under delegate', () => {
  test('the vendor SDK integration workflow through EnsoClient: getApprovalData, then a delegate route with spender: approval.spender, sent through the wallet', async () => {
    const amount = 1_000_000_000
    // Step 1, as the vendor's test: the approval names our router.
    const approval = await enso.getApprovalData({ fromAddress: wallet, tokenAddress: USDC, chainId: 1, amount })
    expect(approval.spender.toLowerCase()).toBe(ours.router!.toLowerCase())
    expect(approval.tx.data).toBeDefined()
    // Step 2, as the vendor's test (it was 400 INVALID_RECEIVER): spender is the approval's.
    const route = await enso.getRouteData({
      fromAddress: wallet, receiver: wallet, spender: approval.spender, chainId: 1, amountIn: [amount.toString()], tokenIn: [USDC], tokenOut: [WETH], slippage: 300, routingStrategy: 'delegate',
    } as never)
    expect(parseFloat(route.amountOut.toString())).toBeGreaterThan(0)
    expect((route.tx.to as string).toLowerCase()).toBe(ours.delegate!.toLowerCase())
    // The plan runs in the wallet: it spends exactly amountIn of its own USDC and gains exactly amountOut.
    const { spent, gained } = await runInWallet(route.tx as never, BigInt(route.gas))
    expect(spent).toBe(BigInt(amount))
    expect(gained).toBe(BigInt(route.amountOut as string))
    expect(await balanceOf(WETH, ours.router!)).toBe(0n)
  })

  test('gRPC Route with spender = our router under delegate: answered, and the answer runs in the wallet', async () => {
    const amountIn = 2_000_000_000n
    const body = { fromAddress: wallet, receiver: wallet, spender: ours.router, chainId: 1, tokenIn: [USDC], tokenOut: [WETH], amountIn: [amountIn.toString()], routingStrategy: 'delegate', variableEstimates: {} }
    const g = await rpc('Route', toProtoRouteRequest(body as never))
    expect(g.code, g.message).toBe('OK')
    const tx = g.response!.tx as { to: string; data: string; value: string }
    expect(tx.to.toLowerCase()).toBe(ours.delegate!.toLowerCase())
    const { spent, gained } = await runInWallet(tx, BigInt(g.response!.gas as string))
    expect(spent).toBe(amountIn)
    expect(gained).toBe(BigInt(g.response!.amount_out as string))
  })

  test('the legacy router too (what /wallet/approve names for router-legacy), and a delegate bundle with either router as spender: answered on both transports', async () => {
    for (const spender of [ours.router!, ours.routerLegacy!]) {
      const body = { fromAddress: wallet, spender, chainId: 1, tokenIn: [USDC], tokenOut: [WETH], amountIn: ['1000000000'], routingStrategy: 'delegate', variableEstimates: {} }
      expect((await rest('POST', '/shortcuts/route', {}, body)).code).toBe('OK')
      expect((await rpc('Route', toProtoRouteRequest(body as never))).code).toBe('OK')
      const params = { chainId: 1, fromAddress: wallet, routingStrategy: 'delegate', spender }
      const actions = [{ protocol: 'enso', action: 'route', args: { tokenIn: USDC, tokenOut: WETH, amountIn: '1000000000' } }]
      const r = await rest('POST', '/shortcuts/bundle', params, actions)
      expect(r.code, r.message).toBe('OK')
      const g = await rpc('Bundle', toProtoBundleRequest(params, actions))
      expect(g.code, g.message).toBe('OK')
    }
  })

  test('contracts that run any caller\'s plan stay refused as spender: the executor, the legacy executor and the bridge receiver\'s executor → INVALID_RECEIVER on both transports', async () => {
    const executors = [ours.executor!, ours.executorLegacy!, ours.bridgeReceiverExecutor!]
    expect(executors.every((x) => typeof x === 'string')).toBe(true)
    for (const spender of executors) {
      const body = { fromAddress: wallet, spender, chainId: 1, tokenIn: [USDC], tokenOut: [WETH], amountIn: ['1000000000'], routingStrategy: 'delegate', variableEstimates: {} }
      const r = await rest('POST', '/shortcuts/route', {}, body)
      expect(r.code).toBe('INVALID_RECEIVER')
      expect(r.status).toBe(400)
      expect(r.message).toContain('spender')
      expect((await rpc('Route', toProtoRouteRequest(body as never))).code).toBe('INVALID_RECEIVER')
      const params = { chainId: 1, fromAddress: wallet, routingStrategy: 'delegate', spender }
      const actions = [{ protocol: 'enso', action: 'route', args: { tokenIn: USDC, tokenOut: WETH, amountIn: '1000000000' } }]
      expect((await rest('POST', '/shortcuts/bundle', params, actions)).code).toBe('INVALID_RECEIVER')
      expect((await rpc('Bundle', toProtoBundleRequest(params, actions))).code).toBe('INVALID_RECEIVER')
    }
  })
})
