import { type Address, erc20Abi, parseAbi } from 'viem'
import { describe, expect, test } from 'vitest'
import { functionCall, rawCall } from './call.js'
import { decodePlanTargets } from './decodePlanTargets.js'
import { nativeTokenAddress } from './legacyCalldata.js'
import { addBalanceOfSelf, addSweep, addTransfer } from './planActions.js'
import { Planner } from './planner.js'

const helpers = {
  balance: '0x00000000000000000000000000000000000000B1',
  math: '0x00000000000000000000000000000000000000b2',
  check: '0x00000000000000000000000000000000000000B3',
} as const satisfies Record<string, Address>
const self: Address = '0x00000000000000000000000000000000000000E0'
const token: Address = '0x1111111111111111111111111111111111111111'
const receiver: Address = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B'
const stranger: Address = '0x2222222222222222222222222222222222222222'
const pool: Address = '0x87870Bca3F3fD6335C3F4ce8392D69350B4fA4E2'
const nft: Address = '0x3333333333333333333333333333333333333333'

const flashLoansAbi = parseAbi(['function flashLoanAaveV3(address pool, address asset, uint256 amount, bytes32[] commands, bytes[] state)'])
const erc721Abi = parseAbi(['function safeTransferFrom(address from, address to, uint256 tokenId)'])
const wideAbi = parseAbi(['function wide(uint256 a, uint256 b, uint256 c, uint256 d, uint256 e, uint256 f, uint256 g)'])

describe('decodePlanTargets', () => {
  test('every command target is a callee, read from the encoded words (checksummed, once each, in plan order)', () => {
    const planner = new Planner()
    const amount = addBalanceOfSelf(planner, { helpers, token })
    planner.add(functionCall({ address: stranger, abi: erc20Abi, functionName: 'approve', args: [token, amount] }))
    planner.add(functionCall({ address: token, abi: erc20Abi, functionName: 'transfer', args: [receiver, amount] }))
    addBalanceOfSelf(planner, { helpers, token: stranger })
    expect(decodePlanTargets(planner.plan())).toEqual({ callees: [helpers.balance, stranger, token], payees: [] })
  })

  test('a native payment (a call with empty calldata) makes its receiver a payee, not a callee', () => {
    const planner = new Planner()
    addTransfer(planner, { token: nativeTokenAddress, receiver, amount: 5n })
    expect(decodePlanTargets(planner.plan())).toEqual({ callees: [], payees: [receiver] })
  })

  test('a native sweep of a computed amount still pays the receiver (the value is a handle, the calldata empty)', () => {
    const planner = new Planner()
    addSweep(planner, { helpers, token: nativeTokenAddress, receiver })
    expect(decodePlanTargets(planner.plan())).toEqual({ callees: [helpers.balance], payees: [receiver] })
  })

  test('a raw call with calldata is a callee', () => {
    const planner = new Planner()
    planner.add(rawCall({ address: stranger, data: '0x12345678' }))
    expect(decodePlanTargets(planner.plan())).toEqual({ callees: [stranger], payees: [] })
  })

  test('an address both called and paid is listed once, as a callee', () => {
    const planner = new Planner()
    planner.add(functionCall({ address: stranger, abi: erc20Abi, functionName: 'totalSupply' }).staticcall())
    addTransfer(planner, { token: nativeTokenAddress, receiver: stranger, amount: 1n })
    expect(decodePlanTargets(planner.plan())).toEqual({ callees: [stranger], payees: [] })
  })

  test('an extended command (more than six arguments) takes two words: its target is read and the index word skipped', () => {
    const planner = new Planner()
    const amount = addBalanceOfSelf(planner, { helpers, token })
    planner.add(functionCall({ address: stranger, abi: wideAbi, functionName: 'wide', args: [amount, 2n, 3n, 4n, 5n, 6n, 7n] }))
    planner.add(functionCall({ address: token, abi: erc20Abi, functionName: 'transfer', args: [receiver, 1n] }))
    const plan = planner.plan()
    expect(plan.commands).toHaveLength(4)
    expect(decodePlanTargets(plan)).toEqual({ callees: [helpers.balance, stranger, token], payees: [] })
  })

  test('a safe transfer\'s recipient is a payee (its receiver hook runs when it has code)', () => {
    const planner = new Planner()
    planner.add(functionCall({ address: nft, abi: erc721Abi, functionName: 'safeTransferFrom', args: [self, receiver, 7n] }))
    expect(decodePlanTargets(planner.plan())).toEqual({ callees: [nft], payees: [receiver] })
  })

  test('a recipient computed during execution cannot be read and is skipped', () => {
    const planner = new Planner()
    const computed = planner.add(functionCall({ address: helpers.math, abi: parseAbi(['function who() view returns (address)']), functionName: 'who' }).staticcall())
    planner.add(functionCall({ address: nft, abi: erc721Abi, functionName: 'safeTransferFrom', args: [self, computed, 7n] }))
    expect(decodePlanTargets(planner.plan())).toEqual({ callees: [helpers.math, nft], payees: [] })
  })

  test('a flash loan\'s callback plan is read too: its lender and every target of the callback, nested loans included', () => {
    const innermost = new Planner()
    addTransfer(innermost, { token: nativeTokenAddress, receiver, amount: 1n })
    const inner = new Planner()
    inner.add(functionCall({ address: stranger, abi: erc20Abi, functionName: 'totalSupply' }).staticcall())
    const deeper = innermost.plan()
    inner.add(functionCall({ address: self, abi: flashLoansAbi, functionName: 'flashLoanAaveV3', args: [pool, token, 1n, deeper.commands, deeper.state] }))
    const callback = inner.plan()
    const outer = new Planner()
    outer.add(functionCall({ address: token, abi: erc20Abi, functionName: 'approve', args: [pool, 0n] }))
    outer.add(functionCall({ address: self, abi: flashLoansAbi, functionName: 'flashLoanAaveV3', args: [pool, token, 10n ** 18n, callback.commands, callback.state] }))
    expect(decodePlanTargets(outer.plan())).toEqual({ callees: [token, self, pool, stranger], payees: [receiver] })
  })

  test('an empty plan hands control to nobody', () => {
    expect(decodePlanTargets({ commands: [], state: [] })).toEqual({ callees: [], payees: [] })
  })
})
