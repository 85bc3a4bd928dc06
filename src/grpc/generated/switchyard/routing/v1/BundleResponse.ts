// Original file: proto/switchyard/routing/v1/routing_service.proto

import type { Transaction as _switchyard_routing_v1_Transaction, Transaction__Output as _switchyard_routing_v1_Transaction__Output } from '../../../switchyard/routing/v1/Transaction.js';
import type { RouteStep as _switchyard_routing_v1_RouteStep, RouteStep__Output as _switchyard_routing_v1_RouteStep__Output } from '../../../switchyard/routing/v1/RouteStep.js';
import type { Approval as _switchyard_routing_v1_Approval, Approval__Output as _switchyard_routing_v1_Approval__Output } from '../../../switchyard/routing/v1/Approval.js';
import type { BridgingEstimate as _switchyard_routing_v1_BridgingEstimate, BridgingEstimate__Output as _switchyard_routing_v1_BridgingEstimate__Output } from '../../../switchyard/routing/v1/BridgingEstimate.js';
import type { Explanation as _switchyard_routing_v1_Explanation, Explanation__Output as _switchyard_routing_v1_Explanation__Output } from '../../../switchyard/routing/v1/Explanation.js';
import type { Long } from '@grpc/proto-loader';

export interface BundleResponse {
  /**
   * The actions as sent, JSON.
   */
  'bundle_json'?: (string);
  /**
   * A gas limit the transaction is proven (by simulation) to succeed with.
   */
  'gas'?: (string);
  /**
   * Block number the answer was simulated on.
   */
  'created_at'?: (number | string | Long);
  'tx'?: (_switchyard_routing_v1_Transaction | null);
  /**
   * Receivers' simulated balance changes by token address.
   */
  'amounts_out'?: ({[key: string]: string});
  /**
   * amounts_out less slippage: what the router checks on the receiver.
   */
  'min_amounts_out'?: ({[key: string]: string});
  'route'?: (_switchyard_routing_v1_RouteStep)[];
  /**
   * Price impact in basis points; unset when no USD price is known.
   */
  'price_impact'?: (number | string);
  'fee_amount'?: ({[key: string]: string});
  /**
   * Approvals the sender must send first (router strategy).
   */
  'approvals'?: (_switchyard_routing_v1_Approval)[];
  /**
   * Unix seconds after which the answer should be refreshed.
   */
  'valid_until'?: (number | string | Long);
  /**
   * Bundles with bridges: how long each bridge takes.
   */
  'bridging_estimates'?: (_switchyard_routing_v1_BridgingEstimate)[];
  /**
   * Contracts outside the chain's address book (our contracts, known protocol contracts, known tokens)
   * that the plan hands control to: every call target, and every payee of native coin or of a safe
   * transfer that holds code; flash-loan and bridge callback plans included. Checksummed, sorted, each
   * once; empty when none. Such a plan is still served: the contracts carry the safety, this says whom
   * the plan lets run.
   */
  'external_contracts'?: (string)[];
  /**
   * Set only when the request asked for it (explain = true).
   */
  'explanation'?: (_switchyard_routing_v1_Explanation | null);
  '_price_impact'?: "price_impact";
}

export interface BundleResponse__Output {
  /**
   * The actions as sent, JSON.
   */
  'bundle_json': (string);
  /**
   * A gas limit the transaction is proven (by simulation) to succeed with.
   */
  'gas': (string);
  /**
   * Block number the answer was simulated on.
   */
  'created_at': (string);
  'tx': (_switchyard_routing_v1_Transaction__Output | null);
  /**
   * Receivers' simulated balance changes by token address.
   */
  'amounts_out': ({[key: string]: string});
  /**
   * amounts_out less slippage: what the router checks on the receiver.
   */
  'min_amounts_out': ({[key: string]: string});
  'route': (_switchyard_routing_v1_RouteStep__Output)[];
  /**
   * Price impact in basis points; unset when no USD price is known.
   */
  'price_impact'?: (number);
  'fee_amount': ({[key: string]: string});
  /**
   * Approvals the sender must send first (router strategy).
   */
  'approvals': (_switchyard_routing_v1_Approval__Output)[];
  /**
   * Unix seconds after which the answer should be refreshed.
   */
  'valid_until': (string);
  /**
   * Bundles with bridges: how long each bridge takes.
   */
  'bridging_estimates': (_switchyard_routing_v1_BridgingEstimate__Output)[];
  /**
   * Contracts outside the chain's address book (our contracts, known protocol contracts, known tokens)
   * that the plan hands control to: every call target, and every payee of native coin or of a safe
   * transfer that holds code; flash-loan and bridge callback plans included. Checksummed, sorted, each
   * once; empty when none. Such a plan is still served: the contracts carry the safety, this says whom
   * the plan lets run.
   */
  'external_contracts': (string)[];
  /**
   * Set only when the request asked for it (explain = true).
   */
  'explanation': (_switchyard_routing_v1_Explanation__Output | null);
  '_price_impact'?: "price_impact";
}
