import { EnsoClient } from '@ensofinance/sdk'
import { pino } from 'pino'
import { erc20Abi, parseEventLogs, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { setNextBlockOneSecondLater } from '../../src/chain/devnet/setNextBlockOneSecondLater.js'
import type { DevnetClient } from '../../src/chain/devnet/createDevnetClient.js'
import { configSchema } from '../../src/config.js'
import { switchyardExecutorAbi } from '../../src/contracts/generated/abis.js'
import { parseRequestId } from '../../src/encoding/requestId.js'
import { deriveAccountId } from '../../src/service/auth/deriveAccountId.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * From the outside in: the real @ensofinance/sdk against a running switchyard (devnet → engine →
 * gRPC → Fastify), then the returned transactions executed on the devnet.
 */

const KEY = 'e2e-test-key-0123456789abcdef'
const ACCOUNT = 'e2e-account'
const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const trader: Address = '0x0000000000000000000000000000000000e2e001'
const receiver: Address = '0x0000000000000000000000000000000000e2e002'

let sy: RunningSwitchyard
let enso: EnsoClient
let client: DevnetClient
let tokens: Record<string, Address>
let accountId: Hex

beforeAll(async () => {
  const config = configSchema.parse({ chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [`${KEY}:${ACCOUNT}`], logLevel: 'silent', engineThreads: 1 })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  enso = new EnsoClient({ apiKey: KEY, baseURL: `${sy.httpUrl}/api/v1` })
  const chain = sy.connected.devnet!.chains[1]!
  client = chain.client
  tokens = Object.fromEntries(Object.values(chain.addressBook.tokens).map((t) => [t.symbol, t.address]))
  accountId = deriveAccountId({ accountId: ACCOUNT, key: KEY })
  await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'ETH', amount: 10n ** 22n })
  await client.impersonateAccount({ address: trader })
}, 120_000)
afterAll(async () => {
  await sy?.stop()
})

const tokens_ = (symbol: string) => tokens[symbol]!
const balanceOf = (token: Address, who: Address) =>
  token === NATIVE ? client.getBalance({ address: who }) : client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })

async function send(tx: { to: string; data: string; value?: string }, gas = 6_000_000n) {
  // Mined one second after its parent, as on a live chain and as simulated (anvil can otherwise mine two blocks in one second).
  await setNextBlockOneSecondLater(client)
  const hash = await client.sendTransaction({ account: trader, to: tx.to as Address, data: tx.data as Hex, value: BigInt(tx.value ?? '0'), chain: client.chain, gas })
  return client.waitForTransactionReceipt({ hash })
}

/** Approves via the SDK's approve endpoint and executes it. */
async function approveWithSdk(token: Address, amount: bigint) {
  const approval = await enso.getApprovalData({ chainId: 1, fromAddress: trader, tokenAddress: token, amount: amount.toString() })
  expect(approval.spender.toLowerCase()).toBe(String(sy.connected.chains[1]!.addressBook.switchyard!.router).toLowerCase())
  const receipt = await send(approval.tx as never)
  expect(receipt.status).toBe('success')
}

type Quote = Awaited<ReturnType<EnsoClient['getRouteData']>>

/** Sends the route tx; checks exact delivery, the minimum and the gas. */
async function executeAndCheck(quote: Quote, tokenOut: Address, to: Address) {
  const before = await balanceOf(tokenOut, to)
  // `gas` is the limit to send with: exactly that succeeds, and it is within 1.3× of the gas used.
  const receipt = await send(quote.tx as never, BigInt(quote.gas))
  expect(receipt.status).toBe('success')
  expect(receipt.blockNumber).toBe(BigInt(quote.createdAt) + 1n)
  const delta = (await balanceOf(tokenOut, to)) - before
  expect(delta).toBe(BigInt(quote.amountOut as string))
  expect(delta).toBeGreaterThanOrEqual(BigInt(quote.minAmountOut as string))
  expect(Number(quote.gas) / Number(receipt.gasUsed)).toBeLessThanOrEqual(1.3)
  return receipt
}

