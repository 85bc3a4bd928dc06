// Original file: proto/switchyard/routing/v1/route_stream_service.proto

import type { RouteBatchItem as _switchyard_routing_v1_RouteBatchItem, RouteBatchItem__Output as _switchyard_routing_v1_RouteBatchItem__Output } from '../../../switchyard/routing/v1/RouteBatchItem.js';

/**
 * One answer per request, in order.
 */
export interface RouteBatchResponse {
  'items'?: (_switchyard_routing_v1_RouteBatchItem)[];
}

/**
 * One answer per request, in order.
 */
export interface RouteBatchResponse__Output {
  'items': (_switchyard_routing_v1_RouteBatchItem__Output)[];
}
