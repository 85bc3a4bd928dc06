import type { Server, ServiceDefinition } from '@grpc/grpc-js'
import type { SwitchyardServices } from '../../service/switchyardServices.js'
import { createUnaryHandler, type HandlerContext } from '../createUnaryHandler.js'
import type { DataServiceHandlers } from '../generated/switchyard/data/v1/DataService.js'
import { fromProtoBridgePoolsRequest } from './fromProtoBridgePoolsRequest.js'
import { fromProtoBridgeStatusRequest } from './fromProtoBridgeStatusRequest.js'
import { fromProtoNetworksRequest } from './fromProtoNetworksRequest.js'
import { fromProtoPricesRequest } from './fromProtoPricesRequest.js'
import { fromProtoProtocolsRequest } from './fromProtoProtocolsRequest.js'
import { fromProtoStandardsRequest } from './fromProtoStandardsRequest.js'
import { fromProtoTokensRequest } from './fromProtoTokensRequest.js'
import { toProtoBridgePoolsResponse } from './toProtoBridgePoolsResponse.js'
import { toProtoBridgeStatusResponse } from './toProtoBridgeStatusResponse.js'
import { toProtoNetwork } from './toProtoNetwork.js'
import { toProtoPriceOrUnknown } from './toProtoPriceOrUnknown.js'
import { toProtoProject } from './toProtoProject.js'
import { toProtoProtocol } from './toProtoProtocol.js'
import { toProtoStandard } from './toProtoStandard.js'
import { toProtoTokensResponse } from './toProtoTokensResponse.js'
import { fromProtoNontokenizedRequest } from './fromProtoNontokenizedRequest.js'
import { fromProtoVolumeRequest } from './fromProtoVolumeRequest.js'
import { toProtoNontokenizedResponse } from './toProtoNontokenizedResponse.js'
import { toProtoVolumeResponse } from './toProtoVolumeResponse.js'
import { fromProtoWalletBalancesRequest } from './fromProtoWalletBalancesRequest.js'
import { hasField } from './hasField.js'
import { toProtoAction } from './toProtoAction.js'
import { toProtoWalletBalancesResponse } from './toProtoWalletBalancesResponse.js'

export type DataServiceContext = HandlerContext & {
  services: Pick<SwitchyardServices, 'networks' | 'protocols' | 'standards' | 'projects' | 'tokens' | 'prices' | 'volume' | 'nontokenized' | 'bridgePools' | 'bridgeStatus' | 'walletBalances' | 'actions' | 'aggregators' | 'projectProtocols'>
  /** `switchyard.data.v1.DataService` from the loaded package definition. */
  definition: ServiceDefinition
}

/** The DataService implementation: its handlers and how to register them. */
export type DataService = {
  handlers: DataServiceHandlers
  addToServer(server: Pick<Server, 'addService'>): void
}

/**
 * Builds the DataService (Networks, Account, Protocols, Standards, Projects, Tokens, Prices, Volume,
 * Nontokenized, BridgePools, BridgeStatus, WalletBalances, Actions, Aggregators, ProjectProtocols). Every
 * handler authenticates and charges the rate limit through {@link createUnaryHandler}. Account
 * answers the accountId of the authenticated key; `AccountRequest.account_id` is ignored, so no
 * caller can read or act as another account.
 * @param ctx - {@link DataServiceContext}
 * @returns {@link DataService}
 */
export function createDataService(ctx: DataServiceContext): DataService {
  const handlers: DataServiceHandlers = {
    Networks: createUnaryHandler(ctx, {
      method: 'DataService/Networks',
      work: async (request, options) => ({ networks: (await ctx.services.networks(fromProtoNetworksRequest(request), options)).map(toProtoNetwork) }),
    }),
    Account: createUnaryHandler(ctx, {
      method: 'DataService/Account',
      work: (_request, options) => ({ account_id: options.caller.accountId }),
    }),
    Protocols: createUnaryHandler(ctx, {
      method: 'DataService/Protocols',
      work: async (request, options) => ({ protocols: (await ctx.services.protocols(fromProtoProtocolsRequest(request), options)).map(toProtoProtocol) }),
    }),
    Standards: createUnaryHandler(ctx, {
      method: 'DataService/Standards',
      work: async (request, options) => ({ standards: (await ctx.services.standards(fromProtoStandardsRequest(request), options)).map(toProtoStandard) }),
    }),
    Projects: createUnaryHandler(ctx, {
      method: 'DataService/Projects',
      work: async (_request, options) => ({ projects: (await ctx.services.projects(options)).map(toProtoProject) }),
    }),
    Tokens: createUnaryHandler(ctx, {
      method: 'DataService/Tokens',
      work: async (request, options) => toProtoTokensResponse(await ctx.services.tokens(fromProtoTokensRequest(request), options)),
    }),
    Nontokenized: createUnaryHandler(ctx, {
      method: 'DataService/Nontokenized',
      work: async (request, options) => toProtoNontokenizedResponse(await ctx.services.nontokenized(fromProtoNontokenizedRequest(request), options)),
    }),
    Volume: createUnaryHandler(ctx, {
      method: 'DataService/Volume',
      work: async (request, options) => toProtoVolumeResponse(await ctx.services.volume(fromProtoVolumeRequest(request), options)),
    }),
    Prices: createUnaryHandler(ctx, {
      method: 'DataService/Prices',
      work: async (request, options) => ({ prices: (await ctx.services.prices(fromProtoPricesRequest(request), options)).map(toProtoPriceOrUnknown) }),
    }),
    BridgePools: createUnaryHandler(ctx, {
      method: 'DataService/BridgePools',
      work: async (request, options) => toProtoBridgePoolsResponse(await ctx.services.bridgePools(fromProtoBridgePoolsRequest(request), options)),
    }),
    BridgeStatus: createUnaryHandler(ctx, {
      method: 'DataService/BridgeStatus',
      work: async (request, options) => toProtoBridgeStatusResponse(await ctx.services.bridgeStatus(fromProtoBridgeStatusRequest(request), options)),
    }),
    WalletBalances: createUnaryHandler(ctx, {
      method: 'DataService/WalletBalances',
      work: async (request, options) => toProtoWalletBalancesResponse(await ctx.services.walletBalances(fromProtoWalletBalancesRequest(request), options)),
    }),
    Actions: createUnaryHandler(ctx, {
      method: 'DataService/Actions',
      work: async (request, options) => ({
        actions: (await ctx.services.actions(hasField(request, 'slug') && request.slug !== undefined ? { slug: request.slug } : {}, options)).map(toProtoAction),
      }),
    }),
    Aggregators: createUnaryHandler(ctx, {
      method: 'DataService/Aggregators',
      work: async (request, options) => ({
        aggregators: await ctx.services.aggregators(hasField(request, 'chain_id') && request.chain_id !== undefined ? { chainId: Number(request.chain_id) } : {}, options),
      }),
    }),
    ProjectProtocols: createUnaryHandler(ctx, {
      method: 'DataService/ProjectProtocols',
      work: async (request, options) => ({ protocols: (await ctx.services.projectProtocols({ project: request.project }, options)).map(toProtoProtocol) }),
    }),
  }
  return { handlers, addToServer: (server) => server.addService(ctx.definition, handlers) }
}
