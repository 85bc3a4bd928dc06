// Original file: proto/switchyard/routing/v1/routing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * GET /api/v1/shortcuts/route/nontokenized parameters.
 */
export interface NontokenizedRouteRequest {
  'chain_id'?: (number | string | Long);
  'from_address'?: (string);
  /**
   * delegate (the only strategy for positions held by the wallet).
   */
  'routing_strategy'?: (string);
  'referral_code'?: (string);
  'destination_chain_id'?: (number | string | Long);
  'token_in'?: (string)[];
  /**
   * The position's address or its position_id, both from DataService.Nontokenized.
   */
  'position_out'?: (string);
  'slippage'?: (string);
  'fee'?: (string)[];
  'fee_receiver'?: (string);
  'ignore_aggregators'?: (string)[];
  'ignore_bridges'?: (string)[];
  'ignore_standards'?: (string)[];
  'amount_in'?: (string)[];
  /**
   * Who owns the position.
   */
  'receiver'?: (string);
  'spender'?: (string);
  'refund_receiver'?: (string);
  '_chain_id'?: "chain_id";
  '_routing_strategy'?: "routing_strategy";
  '_referral_code'?: "referral_code";
  '_destination_chain_id'?: "destination_chain_id";
  '_slippage'?: "slippage";
  '_fee_receiver'?: "fee_receiver";
  '_spender'?: "spender";
  '_refund_receiver'?: "refund_receiver";
}

/**
 * GET /api/v1/shortcuts/route/nontokenized parameters.
 */
export interface NontokenizedRouteRequest__Output {
  'chain_id'?: (string);
  'from_address': (string);
  /**
   * delegate (the only strategy for positions held by the wallet).
   */
  'routing_strategy'?: (string);
  'referral_code'?: (string);
  'destination_chain_id'?: (string);
  'token_in': (string)[];
  /**
   * The position's address or its position_id, both from DataService.Nontokenized.
   */
  'position_out': (string);
  'slippage'?: (string);
  'fee': (string)[];
  'fee_receiver'?: (string);
  'ignore_aggregators': (string)[];
  'ignore_bridges': (string)[];
  'ignore_standards': (string)[];
  'amount_in': (string)[];
  /**
   * Who owns the position.
   */
  'receiver': (string);
  'spender'?: (string);
  'refund_receiver'?: (string);
  '_chain_id'?: "chain_id";
  '_routing_strategy'?: "routing_strategy";
  '_referral_code'?: "referral_code";
  '_destination_chain_id'?: "destination_chain_id";
  '_slippage'?: "slippage";
  '_fee_receiver'?: "fee_receiver";
  '_spender'?: "spender";
  '_refund_receiver'?: "refund_receiver";
}
