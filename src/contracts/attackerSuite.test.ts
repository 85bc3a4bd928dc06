/**
 * THREATS invariants 9 and 10, attacked: a hostile contract gets control while a plan runs, in every context a
 * plan runs in (a smart wallet under DELEGATECALL, the router's executor, the bridge receiver's executor),
 * through every way a plan hands control out (native payment, an `enso call`, ERC-721 and ERC-1155 safe
 * transfers, a token's transfer hook, a pool, a flash lender), and tries every entry it can reach. Nothing
 * may move: the hostile contract's attempts all fail and its sink gains nothing.
 */
import { type Address, type Hex, encodeAbiParameters, encodeFunctionData, erc20Abi, maxUint256, parseAbi, parseEther, toFunctionSelector, zeroHash } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { encodeBridgeCallback } from '../service/bridge/encodeBridgeCallback.js'
import {
  Planner,
  addSweep,
  addTransfer,
  encodeDelegateShortcut,
  encodeExecuteShortcut,
  encodeLegacyExecuteShortcut,
  encodeLegacyRouteSingle,
  encodeRouteMulti,
  encodeRouteSingle,
  encodeSmartWalletExecute,
  functionCall,
} from '../encoding/index.js'
import { switchyardBridgeReceiverAbi, switchyardSmartWalletFactoryAbi } from './generated/abis.js'
import { hostileCalleeAbi, reentrantTokenAbi, testCollectiblesAbi, testMultiTokenAbi, walletOwnerBatcherAbi } from './generated/testAbis.js'
import { type ContractsTestEnv, NATIVE, expectRevert, setupContractsTestEnv } from './testing/contractsTestEnv.js'

let env: ContractsTestEnv
let snap: Hex
const ids = { accountId: zeroHash, requestId: zeroHash }
const flashAbi = parseAbi([
  'function flashLoanAaveV3(address pool, address asset, uint256 amount, bytes32[] commands, bytes[] state)',
  'function executeOperation(address asset, uint256 amount, uint256 premium, address initiator, bytes params) returns (bool)',
  'function runFlashLoanCallback(bytes32[] commands, bytes[] state) returns (bytes[])',
])
const walletExecuteAbi = parseAbi(['function execute(address target, bytes data) payable returns (bytes)'])

/** Addresses every case shares, filled in by beforeAll. */
const w = {} as {
  hostile: Address
  sink: Address
  wallet: Address
  nft: Address
  multi: Address
  hooked: Address
  bridgeReceiver: Address
  bridgeExecutor: Address
}

type Context = 'wallet' | 'router' | 'bridge'

/** The executing contract of a context. */
const selfOf = (ctx: Context): Address =>
  ctx === 'wallet' ? w.wallet : ctx === 'router' ? env.contracts.executor : w.bridgeExecutor

/** A plan that would send the executing contract's tokenA, tokenB and native coin to the attacker's sink. */
function drainPlan(): { commands: Hex[]; state: Hex[] } {
  const p = new Planner()
  for (const token of [env.tokens.tokenA, env.tokens.tokenB, NATIVE]) addSweep(p, { helpers: env.contracts.helpers, token, receiver: w.sink })
  return p.plan()
}

/** A plan that sweeps only tokenA and native to the sink (a lender's substitute that can still be repaid in tokenB). */
function drainAPlan(): { commands: Hex[]; state: Hex[] } {
  const p = new Planner()
  for (const token of [env.tokens.tokenA, NATIVE]) addSweep(p, { helpers: env.contracts.helpers, token, receiver: w.sink })
  return p.plan()
}

const planParams = (plan: { commands: Hex[]; state: Hex[] }): Hex =>
  encodeAbiParameters([{ type: 'bytes32[]' }, { type: 'bytes[]' }], [plan.commands, plan.state])

