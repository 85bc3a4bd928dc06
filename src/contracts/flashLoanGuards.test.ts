/**
 * SwitchyardFlashLoans against lenders that bend the rules, on an anvil with our contracts (the router's
 * executor): a callback after the loan returned, a lender that leaves part of its repayment approval, the
 * premium bound to the unit, and a loan asked for outside a plan by an account that calls itself. Each case
 * kills a mutant of `npm run test:mutation:solidity` (test/mutation-solidity-survivors.md). The loans of a
 * real Aave V3 pool: src/protocols/aave-v3/flashLoan.test.ts.
 */
import { type Abi, type Address, type Hex, decodeErrorResult, encodeFunctionData, erc20Abi, getAddress, parseAbi, parseEther, toFunctionSelector, zeroHash } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { Planner, addSweep, encodeRouteMulti, encodeRouteSingle, functionCall } from '../encoding/index.js'
import { switchyardExecutorAbi } from './generated/abis.js'
import { hostileCalleeAbi } from './generated/testAbis.js'
import { loadContractArtifact } from './loadContractArtifact.js'
import { type ContractsTestEnv, expectRevert, setupContractsTestEnv } from './testing/contractsTestEnv.js'

let env: ContractsTestEnv
let snap: Hex
let lender: Address
let hostile: Address
const ids = { accountId: zeroHash, requestId: zeroHash }
const flashAbi = parseAbi(['function flashLoanAaveV3(address pool, address asset, uint256 amount, bytes32[] commands, bytes[] state)'])
const lenderAbi = loadContractArtifact('MaliciousFlashLender').abi as Abi

beforeAll(async () => {
  env = await setupContractsTestEnv()
  lender = await env.deploy('MaliciousFlashLender')
  hostile = await env.deploy('HostileCallee', [env.accounts.attacker])
  await env.write({ address: env.tokens.tokenB, abi: erc20Abi, functionName: 'transfer', args: [hostile, parseEther('1000')] })
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

/** A plan command: the executor borrows `amount` of `asset` from `pool`, with an empty callback plan. */
function borrow(plan: Planner, pool: Address, asset: Address, amount: bigint): void {
  plan.add(functionCall({ address: env.contracts.executor, abi: flashAbi, functionName: 'flashLoanAaveV3', args: [pool, asset, amount, [], []] }))
}

const executorAllowance = (token: Address, spender: Address) =>
  env.client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [env.contracts.executor, spender] })

describe('flash loans: a callback belongs to its loan', () => {
  test('a lender that calls back after the loan returned is refused (UnexpectedFlashLoan): no approval for it', async () => {
    await env.write({ address: lender, abi: lenderAbi, functionName: 'setMode', args: [3n] })
    const plan = new Planner()
    borrow(plan, lender, env.tokens.tokenA, parseEther('1'))
    plan.add(functionCall({ address: lender, abi: lenderAbi, functionName: 'callBackLate', args: [] }))
    const err = await expectRevert(env.send({ account: env.accounts.user, to: env.contracts.router, ...encodeRouteMulti({ tokensIn: [], shortcut: { ...ids, ...plan.plan() } }) }))
    expect([err.errorName, String(err.args[1]).toLowerCase()]).toEqual(['ExecutionFailed', lender.toLowerCase()])
    expect(String(err.args[2]).startsWith(toFunctionSelector('UnexpectedFlashLoan(address,address)'))).toBe(true)
  })

  test('a callback naming another asset than the loan (one the executor holds) is refused (FlashLoanMismatch)', async () => {
    const { tokenA, tokenB } = env.tokens
    await env.write({ address: lender, abi: lenderAbi, functionName: 'setMode', args: [5n] })
    await env.write({ address: lender, abi: lenderAbi, functionName: 'setOtherAsset', args: [tokenB] })
    const amount = 1000n
    const plan = new Planner()
    borrow(plan, lender, tokenA, amount)
    addSweep(plan, { helpers: env.contracts.helpers, token: tokenB, receiver: env.accounts.user })
    await env.write({ account: env.accounts.user, address: tokenB, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, amount] })
    const err = await expectRevert(env.send({ account: env.accounts.user, to: env.contracts.router, ...encodeRouteSingle({ tokenIn: { type: 'erc20', address: tokenB, amount }, shortcut: { ...ids, ...plan.plan() } }) }))
    expect(err.errorName).toBe('ExecutionFailed')
    const inner = decodeErrorResult({ abi: switchyardExecutorAbi, data: err.args[2] as Hex })
    expect([inner.errorName, ...(inner.args ?? [])]).toEqual(['FlashLoanMismatch', getAddress(tokenB), amount, 0n])
  })

  test('a lender that pulls one wei less than the repayment keeps no allowance when the loan returns', async () => {
    await env.write({ address: lender, abi: lenderAbi, functionName: 'setMode', args: [4n] })
    const amount = 1000n
    const plan = new Planner()
    borrow(plan, lender, env.tokens.tokenA, amount)
    addSweep(plan, { helpers: env.contracts.helpers, token: env.tokens.tokenA, receiver: env.accounts.user })
    await env.write({ account: env.accounts.user, address: env.tokens.tokenA, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, amount] })
    await env.send({ account: env.accounts.user, to: env.contracts.router, ...encodeRouteSingle({ tokenIn: { type: 'erc20', address: env.tokens.tokenA, amount }, shortcut: { ...ids, ...plan.plan() } }) })
    expect(await executorAllowance(env.tokens.tokenA, lender)).toBe(0n)
  })
})

