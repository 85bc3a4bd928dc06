/**
 * The routers' own guards at their edges, on an anvil with our contracts: every entry point of both
 * routers refuses re-entry with its own guard (not only through the executor's plan guard behind it), the
 * router and its executor are no receivers of any checked route, a receiver may be the sender, minimums
 * count the receiver's balance change and not what it held, and the legacy router refuses a zero amount and
 * value sent with an ERC-20 input (THREATS K2, K13, K14, K16). Each case kills a mutant of
 * `npm run test:mutation:solidity` (test/mutation-solidity-survivors.md).
 */
import { type Abi, type Address, type Hex, encodeAbiParameters, encodeFunctionData, erc20Abi, parseEther, toFunctionSelector, zeroHash } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import {
  Planner,
  addSweep,
  encodeExecuteShortcut,
  encodeLegacyRouteSingle,
  encodeLegacySafeRouteSingle,
  encodeRouteSingle,
  encodeSafeRouteMulti,
  encodeSafeRouteSingle,
  functionCall,
} from '../encoding/index.js'
import { switchyardLegacyRouterAbi, switchyardRouterAbi } from './generated/abis.js'
import { type ContractsTestEnv, NATIVE, expectRevert, setupContractsTestEnv } from './testing/contractsTestEnv.js'

let env: ContractsTestEnv
let snap: Hex
const ids = { accountId: zeroHash, requestId: zeroHash }
const empty = { commands: [] as Hex[], state: [] as Hex[] }

beforeAll(async () => {
  env = await setupContractsTestEnv()
})
afterAll(async () => {
  await env?.stop()
})
beforeEach(async () => {
  snap = await env.snapshot()
})
afterEach(async () => {
  await env.revert(snap)
})

/** A plan that sweeps the executor's `token` to `receiver`. */
function sweepTo(token: Address, receiver: Address): { commands: Hex[]; state: Hex[] } {
  const p = new Planner()
  addSweep(p, { helpers: env.contracts.helpers, token, receiver })
  return p.plan()
}

const nativeIn = { tokenType: 0, data: encodeAbiParameters([{ type: 'uint256' }], [1n]) }
const nativeOut = { tokenType: 0, data: encodeAbiParameters([{ type: 'uint256' }], [0n]) }
const shortcut = encodeExecuteShortcut({ ...ids, ...empty })

describe('routers: re-entry is refused by the router itself', () => {
  const reentrantCall = toFunctionSelector('ReentrancyGuardReentrantCall()')
  const entries: { name: string; router: 'router' | 'routerLegacy'; abi: Abi; functionName: string; args: () => readonly unknown[]; value: bigint }[] = [
    { name: 'routeSingle', router: 'router', abi: switchyardRouterAbi, functionName: 'routeSingle', args: () => [nativeIn, shortcut], value: 1n },
    { name: 'routeMulti', router: 'router', abi: switchyardRouterAbi, functionName: 'routeMulti', args: () => [[], shortcut], value: 0n },
    { name: 'safeRouteSingle', router: 'router', abi: switchyardRouterAbi, functionName: 'safeRouteSingle', args: () => [nativeIn, nativeOut, env.accounts.receiver, shortcut], value: 1n },
    { name: 'safeRouteMulti', router: 'router', abi: switchyardRouterAbi, functionName: 'safeRouteMulti', args: () => [[], [], env.accounts.receiver, shortcut], value: 0n },
    { name: 'legacy routeSingle', router: 'routerLegacy', abi: switchyardLegacyRouterAbi, functionName: 'routeSingle', args: () => [NATIVE, 1n, [], []], value: 1n },
    {
      name: 'legacy safeRouteSingle',
      router: 'routerLegacy',
      abi: switchyardLegacyRouterAbi,
      functionName: 'safeRouteSingle',
      args: () => [NATIVE, NATIVE, 1n, 0n, env.accounts.receiver, [], []],
      value: 1n,
    },
  ]

  for (const entry of entries) {
    test(`${entry.name}: a plan that calls it again gets ReentrancyGuardReentrantCall`, async () => {
      const router = env.contracts[entry.router]
      const plan = new Planner()
      const call = functionCall({ address: router, abi: entry.abi, functionName: entry.functionName, args: entry.args() } as never)
      plan.add(entry.value ? call.withValue(entry.value) : call)
      const outer =
        entry.router === 'router'
          ? encodeRouteSingle({ tokenIn: { type: 'native', amount: 1n }, shortcut: { ...ids, ...plan.plan() } })
          : encodeLegacyRouteSingle({ tokenIn: NATIVE, amountIn: 1n, ...plan.plan() })
      const err = await expectRevert(env.send({ account: env.accounts.user, to: router, ...outer }))
      expect([err.errorName, String(err.args[1]).toLowerCase()]).toEqual(['ExecutionFailed', router.toLowerCase()])
      expect(String(err.args[2]).startsWith(reentrantCall), String(err.args[2])).toBe(true)
    })
  }
})

