import { EnsoClient } from '@ensofinance/sdk'
import { pino } from 'pino'
import type { Address, PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DevnetClient } from '../../src/chain/devnet/createDevnetClient.js'
import { configSchema } from '../../src/config.js'
import { applySlippage } from '../../src/protocols/bundle/applySlippage.js'
import { loadCurveNg } from '../../src/protocols/curve/loadNg.js'
import { addLiquidityNg, calcWithdrawOneCoinNg, removeLiquidityNg } from '../../src/protocols/curve/ngQuote.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'
import { createDevnetTrader, type DevnetTrader } from '../../src/chain/testing/createDevnetTrader.js'

/**
 * The Curve stableswap-ng sDAI/sUSDe pool (our implementation of CurveStableSwapNG at its mainnet address,
 * rates from the two ERC-4626 vaults) from the outside in: the real @ensofinance/sdk against a running
 * switchyard on the devnet, each answer's transaction sent and checked to deliver exactly `amountOut`:
 * sDAI → sUSDe (through the pool, more than without Curve), sDAI → the pool's LP and LP → sUSDe; and the
 * `curve` bundle actions on it (deposit of both coins, redeem to one coin and proportionally, swap), each
 * answer equal to stableswap-ng's exact math on the pool's state, sent and delivering exactly `amountsOut`.
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
let trade: DevnetTrader
let executor: Address
let router: Address

beforeAll(async () => {
  const config = configSchema.parse({ chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1 })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  enso = new EnsoClient({ apiKey: KEY, baseURL: `${sy.httpUrl}/api/v1` })
  const chain = sy.connected.devnet!.chains[1]!
  client = chain.client
  executor = (chain.addressBook.switchyard as unknown as { executor: Address }).executor
  router = (chain.addressBook.switchyard as unknown as { router: Address }).router
  await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'ETH', amount: 10n ** 21n })
  await client.impersonateAccount({ address: trader })
  trade = createDevnetTrader({ client, account: trader, enso, chainId: 1 })
}, 300_000)
afterAll(async () => {
  await sy?.stop()
})

async function route(tokenIn: Address, tokenOut: Address, amountIn: bigint, p: { ignoreStandards?: string[]; receiver?: Address } = {}) {
  return enso.getRouteData({
    fromAddress: trader, receiver: p.receiver ?? receiver, chainId: 1, routingStrategy: 'router', tokenIn: [tokenIn], tokenOut: [tokenOut], amountIn: [amountIn.toString()], slippage: '50',
    ...(p.ignoreStandards ? { ignoreStandards: p.ignoreStandards } : {}),
  } as never)
}

type Step = { protocol: string; action: string }

async function executorEmpty() {
  for (const who of [executor, router]) for (const t of [SDAI, SUSDE, POOL]) expect(await trade.balanceOf(t, who), `${t} at ${who}`).toBe(0n)
}

/** The pool's state now, as the service reads it. */
async function poolNow() {
  const chain = sy.connected.devnet!.chains[1]!
  const c = client as unknown as PublicClient
  const [s] = await loadCurveNg({ client: c, book: chain.addressBook }, { blockNumber: await c.getBlockNumber() })
  return s!
}

async function bundle(actions: unknown[], p: { receiver?: Address } = {}) {
  const answer = await enso.getBundleData({ chainId: 1, fromAddress: trader, routingStrategy: 'router', ...(p.receiver ? { receiver: p.receiver } : {}) }, actions as never)
  for (const a of answer.approvals ?? []) await trade.sendRaw(a)
  return answer as unknown as { tx: { to: string; data: string; value: string }; gas: string; amountsOut: Record<string, string> }
}