describe('flash loans: the premium a lender may claim', () => {
  const amount = 10_000n
  /** The largest premium accepted on `amount`: 1 % of it, plus one unit of rounding. */
  const largest = (amount * 100n) / 10_000n + 1n

  async function loanWithPremium(premium: bigint): Promise<Hex> {
    const { tokenB } = env.tokens
    await env.write({ address: hostile, abi: hostileCalleeAbi, functionName: 'setLender', args: ['0x', premium, false] })
    const plan = new Planner()
    borrow(plan, hostile, tokenB, amount)
    addSweep(plan, { helpers: env.contracts.helpers, token: tokenB, receiver: env.accounts.user })
    await env.write({ account: env.accounts.user, address: tokenB, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, premium] })
    return env.send({ account: env.accounts.user, to: env.contracts.router, ...encodeRouteSingle({ tokenIn: { type: 'erc20', address: tokenB, amount: premium }, shortcut: { ...ids, ...plan.plan() } }) })
  }

  test('1 % of the amount plus one unit is accepted, and the lender gets exactly amount + premium back', async () => {
    const before = await env.balanceOf(env.tokens.tokenB, hostile)
    await loanWithPremium(largest)
    expect(await env.balanceOf(env.tokens.tokenB, hostile)).toBe(before + largest)
  })

  test('one unit more is refused (FlashLoanMismatch)', async () => {
    const err = await expectRevert(loanWithPremium(largest + 1n))
    expect(err.errorName).toBe('ExecutionFailed')
    const inner = decodeErrorResult({ abi: switchyardExecutorAbi, data: err.args[2] as Hex })
    expect([inner.errorName, ...(inner.args ?? [])]).toEqual(['FlashLoanMismatch', getAddress(env.tokens.tokenB), amount, largest + 1n])
  })
})

describe('flash loans: only a running plan starts one', () => {
  /** An EIP-7702-style account: an address whose code runs the delegate (an EIP-1167 proxy to it). */
  const ACCOUNT: Address = '0x7702000000000000000000000000000000000001'

  test('an account that calls itself outside a plan (the delegate behind it, or the executor) cannot borrow: NoPlanRunning', async () => {
    const proxy = `0x363d3d373d3d3d363d73${env.contracts.delegate.slice(2)}5af43d82803e903d91602b57fd5bf3` as Hex
    await env.client.setCode({ address: ACCOUNT, bytecode: proxy })
    const data = encodeFunctionData({ abi: flashAbi, functionName: 'flashLoanAaveV3', args: [lender, env.tokens.tokenA, parseEther('1'), [], []] })
    // msg.sender == address(this) passes NotSelf: the running-plan check alone refuses the loan before the lender gets control.
    for (const self of [ACCOUNT, env.contracts.executor]) {
      expect((await expectRevert(env.client.call({ account: self, to: self, data }))).errorName).toBe('NoPlanRunning')
    }
  })
})