/** Every entry a third party can reach, each carrying a plan that would drain the context. */
function attempts(ctx: Context): { target: Address; value: bigint; data: Hex }[] {
  const drain = drainPlan()
  const shortcut = encodeDelegateShortcut({ ...ids, ...drain })
  const call = (target: Address, data: Hex) => ({ target, value: 0n, data })
  const list = [
    // The attack: the wallet's fallback, while its owner's plan runs, to the delegate.
    call(w.wallet, shortcut),
    call(w.wallet, encodeLegacyExecuteShortcut(drain)),
    call(w.wallet, encodeFunctionData({ abi: flashAbi, functionName: 'runFlashLoanCallback', args: [drain.commands, drain.state] })),
    call(w.wallet, encodeFunctionData({ abi: flashAbi, functionName: 'executeOperation', args: [env.tokens.tokenA, 1n, 0n, w.wallet, planParams(drain)] })),
    call(w.wallet, encodeFunctionData({ abi: flashAbi, functionName: 'flashLoanAaveV3', args: [w.hostile, env.tokens.tokenA, 1n, drain.commands, drain.state] })),
    call(w.wallet, encodeFunctionData({ abi: walletExecuteAbi, functionName: 'execute', args: [env.contracts.delegate, shortcut] })),
    call(env.contracts.delegate, shortcut),
    call(env.contracts.delegateLegacy, encodeLegacyExecuteShortcut(drain)),
    // The executors, their flash-loan entries, and the bridge receiver's entries.
    call(env.contracts.executor, encodeExecuteShortcut({ ...ids, ...drain })),
    call(env.contracts.executorLegacy, encodeLegacyExecuteShortcut(drain)),
    call(w.bridgeExecutor, encodeExecuteShortcut({ ...ids, ...drain })),
    ...[env.contracts.executor, w.bridgeExecutor].flatMap((executor) => [
      call(executor, encodeFunctionData({ abi: flashAbi, functionName: 'executeOperation', args: [env.tokens.tokenA, 1n, 0n, executor, planParams(drain)] })),
      call(executor, encodeFunctionData({ abi: flashAbi, functionName: 'runFlashLoanCallback', args: [drain.commands, drain.state] })),
      call(executor, encodeFunctionData({ abi: flashAbi, functionName: 'flashLoanAaveV3', args: [w.hostile, env.tokens.tokenA, 1n, drain.commands, drain.state] })),
    ]),
    call(w.bridgeReceiver, encodeFunctionData({ abi: switchyardBridgeReceiverAbi, functionName: 'handleV3AcrossMessage', args: [env.tokens.tokenA, 1n, w.hostile, bridgeMessage(drain)] })),
    call(w.bridgeReceiver, encodeFunctionData({ abi: switchyardBridgeReceiverAbi, functionName: 'lzCompose', args: [w.hostile, zeroHash, '0x', w.hostile, '0x'] })),
    call(w.bridgeReceiver, encodeFunctionData({ abi: switchyardBridgeReceiverAbi, functionName: 'runCallback', args: [env.tokens.tokenA, 1n, bridgeCallback(drain)] })),
  ]
  // The router is open to anyone with their own funds; re-entering it from inside its own executor is not.
  if (ctx === 'router') list.push(call(env.contracts.router, encodeRouteMulti({ tokensIn: [], shortcut: { ...ids, ...drain } }).data))
  return list
}

/** Every (token, holder) the hostile contract tries to pull whole with `transferFrom`. */
function drains(): { token: Address; holder: Address }[] {
  const holders = [w.wallet, env.contracts.executor, env.contracts.executorLegacy, w.bridgeExecutor, w.bridgeReceiver]
  return [env.tokens.tokenA, env.tokens.tokenB, w.hooked].flatMap((token) => holders.map((holder) => ({ token, holder })))
}

function bridgeCallback(plan: { commands: Hex[]; state: Hex[] }, receiver: Address = env.accounts.receiver) {
  return { receiver, refundReceiver: env.accounts.refund, gasLimit: 3_000_000n, value: 0n, tokensOut: [], minAmountsOut: [], ...ids, ...plan }
}

function bridgeMessage(plan: { commands: Hex[]; state: Hex[] }, receiver?: Address): Hex {
  return encodeBridgeCallback(bridgeCallback(plan, receiver))
}

