import { describe, expect, test } from 'vitest'
import { statusBridgeProtocols } from '../../schemas/bridgeStatusQuery.js'
import { splitIgnoreFilters } from '../../service/splitIgnoreFilters.js'
import { bundleActions, servedBridgeProtocols } from '../bundleRegistry.js'
import { bridgeCandidates, bridgeNames } from './bridgeCandidates.js'
import { bridgeAdapters } from './registry.js'

// Issue 28 item 4: a bridge is left out by every name it answers to (LayerZero for Stargate's transport,
// each protocol's slug), in any case; entries naming no bridge are reported and leave out nothing.

/** Two routes of every bridge to chain 8453 and one to chain 10. */
const routes = bridgeAdapters.flatMap((a) => [
  { protocol: a.slug, primary: `${a.slug}-1`, destinationChainId: 8453 },
  { protocol: a.slug, primary: `${a.slug}-2`, destinationChainId: 8453 },
  { protocol: a.slug, primary: `${a.slug}-3`, destinationChainId: 10 },
])
const toBase = routes.filter((r) => r.destinationChainId === 8453)

/** The spellings a caller may send: as listed, upper, capitalised, and each letter alternating (LaYeRzErO). */
const spellings = (name: string) => [
  name,
  name.toUpperCase(),
  name[0]!.toUpperCase() + name.slice(1),
  [...name].map((c, i) => (i % 2 ? c : c.toUpperCase())).join(''),
]

/** What getRoute does with a request's ignore lists before the cross-chain route sees them. */
function asGetRouteFilters(ignoreBridges: string[]) {
  const { known, unknown } = splitIgnoreFilters({ ignoreStandards: [], ignoreAggregators: [], ignoreBridges })
  return { candidates: bridgeCandidates(routes, { destinationChainId: 8453, ignoreBridges: known.ignoreBridges }), unknown }
}

describe('bridgeCandidates: ignoreBridges by every name a bridge answers to', () => {
  test('every name a bridge goes by elsewhere (bundle bridge actions, the served list, bridge status) is one of its names; names are lowercase, slug first, never shared', () => {
    const elsewhere = [
      ...bundleActions.filter((a) => a.action === 'bridge').map((a) => a.protocol),
      ...servedBridgeProtocols,
      ...statusBridgeProtocols,
    ]
    expect(elsewhere.filter((n) => !bridgeNames.has(n))).toEqual([])
    for (const a of bridgeAdapters) {
      expect(a.names[0]).toBe(a.slug)
      for (const n of a.names) expect(n).toBe(n.toLowerCase())
    }
    const all = bridgeAdapters.flatMap((a) => a.names)
    expect(new Set(all).size).toBe(all.length)
    // The transport is a name of the bridge that travels over it.
    expect(bridgeAdapters.find((a) => a.slug === 'stargate')?.names).toContain('layerzero')
  })

  const cases = bridgeAdapters.flatMap((a) => a.names.flatMap((name) => spellings(name).map((sent) => [a.slug, name, sent] as const)))
  test.each(cases)('%s: ignoreBridges [%s] sent as %s leaves out all its routes and only them, and is not reported', (slug, name, sent) => {
    const { candidates, unknown } = asGetRouteFilters([sent])
    expect(unknown).toEqual([])
    expect(candidates).toEqual(toBase.filter((r) => r.protocol !== slug))
    // The bundle's cross-chain `enso route` passes its list as sent, without the split.
    expect(bridgeCandidates(routes, { destinationChainId: 8453, ignoreBridges: [sent] })).toEqual(candidates)
    expect(splitIgnoreFilters({ ignoreStandards: [], ignoreAggregators: [], ignoreBridges: [sent] }).known.ignoreBridges).toEqual([name])
  })

  test('every name of every bridge together leaves no candidate', () => {
    expect(asGetRouteFilters([...bridgeNames].map((n) => n.toUpperCase())).candidates).toEqual([])
  })

  test('names no bridge answers to are reported as sent, never refused, and leave out nothing', () => {
    const sent = ['ccip', 'Relay', 'CCTP', 'stargate-v2', 'layer-zero', 'acrossv3', '']
    const { candidates, unknown } = asGetRouteFilters(sent)
    expect(candidates).toEqual(toBase)
    expect(unknown).toEqual(sent.map((s) => `ignoreBridges=${s}`))
    // Mixed with a known name, the known one still applies.
    expect(asGetRouteFilters(['ccip', 'Across']).candidates).toEqual(toBase.filter((r) => r.protocol !== 'across'))
  })

  test('only routes to the destination are candidates', () => {
    expect(bridgeCandidates(routes, { destinationChainId: 10, ignoreBridges: [] })).toEqual(routes.filter((r) => r.destinationChainId === 10))
    expect(bridgeCandidates(routes, { destinationChainId: 42161, ignoreBridges: [] })).toEqual([])
  })
})
