import { BaseError } from '../errors/base.js'
import { chainNames, protocolMetadata } from '../data/protocolMetadata.js'
import { actionInputNames } from '../protocols/bundle/describeActionInputs.js'
import { buildingBlockProtocols, bundleActions, bundleActionsByKey } from '../protocols/bundleRegistry.js'
import { protocolAdapters } from '../protocols/registry.js'
import type { ServiceContext } from './context.js'
import { chainsOf } from './listProtocols.js'
import type { StandardAnswer } from './types.js'

/** A protocol slug we do not serve. */
export class UnknownProtocolSlugError extends BaseError {
  override name = 'UnknownProtocolSlugError'
  constructor({ slug, known }: { slug: string; known: readonly string[] }) {
    super(`Unknown protocol "${slug}".`, { code: 'NOT_FOUND', details: `Known protocols: ${known.join(', ')}` })
  }
}

/**
 * A route edge's own verb → the name the OpenAPI's `StandardAction.action` enum gives that action.
 * The engine keeps its verbs (route steps still say `stake`, `wrap`, `supply`: a hop's `action` is
 * free text); `/standards` lists only published names. Listed here so a new verb outside the enum
 * fails `listStandards.test.ts` instead of reaching clients.
 */
export const publishedActionOf: Readonly<Record<string, string>> = {
  /** Lido: ETH into stETH. */
  stake: 'deposit',
  /** Lido: stETH into wstETH. */
  wrap: 'deposit',
  /** Lido: wstETH back to stETH. */
  unwrap: 'redeem',
  /** Aave V3: an asset into its aToken. */
  supply: 'deposit',
}

/** The bundle argument names of an action; none for a route-only action (an adapter edge without a bundle declaration). */
function inputsOf(protocol: string, action: string): string[] {
  const definition = bundleActionsByKey.get(`${protocol}:${action}`)
  return definition ? actionInputNames(definition) : []
}

/**
 * Protocols and the actions they support, read from the declarations: the adapters' route edges and
 * the bundle actions each protocol declares (the source of the protocol list, spec), with each
 * protocol's website (`url`) and each action's bundle argument names (`inputs`). Action names are
 * the OpenAPI's (route verbs mapped by {@link publishedActionOf}); `details` is the protocol as a
 * `ProtocolModel` (what `GET /standards/{slug}` answers). With `slug`, only that protocol's standard.
 * @throws UnknownProtocolSlugError when `slug` names no protocol
 */
export function listStandards(ctx: ServiceContext, { slug }: { slug?: string | undefined }): StandardAnswer[] {
  const actionsOf = new Map<string, Set<string>>()
  for (const a of protocolAdapters) actionsOf.set(a.slug, new Set(a.actions.map((action) => publishedActionOf[action] ?? action)))
  for (const b of bundleActions) actionsOf.set(b.protocol, (actionsOf.get(b.protocol) ?? new Set()).add(b.action))
  const all = [...actionsOf].map(([protocol, actions]) => {
    const meta = protocolMetadata[protocol]
    const chains = buildingBlockProtocols.has(protocol) ? Object.keys(ctx.chains).map(Number) : chainsOf(ctx, protocol)
    const supportedChains = chains.map((id) => ({ id, name: chainNames[id] ?? `Chain ${id}` }))
    return {
      protocol: { slug: protocol, name: meta?.name ?? protocol, url: meta?.url ?? '' },
      forks: [],
      details: {
        project: meta?.project ?? protocol, slug: protocol, name: meta?.name ?? protocol, description: meta?.description ?? '', url: meta?.url ?? '', logosUri: [], chains: supportedChains,
      },
      actions: [...actions].map((action) => ({
        action,
        name: action.charAt(0).toUpperCase() + action.slice(1),
        // Variant names (singledeposit, tokenizedmultiredeem, …) call what their base action calls.
        functionNames: meta?.functionNames[action] ?? meta?.functionNames[action.replace(/^(tokenized)?(single|multi)/, '')] ?? [],
        supportedChains,
        inputs: inputsOf(protocol, action),
      })),
    }
  })
  if (slug === undefined) return all
  const one = all.filter((s) => s.protocol.slug === slug)
  if (one.length === 0) throw new UnknownProtocolSlugError({ slug, known: all.map((s) => s.protocol.slug) })
  return one
}
