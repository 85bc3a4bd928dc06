import { erc20Abi, type Address, type Hex } from 'viem'
import { expect } from 'vitest'
import type { Devnet } from '../../chain/devnet/startDevnet.js'
import type { DevnetChain } from '../../chain/devnet/devnetChain.js'
import { createRelayer, memoryCursorStore, type CreateRelayerParameters, type Relayer } from '../../relayer/createRelayer.js'
import { createMonotonicHead } from './createMonotonicHead.js'
import { untilSettled } from './untilSettled.js'
import { startServiceOnDevnet } from './startServiceOnDevnet.js'

const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/** What cross-chain tests share: both devnet chains, the service on both, a funded EOA, and a relayer. */
export type CrossChainHarness = {
  devnet: Devnet
  chains: Record<number, DevnetChain>
  user: Address
  ctx: Awaited<ReturnType<typeof startServiceOnDevnet>>['ctx']
  caller: { accountId: Hex; keyId: string }
  /** The running relayer (started with the harness; restart it with {@link CrossChainHarness.startRelayer}). */
  relayer: Relayer
  startRelayer(params?: Partial<CreateRelayerParameters>): Relayer
  tok(chainId: number, symbol: string): Address
  balance(chainId: number, token: Address, who: Address): Promise<bigint>
  /** Sends `approvals` then `tx` (with exactly `gas`) from the EOA on `chainId`; returns the tx receipt's hash. */
  send(chainId: number, answer: { approvals?: readonly { to: string; data: Hex }[]; tx: { to: string; data: Hex; value: string }; gas: string }): Promise<Hex>
  /** Waits until `check` holds, ticking the relayer; fails after `timeoutMs`. */
  until(check: () => Promise<boolean>, timeoutMs?: number): Promise<number>
  stop(): Promise<void>
}

/**
 * Starts chains 1 and 8453 with the service on both and a relayer between them, and funds `user`
 * with ETH on both chains (impersonated there).
 */
export async function startCrossChainHarness(user: Address, relayer: Partial<CreateRelayerParameters> = {}): Promise<CrossChainHarness> {
  const { devnet, ctx, stop } = await startServiceOnDevnet({ chains: [1, 8453] })
  const chains = devnet.chains
  for (const id of [1, 8453]) {
    await devnet.fund({ chainId: id, address: user, token: 'ETH', amount: 10n ** 21n })
    await chains[id]!.client.impersonateAccount({ address: user })
  }
  const relayerChains = [1, 8453].map((id) => ({ chainId: id, client: chains[id]!.client, book: chains[id]!.addressBook }))
  const store = memoryCursorStore()
  // Skip what the devnet build already delivered: start at the current heads.
  for (const c of relayerChains) {
    const head = await c.client.getBlock()
    store.set(c.chainId, { block: head.number, hash: head.hash })
  }
  // Reads are pinned to the head, and never to a block before one a read already used (issue 28, item 10).
  const heads = Object.fromEntries([1, 8453].map((id) => [id, createMonotonicHead(() => chains[id]!.client.getBlockNumber({ cacheTime: 0 }))]))
  const harness: CrossChainHarness = {
    devnet,
    chains,
    user,
    ctx,
    caller: { accountId: `0x${'44'.repeat(32)}` as Hex, keyId: 'test' },
    relayer: createRelayer({ chains: relayerChains, store, pollMs: 50, ...relayer }),
    startRelayer(params = {}) {
      harness.relayer = createRelayer({ chains: relayerChains, store, pollMs: 50, ...params })
      return harness.relayer
    },
    tok: (chainId, symbol) => chains[chainId]!.addressBook.tokens[symbol]!.address,
    // Read at the head's number, not `latest`: while the relayer mines, anvil can answer a `latest`
    // read from state no block holds yet (CI once saw a delivery there that the next read lacked).
    balance: async (chainId, token, who) => {
      const client = chains[chainId]!.client
      const blockNumber = await heads[chainId]!()
      return token.toLowerCase() === NATIVE.toLowerCase()
        ? client.getBalance({ address: who, blockNumber })
        : client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who], blockNumber })
    },
    async send(chainId, answer) {
      const client = chains[chainId]!.client
      for (const a of answer.approvals ?? []) {
        const r = await client.waitForTransactionReceipt({ hash: await client.sendTransaction({ account: user, to: a.to as Address, data: a.data, chain: client.chain }) })
        expect(r.status).toBe('success')
      }
      const hash = await client.sendTransaction({ account: user, to: answer.tx.to as Address, data: answer.tx.data, value: BigInt(answer.tx.value), gas: BigInt(answer.gas), chain: client.chain })
      const receipt = await client.waitForTransactionReceipt({ hash })
      if (receipt.status !== 'success') {
        // Say why: the same call at the parent block, with the receipt's gas use against the limit.
        const why = await client.call({ account: user, to: answer.tx.to as Address, data: answer.tx.data, value: BigInt(answer.tx.value), gas: BigInt(answer.gas), blockNumber: receipt.blockNumber - 1n }).then(() => 'succeeds at the parent block', (e: Error) => e.message.split('\n').slice(0, 3).join(' '))
        expect.fail(`tx ${hash} reverted (gas used ${receipt.gasUsed} of ${answer.gas}): ${why}`)
      }
      return hash
    },
    async until(check, timeoutMs = 10_000) {
      // On settled state: what the check saw is then in a block before the head (see untilSettled).
      return untilSettled(check, async () => {
        for (const id of [1, 8453]) await chains[id]!.client.mine({ blocks: 1 })
      }, timeoutMs)
    },
    async stop() {
      await harness.relayer.stop()
      await stop()
    },
  }
  return harness
}
