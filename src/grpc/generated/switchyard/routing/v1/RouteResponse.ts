// Original file: proto/switchyard/routing/v1/routing_service.proto

import type { Transaction as _switchyard_routing_v1_Transaction, Transaction__Output as _switchyard_routing_v1_Transaction__Output } from '../../../switchyard/routing/v1/Transaction.js';
import type { RouteStep as _switchyard_routing_v1_RouteStep, RouteStep__Output as _switchyard_routing_v1_RouteStep__Output } from '../../../switchyard/routing/v1/RouteStep.js';
import type { BridgingEstimate as _switchyard_routing_v1_BridgingEstimate, BridgingEstimate__Output as _switchyard_routing_v1_BridgingEstimate__Output } from '../../../switchyard/routing/v1/BridgingEstimate.js';
import type { Explanation as _switchyard_routing_v1_Explanation, Explanation__Output as _switchyard_routing_v1_Explanation__Output } from '../../../switchyard/routing/v1/Explanation.js';
import type { Long } from '@grpc/proto-loader';

export interface RouteResponse {
  /**
   * A gas limit the transaction is proven (by simulation) to succeed with: within 1.3x of the gas it uses.
   */
  'gas'?: (string);
  /**
   * Simulated amount out (receiver's balance change) of the first token_out, base-10 string; with
   * several token_out, amounts_out has each.
   */
  'amount_out'?: (string);
  /**
   * Minimum allowable output after slippage (first token_out; min_amounts_out has each).
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
  /**
   * Simulated amount out per token_out, in order.
   */
  'amounts_out'?: (string)[];
  /**
   * Minimum per token_out, in order.
   */
  'min_amounts_out'?: (string)[];
  /**
   * Block number the answer was simulated on (same as created_at).
   */
  'block_number'?: (number | string | Long);
  /**
   * Unix seconds after which the answer should be fetched again.
   */
  'valid_until'?: (number | string | Long);
  /**
   * "field=value" for every ignore entry (ignore_standards, ignore_aggregators, ignore_bridges) that
   * names nothing we integrate: ignored, not refused. REST reports them in x-switchyard-ignored-filters.
   */
  'unknown_filters'?: (string)[];
  /**
   * Contracts outside the chain's address book (our contracts, known protocol contracts, known tokens)
   * that the plan hands control to: every call target, and every payee of native coin that holds code;
   * a cross-chain route's destination callback included. Checksummed, sorted, each once; empty when
   * none. Such a route is still served: the contracts carry the safety, this says whom the plan lets run.
   */
  'external_contracts'?: (string)[];
  /**
   * Set only when the request asked for it (explain = true).
   */
  'explanation'?: (_switchyard_routing_v1_Explanation | null);
  '_price_impact'?: "price_impact";
}

export interface RouteResponse__Output {
  /**
   * A gas limit the transaction is proven (by simulation) to succeed with: within 1.3x of the gas it uses.
   */
  'gas': (string);
  /**
   * Simulated amount out (receiver's balance change) of the first token_out, base-10 string; with
   * several token_out, amounts_out has each.
   */
  'amount_out': (string);
  /**
   * Minimum allowable output after slippage (first token_out; min_amounts_out has each).
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
  /**
   * Simulated amount out per token_out, in order.
   */
  'amounts_out': (string)[];
  /**
   * Minimum per token_out, in order.
   */
  'min_amounts_out': (string)[];
  /**
   * Block number the answer was simulated on (same as created_at).
   */
  'block_number': (string);
  /**
   * Unix seconds after which the answer should be fetched again.
   */
  'valid_until': (string);
  /**
   * "field=value" for every ignore entry (ignore_standards, ignore_aggregators, ignore_bridges) that
   * names nothing we integrate: ignored, not refused. REST reports them in x-switchyard-ignored-filters.
   */
  'unknown_filters': (string)[];
  /**
   * Contracts outside the chain's address book (our contracts, known protocol contracts, known tokens)
   * that the plan hands control to: every call target, and every payee of native coin that holds code;
   * a cross-chain route's destination callback included. Checksummed, sorted, each once; empty when
   * none. Such a route is still served: the contracts carry the safety, this says whom the plan lets run.
   */
  'external_contracts': (string)[];
  /**
   * Set only when the request asked for it (explain = true).
   */
  'explanation': (_switchyard_routing_v1_Explanation__Output | null);
  '_price_impact'?: "price_impact";
}
