import { maxUint256, type Address, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { revertDevnet } from '../../chain/devnet/revertDevnet.js'
import type { DevnetChain } from '../../chain/devnet/devnetChain.js'
import { statusOf } from '../../errors/status.js'
import { getApproval } from '../getApproval.js'
import { getRoute } from '../getRoute.js'
import { startServiceOnDevnet } from '../testing/startServiceOnDevnet.js'
import { weirdTokenHarness, weirdTokensScenarioPath } from './weirdTokenHarness.js'

// Every class of the weird-ERC20 catalogue on a devnet of scenarios/weird-tokens.json, through the route
// use case: routed and executed to exactly amountOut with our contracts left empty, or refused by name.

const user: Address = '0x0000000000000000000000000000000000077e1d'
const other: Address = '0x0000000000000000000000000000000000077e1e'
const caller = { accountId: `0x${'22'.repeat(32)}` as Hex, keyId: 'test' }
let chain: DevnetChain
let ctx: Awaited<ReturnType<typeof startServiceOnDevnet>>['ctx']
let stop: (() => Promise<void>) | undefined
let h: ReturnType<typeof weirdTokenHarness>
beforeAll(async () => {
  const started = await startServiceOnDevnet({ scenarioPath: weirdTokensScenarioPath })
  ;({ chain, ctx, stop } = started)
  h = weirdTokenHarness(chain)
  await started.devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 10n ** 21n })
  await chain.client.impersonateAccount({ address: user })
}, 120_000)
afterAll(async () => stop?.())
let snap: Hex
beforeEach(async () => {
  snap = await chain.client.snapshot()
})
afterEach(async () => {
  await revertDevnet(chain.client, snap)
})

const route = (p: Record<string, unknown>) => getRoute(ctx, { fromAddress: user, chainId: 1, ...p }, { caller, requireVariableEstimates: false })
/** `usd` worth of a scenario token, in its units. */
const worth = (symbol: string, usd: number) => {
  const t = chain.addressBook.tokens[symbol]!
  return (BigInt(Math.round(usd * 1000 / t.priceUsd)) * 10n ** BigInt(t.decimals)) / 1000n
}

/** Funds the user, approves the router, asks the route, sends it: the receiver gets exactly amountOut, we keep nothing. */
async function routeExactly({ from, to, usd = 5_000, receiver = user }: { from: string; to: string; usd?: number; receiver?: Address }) {
  const [tokenIn, tokenOut, amountIn] = [h.tok(from), h.tok(to), worth(from, usd)]
  await h.fund(from, user, amountIn)
  expect(await h.approve(user, tokenIn, chain.addressBook.switchyard!.router as Address)).toBe('success')
  const answer = await route({ tokenIn: [tokenIn], tokenOut: [tokenOut], amountIn: [amountIn.toString()], receiver })
  const before = await h.balance(tokenOut, receiver)
  expect(await h.send(answer, user)).toBe('success')
  expect((await h.balance(tokenOut, receiver)) - before).toBe(BigInt(answer.amountOut))
  expect(BigInt(answer.amountOut)).toBeGreaterThan(0n)
  expect(await h.heldByOurContracts([tokenIn, tokenOut, h.tok('WETH')])).toEqual([0n, 0n, 0n, 0n, 0n, 0n])
  return answer
}

describe('classes that route: executed, the receiver gets exactly amountOut, our router and executor end empty', () => {
  const routed: [symbol: string, what: string][] = [
    ['USDT', 'missing return values (USDT)'],
    ['FOT', 'fee on transfer (1 %): amountOut is the receiver\'s balance change, after the tax'],
    ['REB', 'rebasing (Ampleforth-style gons)'],
    ['PAUS', 'pausable, while not paused'],
    ['BLOK', 'blocklist, nobody involved listed'],
    ['ZERO', 'revert on zero-value transfer: the plan never moves 0'],
    ['RACE', 'approval race (non-zero → non-zero approve reverts)'],
    ['HOOK', 'ERC-777-style hooks (none registered)'],
    ['UPG', 'upgradable (ERC-1967 proxy)'],
    ['FLASH', 'flash-mintable (ERC-3156)'],
    ['CMAX', 'transfer of max moves the balance (cUSDCv3)'],
    ['DEC0', '0 decimals'],
    ['DEC2', '2 decimals'],
    ['DEC24', '24 decimals'],
  ]
  for (const [symbol, what] of routed) {
    test(`${symbol}, ${what}: in and out`, async () => {
      await routeExactly({ from: symbol, to: 'USDC' })
      await routeExactly({ from: 'USDC', to: symbol, receiver: other })
    })
  }

  test('rebasing: after a rebase (+10 %) the pairs hold more than their reserves; routes in and out still deliver exactly', async () => {
    await h.admin(h.tok('REB'), 'rebase', [11n, 10n])
    await routeExactly({ from: 'REB', to: 'USDC' })
    await routeExactly({ from: 'USDC', to: 'REB' })
    await routeExactly({ from: 'REB', to: 'WETH', usd: 500 })
  })

  test('fee on transfer, rebasing and hooks across two hops (X → WETH → USDC or the reverse)', async () => {
    await routeExactly({ from: 'HOOK', to: 'WETH' })
    await routeExactly({ from: 'WETH', to: 'HOOK', usd: 20_000 })
    await routeExactly({ from: 'FOT', to: 'WETH', usd: 1_000 })
  })
})

