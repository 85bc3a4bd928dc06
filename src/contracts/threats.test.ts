/** Every THREATS.md contract invariant, attacked (K1 K2 K3 K5 K18, invariants 1, 6, 8). */
import { type Hex, encodeFunctionData, erc20Abi, maxUint256, parseEther, zeroHash } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import {
  Planner,
  addSweep,
  encodeExecuteShortcut,
  encodeLegacyExecuteShortcut,
  encodeLegacyRouteSingle,
  encodeRouteSingle,
  encodeSafeRouteSingle,
  encodeSmartWalletExecute,
  functionCall,
} from '../encoding/index.js'
import { switchyardExecutorAbi, switchyardLegacyExecutorAbi, switchyardSmartWalletFactoryAbi } from './generated/abis.js'
import { reentrantTokenAbi } from './generated/testAbis.js'
import { type ContractsTestEnv, NATIVE, expectRevert, setupContractsTestEnv } from './testing/contractsTestEnv.js'
import { planSwap } from './testing/planSwap.js'

let env: ContractsTestEnv
let snap: Hex
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

const ids = { accountId: zeroHash, requestId: zeroHash }

describe('invariant 1/2: the executor never holds user approvals (K1, K2, K3)', () => {
  test('K1: a route making the executor call transferFrom(victim, attacker) reverts; the victim keeps everything', async () => {
    const { tokenA } = env.tokens
    const { victim, attacker } = env.accounts
    await env.write({ account: victim, address: tokenA, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, maxUint256] })
    const victimBefore = await env.balanceOf(tokenA, victim)
    const attackerBefore = await env.balanceOf(tokenA, attacker)
    const planner = new Planner()
    planner.add(functionCall({ address: tokenA, abi: erc20Abi, functionName: 'transferFrom', args: [victim, attacker, parseEther('100')] }))
    // The attacker pays a token amount of its own to get the route through the router.
    await env.write({ account: attacker, address: tokenA, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, 1n] })
    const tx = encodeRouteSingle({ tokenIn: { type: 'erc20', address: tokenA, amount: 1n }, shortcut: { ...ids, ...planner.plan() } })
    const err = await expectRevert(env.send({ account: attacker, to: env.contracts.router, ...tx }))
    expect(err.errorName).toBe('ExecutionFailed')
    expect(err.args[0]).toBe(0n)
    expect(String(err.args[2])).toMatch(/^0x/) // ERC20InsufficientAllowance, hex-encoded
    expect(await env.balanceOf(tokenA, victim)).toBe(victimBefore)
    expect(await env.balanceOf(tokenA, attacker)).toBe(attackerBefore)
  })

  test('K2: the same attack with amountIn = 0 and with native-only input also fails', async () => {
    const { tokenA } = env.tokens
    const { victim, attacker } = env.accounts
    await env.write({ account: victim, address: tokenA, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, maxUint256] })
    const planner = new Planner()
    planner.add(functionCall({ address: tokenA, abi: erc20Abi, functionName: 'transferFrom', args: [victim, attacker, parseEther('100')] }))
    const shortcut = encodeExecuteShortcut({ ...ids, ...planner.plan() })
    const zero = `0x${tokenA.slice(2).padStart(64, '0')}${'0'.repeat(64)}` as Hex
    const data = encodeFunctionData({ abi: [{ type: 'function', name: 'routeSingle', stateMutability: 'payable', inputs: [{ type: 'tuple', components: [{ type: 'uint8', name: 'tokenType' }, { type: 'bytes', name: 'data' }] }, { type: 'bytes' }], outputs: [] }], functionName: 'routeSingle', args: [{ tokenType: 1, data: zero }, shortcut] })
    expect((await expectRevert(env.send({ account: attacker, to: env.contracts.router, data })))).toMatchObject({ errorName: 'ZeroAmount' })
    const native = encodeRouteSingle({ tokenIn: { type: 'native', amount: 1n }, shortcut: { ...ids, ...planner.plan() } })
    expect((await expectRevert(env.send({ account: attacker, to: env.contracts.router, ...native }))).errorName).toBe('ExecutionFailed')
  })

  test('K3: a route approving the attacker from the executor leaves nothing to steal and no allowance behind', async () => {
    const { tokenA, tokenB } = env.tokens
    const { user, attacker, receiver, refund } = env.accounts
    const planner = planSwap({ helpers: env.contracts.helpers, self: env.contracts.executor, pool: env.pools.poolAB, tokenIn: tokenA, tokenOut: tokenB, amountSwap: parseEther('1'), receiver, refundReceiver: refund })
    planner.add(functionCall({ address: tokenA, abi: erc20Abi, functionName: 'approve', args: [attacker, maxUint256] }))
    planner.add(functionCall({ address: tokenB, abi: erc20Abi, functionName: 'approve', args: [attacker, maxUint256] }))
    await env.write({ account: user, address: tokenA, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, parseEther('2')] })
    await env.send({ account: user, to: env.contracts.router, ...encodeRouteSingle({ tokenIn: { type: 'erc20', address: tokenA, amount: parseEther('2') }, shortcut: { ...ids, ...planner.plan() } }) })
    for (const token of [tokenA, tokenB]) {
      expect(await env.balanceOf(token, env.contracts.executor)).toBe(0n)
      // The executor revoked what the plan granted when the plan ended (invariant 10): a later user's tokens,
      // in the executor only during their own plan, are out of the attacker's reach.
      expect(await env.client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [env.contracts.executor, attacker] })).toBe(0n)
      const attackerBefore = await env.balanceOf(token, attacker)
      const pull = await expectRevert(env.write({ account: attacker, address: token, abi: erc20Abi, functionName: 'transferFrom', args: [env.contracts.executor, attacker, 1n] }))
      expect(pull.errorName).toBe('ERC20InsufficientAllowance')
      expect(await env.balanceOf(token, attacker)).toBe(attackerBefore)
    }
  })

  test('the executor accepts executeShortcut only from its router', async () => {
    const planner = new Planner()
    addSweep(planner, { helpers: env.contracts.helpers, token: NATIVE, receiver: env.accounts.attacker })
    const data = encodeExecuteShortcut({ ...ids, ...planner.plan() })
    expect((await expectRevert(env.send({ account: env.accounts.attacker, to: env.contracts.executor, data }))).errorName).toBe('NotRouter')
    expect(await env.client.readContract({ address: env.contracts.executor, abi: switchyardExecutorAbi, functionName: 'router' })).toBe(env.contracts.router)
    const legacy = encodeLegacyExecuteShortcut(planner.plan())
    expect((await expectRevert(env.send({ account: env.accounts.attacker, to: env.contracts.executorLegacy, data: legacy }))).errorName).toBe('NotRouter')
    expect(await env.client.readContract({ address: env.contracts.executorLegacy, abi: switchyardLegacyExecutorAbi, functionName: 'router' })).toBe(env.contracts.routerLegacy)
  })

  test('a DELEGATECALL command (flags 0x00) is rejected by the VM', async () => {
    const planner = new Planner()
    planner.add(functionCall({ address: env.contracts.helpers.math, abi: [{ type: 'function', name: 'add', stateMutability: 'pure', inputs: [{ type: 'uint256' }, { type: 'uint256' }], outputs: [{ type: 'uint256' }] }], functionName: 'add', args: [1n, 2n] }))
    const { commands, state } = planner.plan()
    const delegate = commands.map((c) => `${c.slice(0, 10)}00${c.slice(12)}` as Hex)
    const tx = encodeRouteSingle({ tokenIn: { type: 'native', amount: 1n }, shortcut: { ...ids, commands: delegate, state } })
    const err = await expectRevert(env.send({ account: env.accounts.user, to: env.contracts.router, ...tx }))
    expect(err).toMatchObject({ errorName: 'ExecutionFailed', args: [0n, env.contracts.helpers.math, 'Delegatecall not supported'] })
  })
})

