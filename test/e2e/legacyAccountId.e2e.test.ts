import * as grpc from '@grpc/grpc-js'
import { pino } from 'pino'
import { erc20Abi, maxUint256, parseAbi, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DevnetClient } from '../../src/chain/devnet/createDevnetClient.js'
import { configSchema } from '../../src/config.js'
import { parseLegacyAccountTrailer } from '../../src/encoding/parseLegacyAccountTrailer.js'
import { toProtoRouteRequest } from '../../src/gateway/mapping/toProtoRouteRequest.js'
import { loadProtoDefinition } from '../../src/grpc/loadProtoDefinition.js'
import { deriveAccountId } from '../../src/service/auth/deriveAccountId.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * Issue 24, item 11: the legacy strategies carry the caller's account. Two API keys (two accounts) ask
 * the same `router-legacy` and `delegate-legacy` routes over REST and gRPC: their `tx.data` differ,
 * each carries its own accountId (and requestId) after the ABI arguments, and every answer executes on
 * the devnet, delivering exactly `amountOut`.
 */

const KEYS = { alice: 'legacy-account-alice-0123456789', bob: 'legacy-account-bob-0123456789ab' } as const
type Who = keyof typeof KEYS
const trader: Address = '0x0000000000000000000000000000000000ac1d01'
const receiver: Address = '0x0000000000000000000000000000000000ac1d02'
const factoryAbi = parseAbi(['function createWallet(address owner) returns (address)', 'function walletAddress(address owner) view returns (address)'])
const walletAbi = parseAbi(['function execute(address target, bytes data) payable returns (bytes)'])

type Answer = { amountOut: string; gas: string; tx: { to: Address; data: Hex; value: string } }
let sy: RunningSwitchyard
let routing: grpc.Client & { Route: (...args: unknown[]) => unknown }
let client: DevnetClient
let ours: Record<string, Address>
let wallet: Address
let USDC: Address
let WETH: Address

beforeAll(async () => {
  const config = configSchema.parse({
    chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [`${KEYS.alice}:alice`, `${KEYS.bob}:bob`], logLevel: 'silent', engineThreads: 1, rateLimitPerMinute: 100_000,
  })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  const proto = grpc.loadPackageDefinition(loadProtoDefinition({})) as unknown as { switchyard: { routing: { v1: { RoutingService: grpc.ServiceClientConstructor } } } }
  routing = new proto.switchyard.routing.v1.RoutingService(sy.grpcAddress, grpc.credentials.createInsecure()) as never
  const chain = sy.connected.devnet!.chains[1]!
  client = chain.client
  ours = chain.addressBook.switchyard as unknown as Record<string, Address>
  USDC = chain.addressBook.tokens.USDC!.address
  WETH = chain.addressBook.tokens.WETH!.address
  await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'ETH', amount: 10n ** 20n })
  await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'USDC', amount: 100_000n * 10n ** 6n })
  await client.impersonateAccount({ address: trader })
  await mined(await client.writeContract({ address: ours.smartWalletFactory!, abi: factoryAbi, functionName: 'createWallet', args: [trader], account: trader, chain: client.chain }))
  wallet = await client.readContract({ address: ours.smartWalletFactory!, abi: factoryAbi, functionName: 'walletAddress', args: [trader] })
}, 120_000)
afterAll(async () => {
  routing?.close()
  await sy?.stop()
})

const accountOf = (who: Who) => deriveAccountId({ accountId: who, key: KEYS[who] })
const balanceOf = (token: Address, who: Address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
async function mined(hash: Hex) {
  const receipt = await client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt
}

async function viaRest(who: Who, body: Record<string, unknown>): Promise<Answer> {
  const res = await fetch(`${sy.httpUrl}/api/v1/shortcuts/route`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEYS[who]}` }, body: JSON.stringify(body) })
  const json = (await res.json()) as Answer & { message?: string }
  expect(res.status, json.message).toBe(200)
  return json
}

function viaGrpc(who: Who, body: Record<string, unknown>): Promise<Answer> {
  const md = new grpc.Metadata()
  md.set('authorization', `Bearer ${KEYS[who]}`)
  return new Promise((resolve, reject) => {
    routing.Route(toProtoRouteRequest(body as never), md, { deadline: Date.now() + 30_000 }, (err: grpc.ServiceError | null, res: { amount_out: string; gas: string; tx: Answer['tx'] }) =>
      err ? reject(err) : resolve({ amountOut: res.amount_out, gas: res.gas, tx: res.tx }))
  })
}

const transports = [['REST', viaRest], ['gRPC', viaGrpc]] as const

/** Each key's answer carries its own account, and the two differ. */
function expectAccounts(answers: Record<Who, Answer>): void {
  expect(answers.alice.tx.data).not.toBe(answers.bob.tx.data)
  for (const who of ['alice', 'bob'] as const) expect(parseLegacyAccountTrailer(answers[who].tx.data)?.accountId).toBe(accountOf(who))
  expect(accountOf('alice')).not.toBe(accountOf('bob'))
}

describe('legacy strategies carry the caller\'s account on both transports', () => {
  test.each(transports)('router-legacy over %s: two keys get different tx.data, each with its accountId; both execute', async (_name, ask) => {
    await mined(await client.writeContract({ address: USDC, abi: erc20Abi, functionName: 'approve', args: [ours.routerLegacy!, maxUint256], account: trader, chain: client.chain }))
    const body = { fromAddress: trader, receiver, chainId: 1, tokenIn: [USDC], tokenOut: [WETH], amountIn: ['1500000000'], routingStrategy: 'router-legacy', variableEstimates: {} }
    const answers = {} as Record<Who, Answer>
    for (const who of ['alice', 'bob'] as const) {
      // Asked and sent one after the other: each answer is executed on the state it was simulated on.
      const answer = await ask(who, body)
      expect(answer.tx.to.toLowerCase()).toBe(ours.routerLegacy!.toLowerCase())
      const before = await balanceOf(WETH, receiver)
      await mined(await client.sendTransaction({ account: trader, to: answer.tx.to, data: answer.tx.data, value: BigInt(answer.tx.value), gas: BigInt(answer.gas), chain: client.chain }))
      expect((await balanceOf(WETH, receiver)) - before).toBe(BigInt(answer.amountOut))
      answers[who] = answer
    }
    expectAccounts(answers)
  })

  test.each(transports)('delegate-legacy over %s: two keys get different tx.data, each with its accountId; both run in the wallet', async (_name, ask) => {
    await sy.connected.devnet!.fund({ chainId: 1, address: wallet, token: 'USDC', amount: 5_000n * 10n ** 6n })
    const body = { fromAddress: wallet, chainId: 1, tokenIn: [USDC], tokenOut: [WETH], amountIn: ['1000000000'], routingStrategy: 'delegate-legacy', variableEstimates: {} }
    const answers = {} as Record<Who, Answer>
    for (const who of ['alice', 'bob'] as const) {
      const answer = await ask(who, body)
      expect(answer.tx.to.toLowerCase()).toBe(ours.delegateLegacy!.toLowerCase())
      const before = await balanceOf(WETH, wallet)
      await mined(await client.writeContract({ address: wallet, abi: walletAbi, functionName: 'execute', args: [answer.tx.to, answer.tx.data], account: trader, chain: client.chain, gas: BigInt(answer.gas) }))
      expect((await balanceOf(WETH, wallet)) - before).toBe(BigInt(answer.amountOut))
      answers[who] = answer
    }
    expectAccounts(answers)
  })
})
