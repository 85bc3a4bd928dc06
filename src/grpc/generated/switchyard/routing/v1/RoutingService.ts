// Original file: proto/switchyard/routing/v1/routing_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ApproveRequest as _switchyard_routing_v1_ApproveRequest, ApproveRequest__Output as _switchyard_routing_v1_ApproveRequest__Output } from '../../../switchyard/routing/v1/ApproveRequest.js';
import type { ApproveResponse as _switchyard_routing_v1_ApproveResponse, ApproveResponse__Output as _switchyard_routing_v1_ApproveResponse__Output } from '../../../switchyard/routing/v1/ApproveResponse.js';
import type { BundleRequest as _switchyard_routing_v1_BundleRequest, BundleRequest__Output as _switchyard_routing_v1_BundleRequest__Output } from '../../../switchyard/routing/v1/BundleRequest.js';
import type { BundleResponse as _switchyard_routing_v1_BundleResponse, BundleResponse__Output as _switchyard_routing_v1_BundleResponse__Output } from '../../../switchyard/routing/v1/BundleResponse.js';
import type { NontokenizedRouteRequest as _switchyard_routing_v1_NontokenizedRouteRequest, NontokenizedRouteRequest__Output as _switchyard_routing_v1_NontokenizedRouteRequest__Output } from '../../../switchyard/routing/v1/NontokenizedRouteRequest.js';
import type { NontokenizedRouteResponse as _switchyard_routing_v1_NontokenizedRouteResponse, NontokenizedRouteResponse__Output as _switchyard_routing_v1_NontokenizedRouteResponse__Output } from '../../../switchyard/routing/v1/NontokenizedRouteResponse.js';
import type { QuoteResponse as _switchyard_routing_v1_QuoteResponse, QuoteResponse__Output as _switchyard_routing_v1_QuoteResponse__Output } from '../../../switchyard/routing/v1/QuoteResponse.js';
import type { ReplayRequest as _switchyard_routing_v1_ReplayRequest, ReplayRequest__Output as _switchyard_routing_v1_ReplayRequest__Output } from '../../../switchyard/routing/v1/ReplayRequest.js';
import type { ReplayResponse as _switchyard_routing_v1_ReplayResponse, ReplayResponse__Output as _switchyard_routing_v1_ReplayResponse__Output } from '../../../switchyard/routing/v1/ReplayResponse.js';
import type { RouteRequest as _switchyard_routing_v1_RouteRequest, RouteRequest__Output as _switchyard_routing_v1_RouteRequest__Output } from '../../../switchyard/routing/v1/RouteRequest.js';
import type { RouteResponse as _switchyard_routing_v1_RouteResponse, RouteResponse__Output as _switchyard_routing_v1_RouteResponse__Output } from '../../../switchyard/routing/v1/RouteResponse.js';

/**
 * Finds, encodes and simulates routes. Every answer comes from simulating the exact transaction
 * on the chain it targets, pinned to one block.
 */
