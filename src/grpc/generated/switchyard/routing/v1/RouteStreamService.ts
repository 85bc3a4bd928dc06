// Original file: proto/switchyard/routing/v1/route_stream_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { RouteBatchRequest as _switchyard_routing_v1_RouteBatchRequest, RouteBatchRequest__Output as _switchyard_routing_v1_RouteBatchRequest__Output } from '../../../switchyard/routing/v1/RouteBatchRequest.js';
import type { RouteBatchResponse as _switchyard_routing_v1_RouteBatchResponse, RouteBatchResponse__Output as _switchyard_routing_v1_RouteBatchResponse__Output } from '../../../switchyard/routing/v1/RouteBatchResponse.js';
import type { RouteRequest as _switchyard_routing_v1_RouteRequest, RouteRequest__Output as _switchyard_routing_v1_RouteRequest__Output } from '../../../switchyard/routing/v1/RouteRequest.js';
import type { WatchRouteResponse as _switchyard_routing_v1_WatchRouteResponse, WatchRouteResponse__Output as _switchyard_routing_v1_WatchRouteResponse__Output } from '../../../switchyard/routing/v1/WatchRouteResponse.js';

/**
 * Routes that follow the chain (a subscription re-quoted at every new head) and many routes in one
 * call (a batch on one block). Same authentication as RoutingService (`authorization: Bearer <key>`);
 * errors carry the same JSON envelope in `details` and the `switchyard-error-code` trailer.
 */
