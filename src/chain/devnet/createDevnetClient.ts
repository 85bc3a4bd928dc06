import { createTestClient, defineChain, http, publicActions, TransactionReceiptNotFoundError, WaitForTransactionReceiptTimeoutError, walletActions, type Address, type Hash } from 'viem'
import { createNodeFetch } from '../createNodeFetch.js'

const fetchFn = createNodeFetch()

/** The first anvil dev account: deploys and seeds every devnet contract. */
export const devnetDeployer: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/**
 * A viem client with test (anvil_*), public and wallet actions, bound to one devnet node.
 * @param params - rpc URL and chain id
 * @returns the client
 */
export function createDevnetClient({ rpcUrl, chainId }: { rpcUrl: string; chainId: number }) {
  const chain = defineChain({
    id: chainId,
    name: `devnet-${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  // What each recent transaction was sent with, so one the node lost can be sent again.
  const sent = new Map<Hash, unknown>()
  const base = http(rpcUrl, { batch: false, retryCount: 0, fetchFn })
  const transport: typeof base = (options) => {
    const t = base(options)
    const request = (async (args: { method: string; params?: unknown }, opts?: unknown) => {
      const result = await t.request(args as never, opts as never)
      if (args.method === 'eth_sendTransaction') {
        sent.set(result as Hash, args.params)
        if (sent.size > 1_000) sent.delete(sent.keys().next().value!)
      }
      return result
    }) as typeof t.request
    return { ...t, request }
  }
  return createTestClient({ chain, mode: 'anvil', transport, cacheTime: 0, pollingInterval: 50 })
    .extend(publicActions)
    .extend(walletActions)
    .extend((client) => ({
      /**
       * Polls the receipt by hash. viem's own wait retries on each new block only: when an automining
       * anvil has already moved to the transaction's block but does not serve its receipt yet (seen
       * under load), no further block ever comes and the wait hangs until its timeout. After 2 s
       * without a receipt, once: a transaction still pending is mined, and one the node does not know
       * at all (CI saw anvil lose a test's first transaction after an `evm_revert`) is sent again.
       */
      async waitForTransactionReceipt({ hash, pollingInterval = 20, timeout = 30_000 }: { hash: Hash; pollingInterval?: number | undefined; timeout?: number | undefined }) {
        const started = Date.now()
        let nudged = false
        for (;;) {
          const receipt = await client.getTransactionReceipt({ hash }).catch((error: unknown) => {
            if (error instanceof TransactionReceiptNotFoundError) return undefined
            throw error
          })
          if (receipt) {
            sent.delete(hash)
            return receipt
          }
          const waited = Date.now() - started
          if (!nudged && waited > Math.min(2_000, timeout / 2)) {
            nudged = true
            const tx = await client.getTransaction({ hash }).catch(() => undefined)
            const params = sent.get(hash)
            if (tx && tx.blockNumber === null) await client.mine({ blocks: 1 }).catch(() => {})
            else if (!tx && params !== undefined) {
              sent.delete(hash)
              hash = (await client.request({ method: 'eth_sendTransaction', params } as never)) as Hash
            }
          }
          if (waited > timeout) {
            // Say what the node knows, so a stuck transaction can be told from a lost one.
            const error = new WaitForTransactionReceiptTimeoutError({ hash })
            const tx = await client.getTransaction({ hash }).catch(() => undefined)
            if (!tx) {
              const head = await client.getBlock({ includeTransactions: true }).catch(() => undefined)
              const mined = head?.transactions.map((t) => `${t.hash.slice(0, 10)} from ${t.from.slice(0, 8)} nonce ${t.nonce}`).join(', ')
              error.message += ` (the node does not know the transaction; head ${head?.number} holds [${mined ?? '?'}])`
            } else {
              const [latest, pending] = await Promise.all([
                client.getTransactionCount({ address: tx.from }).catch(() => undefined),
                client.getTransactionCount({ address: tx.from, blockTag: 'pending' }).catch(() => undefined),
              ])
              error.message += ` (block ${tx.blockNumber ?? 'pending'}, nonce ${tx.nonce}; sender's nonce ${latest} latest, ${pending} pending)`
            }
            throw error
          }
          await new Promise((r) => setTimeout(r, pollingInterval))
        }
      },
    }))
}

/** Client type returned by {@link createDevnetClient}. */
export type DevnetClient = ReturnType<typeof createDevnetClient>
