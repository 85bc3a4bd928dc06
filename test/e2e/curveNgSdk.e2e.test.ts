import { EnsoClient } from '@ensofinance/sdk'
import { pino } from 'pino'
import { erc20Abi, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DevnetClient } from '../../src/chain/devnet/createDevnetClient.js'
import { setNextBlockOneSecondLater } from '../../src/chain/devnet/setNextBlockOneSecondLater.js'
import { configSchema } from '../../src/config.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * The Curve stableswap-ng sDAI/sUSDe pool (our implementation of CurveStableSwapNG at its mainnet address,
 * rates from the two ERC-4626 vaults) from the outside in: the real @ensofinance/sdk against a running
 * switchyard on the devnet, each answer's transaction sent and checked to deliver exactly `amountOut`:
 * sDAI → sUSDe (through the pool, more than without Curve), sDAI → the pool's LP and LP → sUSDe.
 */

const KEY = 'curve-ng-sdk-key-0123456789abcdef'
const POOL: Address = '0x167478921b907422F8E88B43C4Af2B8BEa278d3A'
const SDAI: Address = '0x83F20F44975D03b1b09e64809B757c47f942BEeA'
const SUSDE: Address = '0x9D39A5DE30e57443BfF2A8307A4256c8797A3497'
const trader: Address = '0x0000000000000000000000000000000000c5e001'
const receiver: Address = '0x0000000000000000000000000000000000c5e002'

let sy: RunningSwitchyard
let enso: EnsoClient
let client: DevnetClient
let executor: Address

beforeAll(async () => {
  const config = configSchema.parse({ chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1 })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  enso = new EnsoClient({ apiKey: KEY, baseURL: `${sy.httpUrl}/api/v1` })
  const chain = sy.connected.devnet!.chains[1]!
  client = chain.client
  executor = (chain.addressBook.switchyard as unknown as { executor: Address }).executor
  await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'ETH', amount: 10n ** 21n })
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

async function send(tx: { to: string; data: string; value?: string | number }, gas: string | number) {
  await setNextBlockOneSecondLater(client)
  return mined(await client.sendTransaction({ account: trader, to: tx.to as Address, data: tx.data as Hex, value: BigInt(tx.value ?? '0'), chain: client.chain, gas: BigInt(gas) }))
}

async function approve(token: Address, amount: bigint) {
  const approval = await enso.getApprovalData({ chainId: 1, fromAddress: trader, tokenAddress: token, amount: amount.toString() })
  await mined(await client.sendTransaction({ account: trader, to: approval.tx.to as Address, data: approval.tx.data as Hex, chain: client.chain }))
}

async function route(tokenIn: Address, tokenOut: Address, amountIn: bigint, p: { ignoreStandards?: string[]; receiver?: Address } = {}) {
  return enso.getRouteData({
    fromAddress: trader, receiver: p.receiver ?? receiver, chainId: 1, routingStrategy: 'router', tokenIn: [tokenIn], tokenOut: [tokenOut], amountIn: [amountIn.toString()], slippage: '50',
    ...(p.ignoreStandards ? { ignoreStandards: p.ignoreStandards } : {}),
  } as never)
}

type Step = { protocol: string; action: string }

async function executorEmpty() {
  for (const t of [SDAI, SUSDE, POOL]) expect(await balanceOf(t, executor), t).toBe(0n)
}

describe('Curve stableswap-ng sDAI/sUSDe through @ensofinance/sdk', () => {
  test('1M sDAI → sUSDe goes through the ng pool (more than without Curve), delivered exactly', async () => {
    const amount = 1_000_000n * 10n ** 18n
    await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: SDAI, amount })
    await approve(SDAI, amount)
    const without = await route(SDAI, SUSDE, amount, { ignoreStandards: ['curve'] })
    const quote = await route(SDAI, SUSDE, amount)
    const steps = quote.route as Step[]
    expect(steps.map((r) => r.protocol)).toContain('curve')
    expect((without.route as Step[]).map((r) => r.protocol)).not.toContain('curve')
    expect(BigInt(quote.amountOut as string)).toBeGreaterThan(BigInt(without.amountOut as string))
    console.log(`1M sDAI → sUSDe: ${quote.amountOut} with Curve (${steps.map((r) => `${r.protocol}:${r.action}`).join(', ')}), ${without.amountOut} without (${(without.route as Step[]).map((r) => `${r.protocol}:${r.action}`).join(', ')})`)
    const before = await balanceOf(SUSDE, receiver)
    await send(quote.tx as never, quote.gas)
    expect((await balanceOf(SUSDE, receiver)) - before).toBe(BigInt(quote.amountOut as string))
    await executorEmpty()
  })

  test('sDAI → the pool\'s LP (a deposit), then LP → sUSDe (a redemption), each delivered exactly', async () => {
    const amount = 10_000n * 10n ** 18n
    await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: SDAI, amount })
    await approve(SDAI, amount)
    const into = await route(SDAI, POOL, amount, { receiver: trader })
    expect((into.route as Step[]).at(-1)).toMatchObject({ protocol: 'curve', action: 'deposit' })
    const lpBefore = await balanceOf(POOL, trader)
    await send(into.tx as never, into.gas)
    const lp = (await balanceOf(POOL, trader)) - lpBefore
    expect(lp).toBe(BigInt(into.amountOut as string))
    await executorEmpty()
    await approve(POOL, lp)
    const out = await route(POOL, SUSDE, lp)
    expect((out.route as Step[])[0]).toMatchObject({ protocol: 'curve', action: 'redeem' })
    const before = await balanceOf(SUSDE, receiver)
    await send(out.tx as never, out.gas)
    expect((await balanceOf(SUSDE, receiver)) - before).toBe(BigInt(out.amountOut as string))
    await executorEmpty()
  })
})
