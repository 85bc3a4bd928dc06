/**
 * The allowance ledger of the shared executors (SwitchyardAllowanceLedger, THREATS invariant 10) at its
 * edges: every way a plan grants an ERC-20 allowance is revoked when the plan ends, however small; an
 * allowance that cannot be revoked fails the plan; a lasting permission is refused by its selector alone;
 * calls that grant nothing (calldata shorter than a selector, `approve` on a contract without `allowance`)
 * pass, and the cleanup itself grants nothing (no `approve(spender, 0)` to an ERC-721, where it names token #0). Each case kills a mutant of `npm run test:mutation:solidity` (test/mutation-solidity-survivors.md).
 */
import { type Address, type Hex, erc20Abi, parseAbi, zeroAddress, zeroHash } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { Planner, addSweep, encodeRouteSingle, functionCall, rawCall } from '../encoding/index.js'
import { legacyApprovalTokenAbi, testCallbackTokenAbi, testCollectiblesAbi } from './generated/testAbis.js'
import { type ContractsTestEnv, NATIVE, expectRevert, setupContractsTestEnv } from './testing/contractsTestEnv.js'

let env: ContractsTestEnv
let snap: Hex
let legacy: Address
const ids = { accountId: zeroHash, requestId: zeroHash }
/** Runtime code `STOP`: every call succeeds and returns nothing (a fallback that accepts anything). */
const SILENT: Address = '0x5170000000000000000000000000000000000001'
const increaseApprovalAbi = parseAbi(['function increaseApproval(address spender, uint256 addedValue) returns (bool)'])
/**
 * Runtime code of an ERC-1363 spender that accepts every approval: it answers any call with
 * `onApprovalReceived.selector` (0x7b04a2d0), as an attacker's spender contract would.
 */
const APPROVAL_TAKER: Address = '0x5170000000000000000000000000000000000002'
const APPROVAL_TAKER_CODE: Hex = '0x637b04a2d060e01b60005260206000f3'

beforeAll(async () => {
  env = await setupContractsTestEnv()
  legacy = await env.deploy('LegacyApprovalToken')
  await env.client.setCode({ address: SILENT, bytecode: '0x00' })
  await env.client.setCode({ address: APPROVAL_TAKER, bytecode: APPROVAL_TAKER_CODE })
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

/** Runs `plan` through the router with 1 wei of native input, swept back to the user at the end. */
function route(plan: Planner): Promise<Hex> {
  addSweep(plan, { helpers: env.contracts.helpers, token: NATIVE, receiver: env.accounts.user })
  return env.send({ account: env.accounts.user, to: env.contracts.router, ...encodeRouteSingle({ tokenIn: { type: 'native', amount: 1n }, shortcut: { ...ids, ...plan.plan() } }) })
}

const allowance = (token: Address, spender: Address) =>
  env.client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [env.contracts.executor, spender] })

describe('allowance ledger: what a plan grants is gone when it ends', () => {
  test('increaseApproval (pre-2.0 OpenZeppelin, BAT-style tokens) is revoked', async () => {
    const plan = new Planner()
    plan.add(functionCall({ address: legacy, abi: increaseApprovalAbi, functionName: 'increaseApproval', args: [env.accounts.attacker, 1000n] }))
    await route(plan)
    expect(await allowance(legacy, env.accounts.attacker)).toBe(0n)
  })

  test.each([
    ['approveAndCall(spender, value)', [APPROVAL_TAKER, 1000n]],
    ['approveAndCall(spender, value, data)', [APPROVAL_TAKER, 1000n, '0xdeadbeef']],
  ] as const)('ERC-1363 %s is revoked: the spender keeps no allowance on the executor', async (_name, args) => {
    const token = await env.deploy('TestCallbackToken')
    const plan = new Planner()
    plan.add(functionCall({ address: token, abi: testCallbackTokenAbi, functionName: 'approveAndCall', args: args as never }))
    await route(plan)
    expect(await allowance(token, APPROVAL_TAKER)).toBe(0n)
  })

  test('an allowance of one wei is revoked like any other', async () => {
    const plan = new Planner()
    plan.add(functionCall({ address: env.tokens.tokenA, abi: erc20Abi, functionName: 'approve', args: [env.accounts.attacker, 1n] }))
    await route(plan)
    expect(await allowance(env.tokens.tokenA, env.accounts.attacker)).toBe(0n)
  })

  test('a token that keeps the allowance through approve(spender, 0) fails the plan: AllowanceKept', async () => {
    await env.write({ address: legacy, abi: legacyApprovalTokenAbi, functionName: 'setKeepsAllowances', args: [true] })
    const plan = new Planner()
    plan.add(functionCall({ address: legacy, abi: erc20Abi, functionName: 'approve', args: [env.accounts.attacker, 5n] }))
    const err = await expectRevert(route(plan))
    expect([err.errorName, String(err.args[0]).toLowerCase(), String(err.args[1]).toLowerCase(), err.args[2]]).toEqual([
      'AllowanceKept',
      legacy.toLowerCase(),
      env.accounts.attacker.toLowerCase(),
      5n,
    ])
  })
})

