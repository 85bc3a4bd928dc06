import type { RoutingServiceHandlers } from '../../grpc/generated/switchyard/routing/v1/RoutingService.js'
import { cannedApproveResponse, cannedBundleResponse, cannedRouteResponse } from './cannedGrpcResponses.js'
import type { FakeGrpcServer } from './fakeGrpcServer.js'
import { rateLimitMetadata } from './rateLimitMetadata.js'
import { recordCall } from './recordCall.js'

/**
 * The fake server's RoutingService: each method records the call, then runs the test's handler if it
 * set one, else answers the canned response with rate-limit metadata.
 */
export function createFakeRoutingHandlers(fake: FakeGrpcServer): RoutingServiceHandlers {
  return {
    Route: (call, callback) => {
      recordCall(fake, 'Route', call)
      if (fake.handlers.Route) return fake.handlers.Route(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, cannedRouteResponse)
    },
    Quote: (call, callback) => {
      recordCall(fake, 'Quote', call)
      if (fake.handlers.Quote) return fake.handlers.Quote(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, { amount_out: '1000', amounts_out: ['1000'], price_impact: 12.5, route: cannedRouteResponse.route ?? [], fee_amount: ['0'], enso_fee_amount: ['0'], gas: '150000', block_number: '100', unknown_filters: [] })
    },
    Approve: (call, callback) => {
      recordCall(fake, 'Approve', call)
      if (fake.handlers.Approve) return fake.handlers.Approve(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, cannedApproveResponse)
    },
    Bundle: (call, callback) => {
      recordCall(fake, 'Bundle', call)
      if (fake.handlers.Bundle) return fake.handlers.Bundle(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, cannedBundleResponse)
    },
    Replay: (call, callback) => {
      recordCall(fake, 'Replay', call)
      if (fake.handlers.Replay) return fake.handlers.Replay(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, { same: true, chain_id: '1', block_number: '100', amount_out: '1000', amounts_out: ['1000'], expected_amounts_out: ['1000'], gas_used: '120000', differences: [] })
    },
    RouteNontokenized: (call, callback) => {
      recordCall(fake, 'RouteNontokenized', call)
      if (fake.handlers.RouteNontokenized) return fake.handlers.RouteNontokenized(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, { created_at: '100', gas: '200000', amount_deposited: '1000', tx: cannedBundleResponse.tx!, route: [], fee_amount: ['0'], enso_fee_amount: ['0'] })
    },
  }
}
