// Original file: proto/switchyard/routing/v1/route_stream_service.proto

import type { RouteRequest as _switchyard_routing_v1_RouteRequest, RouteRequest__Output as _switchyard_routing_v1_RouteRequest__Output } from '../../../switchyard/routing/v1/RouteRequest.js';

/**
 * Up to 50 route requests.
 */
export interface RouteBatchRequest {
  'requests'?: (_switchyard_routing_v1_RouteRequest)[];
}

/**
 * Up to 50 route requests.
 */
export interface RouteBatchRequest__Output {
  'requests': (_switchyard_routing_v1_RouteRequest__Output)[];
}
