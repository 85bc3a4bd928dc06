/**
 * One plan at a time per context, and one after another (SwitchyardPlanGuard, THREATS invariant 9): a
 * contract that makes several calls in one transaction runs two plans, one after the other, in every
 * context: the router's executor, the legacy router's executor, a smart wallet under the delegate and
 * under the legacy delegate. A context that left its running flag set at the end of a plan would refuse
 * the second (PlanRunning) until the transaction ends; an executor that left its allowance ledger's count
 * would make every later plan of the transaction pay to re-check the earlier plans' approvals. Kills survivors of `npm run test:mutation:solidity`
 * (test/mutation-solidity-survivors.md); re-entry while a plan runs is attacked in attackerSuite.test.ts.
 */
import { type Address, type Hex, encodeFunctionData, erc20Abi, parseAbi, parseEther, zeroHash } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { Planner, addTransfer, encodeDelegateShortcut, encodeLegacyExecuteShortcut, encodeLegacyRouteSingle, encodeRouteMulti, functionCall } from '../encoding/index.js'
import { switchyardSmartWalletFactoryAbi } from './generated/abis.js'
import { walletOwnerBatcherAbi } from './generated/testAbis.js'
import { type ContractsTestEnv, setupContractsTestEnv } from './testing/contractsTestEnv.js'

let env: ContractsTestEnv
let snap: Hex
let batcher: Address
let wallet: Address
const ids = { accountId: zeroHash, requestId: zeroHash }
const walletExecuteAbi = parseAbi(['function execute(address target, bytes data) payable returns (bytes)'])

beforeAll(async () => {
  env = await setupContractsTestEnv()
  batcher = await env.deploy('WalletOwnerBatcher')
  await env.write({ address: env.contracts.smartWalletFactory, abi: switchyardSmartWalletFactoryAbi, functionName: 'createWallet', args: [batcher] })
  wallet = await env.client.readContract({ address: env.contracts.smartWalletFactory, abi: switchyardSmartWalletFactoryAbi, functionName: 'walletAddress', args: [batcher] })
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

/** A plan that pays the receiver `amount` of tokenA from the context that runs it. */
function pay(amount: bigint): { commands: Hex[]; state: Hex[] } {
  const p = new Planner()
  addTransfer(p, { token: env.tokens.tokenA, receiver: env.accounts.receiver, amount })
  return p.plan()
}

/** Makes the batcher run `calls` in one transaction; returns whether each succeeded, and the transaction. */
async function runBatch(calls: { target: Address; data: Hex }[]): Promise<{ oks: boolean[]; hash: Hex }> {
  const hash = await env.write({ address: batcher, abi: walletOwnerBatcherAbi, functionName: 'run', args: [calls] })
  const oks = await Promise.all(calls.map((_, i) => env.client.readContract({ address: batcher, abi: walletOwnerBatcherAbi, functionName: 'oks', args: [BigInt(i)] })))
  return { oks, hash }
}

const runInOneTransaction = async (calls: { target: Address; data: Hex }[]): Promise<boolean[]> => (await runBatch(calls)).oks

/** The gas each call of the batcher's transaction used (the call tracer's frames). */
async function gasOfEachCall(hash: Hex): Promise<bigint[]> {
  const trace = (await env.client.request({ method: 'debug_traceTransaction' as never, params: [hash, { tracer: 'callTracer' }] as never })) as { calls: { gasUsed: Hex }[] }
  return trace.calls.map((c) => BigInt(c.gasUsed))
}

const received = () => env.balanceOf(env.tokens.tokenA, env.accounts.receiver)

describe('two plans in one transaction, one after the other', () => {
  test("the router's executor", async () => {
    // Plans with no input: the executor pays from what a donor left in it (it ends empty).
    await env.write({ account: env.accounts.user, address: env.tokens.tokenA, abi: erc20Abi, functionName: 'transfer', args: [env.contracts.executor, parseEther('2')] })
    const route = encodeRouteMulti({ tokensIn: [], shortcut: { ...ids, ...pay(parseEther('1')) } }).data
    const before = await received()
    expect(await runInOneTransaction([{ target: env.contracts.router, data: route }, { target: env.contracts.router, data: route }])).toEqual([true, true])
    expect((await received()) - before).toBe(parseEther('2'))
  })

  test("the legacy router's executor", async () => {
    const { tokenA } = env.tokens
    await env.write({ account: env.accounts.user, address: tokenA, abi: erc20Abi, functionName: 'transfer', args: [batcher, parseEther('2')] })
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [env.contracts.routerLegacy, parseEther('2')] })
    const route = encodeLegacyRouteSingle({ tokenIn: tokenA, amountIn: parseEther('1'), ...pay(parseEther('1')) }).data
    const before = await received()
    const oks = await runInOneTransaction([{ target: tokenA, data: approve }, { target: env.contracts.routerLegacy, data: route }, { target: env.contracts.routerLegacy, data: route }])
    expect(oks).toEqual([true, true, true])
    expect((await received()) - before).toBe(parseEther('2'))
  })

  test("the router's executor: a plan's ledger starts empty, so the next plan's cleanup does not revisit the first one's approvals", async () => {
    const approveMany = new Planner()
    for (let i = 0; i < 20; i++) approveMany.add(functionCall({ address: env.tokens.tokenA, abi: erc20Abi, functionName: 'approve', args: [env.accounts.attacker, 1n] }))
    const route = (plan: { commands: Hex[]; state: Hex[] }) => ({ target: env.contracts.router, data: encodeRouteMulti({ tokensIn: [], shortcut: { ...ids, ...plan } }).data })
    const empty = route(new Planner().plan())
    const { oks, hash } = await runBatch([empty, route(approveMany.plan()), empty])
    expect(oks).toEqual([true, true, true])
    // The same empty plan before and after 20 revoked approvals: the second runs warm, so it costs no more than the
    // first (a ledger count left at 20 would make its cleanup read the 20 allowances again).
    const [first, , third] = await gasOfEachCall(hash)
    expect(third).toBeLessThanOrEqual(first!)
  })

  test('a smart wallet under the legacy delegate', async () => {
    await env.write({ account: env.accounts.user, address: env.tokens.tokenA, abi: erc20Abi, functionName: 'transfer', args: [wallet, parseEther('2')] })
    const execute = encodeFunctionData({ abi: walletExecuteAbi, functionName: 'execute', args: [env.contracts.delegateLegacy, encodeLegacyExecuteShortcut(pay(parseEther('1')))] })
    const before = await received()
    expect(await runInOneTransaction([{ target: wallet, data: execute }, { target: wallet, data: execute }])).toEqual([true, true])
    expect((await received()) - before).toBe(parseEther('2'))
  })

  test('a smart wallet under the delegate, then under the legacy delegate (one running flag per wallet)', async () => {
    await env.write({ account: env.accounts.user, address: env.tokens.tokenA, abi: erc20Abi, functionName: 'transfer', args: [wallet, parseEther('2')] })
    const modern = encodeFunctionData({ abi: walletExecuteAbi, functionName: 'execute', args: [env.contracts.delegate, encodeDelegateShortcut({ ...ids, ...pay(parseEther('1')) })] })
    const legacy = encodeFunctionData({ abi: walletExecuteAbi, functionName: 'execute', args: [env.contracts.delegateLegacy, encodeLegacyExecuteShortcut(pay(parseEther('1')))] })
    expect(await runInOneTransaction([{ target: wallet, data: modern }, { target: wallet, data: legacy }])).toEqual([true, true])
  })
})