describe('Curve stableswap-ng sDAI/sUSDe through @ensofinance/sdk', () => {
  test('1M sDAI → sUSDe goes through the ng pool (more than without Curve), delivered exactly', async () => {
    const amount = 1_000_000n * 10n ** 18n
    await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: SDAI, amount })
    await trade.approve(SDAI, amount)
    const without = await route(SDAI, SUSDE, amount, { ignoreStandards: ['curve'] })
    const quote = await route(SDAI, SUSDE, amount)
    const steps = quote.route as Step[]
    expect(steps.map((r) => r.protocol)).toContain('curve')
    expect((without.route as Step[]).map((r) => r.protocol)).not.toContain('curve')
    expect(BigInt(quote.amountOut as string)).toBeGreaterThan(BigInt(without.amountOut as string))
    console.log(`1M sDAI → sUSDe: ${quote.amountOut} with Curve (${steps.map((r) => `${r.protocol}:${r.action}`).join(', ')}), ${without.amountOut} without (${(without.route as Step[]).map((r) => `${r.protocol}:${r.action}`).join(', ')})`)
    const before = await trade.balanceOf(SUSDE, receiver)
    await trade.send(quote.tx as never, quote.gas)
    expect((await trade.balanceOf(SUSDE, receiver)) - before).toBe(BigInt(quote.amountOut as string))
    await executorEmpty()
  })

  test('sDAI → the pool\'s LP (a deposit), then LP → sUSDe (a redemption), each delivered exactly', async () => {
    const amount = 10_000n * 10n ** 18n
    await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: SDAI, amount })
    await trade.approve(SDAI, amount)
    const into = await route(SDAI, POOL, amount, { receiver: trader })
    expect((into.route as Step[]).at(-1)).toMatchObject({ protocol: 'curve', action: 'deposit' })
    const lpBefore = await trade.balanceOf(POOL, trader)
    await trade.send(into.tx as never, into.gas)
    const lp = (await trade.balanceOf(POOL, trader)) - lpBefore
    expect(lp).toBe(BigInt(into.amountOut as string))
    await executorEmpty()
    await trade.approve(POOL, lp)
    const out = await route(POOL, SUSDE, lp)
    expect((out.route as Step[])[0]).toMatchObject({ protocol: 'curve', action: 'redeem' })
    const before = await trade.balanceOf(SUSDE, receiver)
    await trade.send(out.tx as never, out.gas)
    expect((await trade.balanceOf(SUSDE, receiver)) - before).toBe(BigInt(out.amountOut as string))
    await executorEmpty()
  })

  test('curve bundle actions on the ng pool: multideposit sDAI + sUSDe with a minimum, redeem to one coin and proportionally, each exact', async () => {
    const amounts = [40_000n * 10n ** 18n + 17n, 25_000n * 10n ** 18n + 3n]
    await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: SDAI, amount: amounts[0]! })
    await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: SUSDE, amount: amounts[1]! })
    const minted = addLiquidityNg(await poolNow(), { amounts }).minted
    const deposit = await bundle([
      { protocol: 'curve', action: 'multideposit', args: { tokenIn: [SDAI, SUSDE], amountIn: amounts.map(String), tokenOut: POOL, primaryAddress: POOL, slippage: '30' } },
    ])
    expect(BigInt(deposit.amountsOut[POOL]!)).toBe(minted)
    // The pool's own min_mint_amount carries the slippage, taken from the exact quote.
    expect(deposit.tx.data.toLowerCase()).toContain(applySlippage(minted, 30n).toString(16).padStart(64, '0'))
    const lp0 = await trade.balanceOf(POOL, trader)
    await trade.send(deposit.tx, deposit.gas)
    expect((await trade.balanceOf(POOL, trader)) - lp0).toBe(minted)
    await executorEmpty()

    const third = minted / 3n
    const s = await poolNow()
    const one = calcWithdrawOneCoinNg(s, { burn: third, i: 1 }).dy
    const redeemOne = await bundle([
      { protocol: 'curve', action: 'redeem', args: { tokenIn: POOL, amountIn: third.toString(), tokenOut: SUSDE, primaryAddress: POOL, slippage: '30', receiver } },
    ])
    expect(BigInt(redeemOne.amountsOut[SUSDE]!)).toBe(one)
    const before = await trade.balanceOf(SUSDE, receiver)
    await trade.send(redeemOne.tx, redeemOne.gas)
    expect((await trade.balanceOf(SUSDE, receiver)) - before).toBe(one)
    await executorEmpty()

    const rest = await trade.balanceOf(POOL, trader)
    const proportional = removeLiquidityNg(await poolNow(), { burn: rest }).amounts
    const redeemAll = await bundle([
      { protocol: 'curve', action: 'multiredeem', args: { tokenIn: POOL, amountIn: rest.toString(), tokenOut: [SUSDE, SDAI], primaryAddress: POOL, slippage: '10' } },
    ], { receiver })
    expect([BigInt(redeemAll.amountsOut[SDAI]!), BigInt(redeemAll.amountsOut[SUSDE]!)]).toEqual(proportional)
    const b0 = [await trade.balanceOf(SDAI, receiver), await trade.balanceOf(SUSDE, receiver)]
    await trade.send(redeemAll.tx, redeemAll.gas)
    expect([(await trade.balanceOf(SDAI, receiver)) - b0[0]!, (await trade.balanceOf(SUSDE, receiver)) - b0[1]!]).toEqual(proportional)
    expect(await trade.balanceOf(POOL, trader)).toBe(0n)
    await executorEmpty()
    console.log(`ng bundles: 40,000 sDAI + 25,000 sUSDe → ${minted} LP; ${third} LP → ${one} sUSDe; ${rest} LP → ${proportional.join(' sDAI + ')} sUSDe`)
  })

  test('curve swap as a bundle action restricted to the ng pool: sDAI → sUSDe delivered exactly', async () => {
    const amount = 5_000n * 10n ** 18n
    await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: SDAI, amount })
    const answer = await bundle([
      { protocol: 'curve', action: 'swap', args: { tokenIn: SDAI, tokenOut: SUSDE, amountIn: amount.toString(), primaryAddress: POOL, receiver } },
    ])
    const before = await trade.balanceOf(SUSDE, receiver)
    await trade.send(answer.tx, answer.gas)
    const got = (await trade.balanceOf(SUSDE, receiver)) - before
    expect(got).toBeGreaterThan(0n)
    expect(got).toBe(BigInt(answer.amountsOut[SUSDE]!))
    await executorEmpty()
  })
})
