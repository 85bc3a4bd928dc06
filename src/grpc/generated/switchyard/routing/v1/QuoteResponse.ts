// Original file: proto/switchyard/routing/v1/routing_service.proto

import type { RouteStep as _switchyard_routing_v1_RouteStep, RouteStep__Output as _switchyard_routing_v1_RouteStep__Output } from '../../../switchyard/routing/v1/RouteStep.js';
import type { Explanation as _switchyard_routing_v1_Explanation, Explanation__Output as _switchyard_routing_v1_Explanation__Output } from '../../../switchyard/routing/v1/Explanation.js';
import type { Long } from '@grpc/proto-loader';

/**
 * GET /api/v1/shortcuts/quote answer (the OpenAPI's QuoteEndpointResponse).
 */
export interface QuoteResponse {
  /**
   * Simulated amount out of the first token_out; amounts_out has each.
   */
  'amount_out'?: (string);
  'amounts_out'?: (string)[];
  /**
   * Price impact in basis points; unset when no USD price is known.
   */
  'price_impact'?: (number | string);
  'route'?: (_switchyard_routing_v1_RouteStep)[];
  'fee_amount'?: (string)[];
  'enso_fee_amount'?: (string)[];
  /**
   * A gas limit the route's transaction is proven to succeed with.
   */
  'gas'?: (string);
  'block_number'?: (number | string | Long);
  /**
   * "field=value" for ignore entries that name nothing we integrate (ignored).
   */
  'unknown_filters'?: (string)[];
  /**
   * Set only when the request asked for it (explain = true).
   */
  'explanation'?: (_switchyard_routing_v1_Explanation | null);
  '_price_impact'?: "price_impact";
}

/**
 * GET /api/v1/shortcuts/quote answer (the OpenAPI's QuoteEndpointResponse).
 */
export interface QuoteResponse__Output {
  /**
   * Simulated amount out of the first token_out; amounts_out has each.
   */
  'amount_out': (string);
  'amounts_out': (string)[];
  /**
   * Price impact in basis points; unset when no USD price is known.
   */
  'price_impact'?: (number);
  'route': (_switchyard_routing_v1_RouteStep__Output)[];
  'fee_amount': (string)[];
  'enso_fee_amount': (string)[];
  /**
   * A gas limit the route's transaction is proven to succeed with.
   */
  'gas': (string);
  'block_number': (string);
  /**
   * "field=value" for ignore entries that name nothing we integrate (ignored).
   */
  'unknown_filters': (string)[];
  /**
   * Set only when the request asked for it (explain = true).
   */
  'explanation': (_switchyard_routing_v1_Explanation__Output | null);
  '_price_impact'?: "price_impact";
}