/** Ways a plan hands control to the hostile contract; each appends to `p`, running as `self`. */
const deliveries: Record<string, (p: Planner, self: Address) => void> = {
  'a native payment to a contract receiver': (p) => addTransfer(p, { token: NATIVE, receiver: w.hostile, amount: parseEther('0.01') }),
  'an enso call': (p) => {
    p.add(functionCall({ address: w.hostile, abi: hostileCalleeAbi, functionName: 'poke', args: [] }))
  },
  'an ERC-721 safe transfer': (p, self) => {
    p.add(functionCall({ address: w.nft, abi: testCollectiblesAbi, functionName: 'mint', args: [self, 77n] }))
    p.add(functionCall({ address: w.nft, abi: parseAbi(['function safeTransferFrom(address from, address to, uint256 tokenId)']), functionName: 'safeTransferFrom', args: [self, w.hostile, 77n] }))
  },
  'an ERC-1155 safe transfer': (p, self) => {
    p.add(functionCall({ address: w.multi, abi: testMultiTokenAbi, functionName: 'mint', args: [self, 5n, 3n] }))
    p.add(functionCall({ address: w.multi, abi: testMultiTokenAbi, functionName: 'safeTransferFrom', args: [self, w.hostile, 5n, 3n, '0x'] }))
  },
  "a token's transfer hook": (p, self) => {
    p.add(functionCall({ address: w.hooked, abi: reentrantTokenAbi, functionName: 'mint', args: [self, parseEther('1')] }))
    p.add(functionCall({ address: w.hooked, abi: erc20Abi, functionName: 'transfer', args: [env.accounts.other, parseEther('1')] }))
  },
  'a pool that gets an exact approval': (p) => {
    p.add(functionCall({ address: env.tokens.tokenA, abi: erc20Abi, functionName: 'approve', args: [w.hostile, parseEther('1')] }))
    p.add(functionCall({ address: w.hostile, abi: hostileCalleeAbi, functionName: 'swap', args: [env.tokens.tokenA, parseEther('1'), env.tokens.tokenB, parseEther('1')] }))
  },
}

/** The attacker's sink balances, to compare before and after. */
async function sinkBalances(): Promise<bigint[]> {
  return Promise.all([env.tokens.tokenA, env.tokens.tokenB, w.hooked, NATIVE].map((t) => env.balanceOf(t, w.sink)))
}

async function read<T>(functionName: 'struck' | 'succeeded'): Promise<T> {
  return env.client.readContract({ address: w.hostile, abi: hostileCalleeAbi, functionName }) as Promise<T>
}

async function arm(ctx: Context): Promise<void> {
  await env.write({ address: w.hostile, abi: hostileCalleeAbi, functionName: 'arm', args: [attempts(ctx), drains()] })
}

/** Runs `plan` in `ctx`, with the context holding 5 tokenA (and 0.05 ETH where it can), as its honest owner would. */
async function runIn(ctx: Context, plan: Planner): Promise<Hex> {
  const { tokenA } = env.tokens
  const { user, deployer } = env.accounts
  if (ctx === 'wallet') {
    return env.send({ account: user, to: w.wallet, data: encodeSmartWalletExecute({ delegate: env.contracts.delegate, shortcut: { ...ids, ...plan.plan() } }) })
  }
  if (ctx === 'router') {
    addSweep(plan, { helpers: env.contracts.helpers, token: tokenA, receiver: user })
    addSweep(plan, { helpers: env.contracts.helpers, token: env.tokens.tokenB, receiver: user })
    addSweep(plan, { helpers: env.contracts.helpers, token: NATIVE, receiver: user })
    await env.write({ account: user, address: tokenA, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, parseEther('5')] })
    const tx = encodeRouteMulti({ tokensIn: [{ type: 'erc20', address: tokenA, amount: parseEther('5') }, { type: 'native', amount: parseEther('0.05') }], shortcut: { ...ids, ...plan.plan() } })
    return env.send({ account: user, to: env.contracts.router, ...tx })
  }
  // The bridge: the "spoke pool" (our deployer here) delivers 5 tokenA with the message, then calls the handler.
  addSweep(plan, { helpers: env.contracts.helpers, token: tokenA, receiver: env.accounts.receiver })
  addSweep(plan, { helpers: env.contracts.helpers, token: env.tokens.tokenB, receiver: env.accounts.receiver })
  await env.write({ account: deployer, address: tokenA, abi: erc20Abi, functionName: 'transfer', args: [w.bridgeReceiver, parseEther('5')] })
  return env.send({
    account: deployer,
    to: w.bridgeReceiver,
    data: encodeFunctionData({ abi: switchyardBridgeReceiverAbi, functionName: 'handleV3AcrossMessage', args: [tokenA, parseEther('5'), deployer, bridgeMessage(plan.plan())] }),
  })
}

