import { type Address, erc20Abi, getAddress, parseAbi } from 'viem'
import { describe, expect, test } from 'vitest'
import type { ChainRuntime } from '../chain/connectChains.js'
import { functionCall } from '../encoding/call.js'
import { nativeTokenAddress } from '../encoding/legacyCalldata.js'
import { addBalanceOfSelf, addTransfer } from '../encoding/planActions.js'
import { Planner } from '../encoding/planner.js'
import { snapshotVersionOf } from '../data/snapshotVersionOf.js'
import { externalContractsOf } from './externalContractsOf.js'
import { a, bookOf, PAIR, USDC, WETH } from './testing/sampleAddressBook.js'

const executor = a(51)
const helpers = { balance: a(53), math: a(53), check: a(53) }
const unknownA = getAddress('0x9000000000000000000000000000000000000001')
const unknownB = getAddress('0x1000000000000000000000000000000000000002')
const contractPayee = getAddress('0x5000000000000000000000000000000000000005')
const eoa = getAddress('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')
const wethAbi = parseAbi(['function withdraw(uint256 wad)'])

/** Chain 1 with the sample book; `coded` are the addresses holding code. Records every code read. */
function chainsWith(coded: readonly Address[]) {
  const reads: { address: Address; blockNumber: bigint | undefined }[] = []
  const client = {
    async getCode({ address, blockNumber }: { address: Address; blockNumber?: bigint }) {
      reads.push({ address, blockNumber })
      return coded.some((c) => c.toLowerCase() === address.toLowerCase()) ? '0x6080' : undefined
    },
  }
  const chain = { chainId: 1, rpcUrl: '', source: 'devnet', client, addressBook: bookOf() } as unknown as ChainRuntime
  return { ctx: { chains: { 1: chain } }, reads }
}

describe('externalContractsOf', () => {
  test('book contracts, tokens, our helpers and the executing contract are never listed; unknown callees always, sorted and checksummed', async () => {
    const planner = new Planner()
    const amount = addBalanceOfSelf(planner, { helpers, token: USDC })
    planner.add(functionCall({ address: USDC, abi: erc20Abi, functionName: 'approve', args: [a(13), amount] }))
    planner.add(functionCall({ address: PAIR, abi: erc20Abi, functionName: 'totalSupply' }).staticcall())
    planner.add(functionCall({ address: WETH, abi: wethAbi, functionName: 'withdraw', args: [1n] }))
    planner.add(functionCall({ address: executor, abi: erc20Abi, functionName: 'totalSupply' }).staticcall())
    planner.add(functionCall({ address: unknownA, abi: erc20Abi, functionName: 'totalSupply' }).staticcall())
    planner.add(functionCall({ address: unknownB.toLowerCase() as Address, abi: erc20Abi, functionName: 'totalSupply' }).staticcall())
    const { ctx, reads } = chainsWith([])
    expect(await externalContractsOf(ctx, { plans: [{ chainId: 1, at: { blockNumber: 7n, version: '1:7:aa' }, self: executor, ...planner.plan() }] })).toEqual([unknownB, unknownA])
    // Callees need no code read: a call with calldata to an account without code reverts the plan.
    expect(reads).toEqual([])
  })

  test('a payee of native coin is listed when it holds code at the simulated block, and not when it is an account', async () => {
    const planner = new Planner()
    addTransfer(planner, { token: nativeTokenAddress, receiver: contractPayee, amount: 1n })
    addTransfer(planner, { token: nativeTokenAddress, receiver: eoa, amount: 1n })
    // A book contract paid is known: its code is never read.
    addTransfer(planner, { token: nativeTokenAddress, receiver: a(13), amount: 1n })
    const { ctx, reads } = chainsWith([contractPayee, a(13)])
    expect(await externalContractsOf(ctx, { plans: [{ chainId: 1, at: { blockNumber: 9n, version: '1:9:aa' }, self: executor, ...planner.plan() }] })).toEqual([contractPayee])
    expect(reads).toEqual([{ address: contractPayee, blockNumber: 9n }, { address: eoa, blockNumber: 9n }])
    // Read once per snapshot version.
    expect(await externalContractsOf(ctx, { plans: [{ chainId: 1, at: { blockNumber: 9n, version: '1:9:aa' }, self: executor, ...planner.plan() }] })).toEqual([contractPayee])
    expect(reads).toHaveLength(2)
  })

  test('several plans (a bridge callback) are merged; a plan on an unserved chain is skipped; none → empty', async () => {
    const first = new Planner()
    first.add(functionCall({ address: unknownA, abi: erc20Abi, functionName: 'totalSupply' }).staticcall())
    const second = new Planner()
    second.add(functionCall({ address: unknownA, abi: erc20Abi, functionName: 'totalSupply' }).staticcall())
    addTransfer(second, { token: nativeTokenAddress, receiver: contractPayee, amount: 1n })
    const { ctx } = chainsWith([contractPayee])
    expect(await externalContractsOf(ctx, {
      plans: [{ chainId: 1, at: { blockNumber: 10n, version: '1:10:aa' }, self: executor, ...first.plan() }, { chainId: 1, self: executor, ...second.plan() }, { chainId: 8453, self: executor, ...second.plan() }],
    })).toEqual([contractPayee, unknownA])
    expect(await externalContractsOf(ctx, { plans: [] })).toEqual([])
  })

  test('issue 28 item 6: two chains at the same block number and hash read code each for itself', async () => {
    // The payee is a contract on chain 1 and an account on Base (a wallet deployed on one chain only).
    const one = chainsWith([contractPayee])
    const base = chainsWith([])
    const ctx = { chains: { 1: one.ctx.chains[1], 8453: { ...base.ctx.chains[1], chainId: 8453 } as unknown as ChainRuntime } }
    const planner = new Planner()
    addTransfer(planner, { token: nativeTokenAddress, receiver: contractPayee, amount: 1n })
    const at = (chainId: number) => ({ blockNumber: 77n, version: snapshotVersionOf({ chainId, blockNumber: 77n, hash: `0x${'ee'.repeat(32)}` }) })
    expect(await externalContractsOf(ctx, { plans: [{ chainId: 1, at: at(1), self: executor, ...planner.plan() }] })).toEqual([contractPayee])
    expect(await externalContractsOf(ctx, { plans: [{ chainId: 8453, at: at(8453), self: executor, ...planner.plan() }] })).toEqual([])
    expect([one.reads, base.reads]).toEqual([[{ address: contractPayee, blockNumber: 77n }], [{ address: contractPayee, blockNumber: 77n }]])
  })
})
