import { erc20Abi, parseAbi, type Address, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import type { Devnet } from '../../chain/devnet/startDevnet.js'
import type { DevnetChain } from '../../chain/devnet/devnetChain.js'
import { getBundle } from '../getBundle.js'
import type { BundleAnswer } from '../types.js'
import { expectOutputsAsExecuted } from './expectOutputsAsExecuted.js'
import { startServiceOnDevnet } from './startServiceOnDevnet.js'
import { revertDevnet } from '../../chain/devnet/revertDevnet.js'

const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const factoryAbi = parseAbi(['function createWallet(address owner) returns (address)', 'function walletAddress(address owner) view returns (address)'])
const walletAbi = parseAbi(['function execute(address target, bytes data) payable returns (bytes)'])

/** What bundle tests on the devnet share: the service, a funded EOA, and ways to send answers for real. */
export type BundleHarness = {
  devnet: Devnet
  chain: DevnetChain
  /** A funded EOA (impersonated) that sends transactions. */
  user: Address
  /** The service context, for calling other use cases. */
  ctx: Awaited<ReturnType<typeof startServiceOnDevnet>>['ctx']
  caller: { accountId: Hex; keyId: string }
  stop(): Promise<void>
  /** A token's address by scenario symbol. */
  tok(symbol: string): Address
  balance(token: Address, who: Address): Promise<bigint>
  /** Calls the bundle use case on chain 1. */
  bundle(params: Record<string, unknown>, actions: unknown[]): Promise<BundleAnswer>
  /**
   * Sends the answer's approvals, then its tx with exactly `gas` as the limit, from the EOA; then checks
   * every action output against the mined transaction's own final state ({@link expectOutputsAsExecuted}).
   */
  sendAsEoa(answer: BundleAnswer): Promise<void>
  /** Creates (or returns) the EOA's smart wallet. */
  createWallet(): Promise<Address>
  /** The EOA makes its wallet DELEGATECALL the answer's tx (bundle answers: outputs checked as above). */
  sendThroughWallet(wallet: Address, answer: { tx: { to: string; data: Hex }; gas: string }): Promise<void>
}

/**
 * Starts the service on a fresh devnet for bundle tests, with a funded, impersonated EOA.
 * @param user - the EOA's address
 */
export async function startBundleHarness(user: Address): Promise<BundleHarness> {
  const { devnet, chain, ctx, stop } = await startServiceOnDevnet()
  await devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 10n ** 21n })
  await chain.client.impersonateAccount({ address: user })
  const caller = { accountId: `0x${'33'.repeat(32)}` as Hex, keyId: 'test' }
  const mined = async (hash: Hex) => {
    const receipt = await chain.client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
  }
  const sy = chain.addressBook.switchyard as unknown as { smartWalletFactory: Address }
  return {
    devnet,
    chain,
    user,
    ctx,
    caller,
    stop,
    tok: (s) => chain.addressBook.tokens[s]!.address,
    balance: (token, who) =>
      token === NATIVE ? chain.client.getBalance({ address: who }) : chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] }),
    bundle: (params, actions) => getBundle(ctx, { params: { chainId: 1, ...params }, actions }, { caller }),
    async sendAsEoa(answer) {
      for (const a of answer.approvals) await mined(await chain.client.sendTransaction({ account: user, to: a.to as Address, data: a.data, chain: chain.client.chain }))
      const hash = await chain.client.sendTransaction({ account: user, to: answer.tx.to as Address, data: answer.tx.data, value: BigInt(answer.tx.value), gas: BigInt(answer.gas), chain: chain.client.chain })
      await mined(hash)
      await expectOutputsAsExecuted(chain.client, answer, hash)
    },
    async createWallet() {
      const existing = await chain.client.readContract({ address: sy.smartWalletFactory, abi: factoryAbi, functionName: 'walletAddress', args: [user] })
      if ((await chain.client.getCode({ address: existing }))?.length) return existing
      await mined(await chain.client.writeContract({ address: sy.smartWalletFactory, abi: factoryAbi, functionName: 'createWallet', args: [user], account: user, chain: chain.client.chain }))
      return existing
    },
    async sendThroughWallet(wallet, answer) {
      const hash = await chain.client.writeContract({ address: wallet, abi: walletAbi, functionName: 'execute', args: [answer.tx.to as Address, answer.tx.data], account: user, chain: chain.client.chain, gas: BigInt(answer.gas) + 50_000n })
      await mined(hash)
      await expectOutputsAsExecuted(chain.client, answer as BundleAnswer, hash)
    },
  }
}

/**
 * Registers the hooks every bundle test file needs — start the harness before the file, stop it after,
 * snapshot the chain before each test and revert after — and returns the harness, filled in once the
 * file's `beforeAll` has run.
 * @param user - the EOA's address
 */
export function useBundleHarness(user: Address): BundleHarness {
  const harness = {} as BundleHarness
  let snap: Hex
  beforeAll(async () => {
    Object.assign(harness, await startBundleHarness(user))
  }, 120_000)
  afterAll(async () => {
    await harness.stop?.()
  })
  beforeEach(async () => {
    snap = await harness.chain.client.snapshot()
  })
  afterEach(async () => {
    await revertDevnet(harness.chain.client, snap)
  })
  return harness
}
