import type { ServiceContext } from './context.js'
import type { NetworkAnswer } from './types.js'

const names: Record<number, string> = { 1: 'Ethereum', 8453: 'Base', 10: 'Optimism', 42161: 'Arbitrum', 137: 'Polygon', 56: 'BNB Chain' }

/**
 * Networks this deployment serves, filtered by name (case-insensitive substring) or chain id;
 * `isConnected` is true when the chain's node answers `eth_chainId` with the right id.
 */
export async function listNetworks(ctx: ServiceContext, filter: { name?: string | undefined; chainId?: number | undefined }): Promise<NetworkAnswer[]> {
  const all = await Promise.all(
    Object.values(ctx.chains).map(async (c) => {
      const isConnected = await c.client.getChainId().then((id) => id === c.chainId, () => false)
      return { id: c.chainId, name: names[c.chainId] ?? `Chain ${c.chainId}`, isConnected }
    }),
  )
  return all.filter((n) => (filter.chainId === undefined || n.id === filter.chainId) && (!filter.name || n.name.toLowerCase().includes(filter.name.toLowerCase())))
}
