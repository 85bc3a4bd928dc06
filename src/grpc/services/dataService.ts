import type { Server, ServiceDefinition } from '@grpc/grpc-js'
import type { SwitchyardServices } from '../../service/types.js'
import { createUnaryHandler, type HandlerContext } from '../createUnaryHandler.js'
import type { DataServiceHandlers } from '../generated/switchyard/data/v1/DataService.js'
import { fromProtoNetworksRequest } from './fromProtoNetworksRequest.js'
import { toProtoNetwork } from './toProtoNetwork.js'

export type DataServiceContext = HandlerContext & {
  services: Pick<SwitchyardServices, 'networks'>
  /** `switchyard.data.v1.DataService` from the loaded package definition. */
  definition: ServiceDefinition
}

/** The DataService implementation: its handlers and how to register them. */
export type DataService = {
  handlers: DataServiceHandlers
  addToServer(server: Pick<Server, 'addService'>): void
}

/**
 * Builds the DataService (Networks, Account). Account answers the accountId of the authenticated
 * key; `AccountRequest.account_id` is ignored, so no caller can read or act as another account.
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
  }
  return { handlers, addToServer: (server) => server.addService(ctx.definition, handlers) }
}
