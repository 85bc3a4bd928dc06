import { EnsoClient } from '@ensofinance/sdk'
import { pino } from 'pino'
import type { Address, PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DevnetClient } from '../../src/chain/devnet/createDevnetClient.js'
import { configSchema } from '../../src/config.js'
import { applySlippage } from '../../src/protocols/bundle/applySlippage.js'
import { addLiquidity, removeLiquidity, removeLiquidityOneCoin } from '../../src/protocols/curve/twocryptoPool.js'
import { loadCurveTwocrypto } from '../../src/protocols/curve/twocryptoLoad.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'
import { createDevnetTrader, type DevnetTrader } from '../../src/chain/testing/createDevnetTrader.js'

/**
 * The Curve twocrypto-ng CVG/ETH pool (our implementation of its ABI and math at its mainnet address)
 * from the outside in: the real @ensofinance/sdk against a running switchyard on the devnet. Each route is
 * asked with and without Curve (`ignoreStandards: ['curve']`), goes through the pool and pays more with
 * it, by the pools' own numbers; its transaction is sent and delivers exactly `amountOut`, and the router
 * and executor keep nothing. Then the pool's LP token: WETH → LP and LP → WETH as routes (one deposit or
 * redemption edge each), and the `curve` deposit/redeem bundle actions (both coins in, one coin or both
 * out), each answer equal to the pool's exact math and delivered exactly.
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
let trade: DevnetTrader
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
  trade = createDevnetTrader({ client, account: trader, enso, chainId: 1 })
}, 300_000)
afterAll(async () => {
  await sy?.stop()
})

async function fundAndApprove(symbol: string, token: Address, amount: bigint) {
  await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: symbol, amount })
  await trade.approve(token, amount)
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
  const before = await trade.balanceOf(tokenOut, receiver)
  await trade.send(quote.tx as never, quote.gas)
  expect((await trade.balanceOf(tokenOut, receiver)) - before).toBe(BigInt(quote.amountOut as string))
  for (const t of [tokenIn, tokenOut, CVG, WETH, USDC, POOL]) {
    expect(await trade.balanceOf(t, executor), `executor ${t}`).toBe(0n)
    expect(await trade.balanceOf(t, router), `router ${t}`).toBe(0n)
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

  test('WETH → the pool\'s LP token (a one-coin deposit) and LP → WETH (a one-coin redemption) as routes, each exact and delivered exactly', async () => {
    const amount = 20n * 10n ** 18n
    await fundAndApprove('WETH', WETH, amount)
    const s0 = await poolNow()
    const minted = addLiquidity(s0, { amounts: [amount, 0n], timestamp: s0.timestamp }).minted
    const into = await enso.getRouteData({ fromAddress: trader, receiver: trader, chainId: 1, routingStrategy: 'router', tokenIn: [WETH], tokenOut: [POOL], amountIn: [amount.toString()], slippage: '50' } as never)
    expect(into.route as unknown[]).toEqual([expect.objectContaining({ protocol: 'curve', action: 'deposit' })])
    expect(BigInt(into.amountOut as string)).toBe(minted)
    const lp0 = await trade.balanceOf(POOL, trader)
    await trade.send(into.tx as never, into.gas)
    const lp = (await trade.balanceOf(POOL, trader)) - lp0
    expect(lp).toBe(minted)
    await leftoversEmpty()

    await trade.approve(POOL, lp)
    const s1 = await poolNow()
    const out = await route(POOL, WETH, lp)
    // The redemption comes first; it may pay CVG and sell it on where that pays more than WETH from the pool.
    const [first, ...rest] = out.route as { protocol: string; action: string; tokenOut: string[]; args: { amountIn?: string; amountOut?: string } }[]
    expect(first).toMatchObject({ protocol: 'curve', action: 'redeem' })
    const coin = first!.tokenOut[0]!.toLowerCase() === WETH.toLowerCase() ? 0 : 1
    const paid = removeLiquidityOneCoin(s1, { tokenAmount: lp, i: coin, timestamp: s1.timestamp }).dy
    expect(BigInt(first!.args.amountOut!)).toBe(paid)
    if (rest.length === 0) expect(BigInt(out.amountOut as string)).toBe(paid)
    const before = await trade.balanceOf(WETH, receiver)
    await trade.send(out.tx as never, out.gas)
    const got = (await trade.balanceOf(WETH, receiver)) - before
    expect(got).toBe(BigInt(out.amountOut as string))
    await leftoversEmpty()
    console.log(`twocrypto LP routes: 20 WETH → ${minted} LP; LP → ${paid} ${coin === 0 ? 'WETH' : 'CVG'} (${out.route.length} steps: ${(out.route as { protocol: string; action: string }[]).map((r) => `${r.protocol}:${r.action}`).join(', ')}) → ${got} WETH`)
  })

  test('curve bundle actions on the crypto pool: WETH + CVG in with a minimum, LP out to CVG and to both coins, each exact; bad input a typed 400', async () => {
    const amounts = [5n * 10n ** 18n + 11n, 40_000n * 10n ** 18n + 7n]
    await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'WETH', amount: amounts[0]! })
    await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'CVG', amount: amounts[1]! })
    const s0 = await poolNow()
    const minted = addLiquidity(s0, { amounts, timestamp: s0.timestamp }).minted
    const deposit = await bundle([
      { protocol: 'curve', action: 'multideposit', args: { tokenIn: [CVG, WETH], amountIn: [amounts[1]!.toString(), amounts[0]!.toString()], tokenOut: POOL, primaryAddress: POOL, slippage: '30' } },
    ])
    expect(BigInt(deposit.amountsOut[POOL]!)).toBe(minted)
    expect(deposit.tx.data.toLowerCase()).toContain(applySlippage(minted, 30n).toString(16).padStart(64, '0'))
    const lp0 = await trade.balanceOf(POOL, trader)
    await trade.send(deposit.tx, deposit.gas)
    expect((await trade.balanceOf(POOL, trader)) - lp0).toBe(minted)
    await leftoversEmpty()

    const half = minted / 2n
    const s1 = await poolNow()
    const cvg = removeLiquidityOneCoin(s1, { tokenAmount: half, i: 1, timestamp: s1.timestamp }).dy
    const redeemOne = await bundle([
      { protocol: 'curve', action: 'redeem', args: { tokenIn: POOL, amountIn: half.toString(), tokenOut: CVG, primaryAddress: POOL, slippage: '30', receiver } },
    ])
    expect(BigInt(redeemOne.amountsOut[CVG]!)).toBe(cvg)
    const c0 = await trade.balanceOf(CVG, receiver)
    await trade.send(redeemOne.tx, redeemOne.gas)
    expect((await trade.balanceOf(CVG, receiver)) - c0).toBe(cvg)
    await leftoversEmpty()

    const rest = await trade.balanceOf(POOL, trader)
    const both = removeLiquidity(await poolNow(), { amount: rest }).amounts
    const redeemBoth = await bundle([
      { protocol: 'curve', action: 'multiredeem', args: { tokenIn: POOL, amountIn: rest.toString(), tokenOut: [CVG, WETH], primaryAddress: POOL, slippage: '10' } },
    ], { receiver })
    expect([BigInt(redeemBoth.amountsOut[WETH]!), BigInt(redeemBoth.amountsOut[CVG]!)]).toEqual(both)
    const b0 = [await trade.balanceOf(WETH, receiver), await trade.balanceOf(CVG, receiver)]
    await trade.send(redeemBoth.tx, redeemBoth.gas)
    expect([(await trade.balanceOf(WETH, receiver)) - b0[0]!, (await trade.balanceOf(CVG, receiver)) - b0[1]!]).toEqual(both)
    expect(await trade.balanceOf(POOL, trader)).toBe(0n)
    await leftoversEmpty()
    // Bad input is a typed 400: a coin outside the pool, an LP token that is not the pool's, more LP than exists.
    const ask = (args: Record<string, unknown>, action = 'deposit') => enso.getBundleData({ chainId: 1, fromAddress: trader, routingStrategy: 'router' }, [{ protocol: 'curve', action, args: { primaryAddress: POOL, ...args } }] as never)
    await expect(ask({ tokenIn: USDC, amountIn: '1000000' })).rejects.toMatchObject({ name: 'EnsoApiError', statusCode: 400, responseData: { code: 'INVALID_TOKEN', message: expect.stringContaining('tokenIn') } })
    await expect(ask({ tokenIn: WETH, amountIn: '1', tokenOut: CVG })).rejects.toMatchObject({ name: 'EnsoApiError', statusCode: 400, responseData: { code: 'INVALID_TOKEN', message: expect.stringContaining('tokenOut') } })
    await expect(ask({ tokenIn: WETH, amountIn: '1', tokenOut: CVG }, 'redeem')).rejects.toMatchObject({ name: 'EnsoApiError', statusCode: 400, responseData: { code: 'INVALID_TOKEN', message: expect.stringContaining('tokenIn') } })
    await expect(ask({ tokenIn: POOL, amountIn: (10n ** 30n).toString(), tokenOut: CVG }, 'redeem')).rejects.toMatchObject({ name: 'EnsoApiError', statusCode: 400, responseData: { code: 'INVALID_AMOUNT' } })
    console.log(`twocrypto bundles: 5 WETH + 40,000 CVG → ${minted} LP; ${half} LP → ${cvg} CVG; ${rest} LP → ${both.join(' WETH + ')} CVG`)
  })
})

async function leftoversEmpty() {
  for (const t of [CVG, WETH, USDC, POOL]) {
    expect(await trade.balanceOf(t, executor), `executor ${t}`).toBe(0n)
    expect(await trade.balanceOf(t, router), `router ${t}`).toBe(0n)
  }
}

/** The pool's state now, as the service reads it. */
async function poolNow() {
  const chain = sy.connected.devnet!.chains[1]!
  const c = client as unknown as PublicClient
  const [s] = await loadCurveTwocrypto({ client: c, book: chain.addressBook }, { blockNumber: await c.getBlockNumber() })
  return s!
}

async function bundle(actions: unknown[], p: { receiver?: Address } = {}) {
  const answer = await enso.getBundleData({ chainId: 1, fromAddress: trader, routingStrategy: 'router', ...(p.receiver ? { receiver: p.receiver } : {}) }, actions as never)
  for (const a of answer.approvals ?? []) await trade.sendRaw(a)
  return answer as unknown as { tx: { to: string; data: string; value: string }; gas: string; amountsOut: Record<string, string> }
}
