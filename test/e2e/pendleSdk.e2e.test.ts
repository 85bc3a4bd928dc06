import { EnsoClient } from '@ensofinance/sdk'
import { pino } from 'pino'
import { erc20Abi, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { PendleMarketEntry } from '../../src/chain/addressBook.js'
import { devnetDeployer, type DevnetClient } from '../../src/chain/devnet/createDevnetClient.js'
import { configSchema } from '../../src/config.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'
import { createDevnetTrader, type DevnetTrader } from '../../src/chain/testing/createDevnetTrader.js'

/**
 * The devnet's Pendle V2 market (PendleMarketV7 from @pendle/core-v2 over an SY of svUSDC) from the
 * outside in: the real @ensofinance/sdk against a running switchyard, each answer's transaction sent and
 * checked to deliver exactly `amountOut`, the router and executor left holding nothing: USDC → PT and
 * WETH → PT (SY deposit, then the market's swapSyForExactPt), PT → USDC (swapExactPtForSy, then SY
 * redeem), the market's LP token → USDC (burn, PT sold, SY redeemed), and USDC → LP (SY deposit, part of
 * the SY buys PT for the market, mint with the rest); bundles of pendle swaps and of pendle deposits into LP.
 */

const KEY = 'pendle-sdk-key-0123456789abcdef0'
const trader: Address = '0x0000000000000000000000000000000000be0d01'
const receiver: Address = '0x0000000000000000000000000000000000be0d02'

let sy: RunningSwitchyard
let enso: EnsoClient
let client: DevnetClient
let trade: DevnetTrader
let market: PendleMarketEntry
let tokens: Record<string, Address>
let executor: Address
let router: Address

beforeAll(async () => {
  const config = configSchema.parse({ chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1 })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  enso = new EnsoClient({ apiKey: KEY, baseURL: `${sy.httpUrl}/api/v1` })
  const chain = sy.connected.devnet!.chains[1]!
  client = chain.client
  market = chain.addressBook.pendle!.markets[0]!
  tokens = Object.fromEntries(Object.entries(chain.addressBook.tokens).map(([k, t]) => [k, t.address]))
  const ours = chain.addressBook.switchyard as unknown as { executor: Address; router: Address }
  executor = ours.executor
  router = ours.router
  await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'ETH', amount: 10n ** 22n })
  await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'USDC', amount: 10_000_000n * 10n ** 6n })
  await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'WETH', amount: 1_000n * 10n ** 18n })
  await client.impersonateAccount({ address: trader })
  trade = createDevnetTrader({ client, account: trader, enso, chainId: 1 })
}, 300_000)
afterAll(async () => {
  await sy?.stop()
})

type Step = { protocol: string; action: string }

/** Routes `amountIn` of `tokenIn` to `tokenOut` for `to`, sends the answer and checks the delivery to the wei. */
async function routeAndSend(tokenIn: Address, tokenOut: Address, amountIn: bigint, to: Address = receiver): Promise<{ steps: Step[]; amountOut: bigint }> {
  await trade.approve(tokenIn, amountIn)
  const quote = await enso.getRouteData({
    fromAddress: trader, receiver: to, chainId: 1, routingStrategy: 'router', tokenIn: [tokenIn], tokenOut: [tokenOut], amountIn: [amountIn.toString()], slippage: '50',
  } as never)
  const before = await trade.balanceOf(tokenOut, to)
  await trade.send(quote.tx as never, quote.gas)
  const amountOut = BigInt(quote.amountOut as string)
  expect((await trade.balanceOf(tokenOut, to)) - before).toBe(amountOut)
  for (const t of [tokens.USDC!, tokens.WETH!, market.sy, market.pt, market.address, market.yieldToken]) {
    expect(await trade.balanceOf(t, executor), `executor holds ${t}`).toBe(0n)
    expect(await trade.balanceOf(t, router), `router holds ${t}`).toBe(0n)
  }
  return { steps: quote.route as Step[], amountOut }
}

