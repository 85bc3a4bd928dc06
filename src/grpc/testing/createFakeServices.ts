import { OverloadedError } from '../../errors/admission.js'
import type { SwitchyardServices } from '../../service/switchyardServices.js'
import type { CallOptions } from '../../service/types.js'
import {
  sampleActions,
  sampleApproveAnswer,
  sampleBridgePool,
  sampleBridgeStatus,
  sampleBundleAnswer,
  sampleNetworks,
  sampleNontokenizedAnswer,
  sampleNontokenizedRouteAnswer,
  samplePrice,
  sampleProjects,
  sampleProtocols,
  sampleQuoteAnswer,
  sampleRouteAnswer,
  sampleStandards,
  sampleTokens,
  sampleVolume,
  sampleWalletBalances,
} from './sampleAnswers.js'

/** One recorded use-case call. */
export type RecordedCall = {
  method: 'route' | 'quote' | 'replay' | 'approve' | 'bundle' | 'nontokenizedRoute' | 'nontokenized' | 'networks' | 'protocols' | 'standards' | 'projects' | 'tokens' | 'prices' | 'volume' | 'bridgePools' | 'bridgeStatus' | 'walletBalances' | 'actions' | 'aggregators' | 'projectProtocols'
  request: unknown
  options: CallOptions & { requireVariableEstimates?: boolean }
}

/** A fake {@link SwitchyardServices}: records every call; behaviour per method is replaceable. */
export type FakeServices = SwitchyardServices & {
  calls: RecordedCall[]
  impl: SwitchyardServices
}

/** As the real route-work use cases answer a call past the in-flight bound with nothing to join: OVERLOADED. */
function unlessJoinOnly<T>(answer: T): (request: unknown, options: CallOptions) => Promise<T> {
  return async (_request, options) => {
    if (options.joinOnly === true) throw new OverloadedError({ retryAfterSeconds: 1 })
    return answer
  }
}

/**
 * Builds a {@link FakeServices} answering the canned samples. `prices` answers {@link samplePrice}
 * (with the requested chain and address) for WETH and null for any other address. The route-work
 * calls (route, quote, bundle, non-tokenized route) refuse a call past the in-flight bound
 * (`joinOnly`) OVERLOADED, as the real use cases do when there is nothing identical in flight to join.
 */
export function createFakeServices(): FakeServices {
  const calls: RecordedCall[] = []
  const impl: FakeServices['impl'] = {
    route: unlessJoinOnly(sampleRouteAnswer),
    quote: unlessJoinOnly(sampleQuoteAnswer),
    approve: async () => sampleApproveAnswer,
    replay: async () => ({ same: true, chainId: 1, blockNumber: '100', amountOut: '1000', amountsOut: ['1000'], expectedAmountsOut: ['1000'], gasUsed: '120000', differences: [] }),
    bundle: unlessJoinOnly(sampleBundleAnswer),
    nontokenizedRoute: unlessJoinOnly(sampleNontokenizedRouteAnswer),
    nontokenized: async () => sampleNontokenizedAnswer,
    networks: async () => sampleNetworks,
    protocols: async () => sampleProtocols,
    standards: async () => sampleStandards,
    projects: async () => sampleProjects,
    tokens: async () => sampleTokens,
    volume: async () => sampleVolume,
    bridgePools: async () => [sampleBridgePool],
    bridgeStatus: async () => sampleBridgeStatus,
    walletBalances: async () => sampleWalletBalances,
    actions: async () => sampleActions,
    aggregators: async () => [],
    projectProtocols: async () => sampleProtocols,
    prices: async ({ chainId, addresses }) =>
      addresses.map((address) => (address.toLowerCase() === samplePrice.address.toLowerCase() ? { ...samplePrice, chainId, address } : null)),
  }
  return {
    calls,
    impl,
    route: (request, options) => {
      calls.push({ method: 'route', request, options })
      return impl.route(request, options)
    },
    quote: (request, options) => {
      calls.push({ method: 'quote', request, options })
      return impl.quote(request, options)
    },
    replay: (request, options) => {
      calls.push({ method: 'replay', request, options })
      return impl.replay(request, options)
    },
    approve: (request, options) => {
      calls.push({ method: 'approve', request, options })
      return impl.approve(request, options)
    },
    bundle: (request, options) => {
      calls.push({ method: 'bundle', request, options })
      return impl.bundle(request, options)
    },
    nontokenizedRoute: (request, options) => {
      calls.push({ method: 'nontokenizedRoute', request, options })
      return impl.nontokenizedRoute(request, options)
    },
    nontokenized: (filter, options) => {
      calls.push({ method: 'nontokenized', request: filter, options })
      return impl.nontokenized(filter, options)
    },
    networks: (filter, options) => {
      calls.push({ method: 'networks', request: filter, options })
      return impl.networks(filter, options)
    },
    protocols: (filter, options) => {
      calls.push({ method: 'protocols', request: filter, options })
      return impl.protocols(filter, options)
    },
    standards: (filter, options) => {
      calls.push({ method: 'standards', request: filter, options })
      return impl.standards(filter, options)
    },
    projects: (options) => {
      calls.push({ method: 'projects', request: undefined, options })
      return impl.projects(options)
    },
    tokens: (filter, options) => {
      calls.push({ method: 'tokens', request: filter, options })
      return impl.tokens(filter, options)
    },
    prices: (request, options) => {
      calls.push({ method: 'prices', request, options })
      return impl.prices(request, options)
    },
    volume: (request, options) => {
      calls.push({ method: 'volume', request, options })
      return impl.volume(request, options)
    },
    bridgePools: (request, options) => {
      calls.push({ method: 'bridgePools', request, options })
      return impl.bridgePools(request, options)
    },
    bridgeStatus: (request, options) => {
      calls.push({ method: 'bridgeStatus', request, options })
      return impl.bridgeStatus(request, options)
    },
    walletBalances: (request, options) => {
      calls.push({ method: 'walletBalances', request, options })
      return impl.walletBalances(request, options)
    },
    actions: (filter, options) => {
      calls.push({ method: 'actions', request: filter, options })
      return impl.actions(filter, options)
    },
    aggregators: (filter, options) => {
      calls.push({ method: 'aggregators', request: filter, options })
      return impl.aggregators(filter, options)
    },
    projectProtocols: (filter, options) => {
      calls.push({ method: 'projectProtocols', request: filter, options })
      return impl.projectProtocols(filter, options)
    },
  }
}