beforeAll(async () => {
  env = await setupContractsTestEnv()
  const { user, attacker, deployer, other } = env.accounts
  w.sink = attacker
  w.hostile = await env.deploy('HostileCallee', [attacker])
  w.nft = await env.deploy('TestCollectibles')
  w.multi = await env.deploy('TestMultiToken')
  w.hooked = await env.deploy('ReentrantToken')
  await env.write({ address: w.hooked, abi: reentrantTokenAbi, functionName: 'setHook', args: [w.hostile, encodeFunctionData({ abi: hostileCalleeAbi, functionName: 'poke' })] })
  await env.write({ address: env.contracts.smartWalletFactory, abi: switchyardSmartWalletFactoryAbi, functionName: 'createWallet', args: [user] })
  w.wallet = await env.client.readContract({ address: env.contracts.smartWalletFactory, abi: switchyardSmartWalletFactoryAbi, functionName: 'walletAddress', args: [user] })
  // The bridge receiver trusts our deployer as its "spoke pool" and "endpoint", so a test can deliver messages.
  w.bridgeReceiver = await env.deploy('SwitchyardBridgeReceiver', [deployer, deployer, other, []])
  w.bridgeExecutor = await env.client.readContract({ address: w.bridgeReceiver, abi: switchyardBridgeReceiverAbi, functionName: 'executor' })
  // The wallet's savings, and the hostile "pool"'s and "lender"'s float.
  await env.write({ account: user, address: env.tokens.tokenA, abi: erc20Abi, functionName: 'transfer', args: [w.wallet, parseEther('100')] })
  await env.write({ account: user, address: env.tokens.tokenB, abi: erc20Abi, functionName: 'transfer', args: [w.wallet, parseEther('100')] })
  await env.client.setBalance({ address: w.wallet, value: parseEther('10') })
  await env.write({ address: w.hooked, abi: reentrantTokenAbi, functionName: 'mint', args: [w.wallet, parseEther('50')] })
  await env.write({ account: deployer, address: env.tokens.tokenB, abi: erc20Abi, functionName: 'transfer', args: [w.hostile, parseEther('1000')] })
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

describe('invariant 9: a third party that gets control while a plan runs takes nothing', () => {
  const contexts: Context[] = ['wallet', 'router', 'bridge']
  for (const ctx of contexts) {
    for (const [how, deliver] of Object.entries(deliveries)) {
      // Across delivers one ERC-20 and no native coin: the bridge context pays no native. The executors
      // cannot hold an ERC-1155 (they have no receiver hook), so no plan of theirs can hand one out.
      if (ctx === 'bridge' && how.startsWith('a native')) continue
      if (ctx !== 'wallet' && how.includes('ERC-1155')) continue
      test(`${ctx}: reached through ${how}, every entry refuses and nothing moves`, async () => {
        await arm(ctx)
        const sinkBefore = await sinkBalances()
        const walletBefore = await Promise.all([env.tokens.tokenA, env.tokens.tokenB, w.hooked].map((t) => env.balanceOf(t, w.wallet)))
        const plan = new Planner()
        deliver(plan, selfOf(ctx))
        await runIn(ctx, plan)
        // The hostile contract really had control, and every one of its attempts failed.
        expect(await read<bigint>('struck')).toBeGreaterThan(0n)
        expect(await read<bigint>('succeeded')).toBe(0n)
        expect(await sinkBalances()).toEqual(sinkBefore)
        if (ctx !== 'wallet') {
          const walletAfter = await Promise.all([env.tokens.tokenA, env.tokens.tokenB, w.hooked].map((t) => env.balanceOf(t, w.wallet)))
          expect(walletAfter).toEqual(walletBefore)
        }
        for (const holder of [env.contracts.executor, w.bridgeExecutor, w.bridgeReceiver]) {
          for (const token of [env.tokens.tokenA, env.tokens.tokenB]) expect(await env.balanceOf(token, holder)).toBe(0n)
        }
      })
    }
  }

  test('wallet: the pool delivery spends exactly what the plan approved (the wallet keeps the rest)', async () => {
    await arm('wallet')
    const before = await env.balanceOf(env.tokens.tokenA, w.wallet)
    const plan = new Planner()
    deliveries['a pool that gets an exact approval']!(plan, w.wallet)
    await runIn('wallet', plan)
    expect(await env.balanceOf(env.tokens.tokenA, w.wallet)).toBe(before - parseEther('1'))
    expect(await env.client.readContract({ address: env.tokens.tokenA, abi: erc20Abi, functionName: 'allowance', args: [w.wallet, w.hostile] })).toBe(0n)
  })
})

describe('invariant 9: a flash lender is a third party too', () => {
  for (const ctx of ['wallet', 'router'] as const) {
    test(`${ctx}: a lender that calls back with a plan of its own is refused, and nothing moves`, async () => {
      const self = selfOf(ctx)
      await env.write({ address: w.hostile, abi: hostileCalleeAbi, functionName: 'setLender', args: [planParams(drainAPlan()), 0n, false] })
      const sinkBefore = await sinkBalances()
      const plan = new Planner()
      // The honest callback: hand the loan straight back for repayment.
      plan.add(functionCall({ address: self, abi: flashAbi, functionName: 'flashLoanAaveV3', args: [w.hostile, env.tokens.tokenB, parseEther('1'), [], []] }))
      const err = await expectRevert(runIn(ctx, plan))
      expect(err.errorName).toBe('ExecutionFailed')
      expect(String(err.args[2]).startsWith(toFunctionSelector('FlashLoanMismatch(address,uint256,uint256)'))).toBe(true)
      expect(await sinkBalances()).toEqual(sinkBefore)
    })

    test(`${ctx}: a lender that claims a premium beyond 1 % is refused`, async () => {
      const self = selfOf(ctx)
      await env.write({ address: w.hostile, abi: hostileCalleeAbi, functionName: 'setLender', args: ['0x', parseEther('50'), false] })
      const sinkBefore = await sinkBalances()
      const hostileBBefore = await env.balanceOf(env.tokens.tokenB, w.hostile)
      const plan = new Planner()
      plan.add(functionCall({ address: self, abi: flashAbi, functionName: 'flashLoanAaveV3', args: [w.hostile, env.tokens.tokenB, parseEther('1'), [], []] }))
      await expectRevert(runIn(ctx, plan))
      expect(await sinkBalances()).toEqual(sinkBefore)
      expect(await env.balanceOf(env.tokens.tokenB, w.hostile)).toBe(hostileBBefore)
    })
  }
})

describe('invariant 9: a flash lender keeps no allowance past its loan', () => {
  for (const ctx of ['wallet', 'router'] as const) {
    test(`${ctx}: a lender that does not pull its repayment is left no allowance to pull it later`, async () => {
      const self = selfOf(ctx)
      await env.write({ address: w.hostile, abi: hostileCalleeAbi, functionName: 'setLender', args: ['0x', 0n, true] })
      const plan = new Planner()
      plan.add(functionCall({ address: self, abi: flashAbi, functionName: 'flashLoanAaveV3', args: [w.hostile, env.tokens.tokenB, parseEther('1'), [], []] }))
      await runIn(ctx, plan)
      expect(await env.client.readContract({ address: env.tokens.tokenB, abi: erc20Abi, functionName: 'allowance', args: [self, w.hostile] })).toBe(0n)
    })
  }
})

describe('invariant 10: no permission a plan grants in a shared executor outlives the plan', () => {
  const approvals = (p: Planner) => {
    for (const token of [env.tokens.tokenA, env.tokens.tokenB]) p.add(functionCall({ address: token, abi: erc20Abi, functionName: 'approve', args: [w.hostile, maxUint256] }))
  }

  test("router: an attacker's route approves its contract from the executor; a later user's route that pays it loses nothing", async () => {
    const { attacker, user } = env.accounts
    const first = new Planner()
    approvals(first)
    addSweep(first, { helpers: env.contracts.helpers, token: NATIVE, receiver: attacker })
    await env.send({ account: attacker, to: env.contracts.router, ...encodeRouteSingle({ tokenIn: { type: 'native', amount: 1n }, shortcut: { ...ids, ...first.plan() } }) })
    for (const token of [env.tokens.tokenA, env.tokens.tokenB]) {
      expect(await env.client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [env.contracts.executor, w.hostile] })).toBe(0n)
    }
    await arm('router')
    const sinkBefore = await sinkBalances()
    const userBefore = await env.balanceOf(env.tokens.tokenA, user)
    const victim = new Planner()
    deliveries['an enso call']!(victim, env.contracts.executor)
    await runIn('router', victim)
    expect(await read<bigint>('struck')).toBe(1n)
    expect(await read<bigint>('succeeded')).toBe(0n)
    expect(await sinkBalances()).toEqual(sinkBefore)
    // The user's 5 tokenA went in and came back whole.
    expect(await env.balanceOf(env.tokens.tokenA, user)).toBe(userBefore)
  })

  test("bridge: one message's plan approves the attacker from the receiver's executor; the next message loses nothing", async () => {
    const first = new Planner()
    approvals(first)
    await runIn('bridge', first)
    for (const token of [env.tokens.tokenA, env.tokens.tokenB]) {
      expect(await env.client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [w.bridgeExecutor, w.hostile] })).toBe(0n)
    }
    await arm('bridge')
    const sinkBefore = await sinkBalances()
    const receiverBefore = await env.balanceOf(env.tokens.tokenA, env.accounts.receiver)
    const victim = new Planner()
    deliveries['an enso call']!(victim, w.bridgeExecutor)
    await runIn('bridge', victim)
    expect(await read<bigint>('succeeded')).toBe(0n)
    expect(await sinkBalances()).toEqual(sinkBefore)
    expect(await env.balanceOf(env.tokens.tokenA, env.accounts.receiver)).toBe(receiverBefore + parseEther('5'))
  })

  test('legacy router: the same, through the legacy executor', async () => {
    const { attacker, user } = env.accounts
    const first = new Planner()
    approvals(first)
    addSweep(first, { helpers: env.contracts.helpers, token: NATIVE, receiver: attacker })
    await env.send({ account: attacker, to: env.contracts.routerLegacy, ...encodeLegacyRouteSingle({ tokenIn: NATIVE, amountIn: 1n, ...first.plan() }) })
    for (const token of [env.tokens.tokenA, env.tokens.tokenB]) {
      expect(await env.client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [env.contracts.executorLegacy, w.hostile] })).toBe(0n)
    }
    // Every entry but the modern router, which is open to anyone from the legacy executor's context.
    await arm('wallet')
    const sinkBefore = await sinkBalances()
    const userBefore = await env.balanceOf(env.tokens.tokenA, user)
    const victim = new Planner()
    deliveries['an enso call']!(victim, env.contracts.executorLegacy)
    addSweep(victim, { helpers: env.contracts.helpers, token: env.tokens.tokenA, receiver: user })
    await env.write({ account: user, address: env.tokens.tokenA, abi: erc20Abi, functionName: 'approve', args: [env.contracts.routerLegacy, parseEther('5')] })
    await env.send({ account: user, to: env.contracts.routerLegacy, ...encodeLegacyRouteSingle({ tokenIn: env.tokens.tokenA, amountIn: parseEther('5'), ...victim.plan() }) })
    expect(await read<bigint>('struck')).toBe(1n)
    expect(await read<bigint>('succeeded')).toBe(0n)
    expect(await sinkBalances()).toEqual(sinkBefore)
    expect(await env.balanceOf(env.tokens.tokenA, user)).toBe(userBefore)
  })

  test('an operator, authorization, credit delegation, relayer, ERC-777 operator, ERC-1820 hook or Permit2 allowance is refused', async () => {
    const grants = parseAbi([
      'function setApprovalForAll(address operator, bool approved)',
      'function setAuthorization(address authorized, bool newIsAuthorized)',
      'function approveDelegation(address delegatee, uint256 amount)',
      'function setRelayerApproval(address sender, address relayer, bool approved)',
      'function authorizeOperator(address operator)',
      'function setInterfaceImplementer(address account, bytes32 interfaceHash, address implementer)',
      'function approve(address token, address spender, uint160 amount, uint48 expiration)',
    ])
    const calls = [
      functionCall({ address: w.nft, abi: grants, functionName: 'setApprovalForAll', args: [w.hostile, true] }),
      functionCall({ address: w.hostile, abi: grants, functionName: 'setAuthorization', args: [w.hostile, true] }),
      functionCall({ address: w.hostile, abi: grants, functionName: 'approveDelegation', args: [w.hostile, maxUint256] }),
      functionCall({ address: w.hostile, abi: grants, functionName: 'setRelayerApproval', args: [env.contracts.executor, w.hostile, true] }),
      functionCall({ address: w.hostile, abi: grants, functionName: 'authorizeOperator', args: [w.hostile] }),
      functionCall({ address: w.hostile, abi: grants, functionName: 'setInterfaceImplementer', args: [env.contracts.executor, zeroHash, w.hostile] }),
      functionCall({ address: w.hostile, abi: grants, functionName: 'approve', args: [env.tokens.tokenA, w.hostile, 1n, 1n] }),
    ]
    for (const c of calls) {
      const p = new Planner()
      p.add(c)
      const err = await expectRevert(env.send({ account: env.accounts.user, to: env.contracts.router, ...encodeRouteSingle({ tokenIn: { type: 'native', amount: 1n }, shortcut: { ...ids, ...p.plan() } }) }))
      expect(err.errorName).toBe('PermissionRefused')
    }
  })
})

