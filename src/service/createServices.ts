import type { ServiceContext } from './context.js'
import { getApproval } from './getApproval.js'
import { getRoute } from './getRoute.js'
import { listNetworks } from './listNetworks.js'
import type { SwitchyardServices } from './types.js'

/** Binds the use cases to their context: what the gRPC server is given. */
export function createServices(ctx: ServiceContext): SwitchyardServices {
  return {
    route: (request, options) => getRoute(ctx, request, options),
    approve: (request, options) => getApproval(ctx, request, options),
    networks: (filter) => listNetworks(ctx, filter),
  }
}
