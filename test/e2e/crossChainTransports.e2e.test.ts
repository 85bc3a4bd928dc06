import { rm } from 'node:fs/promises'
import * as grpc from '@grpc/grpc-js'
import { pino } from 'pino'
import { decodeErrorResult, encodeFunctionData, erc20Abi, maxUint256, parseAbi, parseEventLogs, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMonotonicHead } from '../../src/service/testing/createMonotonicHead.js'
import { untilSettled } from '../../src/service/testing/untilSettled.js'
import { configSchema } from '../../src/config.js'
import { switchyardBridgeReceiverAbi } from '../../src/contracts/generated/abis.js'
import { toProtoBundleRequest } from '../../src/gateway/mapping/toProtoBundleRequest.js'
import { toProtoRouteRequest } from '../../src/gateway/mapping/toProtoRouteRequest.js'
import { loadProtoDefinition } from '../../src/grpc/loadProtoDefinition.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * Issue 24, items 2 and 12, on both transports of one running switchyard (chains 1 and 8453, its
 * relayer on), every answer sent on chain 1 and relayed to Base:
 * - a bundle whose query names a refundReceiver, with a bridge action that names none, refunds a failed
 *   callback to that refundReceiver (sender, receiver and refundReceiver all distinct);
 * - a cross-chain route with `fee` pays feeReceiver exactly floor(amountIn × fee / 10000) on chain 1,
 *   and the receiver gets exactly amountOut on Base.
 */

const KEY = 'cross-chain-transports-key-0123456789'
const user: Address = '0x0000000000000000000000000000000000cc7001'
const receiver: Address = '0x0000000000000000000000000000000000cc7002'
const refundReceiver: Address = '0x0000000000000000000000000000000000cc7003'
const feeReceiver: Address = '0x0000000000000000000000000000000000cc7004'
const whale: Address = '0x0000000000000000000000000000000000cc7005'
/** This file's own state (relayer cursor, devnet cache copy), removed when it ends. */
const stateDir = `.switchyard/test-${process.pid}`
const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const VAULT: Address = '0x5a7e000000000000000000000000000000000001'
const oftSent = parseAbi(['event OFTSent(bytes32 indexed guid, uint32 dstEid, address indexed fromAddress, uint256 amountSentLD, uint256 amountReceivedLD)'])

type Rpc = (request: unknown, md: grpc.Metadata, options: grpc.CallOptions, cb: (err: grpc.ServiceError | null, res: Record<string, unknown>) => void) => void
/** What both transports answer, in REST names. */
type Answer = { gas: string; tx: { to: Address; data: Hex; value: string }; amountOut?: string | undefined; feeAmount: string[] }
let sy: RunningSwitchyard
let routing: grpc.Client & Record<'Route' | 'Bundle', Rpc>

beforeAll(async () => {
  const config = configSchema.parse({
    chains: [1, 8453], devnetPorts: { '1': 0, '8453': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1, rateLimitPerMinute: 100_000,
    stateDir,
  })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  const proto = grpc.loadPackageDefinition(loadProtoDefinition({})) as unknown as { switchyard: { routing: { v1: { RoutingService: grpc.ServiceClientConstructor } } } }
  routing = new proto.switchyard.routing.v1.RoutingService(sy.grpcAddress, grpc.credentials.createInsecure()) as never
  const devnet = sy.connected.devnet!
  await devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 10n ** 21n })
  await devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 1_000_000n * 10n ** 6n })
  await devnet.fund({ chainId: 8453, address: whale, token: 'ETH', amount: 10n ** 23n })
  await client(1).impersonateAccount({ address: user })
  await client(8453).impersonateAccount({ address: whale })
  // The router strategy pulls USDC through our router.
  await send(1, user, { to: token(1, 'USDC'), data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [book(1).router!, maxUint256] }), value: '0' }, 100_000n)
}, 180_000)
afterAll(async () => {
  routing?.close()
  await sy?.stop()
  await rm(stateDir, { recursive: true, force: true })
})