export interface RouteStreamServiceClient extends grpc.Client {
  /**
   * Up to 50 route requests, answered in order, each with its answer or its own error (one bad item
   * never fails the others). Every item is answered on the same block of its chain. Each item is
   * charged to the key's budget: an item past it is answered RATE_LIMITED.
   */
  RouteBatch(argument: _switchyard_routing_v1_RouteBatchRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_RouteBatchResponse__Output>): grpc.ClientUnaryCall;
  RouteBatch(argument: _switchyard_routing_v1_RouteBatchRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_routing_v1_RouteBatchResponse__Output>): grpc.ClientUnaryCall;
  RouteBatch(argument: _switchyard_routing_v1_RouteBatchRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_RouteBatchResponse__Output>): grpc.ClientUnaryCall;
  RouteBatch(argument: _switchyard_routing_v1_RouteBatchRequest, callback: grpc.requestCallback<_switchyard_routing_v1_RouteBatchResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Up to 50 route requests, answered in order, each with its answer or its own error (one bad item
   * never fails the others). Every item is answered on the same block of its chain. Each item is
   * charged to the key's budget: an item past it is answered RATE_LIMITED.
   */
  routeBatch(argument: _switchyard_routing_v1_RouteBatchRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_RouteBatchResponse__Output>): grpc.ClientUnaryCall;
  routeBatch(argument: _switchyard_routing_v1_RouteBatchRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_routing_v1_RouteBatchResponse__Output>): grpc.ClientUnaryCall;
  routeBatch(argument: _switchyard_routing_v1_RouteBatchRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_RouteBatchResponse__Output>): grpc.ClientUnaryCall;
  routeBatch(argument: _switchyard_routing_v1_RouteBatchRequest, callback: grpc.requestCallback<_switchyard_routing_v1_RouteBatchResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The route of `request`, at once, then again at every new head of its chain when something a user
   * would act on changed: amount_out or min_amount_out (any token_out), the route's steps, or gas by
   * more than the server's threshold (SWITCHYARD_WATCH_GAS_CHANGE_BPS). Otherwise a heartbeat with the
   * block number. A request that fails validation, or finds no route for its first answer, ends the
   * call with that error before any message; a later block whose route fails sends an `error` event and
   * the subscription goes on. Errors ending the stream: RESOURCE_EXHAUSTED with code
   * TOO_MANY_SUBSCRIPTIONS (the key holds SWITCHYARD_WATCH_MAX_PER_KEY subscriptions already),
   * RATE_LIMITED (each answer after the first is charged to the key's budget) and SLOW_READER (the
   * client did not read SWITCHYARD_WATCH_BUFFER events in time).
   */
  WatchRoute(argument: _switchyard_routing_v1_RouteRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_switchyard_routing_v1_WatchRouteResponse__Output>;
  WatchRoute(argument: _switchyard_routing_v1_RouteRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_switchyard_routing_v1_WatchRouteResponse__Output>;
  /**
   * The route of `request`, at once, then again at every new head of its chain when something a user
   * would act on changed: amount_out or min_amount_out (any token_out), the route's steps, or gas by
   * more than the server's threshold (SWITCHYARD_WATCH_GAS_CHANGE_BPS). Otherwise a heartbeat with the
   * block number. A request that fails validation, or finds no route for its first answer, ends the
   * call with that error before any message; a later block whose route fails sends an `error` event and
   * the subscription goes on. Errors ending the stream: RESOURCE_EXHAUSTED with code
   * TOO_MANY_SUBSCRIPTIONS (the key holds SWITCHYARD_WATCH_MAX_PER_KEY subscriptions already),
   * RATE_LIMITED (each answer after the first is charged to the key's budget) and SLOW_READER (the
   * client did not read SWITCHYARD_WATCH_BUFFER events in time).
   */
  watchRoute(argument: _switchyard_routing_v1_RouteRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_switchyard_routing_v1_WatchRouteResponse__Output>;
  watchRoute(argument: _switchyard_routing_v1_RouteRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_switchyard_routing_v1_WatchRouteResponse__Output>;
  
}

/**
 * Routes that follow the chain (a subscription re-quoted at every new head) and many routes in one
 * call (a batch on one block). Same authentication as RoutingService (`authorization: Bearer <key>`);
 * errors carry the same JSON envelope in `details` and the `switchyard-error-code` trailer.
 */
export interface RouteStreamServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Up to 50 route requests, answered in order, each with its answer or its own error (one bad item
   * never fails the others). Every item is answered on the same block of its chain. Each item is
   * charged to the key's budget: an item past it is answered RATE_LIMITED.
   */
  RouteBatch: grpc.handleUnaryCall<_switchyard_routing_v1_RouteBatchRequest__Output, _switchyard_routing_v1_RouteBatchResponse>;
  
  /**
   * The route of `request`, at once, then again at every new head of its chain when something a user
   * would act on changed: amount_out or min_amount_out (any token_out), the route's steps, or gas by
   * more than the server's threshold (SWITCHYARD_WATCH_GAS_CHANGE_BPS). Otherwise a heartbeat with the
   * block number. A request that fails validation, or finds no route for its first answer, ends the
   * call with that error before any message; a later block whose route fails sends an `error` event and
   * the subscription goes on. Errors ending the stream: RESOURCE_EXHAUSTED with code
   * TOO_MANY_SUBSCRIPTIONS (the key holds SWITCHYARD_WATCH_MAX_PER_KEY subscriptions already),
   * RATE_LIMITED (each answer after the first is charged to the key's budget) and SLOW_READER (the
   * client did not read SWITCHYARD_WATCH_BUFFER events in time).
   */
  WatchRoute: grpc.handleServerStreamingCall<_switchyard_routing_v1_RouteRequest__Output, _switchyard_routing_v1_WatchRouteResponse>;
  
}

export interface RouteStreamServiceDefinition extends grpc.ServiceDefinition {
  RouteBatch: MethodDefinition<_switchyard_routing_v1_RouteBatchRequest, _switchyard_routing_v1_RouteBatchResponse, _switchyard_routing_v1_RouteBatchRequest__Output, _switchyard_routing_v1_RouteBatchResponse__Output>
  WatchRoute: MethodDefinition<_switchyard_routing_v1_RouteRequest, _switchyard_routing_v1_WatchRouteResponse, _switchyard_routing_v1_RouteRequest__Output, _switchyard_routing_v1_WatchRouteResponse__Output>
}
