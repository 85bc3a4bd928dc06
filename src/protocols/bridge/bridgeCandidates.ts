import { bridgeAdapters } from './registry.js'

/** Parameters of {@link bridgeCandidates}. */
export type BridgeCandidatesParameters = {
  /** The chain the candidates must reach. */
  destinationChainId: number
  /** The caller's `ignoreBridges`: any name a bridge answers to (its adapter's `names`), in any case; other entries leave out nothing. */
  ignoreBridges: readonly string[]
}

/** Every name {@link bridgeCandidates} leaves a bridge out by (lowercase): what `ignoreBridges` knows. */
export const bridgeNames: ReadonlySet<string> = new Set(bridgeAdapters.flatMap((a) => a.names))

/**
 * The bridge routes a cross-chain request may use: those reaching `destinationChainId` whose bridge
 * answers to no name in `ignoreBridges` (case-insensitive). The one filter of the route endpoint's
 * cross-chain routes and of a bundle's cross-chain `enso route`, so a bridge is left out by the same
 * names on every path (`layerzero` leaves out Stargate, which travels over it).
 * @param routes - the bridge edges from the source chain (each names its adapter's slug)
 * @param params - {@link BridgeCandidatesParameters}
 * @returns the routes kept, in their order
 */
export function bridgeCandidates<R extends { protocol: string; destinationChainId: number }>(routes: readonly R[], { destinationChainId, ignoreBridges }: BridgeCandidatesParameters): R[] {
  const ignored = new Set(ignoreBridges.map((b) => b.toLowerCase()))
  const left = new Set(bridgeAdapters.filter((a) => a.names.some((n) => ignored.has(n))).map((a) => a.slug as string))
  return routes.filter((r) => r.destinationChainId === destinationChainId && !left.has(r.protocol))
}