describe('invariant 8: reentrancy (K5)', () => {
  test('a token whose transferFrom re-enters the router reverts the whole route', async () => {
    const evil = await env.deploy('ReentrantToken')
    const { victim, attacker } = env.accounts
    const { tokenA } = env.tokens
    await env.write({ address: evil, abi: reentrantTokenAbi, functionName: 'mint', args: [attacker, parseEther('10')] })
    await env.write({ account: victim, address: tokenA, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, maxUint256] })
    // The inner route tries to pull the victim's TKA: it would run with msg.sender = the token.
    const inner = encodeRouteSingle({ tokenIn: { type: 'native', amount: 1n }, shortcut: { ...ids, commands: [], state: [] } })
    await env.write({ address: evil, abi: reentrantTokenAbi, functionName: 'setHook', args: [env.contracts.router, inner.data] })
    await env.write({ account: attacker, address: evil, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, parseEther('1')] })
    const victimBefore = await env.balanceOf(tokenA, victim)
    const outer = encodeRouteSingle({ tokenIn: { type: 'erc20', address: evil, amount: parseEther('1') }, shortcut: { ...ids, commands: [], state: [] } })
    const err = await expectRevert(env.send({ account: attacker, to: env.contracts.router, ...outer }))
    expect(err.errorName).toBe('ReentrancyGuardReentrantCall')
    expect(await env.balanceOf(tokenA, victim)).toBe(victimBefore)
  })

  test('a call made by the executor that re-enters the router is blocked', async () => {
    const { user } = env.accounts
    const routerSingleAbi = [{ type: 'function', name: 'routeSingle', stateMutability: 'payable', inputs: [{ type: 'tuple', name: 'tokenIn', components: [{ type: 'uint8', name: 'tokenType' }, { type: 'bytes', name: 'data' }] }, { type: 'bytes', name: 'data' }], outputs: [{ type: 'bytes' }] }] as const
    const planner = new Planner()
    const reenter = functionCall({ address: env.contracts.router, abi: routerSingleAbi, functionName: 'routeSingle', args: [{ tokenType: 0, data: `0x${'0'.repeat(63)}1` }, encodeExecuteShortcut({ ...ids, commands: [], state: [] })] })
    planner.add(reenter.withValue(1n))
    const tx = encodeRouteSingle({ tokenIn: { type: 'native', amount: 1n }, shortcut: { ...ids, ...planner.plan() } })
    const err = await expectRevert(env.send({ account: user, to: env.contracts.router, ...tx }))
    expect(err.errorName).toBe('ExecutionFailed')
    expect(err.args[2]).toBe('0x3ee5aeb5') // ReentrancyGuardReentrantCall()
  })
})