describe('router: who may receive a checked route', () => {
  test('safeRouteMulti: the router and its executor are no receivers (InvalidReceiver)', async () => {
    for (const receiver of [env.contracts.router, env.contracts.executor]) {
      const tx = encodeSafeRouteMulti({ tokensIn: [{ type: 'native', amount: 1n }], tokensOut: [], receiver, shortcut: { ...ids, ...empty } })
      const err = await expectRevert(env.send({ account: env.accounts.user, to: env.contracts.router, ...tx }))
      expect([err.errorName, String(err.args[0]).toLowerCase()]).toEqual(['InvalidReceiver', receiver.toLowerCase()])
    }
  })

  test('safeRouteSingle: the router itself is no receiver, the sender is one', async () => {
    const user = env.accounts.user
    const toRouter = encodeSafeRouteSingle({ tokenIn: { type: 'native', amount: 1n }, tokenOut: { type: 'native', minAmountOut: 0n }, receiver: env.contracts.router, shortcut: { ...ids, ...empty } })
    expect((await expectRevert(env.send({ account: user, to: env.contracts.router, ...toRouter }))).errorName).toBe('InvalidReceiver')
    const { tokenB } = env.tokens
    const amount = parseEther('1')
    await env.write({ account: user, address: tokenB, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, amount] })
    const toSender = encodeSafeRouteSingle({
      tokenIn: { type: 'erc20', address: tokenB, amount },
      tokenOut: { type: 'erc20', address: tokenB, minAmountOut: 0n },
      receiver: user,
      shortcut: { ...ids, ...sweepTo(tokenB, user) },
    })
    const before = await env.balanceOf(tokenB, user)
    await env.send({ account: user, to: env.contracts.router, ...toSender })
    expect(await env.balanceOf(tokenB, user)).toBe(before)
  })
})

describe('minimums count what the receiver got, not what it held', () => {
  const amount = parseEther('1')

  async function fundReceiverAndApprove(router: Address): Promise<void> {
    const { tokenB } = env.tokens
    await env.write({ account: env.accounts.user, address: tokenB, abi: erc20Abi, functionName: 'transfer', args: [env.accounts.receiver, parseEther('10')] })
    await env.write({ account: env.accounts.user, address: tokenB, abi: erc20Abi, functionName: 'approve', args: [router, amount] })
  }

  test('safeRouteMulti: one wei above what arrived reverts AmountTooLow with the amount that arrived', async () => {
    const { tokenB } = env.tokens
    const { user, receiver } = env.accounts
    await fundReceiverAndApprove(env.contracts.router)
    const tx = encodeSafeRouteMulti({
      tokensIn: [{ type: 'erc20', address: tokenB, amount }],
      tokensOut: [{ type: 'erc20', address: tokenB, minAmountOut: amount + 1n }],
      receiver,
      shortcut: { ...ids, ...sweepTo(tokenB, receiver) },
    })
    const err = await expectRevert(env.send({ account: user, to: env.contracts.router, ...tx }))
    expect([err.errorName, err.args[1], err.args[2]]).toEqual(['AmountTooLow', amount, amount + 1n])
  })

  test('legacy safeRouteSingle: the same', async () => {
    const { tokenB } = env.tokens
    const { user, receiver } = env.accounts
    await fundReceiverAndApprove(env.contracts.routerLegacy)
    const tx = encodeLegacySafeRouteSingle({ tokenIn: tokenB, tokenOut: tokenB, amountIn: amount, minAmountOut: amount + 1n, receiver, ...sweepTo(tokenB, receiver) })
    const err = await expectRevert(env.send({ account: user, to: env.contracts.routerLegacy, ...tx }))
    expect([err.errorName, String(err.args[0]).toLowerCase(), err.args[1], err.args[2]]).toEqual(['AmountTooLow', tokenB.toLowerCase(), amount, amount + 1n])
  })
})

describe('legacy router: what an input must be', () => {
  test('a zero amountIn is refused (ZeroAmount), native or ERC-20 (K2)', async () => {
    for (const tokenIn of [NATIVE, env.tokens.tokenA]) {
      // Our encoder refuses a zero amount too; the contract must refuse it on its own.
      const data = encodeFunctionData({ abi: switchyardLegacyRouterAbi, functionName: 'routeSingle', args: [tokenIn, 0n, [], []] })
      const err = await expectRevert(env.send({ account: env.accounts.user, to: env.contracts.routerLegacy, data }))
      expect(err.errorName, tokenIn).toBe('ZeroAmount')
    }
  })

  test('value sent with an ERC-20 input is refused (WrongMsgValue, K16)', async () => {
    const { tokenA } = env.tokens
    await env.write({ account: env.accounts.user, address: tokenA, abi: erc20Abi, functionName: 'approve', args: [env.contracts.routerLegacy, 1n] })
    const tx = encodeLegacyRouteSingle({ tokenIn: tokenA, amountIn: 1n, ...sweepTo(tokenA, env.accounts.user) })
    const err = await expectRevert(env.send({ account: env.accounts.user, to: env.contracts.routerLegacy, data: tx.data, value: 5n }))
    expect([err.errorName, ...err.args]).toEqual(['WrongMsgValue', 5n, 0n])
  })
})
