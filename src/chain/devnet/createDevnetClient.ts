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
  return createTestClient({ chain, mode: 'anvil', transport: http(rpcUrl, { batch: false, retryCount: 0, fetchFn, maxResponseBodySize: false }), cacheTime: 0, pollingInterval: 50 })
    .extend(publicActions)
    .extend(walletActions)
    .extend((client) => ({
      /**
       * Polls the receipt by hash. viem's own wait retries on each new block only: if an automining
       * anvil serves a receipt only after moving to its block, no further block may ever come and the
       * wait hangs until its timeout. A timeout says what the node knows of the transaction.
       */
      async waitForTransactionReceipt({ hash, pollingInterval = 20, timeout = 30_000 }: { hash: Hash; pollingInterval?: number | undefined; timeout?: number | undefined }) {
        const started = Date.now()
        for (;;) {
          const receipt = await client.getTransactionReceipt({ hash }).catch((error: unknown) => {
            if (error instanceof TransactionReceiptNotFoundError) return undefined
            throw error
          })
          if (receipt) return receipt
          if (Date.now() - started > timeout) {
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