describe('invariant 6: delegate strategy (K18)', () => {
  test('the delegate contract is not callable directly', async () => {
    const data = encodeExecuteShortcut({ ...ids, commands: [], state: [] })
    expect((await expectRevert(env.send({ account: env.accounts.attacker, to: env.contracts.delegate, data }))).errorName).toBe('OnlyDelegateCall')
    const legacy = encodeLegacyExecuteShortcut({ commands: [], state: [] })
    expect((await expectRevert(env.send({ account: env.accounts.attacker, to: env.contracts.delegateLegacy, data: legacy }))).errorName).toBe('OnlyDelegateCall')
  })

  test('a smart wallet delegatecalls a swap plan on its own funds; only the owner can', async () => {
    const { tokenA, tokenB } = env.tokens
    const { user, receiver, attacker } = env.accounts
    await env.write({ address: env.contracts.smartWalletFactory, abi: switchyardSmartWalletFactoryAbi, functionName: 'createWallet', args: [user] })
    const wallet = await env.client.readContract({ address: env.contracts.smartWalletFactory, abi: switchyardSmartWalletFactoryAbi, functionName: 'walletAddress', args: [user] })
    await env.write({ account: user, address: tokenA, abi: erc20Abi, functionName: 'transfer', args: [wallet, parseEther('5')] })
    const planner = planSwap({ helpers: env.contracts.helpers, self: wallet, pool: env.pools.poolAB, tokenIn: tokenA, tokenOut: tokenB, amountSwap: parseEther('5'), receiver, refundReceiver: wallet, sweepInput: false })
    const data = encodeSmartWalletExecute({ delegate: env.contracts.delegate, shortcut: { ...ids, ...planner.plan() } })
    expect((await expectRevert(env.send({ account: attacker, to: wallet, data }))).errorName).toBe('NotOwner')
    const before = await env.balanceOf(tokenB, receiver)
    const hash = await env.send({ account: user, to: wallet, data })
    expect((await env.balanceOf(tokenB, receiver)) > before).toBe(true)
    expect(await env.balanceOf(tokenA, wallet)).toBe(0n)
    const receipt = await env.client.getTransactionReceipt({ hash })
    expect(receipt.logs.some((l) => l.address.toLowerCase() === wallet.toLowerCase())).toBe(true)
  })
})