const client = (chainId: number) => sy.connected.devnet!.chains[chainId]!.client
const book = (chainId: number) => sy.connected.chains[chainId]!.addressBook.switchyard as unknown as Record<string, Address>
const token = (chainId: number, symbol: string) => sy.connected.chains[chainId]!.addressBook.tokens[symbol]!.address
// At the head's number, not `latest` (see startCrossChainHarness: anvil's `latest` can run ahead of its blocks while the relayer mines).
const heads = new Map<number, () => Promise<bigint>>()
async function balanceOf(chainId: number, t: Address, who: Address): Promise<bigint> {
  const c = client(chainId)
  // Never at a block before one already read (createMonotonicHead): a delivery once seen stays seen.
  const blockNumber = await (heads.get(chainId) ?? heads.set(chainId, createMonotonicHead(() => c.getBlockNumber({ cacheTime: 0 }))).get(chainId)!)()
  return t === NATIVE ? c.getBalance({ address: who, blockNumber }) : c.readContract({ address: t, abi: erc20Abi, functionName: 'balanceOf', args: [who], blockNumber })
}

async function send(chainId: number, from: Address, tx: Answer['tx'], gas: bigint): Promise<Hex> {
  const c = client(chainId)
  const hash = await c.sendTransaction({ account: from, to: tx.to, data: tx.data, value: BigInt(tx.value), gas, chain: c.chain })
  expect((await c.waitForTransactionReceipt({ hash })).status).toBe('success')
  return hash
}

/** Until `check` holds on settled state (untilSettled: one empty block mined on each chain once it holds). */
async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  await untilSettled(check, async () => {
    for (const id of [1, 8453]) await client(id).mine({ blocks: 1 })
  }, timeoutMs)
}

