// Original file: proto/switchyard/routing/v1/routing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * One step of a route.
 */
export interface RouteStep {
  'token_in'?: (string)[];
  'token_out'?: (string)[];
  /**
   * Protocol slug, e.g. uniswap-v2.
   */
  'protocol'?: (string);
  /**
   * Action, e.g. swap, deposit.
   */
  'action'?: (string);
  /**
   * The pool or contract acted on.
   */
  'primary'?: (string);
  'internal_routes'?: (string)[];
  /**
   * Step arguments as a JSON object whose values are strings or arrays of strings (the OpenAPI's
   * Hop.args): amounts, and the protocol's numbers and booleans as their text (a V3 or V4 fee
   * "3000", V4 tickSpacing "60" and zeroForOne "true", a V2 feeBps "30").
   */
  'args_json'?: (string);
  'chain_id'?: (number | string | Long);
  'source_chain_id'?: (number | string | Long);
  'destination_chain_id'?: (number | string | Long);
  '_source_chain_id'?: "source_chain_id";
  '_destination_chain_id'?: "destination_chain_id";
}

/**
 * One step of a route.
 */
export interface RouteStep__Output {
  'token_in': (string)[];
  'token_out': (string)[];
  /**
   * Protocol slug, e.g. uniswap-v2.
   */
  'protocol': (string);
  /**
   * Action, e.g. swap, deposit.
   */
  'action': (string);
  /**
   * The pool or contract acted on.
   */
  'primary': (string);
  'internal_routes': (string)[];
  /**
   * Step arguments as a JSON object whose values are strings or arrays of strings (the OpenAPI's
   * Hop.args): amounts, and the protocol's numbers and booleans as their text (a V3 or V4 fee
   * "3000", V4 tickSpacing "60" and zeroForOne "true", a V2 feeBps "30").
   */
  'args_json': (string);
  'chain_id': (string);
  'source_chain_id'?: (string);
  'destination_chain_id'?: (string);
  '_source_chain_id'?: "source_chain_id";
  '_destination_chain_id'?: "destination_chain_id";
}
