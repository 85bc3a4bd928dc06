import type { ServiceContext } from './context.js'
import { getApproval } from './getApproval.js'
import { getBridgeStatus } from './getBridgeStatus.js'
import { getBundle } from './getBundle.js'
import { getNontokenizedRoute } from './getNontokenizedRoute.js'
import { listNontokenized } from './listNontokenized.js'
import { getRoute } from './getRoute.js'
import { getQuote } from './getQuote.js'
import { replayQuote } from './replayQuote.js'
import { getPrices } from './getPrices.js'
import { getVolume } from './getVolume.js'
import { listBridgePools } from './listBridgePools.js'
import { listNetworks } from './listNetworks.js'
import { listProjects } from './listProjects.js'
import { listProtocols } from './listProtocols.js'
import { listStandards } from './listStandards.js'
import { listTokens } from './listTokens.js'
import { listingSupportedChains } from './listingSupportedChains.js'
import { createReadPathServices } from './readPathServices.js'
import type { SwitchyardServices } from './switchyardServices.js'

/**
 * Binds the use cases to their context: what the gRPC server is given. A validator's refusal of a chain
 * id lists the served chains (see {@link listingSupportedChains}).
 */
export function createServices(ctx: ServiceContext): SwitchyardServices {
  return listingSupportedChains(ctx, {
    route: (request, options) => getRoute(ctx, request, options),
    quote: (request, options) => getQuote(ctx, request, options),
    replay: (request, options) => replayQuote(ctx, request, options),
    approve: (request, options) => getApproval(ctx, request, options),
    bundle: (request, options) => getBundle(ctx, request, options),
    nontokenizedRoute: (request, options) => getNontokenizedRoute(ctx, request, options),
    nontokenized: async (filter) => listNontokenized(ctx, filter),
    networks: (filter) => listNetworks(ctx, filter),
    protocols: async (filter) => listProtocols(ctx, filter),
    standards: async (filter) => listStandards(ctx, filter),
    projects: async () => listProjects(ctx),
    tokens: (filter) => listTokens(ctx, filter),
    prices: (request) => getPrices(ctx, request),
    volume: (request) => getVolume(ctx, request),
    bridgePools: async (request) => listBridgePools(ctx, request),
    bridgeStatus: (request) => getBridgeStatus(ctx, request),
    ...createReadPathServices(ctx),
  } satisfies SwitchyardServices)
}
