import { createTestClient, defineChain, http, publicActions, walletActions, type Address } from 'viem'
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
  return createTestClient({ chain, mode: 'anvil', transport: http(rpcUrl, { batch: false, retryCount: 0, fetchFn }), cacheTime: 0, pollingInterval: 50 })
    .extend(publicActions)
    .extend(walletActions)
}

/** Client type returned by {@link createDevnetClient}. */
export type DevnetClient = ReturnType<typeof createDevnetClient>
