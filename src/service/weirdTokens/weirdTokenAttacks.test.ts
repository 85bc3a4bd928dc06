import { encodeAbiParameters, encodeFunctionData, erc20Abi, parseAbi, type Address, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { revertDevnet } from '../../chain/devnet/revertDevnet.js'
import type { DevnetChain } from '../../chain/devnet/devnetChain.js'
import { sendTx } from '../../chain/devnet/sendTx.js'
import { switchyardExecutorAbi, switchyardRouterAbi } from '../../contracts/generated/abis.js'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { statusOf } from '../../errors/status.js'
import { getBundle } from '../getBundle.js'
import { getRoute } from '../getRoute.js'
import { startServiceOnDevnet } from '../testing/startServiceOnDevnet.js'
import { weirdTokenHarness, weirdTokensScenarioPath } from './weirdTokenHarness.js'

// THREATS invariant 9 with an ERC-777-style hook token: the hook gets control in the middle of our plan
// and tries to run one, re-enter one, or move the running executor's tokens. Every attempt fails, the
// route still delivers exactly amountOut, and our contracts end empty. Then bundles of weird tokens.

const user: Address = '0x0000000000000000000000000000000000077e1d'
const caller = { accountId: `0x${'22'.repeat(32)}` as Hex, keyId: 'test' }
const attackerAbi = parseAbi([
  'function register(address token)',
  'function arm((address target, bytes data)[] attacks)',
  'function attempts() view returns (uint256)',
  'function successes() view returns (uint256)',
])
let chain: DevnetChain
let ctx: Awaited<ReturnType<typeof startServiceOnDevnet>>['ctx']
let stop: (() => Promise<void>) | undefined
let h: ReturnType<typeof weirdTokenHarness>
let attacker: Address
beforeAll(async () => {
  const started = await startServiceOnDevnet({ scenarioPath: weirdTokensScenarioPath })
  ;({ chain, ctx, stop } = started)
  h = weirdTokenHarness(chain)
  await started.devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 10n ** 21n })
  await chain.client.impersonateAccount({ address: user })
  const { abi, bytecode } = loadContractArtifact('TokenHookAttacker')
  const hash = await chain.client.deployContract({ abi, bytecode, account: h.deployer, chain: chain.client.chain })
  attacker = (await chain.client.waitForTransactionReceipt({ hash })).contractAddress!
  await sendTx(chain.client, { address: attacker, abi: attackerAbi, functionName: 'register', args: [h.tok('HOOK')] })
  await started.devnet.fund({ chainId: 1, address: attacker, token: 'ETH', amount: 10n ** 20n })
  await chain.client.impersonateAccount({ address: attacker })
}, 120_000)
afterAll(async () => stop?.())
let snap: Hex
beforeEach(async () => {
  snap = await chain.client.snapshot()
})
afterEach(async () => {
  await revertDevnet(chain.client, snap)
})

/** What the hook tries each time it gets control, against our router and executor. */
function armAttacks(): Promise<unknown> {
  const sy = chain.addressBook.switchyard!
  const [router, executor] = [sy.router as Address, sy.executor as Address]
  const shortcut = encodeFunctionData({ abi: switchyardExecutorAbi, functionName: 'executeShortcut', args: [`0x${'00'.repeat(32)}`, `0x${'00'.repeat(32)}`, [], []] })
  const attacks = [
    // Re-enter the router with a plan of its own (nonReentrant).
    { target: router, data: encodeFunctionData({ abi: switchyardRouterAbi, functionName: 'routeSingle', args: [{ tokenType: 1, data: encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [h.tok('HOOK'), 1n]) }, shortcut] }) },
    // Run a plan in the executor directly (router only).
    { target: executor, data: shortcut },
    // Pull the executor's tokens with an allowance the plan may have granted (it grants none to strangers).
    ...['HOOK', 'USDC', 'WETH'].map((s) => ({ target: h.tok(s), data: encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [executor, attacker, 1n] }) })),
    ...['HOOK', 'USDC'].map((s) => ({ target: h.tok(s), data: encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [router, attacker, 1n] }) })),
  ]
  return sendTx(chain.client, { address: attacker, abi: attackerAbi, functionName: 'arm', args: [attacks] })
}
const counters = async () => ({
  attempts: await chain.client.readContract({ address: attacker, abi: attackerAbi, functionName: 'attempts' }),
  successes: await chain.client.readContract({ address: attacker, abi: attackerAbi, functionName: 'successes' }),
})