export interface RoutingServiceClient extends grpc.Client {
  /**
   * The transaction that approves the strategy's spender to spend a token: the router (router,
   * router-legacy), or under delegate and delegate-legacy the from_address owner's smart wallet
   * (a plan runs as the wallet; our router and delegate never need an allowance there).
   */
  Approve(argument: _switchyard_routing_v1_ApproveRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_ApproveResponse__Output>): grpc.ClientUnaryCall;
  Approve(argument: _switchyard_routing_v1_ApproveRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_routing_v1_ApproveResponse__Output>): grpc.ClientUnaryCall;
  Approve(argument: _switchyard_routing_v1_ApproveRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_ApproveResponse__Output>): grpc.ClientUnaryCall;
  Approve(argument: _switchyard_routing_v1_ApproveRequest, callback: grpc.requestCallback<_switchyard_routing_v1_ApproveResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The transaction that approves the strategy's spender to spend a token: the router (router,
   * router-legacy), or under delegate and delegate-legacy the from_address owner's smart wallet
   * (a plan runs as the wallet; our router and delegate never need an allowance there).
   */
  approve(argument: _switchyard_routing_v1_ApproveRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_ApproveResponse__Output>): grpc.ClientUnaryCall;
  approve(argument: _switchyard_routing_v1_ApproveRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_routing_v1_ApproveResponse__Output>): grpc.ClientUnaryCall;
  approve(argument: _switchyard_routing_v1_ApproveRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_ApproveResponse__Output>): grpc.ClientUnaryCall;
  approve(argument: _switchyard_routing_v1_ApproveRequest, callback: grpc.requestCallback<_switchyard_routing_v1_ApproveResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Several actions in one transaction (POST /api/v1/shortcuts/bundle): each action's commands in
   * order, outputs wired into later actions at execution time, simulated as one transaction.
   * Errors as for Route, plus INVALID_ARGUMENT codes TOO_MANY_ACTIONS, TOO_DEEP, INVALID_REFERENCE,
   * UNKNOWN_ACTION, DELEGATE_ONLY, INVALID_PRIMARY_ADDRESS, BRIDGE_NOT_SUPPORTED, MISSING_ESTIMATE,
   * and FAILED_PRECONDITION with code SIMULATION_REVERTED (the decoded revert in the message).
   */
  Bundle(argument: _switchyard_routing_v1_BundleRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_BundleResponse__Output>): grpc.ClientUnaryCall;
  Bundle(argument: _switchyard_routing_v1_BundleRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_routing_v1_BundleResponse__Output>): grpc.ClientUnaryCall;
  Bundle(argument: _switchyard_routing_v1_BundleRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_BundleResponse__Output>): grpc.ClientUnaryCall;
  Bundle(argument: _switchyard_routing_v1_BundleRequest, callback: grpc.requestCallback<_switchyard_routing_v1_BundleResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Several actions in one transaction (POST /api/v1/shortcuts/bundle): each action's commands in
   * order, outputs wired into later actions at execution time, simulated as one transaction.
   * Errors as for Route, plus INVALID_ARGUMENT codes TOO_MANY_ACTIONS, TOO_DEEP, INVALID_REFERENCE,
   * UNKNOWN_ACTION, DELEGATE_ONLY, INVALID_PRIMARY_ADDRESS, BRIDGE_NOT_SUPPORTED, MISSING_ESTIMATE,
   * and FAILED_PRECONDITION with code SIMULATION_REVERTED (the decoded revert in the message).
   */
  bundle(argument: _switchyard_routing_v1_BundleRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_BundleResponse__Output>): grpc.ClientUnaryCall;
  bundle(argument: _switchyard_routing_v1_BundleRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_routing_v1_BundleResponse__Output>): grpc.ClientUnaryCall;
  bundle(argument: _switchyard_routing_v1_BundleRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_BundleResponse__Output>): grpc.ClientUnaryCall;
  bundle(argument: _switchyard_routing_v1_BundleRequest, callback: grpc.requestCallback<_switchyard_routing_v1_BundleResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * What a route delivers, without its transaction (GET /api/v1/shortcuts/quote): the same search and
   * simulation as Route; from_address may be empty (a neutral sender is simulated).
   */
  Quote(argument: _switchyard_routing_v1_RouteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_QuoteResponse__Output>): grpc.ClientUnaryCall;
  Quote(argument: _switchyard_routing_v1_RouteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_routing_v1_QuoteResponse__Output>): grpc.ClientUnaryCall;
  Quote(argument: _switchyard_routing_v1_RouteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_QuoteResponse__Output>): grpc.ClientUnaryCall;
  Quote(argument: _switchyard_routing_v1_RouteRequest, callback: grpc.requestCallback<_switchyard_routing_v1_QuoteResponse__Output>): grpc.ClientUnaryCall;
  /**
   * What a route delivers, without its transaction (GET /api/v1/shortcuts/quote): the same search and
   * simulation as Route; from_address may be empty (a neutral sender is simulated).
   */
  quote(argument: _switchyard_routing_v1_RouteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_QuoteResponse__Output>): grpc.ClientUnaryCall;
  quote(argument: _switchyard_routing_v1_RouteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_routing_v1_QuoteResponse__Output>): grpc.ClientUnaryCall;
  quote(argument: _switchyard_routing_v1_RouteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_QuoteResponse__Output>): grpc.ClientUnaryCall;
  quote(argument: _switchyard_routing_v1_RouteRequest, callback: grpc.requestCallback<_switchyard_routing_v1_QuoteResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Runs an answer's transaction again on the block it was simulated on (POST /api/v1/shortcuts/replay):
   * by the quote_id of an explained answer, or the answer given in full. Says whether it moves the same
   * amounts, or what differs and why (STATE_PRUNED, BLOCK_HASH_DIFFERS, REQUEST_CHANGED, AMOUNT_DIFFERS,
   * REVERTED). Errors: NOT_FOUND with code QUOTE_NOT_FOUND, INVALID_ARGUMENT.
   */
  Replay(argument: _switchyard_routing_v1_ReplayRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_ReplayResponse__Output>): grpc.ClientUnaryCall;
  Replay(argument: _switchyard_routing_v1_ReplayRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_routing_v1_ReplayResponse__Output>): grpc.ClientUnaryCall;
  Replay(argument: _switchyard_routing_v1_ReplayRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_ReplayResponse__Output>): grpc.ClientUnaryCall;
  Replay(argument: _switchyard_routing_v1_ReplayRequest, callback: grpc.requestCallback<_switchyard_routing_v1_ReplayResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Runs an answer's transaction again on the block it was simulated on (POST /api/v1/shortcuts/replay):
   * by the quote_id of an explained answer, or the answer given in full. Says whether it moves the same
   * amounts, or what differs and why (STATE_PRUNED, BLOCK_HASH_DIFFERS, REQUEST_CHANGED, AMOUNT_DIFFERS,
   * REVERTED). Errors: NOT_FOUND with code QUOTE_NOT_FOUND, INVALID_ARGUMENT.
   */
  replay(argument: _switchyard_routing_v1_ReplayRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_ReplayResponse__Output>): grpc.ClientUnaryCall;
  replay(argument: _switchyard_routing_v1_ReplayRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_routing_v1_ReplayResponse__Output>): grpc.ClientUnaryCall;
  replay(argument: _switchyard_routing_v1_ReplayRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_ReplayResponse__Output>): grpc.ClientUnaryCall;
  replay(argument: _switchyard_routing_v1_ReplayRequest, callback: grpc.requestCallback<_switchyard_routing_v1_ReplayResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Best route from tokenIn to tokenOut, encoded for the requested routing strategy and simulated.
   * Errors: INVALID_ARGUMENT (bad input), FAILED_PRECONDITION with code NO_ROUTE
   * ("Could not build shortcuts for route"), RESOURCE_EXHAUSTED (rate limit or full queue),
   * DEADLINE_EXCEEDED, UNAVAILABLE (node or worker down). The stable code is in the
   * `switchyard-error-code` trailer; `details` carries the JSON error envelope.
   */
  Route(argument: _switchyard_routing_v1_RouteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_RouteResponse__Output>): grpc.ClientUnaryCall;
  Route(argument: _switchyard_routing_v1_RouteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_routing_v1_RouteResponse__Output>): grpc.ClientUnaryCall;
  Route(argument: _switchyard_routing_v1_RouteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_RouteResponse__Output>): grpc.ClientUnaryCall;
  Route(argument: _switchyard_routing_v1_RouteRequest, callback: grpc.requestCallback<_switchyard_routing_v1_RouteResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Best route from tokenIn to tokenOut, encoded for the requested routing strategy and simulated.
   * Errors: INVALID_ARGUMENT (bad input), FAILED_PRECONDITION with code NO_ROUTE
   * ("Could not build shortcuts for route"), RESOURCE_EXHAUSTED (rate limit or full queue),
   * DEADLINE_EXCEEDED, UNAVAILABLE (node or worker down). The stable code is in the
   * `switchyard-error-code` trailer; `details` carries the JSON error envelope.
   */
  route(argument: _switchyard_routing_v1_RouteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_RouteResponse__Output>): grpc.ClientUnaryCall;
  route(argument: _switchyard_routing_v1_RouteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_routing_v1_RouteResponse__Output>): grpc.ClientUnaryCall;
  route(argument: _switchyard_routing_v1_RouteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_RouteResponse__Output>): grpc.ClientUnaryCall;
  route(argument: _switchyard_routing_v1_RouteRequest, callback: grpc.requestCallback<_switchyard_routing_v1_RouteResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Any tokens into a position the wallet holds directly (GET /api/v1/shortcuts/route/nontokenized):
   * delegate strategy only; each input routed to the position's token, the sum deposited.
   */
  RouteNontokenized(argument: _switchyard_routing_v1_NontokenizedRouteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_NontokenizedRouteResponse__Output>): grpc.ClientUnaryCall;
  RouteNontokenized(argument: _switchyard_routing_v1_NontokenizedRouteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_routing_v1_NontokenizedRouteResponse__Output>): grpc.ClientUnaryCall;
  RouteNontokenized(argument: _switchyard_routing_v1_NontokenizedRouteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_NontokenizedRouteResponse__Output>): grpc.ClientUnaryCall;
  RouteNontokenized(argument: _switchyard_routing_v1_NontokenizedRouteRequest, callback: grpc.requestCallback<_switchyard_routing_v1_NontokenizedRouteResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Any tokens into a position the wallet holds directly (GET /api/v1/shortcuts/route/nontokenized):
   * delegate strategy only; each input routed to the position's token, the sum deposited.
   */
  routeNontokenized(argument: _switchyard_routing_v1_NontokenizedRouteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_NontokenizedRouteResponse__Output>): grpc.ClientUnaryCall;
  routeNontokenized(argument: _switchyard_routing_v1_NontokenizedRouteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_routing_v1_NontokenizedRouteResponse__Output>): grpc.ClientUnaryCall;
  routeNontokenized(argument: _switchyard_routing_v1_NontokenizedRouteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_routing_v1_NontokenizedRouteResponse__Output>): grpc.ClientUnaryCall;
  routeNontokenized(argument: _switchyard_routing_v1_NontokenizedRouteRequest, callback: grpc.requestCallback<_switchyard_routing_v1_NontokenizedRouteResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Finds, encodes and simulates routes. Every answer comes from simulating the exact transaction
 * on the chain it targets, pinned to one block.
 */
export interface RoutingServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * The transaction that approves the strategy's spender to spend a token: the router (router,
   * router-legacy), or under delegate and delegate-legacy the from_address owner's smart wallet
   * (a plan runs as the wallet; our router and delegate never need an allowance there).
   */
  Approve: grpc.handleUnaryCall<_switchyard_routing_v1_ApproveRequest__Output, _switchyard_routing_v1_ApproveResponse>;
  
  /**
   * Several actions in one transaction (POST /api/v1/shortcuts/bundle): each action's commands in
   * order, outputs wired into later actions at execution time, simulated as one transaction.
   * Errors as for Route, plus INVALID_ARGUMENT codes TOO_MANY_ACTIONS, TOO_DEEP, INVALID_REFERENCE,
   * UNKNOWN_ACTION, DELEGATE_ONLY, INVALID_PRIMARY_ADDRESS, BRIDGE_NOT_SUPPORTED, MISSING_ESTIMATE,
   * and FAILED_PRECONDITION with code SIMULATION_REVERTED (the decoded revert in the message).
   */
  Bundle: grpc.handleUnaryCall<_switchyard_routing_v1_BundleRequest__Output, _switchyard_routing_v1_BundleResponse>;
  
  /**
   * What a route delivers, without its transaction (GET /api/v1/shortcuts/quote): the same search and
   * simulation as Route; from_address may be empty (a neutral sender is simulated).
   */
  Quote: grpc.handleUnaryCall<_switchyard_routing_v1_RouteRequest__Output, _switchyard_routing_v1_QuoteResponse>;
  
  /**
   * Runs an answer's transaction again on the block it was simulated on (POST /api/v1/shortcuts/replay):
   * by the quote_id of an explained answer, or the answer given in full. Says whether it moves the same
   * amounts, or what differs and why (STATE_PRUNED, BLOCK_HASH_DIFFERS, REQUEST_CHANGED, AMOUNT_DIFFERS,
   * REVERTED). Errors: NOT_FOUND with code QUOTE_NOT_FOUND, INVALID_ARGUMENT.
   */
  Replay: grpc.handleUnaryCall<_switchyard_routing_v1_ReplayRequest__Output, _switchyard_routing_v1_ReplayResponse>;
  
  /**
   * Best route from tokenIn to tokenOut, encoded for the requested routing strategy and simulated.
   * Errors: INVALID_ARGUMENT (bad input), FAILED_PRECONDITION with code NO_ROUTE
   * ("Could not build shortcuts for route"), RESOURCE_EXHAUSTED (rate limit or full queue),
   * DEADLINE_EXCEEDED, UNAVAILABLE (node or worker down). The stable code is in the
   * `switchyard-error-code` trailer; `details` carries the JSON error envelope.
   */
  Route: grpc.handleUnaryCall<_switchyard_routing_v1_RouteRequest__Output, _switchyard_routing_v1_RouteResponse>;
  
  /**
   * Any tokens into a position the wallet holds directly (GET /api/v1/shortcuts/route/nontokenized):
   * delegate strategy only; each input routed to the position's token, the sum deposited.
   */
  RouteNontokenized: grpc.handleUnaryCall<_switchyard_routing_v1_NontokenizedRouteRequest__Output, _switchyard_routing_v1_NontokenizedRouteResponse>;
  
}

export interface RoutingServiceDefinition extends grpc.ServiceDefinition {
  Approve: MethodDefinition<_switchyard_routing_v1_ApproveRequest, _switchyard_routing_v1_ApproveResponse, _switchyard_routing_v1_ApproveRequest__Output, _switchyard_routing_v1_ApproveResponse__Output>
  Bundle: MethodDefinition<_switchyard_routing_v1_BundleRequest, _switchyard_routing_v1_BundleResponse, _switchyard_routing_v1_BundleRequest__Output, _switchyard_routing_v1_BundleResponse__Output>
  Quote: MethodDefinition<_switchyard_routing_v1_RouteRequest, _switchyard_routing_v1_QuoteResponse, _switchyard_routing_v1_RouteRequest__Output, _switchyard_routing_v1_QuoteResponse__Output>
  Replay: MethodDefinition<_switchyard_routing_v1_ReplayRequest, _switchyard_routing_v1_ReplayResponse, _switchyard_routing_v1_ReplayRequest__Output, _switchyard_routing_v1_ReplayResponse__Output>
  Route: MethodDefinition<_switchyard_routing_v1_RouteRequest, _switchyard_routing_v1_RouteResponse, _switchyard_routing_v1_RouteRequest__Output, _switchyard_routing_v1_RouteResponse__Output>
  RouteNontokenized: MethodDefinition<_switchyard_routing_v1_NontokenizedRouteRequest, _switchyard_routing_v1_NontokenizedRouteResponse, _switchyard_routing_v1_NontokenizedRouteRequest__Output, _switchyard_routing_v1_NontokenizedRouteResponse__Output>
}