describe('Pendle V2 through @ensofinance/sdk', () => {
  test('1M USDC → PT in one step (SY deposit, then the market sells PT), delivered exactly (more PT than USDC: PT trades at a discount)', async () => {
    const amountIn = 1_000_000n * 10n ** 6n
    const { steps, amountOut } = await routeAndSend(tokens.USDC!, market.pt, amountIn)
    expect(steps.map((s) => `${s.protocol}:${s.action}`)).toEqual(['pendle:swap'])
    expect(amountOut).toBeGreaterThan(amountIn)
    console.log(`1M USDC → PT: ${amountOut}`)
  })

  test('WETH → PT through a swap into USDC first, delivered exactly', async () => {
    const { steps, amountOut } = await routeAndSend(tokens.WETH!, market.pt, 100n * 10n ** 18n)
    expect(steps.slice(-1).map((s) => `${s.protocol}:${s.action}`)).toEqual(['pendle:swap'])
    expect(amountOut).toBeGreaterThan(0n)
  })

  test('PT → USDC in one step (the market buys the PT, the SY is redeemed), delivered exactly', async () => {
    // The trader's own PT, bought the same way.
    const { amountOut: pt } = await routeAndSend(tokens.USDC!, market.pt, 500_000n * 10n ** 6n, trader)
    const { steps, amountOut } = await routeAndSend(market.pt, tokens.USDC!, pt)
    expect(steps.map((s) => `${s.protocol}:${s.action}`)).toEqual(['pendle:swap'])
    // A round trip pays two fees and the price impact both ways (after the earlier purchases moved the
    // market): under what went in, by less than 3%.
    expect(amountOut).toBeLessThan(500_000n * 10n ** 6n)
    expect(amountOut).toBeGreaterThan(485_000n * 10n ** 6n)
    console.log(`PT ${pt} → USDC ${amountOut}`)
  })

  test('the market\'s LP token → USDC: burn, PT sold, SY redeemed, delivered exactly', async () => {
    // A tenth of the seeding deployer's LP (an unlocked devnet account).
    const lp = (await trade.balanceOf(market.address, devnetDeployer)) / 10n
    expect(lp).toBeGreaterThan(0n)
    await trade.mined(await client.writeContract({ address: market.address, abi: erc20Abi, functionName: 'transfer', args: [trader, lp], account: devnetDeployer, chain: client.chain }))
    const { steps, amountOut } = await routeAndSend(market.address, tokens.USDC!, lp)
    expect(steps[0]).toMatchObject({ protocol: 'pendle', action: 'redeem' })
    expect(amountOut).toBeGreaterThan(0n)
    console.log(`LP ${lp} → USDC ${amountOut}`)
  })

  test('a bundle: pendle swap USDC → PT, then pendle swap of that PT back to USDC, delivered exactly, router and executor empty', async () => {
    const amountIn = 200_000n * 10n ** 6n
    await trade.approve(tokens.USDC!, amountIn)
    const bundle = await enso.getBundleData({ chainId: 1, fromAddress: trader, routingStrategy: 'router', receiver } as never, [
      { protocol: 'pendle', action: 'swap', args: { tokenIn: tokens.USDC!, tokenOut: market.pt, amountIn: amountIn.toString(), primaryAddress: market.address } },
      { protocol: 'pendle', action: 'swap', args: { tokenIn: market.pt, tokenOut: tokens.USDC!, amountIn: { useOutputOfCallAt: 0 }, primaryAddress: market.address } },
    ] as never)
    expect(bundle.bundle).toHaveLength(2)
    const before = await trade.balanceOf(tokens.USDC!, receiver)
    await trade.send(bundle.tx as never, bundle.gas!)
    const out = BigInt(bundle.amountsOut![tokens.USDC! as Address]!)
    expect((await trade.balanceOf(tokens.USDC!, receiver)) - before).toBe(out)
    expect(out).toBeLessThan(amountIn)
    expect(out).toBeGreaterThan((amountIn * 97n) / 100n)
    for (const t of [tokens.USDC!, market.sy, market.pt]) {
      expect(await trade.balanceOf(t, executor)).toBe(0n)
      expect(await trade.balanceOf(t, router)).toBe(0n)
    }
    console.log(`bundle: ${amountIn} USDC → PT → ${out} USDC`)
  })

  test('100,000 USDC → the market\'s LP token in one step (SY deposit, PT bought for the market, mint), delivered exactly', async () => {
    const amountIn = 100_000n * 10n ** 6n
    const { steps, amountOut } = await routeAndSend(tokens.USDC!, market.address, amountIn)
    expect(steps.map((s) => `${s.protocol}:${s.action}`)).toEqual(['pendle:deposit'])
    expect(amountOut).toBeGreaterThan(0n)
    console.log(`100,000 USDC → LP: ${amountOut}`)
  })

  test('a bundle: pendle deposit USDC → SY, then pendle deposit of that SY into LP with slippage, delivered exactly, router and executor empty', async () => {
    const amountIn = 250_000n * 10n ** 6n
    await trade.approve(tokens.USDC!, amountIn)
    const bundle = await enso.getBundleData({ chainId: 1, fromAddress: trader, routingStrategy: 'router', receiver } as never, [
      { protocol: 'pendle', action: 'deposit', args: { tokenIn: tokens.USDC!, tokenOut: market.sy, amountIn: amountIn.toString(), primaryAddress: market.address } },
      { protocol: 'pendle', action: 'deposit', args: { tokenIn: market.sy, tokenOut: market.address, amountIn: { useOutputOfCallAt: 0 }, primaryAddress: market.address, slippage: '30' } },
    ] as never)
    expect(bundle.bundle).toHaveLength(2)
    const before = await trade.balanceOf(market.address, receiver)
    await trade.send(bundle.tx as never, bundle.gas!)
    const out = BigInt(bundle.amountsOut![market.address]!)
    expect(out).toBeGreaterThan(0n)
    expect((await trade.balanceOf(market.address, receiver)) - before).toBe(out)
    for (const t of [tokens.USDC!, market.sy, market.pt, market.address]) {
      expect(await trade.balanceOf(t, executor)).toBe(0n)
      expect(await trade.balanceOf(t, router)).toBe(0n)
    }
    console.log(`bundle: ${amountIn} USDC → SY → ${out} LP`)
  })
})