describe('invariant 9: the delegate runs one plan at a time, whatever the wallet forwards', () => {
  test("a plan's own self-call that starts a nested plan is refused (PlanRunning), for both delegates", async () => {
    const drain = drainPlan()
    const nested = new Planner()
    nested.add(
      functionCall({ address: w.wallet, abi: parseAbi(['function executeShortcut(bytes32 accountId, bytes32 requestId, bytes32[] commands, bytes[] state)']), functionName: 'executeShortcut', args: [zeroHash, zeroHash, drain.commands, drain.state] }),
    )
    const modern = encodeSmartWalletExecute({ delegate: env.contracts.delegate, shortcut: { ...ids, ...nested.plan() } })
    const legacy = encodeFunctionData({ abi: walletExecuteAbi, functionName: 'execute', args: [env.contracts.delegateLegacy, encodeLegacyExecuteShortcut(selfLegacy())] })
    for (const data of [modern, legacy]) {
      const err = await expectRevert(env.send({ account: env.accounts.user, to: w.wallet, data }))
      expect(err).toMatchObject({ errorName: 'ExecutionFailed', args: [0n, w.wallet, planRunningSelector] })
    }
  })

  test('under a wallet that forwards every call (the delegate simulator), a payee still cannot start a plan', async () => {
    const simulator = await env.deploy('SwitchyardDelegateSimulator')
    const slot = '0x2b5e3c7fd64c8f6e9f5cbd7f6f1f0b1c0f5e3d2c1b0a99887766554433221100'
    await env.client.setStorageAt({ address: simulator, index: slot, value: `0x${env.contracts.delegate.slice(2).toLowerCase().padStart(64, '0')}` })
    await env.write({ account: env.accounts.user, address: env.tokens.tokenA, abi: erc20Abi, functionName: 'transfer', args: [simulator, parseEther('10')] })
    await env.client.setBalance({ address: simulator, value: parseEther('1') })
    const shortcut = encodeDelegateShortcut({ ...ids, ...drainPlan() })
    await env.write({ address: w.hostile, abi: hostileCalleeAbi, functionName: 'arm', args: [[{ target: simulator, value: 0n, data: shortcut }], []] })
    const sinkBefore = await sinkBalances()
    const p = new Planner()
    addTransfer(p, { token: NATIVE, receiver: w.hostile, amount: 1n })
    await env.send({ account: env.accounts.user, to: simulator, data: encodeDelegateShortcut({ ...ids, ...p.plan() }) })
    expect(await read<bigint>('struck')).toBe(1n)
    expect(await read<bigint>('succeeded')).toBe(0n)
    expect(await sinkBalances()).toEqual(sinkBefore)
    expect(await env.balanceOf(env.tokens.tokenA, simulator)).toBe(parseEther('10'))
  })
})

