import { chainNames, protocolMetadata } from '../data/protocolMetadata.js'
import { buildingBlockProtocols, bundleActions } from '../protocols/bundleRegistry.js'
import { protocolAdapters } from '../protocols/registry.js'
import type { ServiceContext } from './context.js'
import type { ProtocolAnswer } from './types.js'

/** Chains on which a protocol family has at least one pool in the address book. */
export function chainsOf(ctx: ServiceContext, slug: string): number[] {
  const out: number[] = []
  for (const c of Object.values(ctx.chains)) {
    const b = c.addressBook
    const counts: Record<string, number> = {
      'uniswap-v2': b.uniswapV2.pairs.length,
      'uniswap-v3': b.uniswapV3.pools.length,
      'uniswap-v4': b.uniswapV4?.pools.length ?? 0,
      'balancer-v2': b.balancerV2.pools.length,
      curve: b.curve?.pools.length ?? 0,
      aerodrome: b.aerodrome?.pools.length ?? 0,
      'curve-gauge': b.curve?.gauges?.length ?? 0,
      erc4626: b.erc4626?.vaults.length ?? 0,
      lido: b.lido ? 1 : 0,
      'aave-v3': b.aaveV3?.reserves.length ?? 0,
      'morpho-blue': b.morphoBlue?.markets.length ?? 0,
      pendle: b.pendle?.markets.length ?? 0,
      // A bridge is live where it has a receiver of ours on this chain and can reach another served chain.
      stargate: b.stargate && Object.keys(ctx.chains).length > 1 ? b.stargate.pools.length : 0,
      layerzero: b.stargate && Object.keys(ctx.chains).length > 1 ? b.stargate.pools.length : 0,
      across: b.across && Object.keys(ctx.chains).length > 1 ? b.across.routes.length : 0,
    }
    const count = counts[slug] ?? 0
    if (count > 0) out.push(c.chainId)
  }
  return out
}

/** Venues we serve: every adapter, then protocols reached only through bundle actions (Morpho Blue). */
function servedProtocols(): string[] {
  const slugs = protocolAdapters.map((a) => a.slug)
  for (const b of bundleActions) if (!slugs.includes(b.protocol) && !buildingBlockProtocols.has(b.protocol)) slugs.push(b.protocol)
  return slugs
}

/**
 * The protocols served (the adapters, and the venues bundle actions reach), with the chains each is live on.
 * @returns protocols, filtered by chain and slug
 */
export function listProtocols(ctx: ServiceContext, filter: { chainId?: number | undefined; slug?: string | undefined }): ProtocolAnswer[] {
  return servedProtocols()
    .map((slug) => {
      const meta = protocolMetadata[slug]
      const chains = chainsOf(ctx, slug)
      return {
        project: meta?.project ?? slug,
        slug,
        name: meta?.name ?? slug,
        description: meta?.description ?? '',
        url: meta?.url ?? '',
        logosUri: [],
        chains: chains.map((id) => ({ id, name: chainNames[id] ?? `Chain ${id}` })),
      }
    })
    .filter((p) => (filter.slug === undefined || p.slug === filter.slug) && (filter.chainId === undefined || p.chains.some((c) => c.id === filter.chainId)))
}
