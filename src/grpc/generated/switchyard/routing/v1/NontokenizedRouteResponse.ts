// Original file: proto/switchyard/routing/v1/routing_service.proto

import type { Transaction as _switchyard_routing_v1_Transaction, Transaction__Output as _switchyard_routing_v1_Transaction__Output } from '../../../switchyard/routing/v1/Transaction.js';
import type { RouteStep as _switchyard_routing_v1_RouteStep, RouteStep__Output as _switchyard_routing_v1_RouteStep__Output } from '../../../switchyard/routing/v1/RouteStep.js';
import type { Long } from '@grpc/proto-loader';

export interface NontokenizedRouteResponse {
  'created_at'?: (number | string | Long);
  'gas'?: (string);
  /**
   * What went into the position, as simulated.
   */
  'amount_deposited'?: (string);
  'price_impact'?: (number | string);
  'tx'?: (_switchyard_routing_v1_Transaction | null);
  'route'?: (_switchyard_routing_v1_RouteStep)[];
  'fee_amount'?: (string)[];
  'enso_fee_amount'?: (string)[];
  /**
   * As BundleResponse.external_contracts.
   */
  'external_contracts'?: (string)[];
  '_price_impact'?: "price_impact";
}

export interface NontokenizedRouteResponse__Output {
  'created_at': (string);
  'gas': (string);
  /**
   * What went into the position, as simulated.
   */
  'amount_deposited': (string);
  'price_impact'?: (number);
  'tx': (_switchyard_routing_v1_Transaction__Output | null);
  'route': (_switchyard_routing_v1_RouteStep__Output)[];
  'fee_amount': (string)[];
  'enso_fee_amount': (string)[];
  /**
   * As BundleResponse.external_contracts.
   */
  'external_contracts': (string)[];
  '_price_impact'?: "price_impact";
}
