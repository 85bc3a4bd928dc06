import { encodeErrorResult, pad, parseAbi, toHex, type Address, type Hex } from 'viem'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { BundleRevertedError } from '../../errors/bundle.js'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import type { SimulateTransactionParameters, SimulateTransactionReturnType } from '../../simulate/simulateTransaction.js'
import { bookOf } from '../testing/sampleAddressBook.js'
import type { ChainRuntime } from '../../chain/connectChains.js'
import { DELEGATE_SIMULATOR_TARGET_SLOT } from '../withDelegateSimulator.js'

// The node is replaced by a scripted eth_simulateV1 and a scripted sender-state read (no chain).
const sims: { params: SimulateTransactionParameters; answer: SimulateTransactionReturnType }[] = []
let script: ((p: SimulateTransactionParameters) => SimulateTransactionReturnType) | undefined
const prepared: { args: unknown[] } = { args: [] }
vi.mock('../../simulate/simulateTransaction.js', () => ({
  simulateTransaction: vi.fn(async (_client: unknown, params: SimulateTransactionParameters) => {
    // the overrides as they were at the call (a later mutation must not hide a wrong one)
    const answer = script!(params)
    sims.push({ params: structuredClone(params), answer })
    return answer
  }),
}))
vi.mock('../prepareSenderOverrides.js', () => ({
  prepareSenderOverrides: vi.fn(async (...args: unknown[]) => {
    prepared.args = args
    return { overrides: { [sender]: { balance: '0x1' as Hex }, [wallet]: { stateDiff: { [`0x${'05'.repeat(32)}`]: `0x${'06'.repeat(32)}` } } }, setup: [{ from: holder, to: token, data: '0xa9059cbb' as Hex }] }
  }),
}))

const { simulateBundle } = await import('./simulateBundle.js')

const sender: Address = '0x00000000000000000000000000000000000005e1'
const wallet: Address = '0x000000000000000000000000000000000000aa11'
const holder: Address = '0x000000000000000000000000000000000000b01d'
const token: Address = '0x000000000000000000000000000000000000700c'
const token2: Address = '0x000000000000000000000000000000000000700d'
const receiver: Address = '0x000000000000000000000000000000000000Abcd'
const other: Address = '0x000000000000000000000000000000000000c0c0'
const router: Address = '0x0000000000000000000000000000000000007007'
const executor: Address = '0x000000000000000000000000000000000000e8ec'
const delegateContract: Address = '0x000000000000000000000000000000000000de1e'
const book = bookOf()
const chain = { chainId: 1, rpcUrl: 'http://unused', source: 'devnet', client: { tag: 'client' }, addressBook: book } as unknown as ChainRuntime
const snapshot = { version: '1:100', chainId: 1, blockNumber: 100n, timestamp: 1_700_000_000n, pools: [] }
const deliveries = [{ token, receiver, estimate: 1n }, { token: token2, receiver: other, estimate: undefined }]
const funding = [{ token, amount: 5n }]
const first = { data: '0xf1' as Hex, value: 0n }
const ok = (gasUsed: bigint, amountsOut: bigint[], returnData: Hex = '0xbeef'): SimulateTransactionReturnType => ({ status: 'success', gasUsed, amountsOut, blockNumber: 101n, returnData, logs: [{ address: token, topics: [], data: '0x' }] })

beforeEach(() => {
  sims.length = 0
  script = undefined
})