describe('transient guards are restored between calls in one transaction', () => {
  test('a contract owner runs two plans through its wallet in one transaction; between them the wallet forwards nothing', async () => {
    const batcher = await env.deploy('WalletOwnerBatcher')
    await env.write({ address: env.contracts.smartWalletFactory, abi: switchyardSmartWalletFactoryAbi, functionName: 'createWallet', args: [batcher] })
    const wallet = await env.client.readContract({ address: env.contracts.smartWalletFactory, abi: switchyardSmartWalletFactoryAbi, functionName: 'walletAddress', args: [batcher] })
    await env.write({ account: env.accounts.user, address: env.tokens.tokenA, abi: erc20Abi, functionName: 'transfer', args: [wallet, parseEther('2')] })
    const pay = () => {
      const p = new Planner()
      addTransfer(p, { token: env.tokens.tokenA, receiver: env.accounts.receiver, amount: parseEther('1') })
      return encodeFunctionData({ abi: walletExecuteAbi, functionName: 'execute', args: [env.contracts.delegate, encodeDelegateShortcut({ ...ids, ...p.plan() })] })
    }
    const stranger = encodeFunctionData({ abi: hostileCalleeAbi, functionName: 'poke' })
    const before = await env.balanceOf(env.tokens.tokenA, env.accounts.receiver)
    await env.write({ address: batcher, abi: walletOwnerBatcherAbi, functionName: 'run', args: [[{ target: wallet, data: pay() }, { target: wallet, data: stranger }, { target: wallet, data: pay() }]] })
    const oks = await Promise.all([0n, 1n, 2n].map((i) => env.client.readContract({ address: batcher, abi: walletOwnerBatcherAbi, functionName: 'oks', args: [i] })))
    // The second plan runs (the delegate's running flag was cleared); between the plans the wallet is idle.
    expect(oks).toEqual([true, false, true])
    expect(await env.client.readContract({ address: batcher, abi: walletOwnerBatcherAbi, functionName: 'results', args: [1n] })).toBe(toFunctionSelector('NoActiveDelegate()'))
    expect((await env.balanceOf(env.tokens.tokenA, env.accounts.receiver)) - before).toBe(parseEther('2'))
  })
})

/** `PlanRunning()`'s revert data, as the VM hex-encodes a custom error. */
const planRunningSelector = toFunctionSelector('PlanRunning()')

/** A legacy plan whose one command is a self-call of the wallet with the legacy executeShortcut (a nested plan). */
function selfLegacy(): { commands: Hex[]; state: Hex[] } {
  const p = new Planner()
  const drain = drainPlan()
  p.add(functionCall({ address: w.wallet, abi: parseAbi(['function executeShortcut(bytes32[] commands, bytes[] state)']), functionName: 'executeShortcut', args: [drain.commands, drain.state] }))
  return p.plan()
}
