import type { DiscoveryStatus } from '../chain/discovery/discoveryStatus.js'
import type { ServiceContext } from './context.js'
import type { NetworkAnswer, NetworkIndexAnswer } from './types.js'

const names: Record<number, string> = { 1: 'Ethereum', 8453: 'Base', 10: 'Optimism', 42161: 'Arbitrum', 137: 'Polygon', 56: 'BNB Chain' }

/**
 * Networks this deployment serves, filtered by name (case-insensitive substring) or chain id;
 * `isConnected` is true when the chain's node answers `eth_chainId` with the right id. A chain on an
 * external node also carries `index`: how far its pools were discovered from logs, the liquidity floor
 * and how many pools are indexed and above it.
 */
export async function listNetworks(ctx: ServiceContext, filter: { name?: string | undefined; chainId?: number | undefined }): Promise<NetworkAnswer[]> {
  const all = await Promise.all(
    Object.values(ctx.chains).map(async (c): Promise<NetworkAnswer> => {
      const isConnected = await c.client.getChainId().then((id) => id === c.chainId, () => false)
      return { id: c.chainId, name: names[c.chainId] ?? `Chain ${c.chainId}`, isConnected, ...(c.discovery ? { index: networkIndexOf(c.discovery) } : {}) }
    }),
  )
  return all.filter((n) => (filter.chainId === undefined || n.id === filter.chainId) && (!filter.name || n.name.toLowerCase().includes(filter.name.toLowerCase())))
}

/** The index part of a network answer, from what discovery reported. */
function networkIndexOf(status: DiscoveryStatus): NetworkIndexAnswer {
  const protocols = Object.entries(status.pools).map(([protocol, c]) => ({ protocol, indexed: c.indexed, aboveFloor: c.aboveFloor }))
  return {
    indexedBlock: Number(status.indexedBlock),
    minPoolTvlUsd: status.minPoolTvlUsd,
    poolsIndexed: protocols.reduce((n, p) => n + p.indexed, 0),
    poolsAboveFloor: protocols.reduce((n, p) => n + p.aboveFloor, 0),
    protocols,
  }
}
