// Original file: proto/switchyard/routing/v1/route_stream_service.proto

import type { RouteResponse as _switchyard_routing_v1_RouteResponse, RouteResponse__Output as _switchyard_routing_v1_RouteResponse__Output } from '../../../switchyard/routing/v1/RouteResponse.js';
import type { RouteError as _switchyard_routing_v1_RouteError, RouteError__Output as _switchyard_routing_v1_RouteError__Output } from '../../../switchyard/routing/v1/RouteError.js';

/**
 * A request's answer, or its own error.
 */
export interface RouteBatchItem {
  'answer'?: (_switchyard_routing_v1_RouteResponse | null);
  'error'?: (_switchyard_routing_v1_RouteError | null);
  'result'?: "answer"|"error";
}

/**
 * A request's answer, or its own error.
 */
export interface RouteBatchItem__Output {
  'answer'?: (_switchyard_routing_v1_RouteResponse__Output | null);
  'error'?: (_switchyard_routing_v1_RouteError__Output | null);
  'result'?: "answer"|"error";
}
