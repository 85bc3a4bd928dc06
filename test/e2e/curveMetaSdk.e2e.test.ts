import { EnsoClient } from '@ensofinance/sdk'
import { pino } from 'pino'
import { erc20Abi, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DevnetClient } from '../../src/chain/devnet/createDevnetClient.js'
import { setNextBlockOneSecondLater } from '../../src/chain/devnet/setNextBlockOneSecondLater.js'
import { configSchema } from '../../src/config.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * The Curve GUSD metapool over the 3pool from the outside in: the real @ensofinance/sdk against a running
 * switchyard on the devnet, each answer's transaction sent and checked to deliver exactly `amountOut`, the
 * router and the executor left empty: 1M GUSD -> USDC through `exchange_underlying` (more than without
 * Curve, where only GUSD's Uniswap V2 pair is left), USDC -> GUSD, DAI -> the metapool's LP token
 * (gusd3CRV) and back.
 */

const KEY = 'curve-meta-sdk-key-0123456789abcd'
const POOL = '0x4f062658eaaf2c1ccf8c8e36d6824cdf41167956'
const GUSD: Address = '0x056Fd409E1d7A124BD7017459dFEa2F387b6d5Cd'
const GUSD3CRV: Address = '0xD2967f45c4f384DEEa880F807Be904762a3DeA07'
const trader: Address = '0x0000000000000000000000000000000000c5e001'
const receiver: Address = '0x0000000000000000000000000000000000c5e002'

let sy: RunningSwitchyard
let enso: EnsoClient
let client: DevnetClient
let tokens: Record<string, Address>
let leftovers: Address[]

beforeAll(async () => {
  const config = configSchema.parse({ chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1 })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  enso = new EnsoClient({ apiKey: KEY, baseURL: `${sy.httpUrl}/api/v1` })
  const chain = sy.connected.devnet!.chains[1]!
  client = chain.client
  const book = chain.addressBook
  tokens = Object.fromEntries(['USDC', 'DAI', 'USDT', '3Crv'].map((s) => [s, book.tokens[s]!.address]))
  const sw = book.switchyard as unknown as { executor: Address; router: Address }
  leftovers = [sw.executor, sw.router]
  await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'ETH', amount: 10n ** 20n })
  await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'GUSD', amount: 2_000_000n * 100n })
  await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'USDC', amount: 2_000_000n * 10n ** 6n })
  await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'DAI', amount: 2_000_000n * 10n ** 18n })
  await client.impersonateAccount({ address: trader })
}, 300_000)
afterAll(async () => {
  await sy?.stop()
})

const balanceOf = (token: Address, who: Address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })

async function mined(hash: Hex) {
  const receipt = await client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt
}

async function approve(token: Address, amount: bigint) {
  const approval = await enso.getApprovalData({ chainId: 1, fromAddress: trader, tokenAddress: token, amount: amount.toString() })
  await mined(await client.sendTransaction({ account: trader, to: approval.tx.to as Address, data: approval.tx.data as Hex, chain: client.chain }))
}

async function route(tokenIn: Address, tokenOut: Address, amountIn: bigint, ignoreStandards?: string[]) {
  return enso.getRouteData({
    fromAddress: trader, receiver, chainId: 1, routingStrategy: 'router', tokenIn: [tokenIn], tokenOut: [tokenOut], amountIn: [amountIn.toString()], slippage: '50',
    ...(ignoreStandards ? { ignoreStandards } : {}),
  } as never)
}

type Step = { protocol: string; action: string; primary?: string }

/** Sends the answer and checks the receiver got exactly `amountOut` and the router and executor hold none of the tokens involved. */
async function sendAndCheck(answer: Awaited<ReturnType<typeof route>>, tokenIn: Address, tokenOut: Address): Promise<bigint> {
  const before = await balanceOf(tokenOut, receiver)
  await setNextBlockOneSecondLater(client)
  const tx = answer.tx as { to: string; data: string; value?: string }
  await mined(await client.sendTransaction({ account: trader, to: tx.to as Address, data: tx.data as Hex, value: BigInt(tx.value ?? '0'), chain: client.chain, gas: BigInt(answer.gas as string) + 100_000n }))
  const got = (await balanceOf(tokenOut, receiver)) - before
  console.log(`${tokenIn} -> ${tokenOut}: ${got} via ${(answer.route as Step[]).map((r) => `${r.protocol}:${r.action}@${r.primary}`).join(' ')}`)
  expect(got).toBe(BigInt(answer.amountOut as string))
  for (const holder of leftovers) for (const t of new Set([tokenIn, tokenOut, GUSD, GUSD3CRV, ...Object.values(tokens)])) expect(await balanceOf(t, holder), `${holder} holds ${t}`).toBe(0n)
  return got
}

const viaMeta = (answer: { route: unknown }) => (answer.route as Step[]).filter((r) => r.protocol === 'curve' && r.primary?.toLowerCase() === POOL)

describe('the Curve GUSD metapool through @ensofinance/sdk', () => {
  test('1M GUSD -> USDC goes through exchange_underlying, pays more than without Curve, delivered exactly', async () => {
    const amount = 1_000_000n * 100n
    const without = await route(GUSD, tokens.USDC!, amount, ['curve'])
    const answer = await route(GUSD, tokens.USDC!, amount)
    expect(viaMeta(answer).length).toBeGreaterThan(0)
    const out = BigInt(answer.amountOut as string)
    console.log(`1M GUSD -> USDC: ${Number(out) / 1e6} with the metapool, ${Number(BigInt(without.amountOut as string)) / 1e6} without Curve`)
    expect(out).toBeGreaterThan(BigInt(without.amountOut as string))
    expect(out).toBeGreaterThan(998_000n * 10n ** 6n)
    await approve(GUSD, amount)
    await sendAndCheck(answer, GUSD, tokens.USDC!)
  })

  test('USDC -> GUSD goes through the metapool, delivered exactly', async () => {
    const amount = 500_000n * 10n ** 6n
    const answer = await route(tokens.USDC!, GUSD, amount)
    expect(viaMeta(answer).length).toBeGreaterThan(0)
    await approve(tokens.USDC!, amount)
    await sendAndCheck(answer, tokens.USDC!, GUSD)
  })

  test('DAI -> gusd3CRV (an LP token out) and gusd3CRV -> DAI, each delivered exactly', async () => {
    const amount = 100_000n * 10n ** 18n
    const into = await route(tokens.DAI!, GUSD3CRV, amount)
    expect((into.route as Step[]).at(-1)).toMatchObject({ protocol: 'curve', action: 'deposit' })
    await approve(tokens.DAI!, amount)
    const lp = await sendAndCheck(into, tokens.DAI!, GUSD3CRV)
    expect(lp).toBeGreaterThan(99_000n * 10n ** 18n)
    // The trader redeems LP of its own, bought the same way.
    await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: GUSD3CRV, amount: lp })
    await approve(GUSD3CRV, lp)
    const out = await route(GUSD3CRV, tokens.DAI!, lp)
    expect((out.route as Step[])[0]).toMatchObject({ protocol: 'curve', action: 'redeem' })
    const dai = await sendAndCheck(out, GUSD3CRV, tokens.DAI!)
    expect(dai).toBeGreaterThan(99_000n * 10n ** 18n)
  })
})
