// Original file: proto/switchyard/routing/v1/routing_service.proto

import type { Transaction as _switchyard_routing_v1_Transaction, Transaction__Output as _switchyard_routing_v1_Transaction__Output } from '../../../switchyard/routing/v1/Transaction.js';
import type { RouteStep as _switchyard_routing_v1_RouteStep, RouteStep__Output as _switchyard_routing_v1_RouteStep__Output } from '../../../switchyard/routing/v1/RouteStep.js';
import type { BridgingEstimate as _switchyard_routing_v1_BridgingEstimate, BridgingEstimate__Output as _switchyard_routing_v1_BridgingEstimate__Output } from '../../../switchyard/routing/v1/BridgingEstimate.js';
import type { Long } from '@grpc/proto-loader';

export interface RouteResponse {
  /**
   * Simulated gas.
   */
  'gas'?: (string);
  /**
   * Simulated amount out (receiver's balance change), base-10 string.
   */
  'amount_out'?: (string);
  /**
   * Minimum allowable output after slippage.
   */
  'min_amount_out'?: (string);
  /**
   * Fee collected per token_in.
   */
  'fee_amount'?: (string)[];
  /**
   * Fee retained by the service per token_in (always 0 here).
   */
  'enso_fee_amount'?: (string)[];
  /**
   * Price impact in basis points; unset when no USD price is known.
   */
  'price_impact'?: (number | string);
  /**
   * Block number the answer was simulated on.
   */
  'created_at'?: (number | string | Long);
  'tx'?: (_switchyard_routing_v1_Transaction | null);
  'route'?: (_switchyard_routing_v1_RouteStep)[];
  /**
   * Cross-chain routes: how long each bridge takes.
   */
  'bridging_estimates'?: (_switchyard_routing_v1_BridgingEstimate)[];
  '_price_impact'?: "price_impact";
}

export interface RouteResponse__Output {
  /**
   * Simulated gas.
   */
  'gas': (string);
  /**
   * Simulated amount out (receiver's balance change), base-10 string.
   */
  'amount_out': (string);
  /**
   * Minimum allowable output after slippage.
   */
  'min_amount_out': (string);
  /**
   * Fee collected per token_in.
   */
  'fee_amount': (string)[];
  /**
   * Fee retained by the service per token_in (always 0 here).
   */
  'enso_fee_amount': (string)[];
  /**
   * Price impact in basis points; unset when no USD price is known.
   */
  'price_impact'?: (number);
  /**
   * Block number the answer was simulated on.
   */
  'created_at': (string);
  'tx': (_switchyard_routing_v1_Transaction__Output | null);
  'route': (_switchyard_routing_v1_RouteStep__Output)[];
  /**
   * Cross-chain routes: how long each bridge takes.
   */
  'bridging_estimates': (_switchyard_routing_v1_BridgingEstimate__Output)[];
  '_price_impact'?: "price_impact";
}
