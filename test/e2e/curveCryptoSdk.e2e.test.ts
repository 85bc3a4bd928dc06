import { EnsoClient } from '@ensofinance/sdk'
import { pino } from 'pino'
import { erc20Abi, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DevnetClient } from '../../src/chain/devnet/createDevnetClient.js'
import { setNextBlockOneSecondLater } from '../../src/chain/devnet/setNextBlockOneSecondLater.js'
import { configSchema } from '../../src/config.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * The Curve twocrypto-ng CVG/ETH pool (our implementation of its ABI and math at its mainnet address)
 * from the outside in: the real @ensofinance/sdk against a running switchyard on the devnet. Each route is
 * asked with and without Curve (`ignoreStandards: ['curve']`), goes through the pool and pays more with
 * it, by the pools' own numbers; its transaction is sent and delivers exactly `amountOut`, and the router
 * and executor keep nothing.
 */

const KEY = 'curve-crypto-sdk-key-0123456789ab'
const POOL: Address = '0x004C167d27ADa24305b76D80762997Fa6EB8d9B2'
const CVG: Address = '0x97efFB790f2fbB701D88f89DB4521348A2B77be8'
const WETH: Address = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const trader: Address = '0x0000000000000000000000000000000000c2c001'
const receiver: Address = '0x0000000000000000000000000000000000c2c002'

let sy: RunningSwitchyard
let enso: EnsoClient
let client: DevnetClient
let router: Address
let executor: Address

beforeAll(async () => {
  const config = configSchema.parse({ chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1 })
  sy = await startSwitchyard({ config, logger: pino({ level: process.env.E2E_LOG ?? 'silent' }) })
  enso = new EnsoClient({ apiKey: KEY, baseURL: `${sy.httpUrl}/api/v1` })
  const chain = sy.connected.devnet!.chains[1]!
  client = chain.client
  router = (chain.addressBook.switchyard as unknown as { router: Address }).router
  executor = (chain.addressBook.switchyard as unknown as { executor: Address }).executor
  await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'ETH', amount: 10n ** 20n })
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

async function fundAndApprove(symbol: string, token: Address, amount: bigint) {
  await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: symbol, amount })
  const approval = await enso.getApprovalData({ chainId: 1, fromAddress: trader, tokenAddress: token, amount: amount.toString() })
  await mined(await client.sendTransaction({ account: trader, to: approval.tx.to as Address, data: approval.tx.data as Hex, chain: client.chain }))
}

async function route(tokenIn: Address, tokenOut: Address, amountIn: bigint, ignoreStandards?: string[]) {
  return enso.getRouteData({
    fromAddress: trader, receiver, chainId: 1, routingStrategy: 'router', tokenIn: [tokenIn], tokenOut: [tokenOut], amountIn: [amountIn.toString()], slippage: '50',
    ...(ignoreStandards ? { ignoreStandards } : {}),
  } as never)
}

/** Routes with and without Curve, sends the one with it, and checks the delivery and the leftovers. */
async function routeThroughPool(label: string, tokenIn: Address, tokenOut: Address, amountIn: bigint) {
  const without = await route(tokenIn, tokenOut, amountIn, ['curve'])
  const quote = await route(tokenIn, tokenOut, amountIn)
  const steps = quote.route as { protocol: string; primary?: string; action: string }[]
  expect(steps.map((r) => r.protocol)).toContain('curve')
  expect((without.route as { protocol: string }[]).map((r) => r.protocol)).not.toContain('curve')
  expect(BigInt(quote.amountOut as string)).toBeGreaterThan(BigInt(without.amountOut as string))
  const before = await balanceOf(tokenOut, receiver)
  await send(quote.tx as never, quote.gas)
  expect((await balanceOf(tokenOut, receiver)) - before).toBe(BigInt(quote.amountOut as string))
  for (const t of [tokenIn, tokenOut, CVG, WETH, USDC, POOL]) {
    expect(await balanceOf(t, executor), `executor ${t}`).toBe(0n)
    expect(await balanceOf(t, router), `router ${t}`).toBe(0n)
  }
  console.log(`${label}: ${quote.amountOut} with the crypto pool (${steps.map((r) => r.protocol).join(', ')}), ${without.amountOut} without (${(without.route as { protocol: string }[]).map((r) => r.protocol).join(', ')})`)
}

describe('Curve twocrypto-ng CVG/ETH through @ensofinance/sdk', () => {
  test('100 WETH → CVG goes through the crypto pool, pays more than without it, delivered exactly', async () => {
    const amount = 100n * 10n ** 18n
    await fundAndApprove('WETH', WETH, amount)
    await routeThroughPool('100 WETH → CVG', WETH, CVG, amount)
  })

  test('3M CVG → WETH goes through the crypto pool, pays more than without it, delivered exactly', async () => {
    const amount = 3_000_000n * 10n ** 18n
    await fundAndApprove('CVG', CVG, amount)
    await routeThroughPool('3M CVG → WETH', CVG, WETH, amount)
  })

  test('3M CVG → USDC: through the crypto pool and on (CVG → WETH → USDC), delivered exactly', async () => {
    const amount = 3_000_000n * 10n ** 18n
    await fundAndApprove('CVG', CVG, amount)
    await routeThroughPool('3M CVG → USDC', CVG, USDC, amount)
  })
})