describe('simulateBundle under the router', () => {
  test('funds the sender for the router, measures every delivery at its receiver, then proves a gas limit for the final transaction built from the deltas', async () => {
    const finals: bigint[][] = []
    // the final transaction needs 260 000 gas available
    script = (p) => (p.tx.data === '0xf1' ? ok(200_000n, [40n, 3n]) : p.tx.gas! >= 260_000n ? ok(205_000n, [40n, 3n]) : { status: 'reverted', gasUsed: p.tx.gas!, revertData: undefined, message: 'out of gas', blockNumber: 101n })
    const out = await simulateBundle(chain, {
      snapshot, target: { delegate: false, self: executor, to: router }, fromAddress: sender, receiver, deliveries, funding, first,
      final: (deltas) => (finals.push(deltas), { data: '0xf2', value: 0n }),
    })
    expect(prepared.args[0]).toBe(chain.client)
    expect(prepared.args[1]).toMatchObject({ blockNumber: 100n, stateVersion: '1:100', from: sender, spender: router, inputs: funding, multicall3: book.multicall3 })
    expect(finals).toEqual([[40n, 3n]])
    const [m] = sims
    expect(m!.params).toMatchObject({
      blockNumber: 100n, parentTimestamp: 1_700_000_000n, tx: { from: sender, to: router, data: '0xf1', value: 0n }, receiver,
      tokensOut: [token, token2], accounts: [receiver, other], multicall3: book.multicall3,
    })
    // the router strategy keeps the prepared overrides as they are, setup included
    expect(m!.params.overrides).toEqual({ [sender]: { balance: '0x1' }, [wallet]: { stateDiff: { [`0x${'05'.repeat(32)}`]: `0x${'06'.repeat(32)}` } } })
    expect(m!.params.setup).toEqual([{ from: holder, to: token, data: '0xa9059cbb' }])
    expect(m!.params.tx.gas).toBeUndefined()
    const proofs = sims.slice(1)
    expect(proofs.every((s) => s.params.tx.data === '0xf2' && s.params.tx.to === router)).toBe(true)
    // the answer is the limit of the last (successful) proof run, plus the calldata margin
    const last = proofs.at(-1)!
    expect(last.answer.status).toBe('success')
    expect(proofs.slice(0, -1).every((s) => s.answer.status === 'reverted')).toBe(true)
    expect(out.gas).toBe(last.params.tx.gas! + 1_500n)
    expect(out.gas).toBeGreaterThanOrEqual(260_000n)
    expect(out).toMatchObject({ deltas: [40n, 3n], returnData: '0xbeef', logs: [{ address: token, topics: [], data: '0x' }] })
  })

  test('the first limit tried is used when it holds', async () => {
    script = () => ok(100_000n, [1n, 0n])
    const out = await simulateBundle(chain, { snapshot, target: { delegate: false, self: executor, to: router }, fromAddress: sender, receiver, deliveries, funding, first, final: () => ({ data: '0xf2', value: 0n }) })
    expect(sims).toHaveLength(2)
    expect(out.gas).toBe(sims[1]!.params.tx.gas! + 1_500n)
    expect(sims[1]!.params.tx.gas!).toBeGreaterThan(100_000n)
  })

  test('proveGas false: one run; gas is what it used, the final transaction is never built', async () => {
    script = () => ok(77_000n, [9n, 0n], '0x1234')
    const out = await simulateBundle(chain, {
      snapshot, target: { delegate: false, self: executor, to: router }, fromAddress: sender, receiver, deliveries, funding, first,
      final: () => { throw new Error('not built') }, proveGas: false,
    })
    expect(sims).toHaveLength(1)
    expect(out).toMatchObject({ deltas: [9n, 0n], gas: 77_000n, returnData: '0x1234', logs: [{ address: token, topics: [], data: '0x' }] })
    expect(Object.keys(out).sort()).toEqual(['deltas', 'gas', 'logs', 'overrides', 'returnData', 'setup'])
  })

  test('a revert is BundleRevertedError with the decoded reason', async () => {
    const data = encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: ['nope'] })
    script = () => ({ status: 'reverted', gasUsed: 1n, revertData: data, message: 'execution reverted', blockNumber: 101n })
    const error = await simulateBundle(chain, { snapshot, target: { delegate: false, self: executor, to: router }, fromAddress: sender, receiver, deliveries, funding, first, final: () => first }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BundleRevertedError)
    expect((error as BundleRevertedError).reason).toContain('nope')
    expect(sims).toHaveLength(1)
  })
})

describe('simulateBundle under the delegate strategy', () => {
  const code = loadContractArtifact('SwitchyardDelegateSimulator').deployedBytecode

  test('funds the wallet (no spender), runs the call at the wallet with the forwarder installed; with value the sender gets it plus 1 ETH', async () => {
    script = () => ok(50_000n, [4n, 0n])
    await simulateBundle(chain, {
      snapshot, target: { delegate: true, self: wallet, to: delegateContract }, fromAddress: sender, receiver, deliveries, funding, first: { data: '0xf1', value: 3n }, final: () => ({ data: '0xf1', value: 3n }),
    })
    expect(prepared.args[1]).toMatchObject({ from: wallet, spender: undefined })
    const [m] = sims
    expect(m!.params.tx).toMatchObject({ from: sender, to: wallet, value: 3n })
    expect(m!.params.overrides![wallet]).toEqual({ code, stateDiff: { [`0x${'05'.repeat(32)}`]: `0x${'06'.repeat(32)}`, [DELEGATE_SIMULATOR_TARGET_SLOT]: pad(delegateContract) } })
    expect(m!.params.overrides![sender]).toEqual({ balance: toHex(3n + 10n ** 18n) })
    expect(sims.slice(1).every((s) => s.params.tx.to === wallet)).toBe(true)
  })

  test('without value the sender\'s overrides are left as prepared', async () => {
    script = () => ok(50_000n, [4n, 0n])
    await simulateBundle(chain, { snapshot, target: { delegate: true, self: wallet, to: delegateContract }, fromAddress: sender, receiver, deliveries, funding, first, final: () => first, proveGas: false })
    expect(sims[0]!.params.overrides![sender]).toEqual({ balance: '0x1' })
  })
})