describe('legacy router', () => {
  test('routeSingle and safeRouteSingle with the legacy signatures; K1 fails there too', async () => {
    const { tokenA, tokenB } = env.tokens
    const { user, receiver, refund, victim, attacker } = env.accounts
    const planner = planSwap({ helpers: env.contracts.helpers, self: env.contracts.executorLegacy, pool: env.pools.poolAB, tokenIn: tokenA, tokenOut: tokenB, amountSwap: parseEther('1'), receiver, refundReceiver: refund })
    await env.write({ account: user, address: tokenA, abi: erc20Abi, functionName: 'approve', args: [env.contracts.routerLegacy, parseEther('3')] })
    const plan = planner.plan()
    await env.send({ account: user, to: env.contracts.routerLegacy, ...encodeLegacyRouteSingle({ tokenIn: tokenA, amountIn: parseEther('1'), ...plan }) })
    const { encodeLegacySafeRouteSingle } = await import('../encoding/index.js')
    const tooMuch = encodeLegacySafeRouteSingle({ tokenIn: tokenA, tokenOut: tokenB, amountIn: parseEther('1'), minAmountOut: parseEther('100'), receiver, ...plan })
    expect((await expectRevert(env.send({ account: user, to: env.contracts.routerLegacy, ...tooMuch }))).errorName).toBe('AmountTooLow')
    const native = encodeLegacyRouteSingle({ tokenIn: NATIVE, amountIn: 5n, commands: [], state: [] })
    expect((await expectRevert(env.send({ account: user, to: env.contracts.routerLegacy, data: native.data, value: 4n }))).errorName).toBe('WrongMsgValue')
    for (const t of [tokenA, tokenB]) expect(await env.balanceOf(t, env.contracts.executorLegacy)).toBe(0n)
    await env.write({ account: victim, address: tokenA, abi: erc20Abi, functionName: 'approve', args: [env.contracts.routerLegacy, maxUint256] })
    const steal = new Planner()
    steal.add(functionCall({ address: tokenA, abi: erc20Abi, functionName: 'transferFrom', args: [victim, attacker, 1n] }))
    await env.write({ account: attacker, address: tokenA, abi: erc20Abi, functionName: 'approve', args: [env.contracts.routerLegacy, 1n] })
    expect((await expectRevert(env.send({ account: attacker, to: env.contracts.routerLegacy, ...encodeLegacyRouteSingle({ tokenIn: tokenA, amountIn: 1n, ...steal.plan() }) }))).errorName).toBe('ExecutionFailed')
  })
})

describe('invariant 4: the minimum is checked on the receiver, not the sender (K14)', () => {
  test('output sent to the sender instead of the receiver fails the check', async () => {
    const { tokenA, tokenB } = env.tokens
    const { user, receiver } = env.accounts
    const planner = planSwap({ helpers: env.contracts.helpers, self: env.contracts.executor, pool: env.pools.poolAB, tokenIn: tokenA, tokenOut: tokenB, amountSwap: parseEther('1'), receiver: user, refundReceiver: user })
    await env.write({ account: user, address: tokenA, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, parseEther('1')] })
    const tx = encodeSafeRouteSingle({ tokenIn: { type: 'erc20', address: tokenA, amount: parseEther('1') }, tokenOut: { type: 'erc20', address: tokenB, minAmountOut: 1n }, receiver, shortcut: { ...ids, ...planner.plan() } })
    expect(await expectRevert(env.send({ account: user, to: env.contracts.router, ...tx }))).toMatchObject({ errorName: 'AmountTooLow', args: [expect.anything(), 0n, 1n] })
    const self = encodeSafeRouteSingle({ tokenIn: { type: 'erc20', address: tokenA, amount: parseEther('1') }, tokenOut: { type: 'erc20', address: tokenB, minAmountOut: 1n }, receiver: env.contracts.executor, shortcut: { ...ids, ...planner.plan() } })
    expect((await expectRevert(env.send({ account: user, to: env.contracts.router, ...self }))).errorName).toBe('InvalidReceiver')
  })
})