describe('@ensofinance/sdk against switchyard', () => {
  test('getAccountId and getNetworks', async () => {
    expect(await enso.getAccountId()).toBe(accountId)
    const networks = await enso.getNetworks()
    expect(networks).toEqual([{ id: 1, name: 'Ethereum', isConnected: true }])
  })

  test('USDC → WETH: approve, route, execute to another receiver; the event carries accountId', async () => {
    const amountIn = 30_000n * 10n ** 6n
    await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'USDC', amount: amountIn })
    await approveWithSdk(tokens.USDC!, amountIn)
    const quote = await enso.getRouteData({
      fromAddress: trader, receiver, chainId: 1, amountIn: [amountIn.toString()], tokenIn: [tokens.USDC!], tokenOut: [tokens.WETH!], routingStrategy: 'router',
    } as never)
    expect(quote.route.length).toBeGreaterThan(0)
    const receipt = await executeAndCheck(quote, tokens.WETH!, receiver)
    const [event] = parseEventLogs({ abi: switchyardExecutorAbi, logs: receipt.logs, eventName: 'ShortcutExecuted' })
    expect(event?.args.accountId).toBe(accountId)
  })

  test('ETH → USDC with tx.value', async () => {
    const amountIn = 4n * 10n ** 18n
    const quote = await enso.getRouteData({ fromAddress: trader, chainId: 1, amountIn: [amountIn.toString()], tokenIn: [NATIVE], tokenOut: [tokens.USDC!], routingStrategy: 'router' } as never)
    expect(quote.tx.value).toBe(amountIn.toString())
    await executeAndCheck(quote, tokens.USDC!, trader)
  })

  test('USDC → ETH: the receiver gets exactly amountOut in native coin (unwrapped)', async () => {
    const amountIn = 9_000n * 10n ** 6n
    await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'USDC', amount: amountIn })
    await approveWithSdk(tokens.USDC!, amountIn)
    const quote = await enso.getRouteData({ fromAddress: trader, receiver, chainId: 1, amountIn: [amountIn.toString()], tokenIn: [tokens.USDC!], tokenOut: [NATIVE], routingStrategy: 'router' } as never)
    expect(quote.tx.value).toBe('0')
    await executeAndCheck(quote, NATIVE, receiver)
  })

  test('WETH → WBTC and UNI → WBTC (more than one hop)', async () => {
    const wethIn = 20n * 10n ** 18n
    await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'WETH', amount: wethIn })
    await approveWithSdk(tokens.WETH!, wethIn)
    const q1 = await enso.getRouteData({ fromAddress: trader, chainId: 1, amountIn: [wethIn.toString()], tokenIn: [tokens.WETH!], tokenOut: [tokens.WBTC!], routingStrategy: 'router' } as never)
    await executeAndCheck(q1, tokens.WBTC!, trader)
    const uniIn = 5_000n * 10n ** 18n
    await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'UNI', amount: uniIn })
    await approveWithSdk(tokens.UNI!, uniIn)
    const q2 = await enso.getRouteData({ fromAddress: trader, chainId: 1, amountIn: [uniIn.toString()], tokenIn: [tokens.UNI!], tokenOut: [tokens.WBTC!], routingStrategy: 'router' } as never)
    expect(q2.route.length).toBeGreaterThanOrEqual(2)
    await executeAndCheck(q2, tokens.WBTC!, trader)
  })

  test('three-token multi-input route with a fee and a referral code', async () => {
    const ins = [tokens.USDC!, tokens.DAI!, tokens.LINK!]
    const amounts = [12_000n * 10n ** 6n, 8_000n * 10n ** 18n, 700n * 10n ** 18n]
    for (const [i, t] of ins.entries()) {
      await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: t, amount: amounts[i]! })
      await approveWithSdk(t, amounts[i]!)
    }
    const feeReceiver: Address = '0x0000000000000000000000000000000000e2efee'
    const quote = await enso.getRouteData({
      fromAddress: trader, chainId: 1, amountIn: amounts.map(String), tokenIn: ins, tokenOut: [tokens.WETH!], routingStrategy: 'router',
      fee: ['30', '30', '30'], feeReceiver, referralCode: 'partner-42',
    } as never)
    expect(quote.feeAmount).toEqual(amounts.map((a) => ((a * 30n) / 10000n).toString()))
    const receipt = await executeAndCheck(quote, tokens.WETH!, trader)
    const [event] = parseEventLogs({ abi: switchyardExecutorAbi, logs: receipt.logs, eventName: 'ShortcutExecuted' })
    expect(event?.args.accountId).toBe(accountId)
    expect(parseRequestId(event!.args.requestId).referralCode).toBe('partner-42')
    for (const [i, t] of ins.entries()) expect(await balanceOf(t, feeReceiver)).toBe((amounts[i]! * 30n) / 10000n)
  })

  test('read endpoints through the SDK: protocols, standards, projects, tokens with TVL, prices with confidence', async () => {
    const protocols = await enso.getProtocolData({ chainId: 1 } as never)
    expect((protocols as { slug: string }[]).map((p) => p.slug)).toEqual(['uniswap-v2', 'uniswap-v3', 'uniswap-v4', 'balancer-v2', 'curve', 'erc4626', 'lido', 'aave-v3', 'pendle', 'curve-gauge', 'morpho-blue'])
    const standards = await enso.getStandards()
    // 17 before the Uniswap V3 fork rows (sushiswap-v3, pancakeswap-v3: their own standards and projects), then curve and curve-gauge,
    // then aerodrome (its own standard and project; live on Base only, so not in chain 1's protocols above), then pendle.
    expect(standards).toHaveLength(23)
    expect(await enso.getProjects()).toHaveLength(14)
    const tokens = (await enso.getTokenData({ chainId: 1, type: 'defi', protocolSlug: 'uniswap-v2' } as never)) as unknown as { data: { tvl: number; underlyingTokens: unknown[] }[] }
    expect(tokens.data.length).toBeGreaterThan(0)
    expect(tokens.data.length).toBe(sy.connected.chains[1]!.addressBook.uniswapV2.pairs.length)
    expect(tokens.data.every((t) => t.tvl > 0 && t.underlyingTokens.length === 2)).toBe(true)
    const price = (await enso.getPriceData({ chainId: 1, address: tokens_('WETH') } as never)) as unknown as { price: number; confidence: number }
    expect(price.price).toBeGreaterThan(2950)
    expect(price.price).toBeLessThan(3050)
    expect(price.confidence).toBeGreaterThan(0)
    const many = (await enso.getMultiplePriceData({ chainId: 1, addresses: [tokens_('USDC'), tokens_('WBTC')] } as never)) as unknown as { price: number }[]
    expect(many.map((p) => Math.round(p.price / 1000))).toEqual([0, 60])
  })

  test('GET /metrics exposes use-case counters and latencies (Prometheus)', async () => {
    const text = await fetch(`${sy.httpUrl}/metrics`).then((r) => r.text())
    expect(text).toMatch(/switchyard_calls_total\{method="route",outcome="ok"\} [1-9]/)
    expect(text).toContain('switchyard_engine_tasks_completed_total')
  })

  test('errors reach the SDK caller with our message', async () => {
    await expect(
      enso.getRouteData({ fromAddress: trader, chainId: 1, amountIn: ['0'], tokenIn: [tokens.USDC!], tokenOut: [tokens.WETH!], routingStrategy: 'router' } as never),
    ).rejects.toMatchObject({ name: 'EnsoApiError', statusCode: 400, responseData: { code: 'INVALID_AMOUNT', message: expect.stringContaining('amountIn[0]') } })
    const bad = new EnsoClient({ apiKey: 'not-a-valid-key-000000000', baseURL: `${sy.httpUrl}/api/v1` })
    await expect(bad.getNetworks()).rejects.toMatchObject({ name: 'EnsoApiError', statusCode: 401, responseData: { code: 'UNAUTHENTICATED' } })
  })
})