describe('allowance ledger: what it refuses and what it lets through', () => {
  test('a lasting permission is refused by its selector alone (4 bytes of calldata)', async () => {
    const plan = new Planner()
    plan.add(rawCall({ address: SILENT, data: '0xa22cb465' }))
    const err = await expectRevert(route(plan))
    expect([err.errorName, String(err.args[0]).toLowerCase(), err.args[1]]).toEqual(['PermissionRefused', SILENT.toLowerCase(), '0xa22cb465'])
  })

  test.each([
    ['0x558a7297', 'ERC-6909 setOperator (V4 PoolManager claims)'],
    ['0x426a8493', 'ERC-6909 approve(spender, id, amount)'],
    ['0x110496e5', 'Compound III allow'],
    ['0x9f5c462a', 'Euler EVC setAccountOperator'],
    ['0xc14c11bf', 'Euler EVC setOperator'],
    ['0xa3b22fc4', 'Maker hope'],
    ['0x87517c45', 'Permit2 approve'],
    ['0xbdf98116', 'Curve gauge set_rewards_receiver'],
    ['0xdd289d60', 'Curve Minter toggle_approve_mint'],
    ['0x1d2747d4', 'Curve gauge (V1/V2) set_approve_deposit'],
  ] as const)('%s (%s) is refused', async (selector, _what) => {
    const plan = new Planner()
    plan.add(rawCall({ address: SILENT, data: `${selector}${'00'.repeat(64)}` }))
    const err = await expectRevert(route(plan))
    expect([err.errorName, err.args[1]]).toEqual(['PermissionRefused', selector])
  })

  test('calldata shorter than a selector grants nothing and passes, even the first bytes of a refused one', async () => {
    const plan = new Planner()
    // setAuthorization(address,bool) is 0xeecea000: three bytes of it, zero-padded, would read as the selector.
    plan.add(rawCall({ address: SILENT, data: '0xeecea0' }))
    await route(plan)
  })

  test('approve sent to a contract without allowance() (its fallback answers nothing) passes: nothing to revoke', async () => {
    const plan = new Planner()
    plan.add(functionCall({ address: SILENT, abi: erc20Abi, functionName: 'approve', args: [env.accounts.attacker, 1n] }))
    await route(plan)
  })

  test('the cleanup never grants: an ERC-721 (no allowance()) is sent no approve(spender, 0), which would approve its token #0', async () => {
    const { executor } = env.contracts
    const { attacker, user } = env.accounts
    const nft = await env.deploy('TestCollectibles')
    for (const id of [0n, 1n]) await env.write({ address: nft, abi: testCollectiblesAbi, functionName: 'mint', args: [executor, id] })
    // The plan approves #1 and sends it on (which ends that approval); #0 stays in the executor.
    const plan = new Planner()
    plan.add(functionCall({ address: nft, abi: testCollectiblesAbi, functionName: 'approve', args: [attacker, 1n] }))
    plan.add(functionCall({ address: nft, abi: testCollectiblesAbi, functionName: 'transferFrom', args: [executor, user, 1n] }))
    await route(plan)
    const approved = (id: bigint) => env.client.readContract({ address: nft, abi: testCollectiblesAbi, functionName: 'getApproved', args: [id] })
    expect([await approved(0n), await approved(1n)]).toEqual([zeroAddress, zeroAddress])
  })
})