describe('an ERC-777-style hook as attacker (THREATS invariant 9)', () => {
  test('the receiver\'s hook runs while the executor delivers: every attack fails, it gets exactly amountOut, our contracts end empty', async () => {
    await armAttacks()
    const amountIn = 2_000n * 10n ** 6n
    await h.fund('USDC', user, amountIn)
    await h.approve(user, h.tok('USDC'), chain.addressBook.switchyard!.router as Address)
    const answer = await getRoute(ctx, { fromAddress: user, chainId: 1, tokenIn: [h.tok('USDC')], tokenOut: [h.tok('HOOK')], amountIn: [amountIn.toString()], receiver: attacker }, { caller, requireVariableEstimates: false })
    const [before, counted] = [await h.balance(h.tok('HOOK'), attacker), await counters()]
    expect(await h.send(answer, user)).toBe('success')
    expect((await h.balance(h.tok('HOOK'), attacker)) - before).toBe(BigInt(answer.amountOut))
    const after = await counters()
    expect(after.attempts - counted.attempts).toBe(7n)
    expect(after.successes).toBe(counted.successes)
    expect(await h.heldByOurContracts([h.tok('HOOK'), h.tok('USDC'), h.tok('WETH')])).toEqual([0n, 0n, 0n, 0n, 0n, 0n])
  })

  test('the sender\'s hook runs while the router pulls its tokens: every attack fails, the route delivers exactly amountOut', async () => {
    const amountIn = 400n * 10n ** 18n
    await h.fund('HOOK', attacker, amountIn)
    expect(await h.approve(attacker, h.tok('HOOK'), chain.addressBook.switchyard!.router as Address)).toBe('success')
    await armAttacks()
    const answer = await getRoute(ctx, { fromAddress: attacker, chainId: 1, tokenIn: [h.tok('HOOK')], tokenOut: [h.tok('USDC')], amountIn: [amountIn.toString()] }, { caller, requireVariableEstimates: false })
    const [before, counted] = [await h.balance(h.tok('USDC'), attacker), await counters()]
    expect(await h.send(answer, attacker)).toBe('success')
    expect((await h.balance(h.tok('USDC'), attacker)) - before).toBe(BigInt(answer.amountOut))
    const after = await counters()
    expect(after.attempts - counted.attempts).toBe(7n)
    expect(after.successes).toBe(counted.successes)
    expect(await h.heldByOurContracts([h.tok('HOOK'), h.tok('USDC'), h.tok('WETH')])).toEqual([0n, 0n, 0n, 0n, 0n, 0n])
  })
})

describe('bundles of weird tokens', () => {
  test('fee-on-transfer → USDC → rebasing → hook token, chained by outputs: the receiver gets exactly amountsOut, our contracts end empty', async () => {
    const amountIn = 2_000n * 10n ** 18n
    await h.fund('FOT', user, amountIn)
    await h.approve(user, h.tok('FOT'), chain.addressBook.switchyard!.router as Address)
    // Each route's in-plan minimum comes from the engine's quote, which cannot see the 1 % tax: 3 % slippage.
    const route = (tokenIn: string, tokenOut: string, amountIn: unknown) => ({ protocol: 'enso', action: 'route', args: { tokenIn: h.tok(tokenIn), tokenOut: h.tok(tokenOut), amountIn, slippage: '300' } })
    const answer = await getBundle(ctx, {
      params: { chainId: 1, fromAddress: user, routingStrategy: 'router' },
      actions: [
        route('FOT', 'USDC', amountIn.toString()),
        route('USDC', 'REB', { useOutputOfCallAt: 0 }),
        route('REB', 'HOOK', { useOutputOfCallAt: 1 }),
      ],
    } as never, { caller })
    const hook = h.tok('HOOK')
    const before = await h.balance(hook, user)
    expect(await h.send(answer, user)).toBe('success')
    expect((await h.balance(hook, user)) - before).toBe(BigInt(answer.amountsOut[hook] ?? answer.amountsOut[hook.toLowerCase()]!))
    const tokens = ['FOT', 'USDC', 'REB', 'HOOK', 'WETH'].map(h.tok)
    expect(await h.heldByOurContracts(tokens)).toEqual(tokens.flatMap(() => [0n, 0n]))
  })

  test('a bundle that spends the zero-transfer token whole is refused (400 SIMULATION_REVERTED naming ZeroTransfer): its sweep would move 0; never a wrong amount', async () => {
    const amountIn = 500n * 10n ** 18n
    await h.fund('ZERO', user, amountIn)
    await h.approve(user, h.tok('ZERO'), chain.addressBook.switchyard!.router as Address)
    const error = await getBundle(ctx, {
      params: { chainId: 1, fromAddress: user, routingStrategy: 'router' },
      actions: [{ protocol: 'enso', action: 'route', args: { tokenIn: h.tok('ZERO'), tokenOut: h.tok('USDC'), amountIn: amountIn.toString() } }],
    } as never, { caller }).then(() => undefined, (e: { code: string; message: string }) => e)
    expect(error?.code).toBe('SIMULATION_REVERTED')
    expect(statusOf(error!.code).http).toBe(400)
    expect(error?.message).toContain('0x10cadee3')
  })

  test('a bundle naming a paused token is TOKEN_PAUSED, one whose token blocklists the receiver TOKEN_BLOCKLISTED (400, before any build)', async () => {
    const before = ctx.engine.stats().completed
    const ask = (receiver?: Address) => getBundle(ctx, {
      params: { chainId: 1, fromAddress: user, routingStrategy: 'router', ...(receiver ? { receiver } : {}) },
      actions: [
        { protocol: 'enso', action: 'route', args: { tokenIn: h.tok('USDC'), tokenOut: h.tok('PAUS'), amountIn: '1000000000' } },
        { protocol: 'enso', action: 'route', args: { tokenIn: h.tok('USDC'), tokenOut: h.tok('BLOK'), amountIn: '1000000000' } },
      ],
    } as never, { caller }).then(() => undefined, (e: { code: string; issues?: { field: string }[] }) => ({ code: e.code, field: e.issues?.[0]?.field, http: statusOf(e.code).http }))
    await h.admin(h.tok('PAUS'), 'pause')
    expect(await ask()).toEqual({ code: 'TOKEN_PAUSED', field: 'actions', http: 400 })
    await h.admin(h.tok('PAUS'), 'unpause')
    await h.admin(h.tok('BLOK'), 'blacklist', ['0x0000000000000000000000000000000000077e1f'])
    expect(await ask('0x0000000000000000000000000000000000077e1f')).toEqual({ code: 'TOKEN_BLOCKLISTED', field: 'receiver', http: 400 })
    expect(ctx.engine.stats().completed).toBe(before)
  })
})
