/**
 * Test support: what the getBundle test files share — the service on a fresh devnet, a funded EOA, and ways
 * to send an answer for real (as the EOA, or through a smart wallet) and check it executed as answered.
 */
import { erc20Abi, parseAbi, type Address, type Hex, type TransactionReceipt } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import type { DevnetChain } from '../../chain/devnet/devnetChain.js'
import { revertDevnet } from '../../chain/devnet/revertDevnet.js'
import type { Devnet } from '../../chain/devnet/startDevnet.js'
import { getBundle } from '../getBundle.js'
import type { BundleAnswer } from '../types.js'
import { expectOutputsAsExecuted } from './expectOutputsAsExecuted.js'
import { startServiceOnDevnet } from './startServiceOnDevnet.js'

const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const factoryAbi = parseAbi(['function createWallet(address owner) returns (address)', 'function walletAddress(address owner) view returns (address)'])
const walletAbi = parseAbi(['function execute(address target, bytes data) payable returns (bytes)'])

/** The Aave V3 part of the devnet's address book. */
type AaveV3Book = { aaveV3: { pool: Address; reserves: { asset: Address; aToken: Address; variableDebtToken: Address; symbol: string }[] } }

/** What {@link useGetBundleTestbed} returns; `devnet`, `chain` and `ctx` are set once the file's `beforeAll` ran. */
export type GetBundleTestbed = {
  devnet: Devnet
  chain: DevnetChain
  ctx: Awaited<ReturnType<typeof startServiceOnDevnet>>['ctx']
  /** The EOA (impersonated, funded with 1,000 ETH) that sends transactions. */
  user: Address
  /** Another account, a receiver. */
  other: Address
  /** The caller every bundle is asked for. */
  caller: { accountId: Hex; keyId: string }
  /** A token's address by scenario symbol. */
  tok(symbol: string): Address
  /** The address book, with its Aave V3 deployment. */
  book(): DevnetChain['addressBook'] & AaveV3Book
  /** A token balance (the native coin for its placeholder address). */
  balance(token: Address, who: Address): Promise<bigint>
  /** Calls the bundle use case on chain 1. */
  bundle(params: Record<string, unknown>, actions: unknown[]): Promise<BundleAnswer>
  /** Waits for a transaction and expects it to succeed. */
  mined(hash: Hex): Promise<TransactionReceipt>
  /**
   * Sends the answer's approvals, then its tx with exactly `gas` as the limit, from the EOA: mined in the
   * block after the approvals, every action output as executed ({@link expectOutputsAsExecuted}).
   */
  sendAsEoa(answer: BundleAnswer): Promise<TransactionReceipt>
  /** Creates the EOA's smart wallet. */
  createWallet(): Promise<Address>
  /** The EOA makes its wallet DELEGATECALL the answer's tx (50,000 gas above `gas`); outputs checked as above. */
  sendThroughWallet(wallet: Address, answer: BundleAnswer): Promise<TransactionReceipt>
}

/**
 * Registers the hooks a getBundle test file needs — start the service on a devnet before the file, stop
 * it after, snapshot the chain before each test and revert after — and returns the testbed.
 */
export function useGetBundleTestbed(): GetBundleTestbed {
  const user: Address = '0x00000000000000000000000000000000000b0d1e'
  const caller = { accountId: `0x${'22'.repeat(32)}` as Hex, keyId: 'test' }
  let stop: (() => Promise<void>) | undefined
  let snap: Hex
  const testbed: GetBundleTestbed = {
    devnet: undefined as unknown as Devnet,
    chain: undefined as unknown as DevnetChain,
    ctx: undefined as unknown as GetBundleTestbed['ctx'],
    user,
    other: '0x00000000000000000000000000000000000b0d2e',
    caller,
    tok: (s) => testbed.chain.addressBook.tokens[s]!.address,
    book: () => testbed.chain.addressBook as ReturnType<GetBundleTestbed['book']>,
    balance: (token, who) =>
      token === NATIVE ? testbed.chain.client.getBalance({ address: who }) : testbed.chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] }),
    bundle: (params, actions) => getBundle(testbed.ctx, { params: { chainId: 1, ...params }, actions }, { caller }),
    async mined(hash) {
      const receipt = await testbed.chain.client.waitForTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
      return receipt
    },
    async sendAsEoa(answer) {
      const { chain, mined } = testbed
      for (const a of answer.approvals) await mined(await chain.client.sendTransaction({ account: user, to: a.to as Address, data: a.data, chain: chain.client.chain }))
      const receipt = await mined(await chain.client.sendTransaction({ account: user, to: answer.tx.to as Address, data: answer.tx.data, value: BigInt(answer.tx.value), gas: BigInt(answer.gas), chain: chain.client.chain }))
      expect(receipt.blockNumber).toBe(BigInt(answer.createdAt) + 1n + BigInt(answer.approvals.length))
      await expectOutputsAsExecuted(chain.client, answer, receipt.transactionHash)
      return receipt
    },
    async createWallet() {
      const { chain, mined } = testbed
      const sy = chain.addressBook.switchyard as unknown as { smartWalletFactory: Address }
      await mined(await chain.client.writeContract({ address: sy.smartWalletFactory, abi: factoryAbi, functionName: 'createWallet', args: [user], account: user, chain: chain.client.chain }))
      return chain.client.readContract({ address: sy.smartWalletFactory, abi: factoryAbi, functionName: 'walletAddress', args: [user] })
    },
    async sendThroughWallet(wallet, answer) {
      const { chain, mined } = testbed
      const receipt = await mined(await chain.client.writeContract({ address: wallet, abi: walletAbi, functionName: 'execute', args: [answer.tx.to as Address, answer.tx.data], account: user, chain: chain.client.chain, gas: BigInt(answer.gas) + 50_000n }))
      await expectOutputsAsExecuted(chain.client, answer, receipt.transactionHash)
      return receipt
    },
  }
  beforeAll(async () => {
    const started = await startServiceOnDevnet()
    ;({ devnet: testbed.devnet, chain: testbed.chain, ctx: testbed.ctx, stop } = started)
    await testbed.devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 10n ** 21n })
    await testbed.chain.client.impersonateAccount({ address: user })
  }, 120_000)
  afterAll(async () => {
    await stop?.()
  })
  beforeEach(async () => {
    snap = await testbed.chain.client.snapshot()
  })
  afterEach(async () => {
    await revertDevnet(testbed.chain.client, snap)
  })
  return testbed
}
