// Original file: proto/switchyard/routing/v1/route_stream_service.proto

import type { RouteResponse as _switchyard_routing_v1_RouteResponse, RouteResponse__Output as _switchyard_routing_v1_RouteResponse__Output } from '../../../switchyard/routing/v1/RouteResponse.js';
import type { WatchRouteHeartbeat as _switchyard_routing_v1_WatchRouteHeartbeat, WatchRouteHeartbeat__Output as _switchyard_routing_v1_WatchRouteHeartbeat__Output } from '../../../switchyard/routing/v1/WatchRouteHeartbeat.js';
import type { RouteError as _switchyard_routing_v1_RouteError, RouteError__Output as _switchyard_routing_v1_RouteError__Output } from '../../../switchyard/routing/v1/RouteError.js';
import type { Long } from '@grpc/proto-loader';

/**
 * One event of a WatchRoute stream.
 */
export interface WatchRouteResponse {
  /**
   * Block the event is about (the answer's simulated block, or the new head of a heartbeat).
   */
  'block_number'?: (number | string | Long);
  /**
   * A new answer: the first one, or one where something a user would act on changed.
   */
  'answer'?: (_switchyard_routing_v1_RouteResponse | null);
  /**
   * Nothing changed at this block.
   */
  'heartbeat'?: (_switchyard_routing_v1_WatchRouteHeartbeat | null);
  /**
   * The route failed at this block (no route any more, node unavailable); the stream goes on.
   */
  'error'?: (_switchyard_routing_v1_RouteError | null);
  /**
   * On answers after the first: what changed (amountOut, minAmountOut, gas, route; error when the
   * previous event was an error).
   */
  'changed'?: (string)[];
  'event'?: "answer"|"heartbeat"|"error";
}

/**
 * One event of a WatchRoute stream.
 */
export interface WatchRouteResponse__Output {
  /**
   * Block the event is about (the answer's simulated block, or the new head of a heartbeat).
   */
  'block_number': (string);
  /**
   * A new answer: the first one, or one where something a user would act on changed.
   */
  'answer'?: (_switchyard_routing_v1_RouteResponse__Output | null);
  /**
   * Nothing changed at this block.
   */
  'heartbeat'?: (_switchyard_routing_v1_WatchRouteHeartbeat__Output | null);
  /**
   * The route failed at this block (no route any more, node unavailable); the stream goes on.
   */
  'error'?: (_switchyard_routing_v1_RouteError__Output | null);
  /**
   * On answers after the first: what changed (amountOut, minAmountOut, gas, route; error when the
   * previous event was an error).
   */
  'changed': (string)[];
  'event'?: "answer"|"heartbeat"|"error";
}