async function rest(method: 'GET' | 'POST', path: string, query: Record<string, unknown>, body?: unknown): Promise<Answer> {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) for (const item of Array.isArray(v) ? v : [v]) q.append(k, String(item))
  const res = await fetch(`${sy.httpUrl}/api/v1${path}?${q}`, {
    method, headers: { authorization: `Bearer ${KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const json = (await res.json()) as Answer & { message?: string; code?: string }
  expect(res.status, `${json.code}: ${json.message}`).toBe(200)
  return json
}

function rpc(method: 'Route' | 'Bundle', request: unknown): Promise<Answer> {
  const md = new grpc.Metadata()
  md.set('authorization', `Bearer ${KEY}`)
  return new Promise((resolve, reject) => {
    routing[method](request, md, { deadline: Date.now() + 60_000 }, (err, res) =>
      err ? reject(new Error(err.details)) : resolve({ gas: res.gas as string, tx: res.tx as Answer['tx'], amountOut: res.amount_out as string | undefined, feeAmount: res.fee_amount as string[] }))
  })
}

/** Our receiver's callback events on Base since `fromBlock`. */
async function callbackEvents(fromBlock: bigint) {
  const base = client(8453)
  if ((await base.getBlockNumber({ cacheTime: 0 })) < fromBlock) return []
  return parseEventLogs({ abi: switchyardBridgeReceiverAbi, logs: await base.getLogs({ address: book(8453).bridgeReceiver!, fromBlock }) })
}

/** A whale buys AERO on Base with 300 ETH: AERO per dollar falls far past a 10 bps minimum quoted before. */
async function pumpAero(): Promise<void> {
  const pump = await rest('POST', '/shortcuts/route', {}, { chainId: 8453, fromAddress: whale, tokenIn: [NATIVE], amountIn: [(300n * 10n ** 18n).toString()], tokenOut: [token(8453, 'AERO')], variableEstimates: {} })
  await send(8453, whale, pump.tx, BigInt(pump.gas) * 2n)
}

const transports = ['REST', 'gRPC'] as const

describe('issue 24 item 2: a failed bridge callback refunds to the bundle\'s refundReceiver', () => {
  test.each(transports)('%s: refundReceiver in the query, none on the stargate bridge action; the callback misses its minimum on Base: the bridged USDC goes to refundReceiver, not to the receiver or the sender', async (transport) => {
    const usdc8453 = token(8453, 'USDC')
    const aero = token(8453, 'AERO')
    const params = { chainId: 1, fromAddress: user, receiver, refundReceiver, slippage: '10' }
    const actions = [{
      protocol: 'stargate', action: 'bridge',
      args: {
        tokenIn: token(1, 'USDC'), amountIn: '3000000000', destinationChainId: 8453, receiver,
        callback: [
          { protocol: 'enso', action: 'balance', args: { token: usdc8453 } },
          { protocol: 'enso', action: 'route', args: { tokenIn: usdc8453, tokenOut: aero, amountIn: { useOutputOfCallAt: 0 }, receiver } },
        ],
      },
    }]
    const answer = transport === 'REST' ? await rest('POST', '/shortcuts/bundle', params, actions) : await rpc('Bundle', toProtoBundleRequest(params, actions))
    await pumpAero()
    const from = (await client(8453).getBlockNumber({ cacheTime: 0 })) + 1n
    const holders = [user, receiver, refundReceiver]
    const balances = () => Promise.all([usdc8453, aero].flatMap((t) => holders.map((who) => balanceOf(8453, t, who))))
    const before = await balances()
    const hash = await send(1, user, answer.tx, BigInt(answer.gas))
    const [sent] = parseEventLogs({ abi: oftSent, logs: (await client(1).getTransactionReceipt({ hash })).logs })
    const arrived = sent!.args.amountReceivedLD
    await until(async () => (await callbackEvents(from)).length > 0)
    const [event] = await callbackEvents(from)
    expect(event!.eventName).toBe('CallbackRefunded')
    const refund = event!.args as { token: Address; amount: bigint; refundReceiver: Address; reason: Hex }
    expect(decodeErrorResult({ abi: switchyardBridgeReceiverAbi, data: refund.reason }).errorName).toBe('AmountTooLow')
    expect(refund.refundReceiver.toLowerCase()).toBe(refundReceiver.toLowerCase())
    expect(refund.amount).toBe(arrived)
    const after = await balances()
    expect(after).toEqual(before.map((b, i) => (i === 2 ? b + arrived : b)))
  })
})

describe('issue 24 item 12: cross-chain routes take `fee` on the source chain, from the input, before bridging', () => {
  test.each(transports)('%s: USDC on chain 1 → vault shares on Base with fee 25 bps: feeReceiver gets exactly floor(amountIn × 25 / 10000) on chain 1, the receiver exactly amountOut on Base', async (transport) => {
    const amountIn = 5_432_109_876n
    const body = {
      chainId: 1, destinationChainId: 8453, fromAddress: user, receiver, tokenIn: [token(1, 'USDC')], tokenOut: [VAULT], amountIn: [amountIn.toString()],
      routingStrategy: 'router', ignoreBridges: ['across'], fee: ['25'], feeReceiver, variableEstimates: {},
    }
    const answer = transport === 'REST' ? await rest('POST', '/shortcuts/route', {}, body) : await rpc('Route', toProtoRouteRequest(body as never))
    const fee = (amountIn * 25n) / 10_000n
    expect(answer.feeAmount).toEqual([fee.toString()])
    const feeBefore = await balanceOf(1, token(1, 'USDC'), feeReceiver)
    const before = await balanceOf(8453, VAULT, receiver)
    await send(1, user, answer.tx, BigInt(answer.gas))
    expect((await balanceOf(1, token(1, 'USDC'), feeReceiver)) - feeBefore).toBe(fee)
    await until(async () => (await balanceOf(8453, VAULT, receiver)) > before)
    expect((await balanceOf(8453, VAULT, receiver)) - before).toBe(BigInt(answer.amountOut!))
  })
})