describe('approval race and zero transfers inside the plan', () => {
  test('a split over three venues of the approval-race token approves SwapRouter02 twice in one plan (approve 0 first): executed exactly', async () => {
    const answer = await routeExactly({ from: 'RACE', to: 'USDC', usd: 300_000 })
    const venues = answer.route.filter((s) => s.tokenIn.includes(h.tok('RACE')))
    expect(venues.filter((s) => s.protocol === 'uniswap-v3')).toHaveLength(2)
  })

  test('the zero-transfer token split over two venues, in and out, with a fee: no transfer of 0 anywhere', async () => {
    await routeExactly({ from: 'ZERO', to: 'USDC', usd: 300_000 })
    const amountIn = worth('ZERO', 1_000)
    await h.fund('ZERO', user, amountIn)
    await h.approve(user, h.tok('ZERO'), chain.addressBook.switchyard!.router as Address)
    // A fee that rounds to 0 is not paid at all; a positive one is paid once.
    for (const fee of ['0', '25']) {
      const answer = await route({ tokenIn: [h.tok('ZERO')], tokenOut: [h.tok('USDC')], amountIn: [amountIn.toString()], fee: [fee], feeReceiver: other })
      const before = await h.balance(h.tok('USDC'), user)
      const feesBefore = await h.balance(h.tok('ZERO'), other)
      expect(await h.send(answer, user)).toBe('success')
      expect((await h.balance(h.tok('USDC'), user)) - before).toBe(BigInt(answer.amountOut))
      expect((await h.balance(h.tok('ZERO'), other)) - feesBefore).toBe((amountIn * BigInt(fee)) / 10_000n)
      await h.fund('ZERO', user, amountIn)
    }
  })

  test('the answer to an approval for the approval-race token from a non-zero allowance lists approve(0) first; sent in order, the route executes', async () => {
    const race = h.tok('RACE')
    const router = chain.addressBook.switchyard!.router as Address
    expect(await h.approve(user, race, router, 1n)).toBe('success')
    const amountIn = worth('RACE', 1_000)
    const approval = await getApproval(ctx, { fromAddress: user, tokenAddress: race, chainId: 1, amount: amountIn.toString() }, { caller })
    expect(approval.requiresZeroAllowanceFirst).toBe(true)
    expect(approval.prerequisites).toHaveLength(1)
    // As the answer says: the direct approve reverts, approve(0) then the approve succeed.
    expect(await h.approve(user, race, router, amountIn)).toBe('reverted')
    for (const tx of [...approval.prerequisites, approval.tx]) expect(await h.send({ tx, gas: '200000' }, user)).toBe('success')
    await h.fund('RACE', user, amountIn)
    const answer = await route({ tokenIn: [race], tokenOut: [h.tok('USDC')], amountIn: [amountIn.toString()] })
    expect(await h.send(answer, user)).toBe('success')
  })
})

describe('classes refused by name before any search (400)', () => {
  const refusal = async (p: Record<string, unknown>) => {
    const before = ctx.engine.stats().completed
    const error = await route(p).then(() => undefined, (e: { code: string; issues?: { field: string }[] }) => e)
    expect(ctx.engine.stats().completed).toBe(before)
    return error && { code: error.code, field: error.issues?.[0]?.field, http: statusOf(error.code).http }
  }

  test('paused: TOKEN_PAUSED naming the field, as input and as output; unpaused it routes again', async () => {
    const paus = h.tok('PAUS')
    const amountIn = worth('PAUS', 1_000)
    await h.fund('PAUS', user, amountIn)
    await h.approve(user, paus, chain.addressBook.switchyard!.router as Address)
    await h.admin(paus, 'pause')
    expect(await refusal({ tokenIn: [paus], tokenOut: [h.tok('USDC')], amountIn: [amountIn.toString()] })).toEqual({ code: 'TOKEN_PAUSED', field: 'tokenIn[0]', http: 400 })
    expect(await refusal({ tokenIn: [h.tok('USDC')], tokenOut: [paus], amountIn: ['1000000'] })).toEqual({ code: 'TOKEN_PAUSED', field: 'tokenOut[0]', http: 400 })
    await h.admin(paus, 'unpause')
    const answer = await route({ tokenIn: [paus], tokenOut: [h.tok('USDC')], amountIn: [amountIn.toString()] })
    expect(await h.send(answer, user)).toBe('success')
  })

  test('blocklist: TOKEN_BLOCKLISTED naming the sender, the receiver, or the token when our executor is listed', async () => {
    const blok = h.tok('BLOK')
    const usdc = h.tok('USDC')
    const ask = { tokenIn: [usdc], tokenOut: [blok], amountIn: ['1000000000'] }
    await h.admin(blok, 'blacklist', [other])
    expect(await refusal({ ...ask, receiver: other })).toEqual({ code: 'TOKEN_BLOCKLISTED', field: 'receiver', http: 400 })
    await h.admin(blok, 'blacklist', [user])
    expect(await refusal({ tokenIn: [blok], tokenOut: [usdc], amountIn: ['1000000'] })).toEqual({ code: 'TOKEN_BLOCKLISTED', field: 'fromAddress', http: 400 })
    await h.admin(blok, 'unBlacklist', [user])
    await h.admin(blok, 'blacklist', [chain.addressBook.switchyard!.executor as Address])
    expect(await refusal(ask)).toEqual({ code: 'TOKEN_BLOCKLISTED', field: 'tokenOut[0]', http: 400 })
  })

  test('transfer of max as the balance: amountIn 2^256-1 of it is a clean 400, never a route that moves whatever the sender holds', async () => {
    const cmax = h.tok('CMAX')
    await h.fund('CMAX', user, worth('CMAX', 1_000))
    await h.approve(user, cmax, chain.addressBook.switchyard!.router as Address)
    const error = await route({ tokenIn: [cmax], tokenOut: [h.tok('USDC')], amountIn: [maxUint256.toString()] }).then(() => undefined, (e: { code: string }) => e)
    expect(error).toBeDefined()
    expect(statusOf(error!.code).http).toBe(400)
  })
})
