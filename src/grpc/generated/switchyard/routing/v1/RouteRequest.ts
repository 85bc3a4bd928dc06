// Original file: proto/switchyard/routing/v1/routing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * A route request; field meanings follow the REST body of POST /api/v1/shortcuts/route.
 */
export interface RouteRequest {
  /**
   * Wallet the transaction is sent from.
   */
  'from_address'?: (string);
  /**
   * Amounts of each token_in in wei (base-10 integer strings).
   */
  'amount_in'?: (string)[];
  /**
   * Input tokens; the native coin is 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE.
   */
  'token_in'?: (string)[];
  /**
   * Output tokens.
   */
  'token_out'?: (string)[];
  /**
   * Chain the transaction executes on; defaults to 1 when unset.
   */
  'chain_id'?: (number | string | Long);
  /**
   * router | delegate | router-legacy | delegate-legacy.
   */
  'routing_strategy'?: (string);
  /**
   * Deprecated; accepted and ignored.
   */
  'to_eoa'?: (boolean);
  /**
   * Receiver of token_out; defaults to from_address.
   */
  'receiver'?: (string);
  /**
   * Honoured only with the delegate strategy.
   */
  'spender'?: (string);
  /**
   * Minimum out per token_out in wei; ignored when slippage is set.
   */
  'min_amount_out'?: (string)[];
  /**
   * Slippage in basis points (integer string, 0-10000); default 50; wins over min_amount_out.
   */
  'slippage'?: (string);
  /**
   * Fee in basis points per amount_in entry (0-100).
   */
  'fee'?: (string)[];
  /**
   * Required when fee is given.
   */
  'fee_receiver'?: (string);
  /**
   * Aggregators to exclude.
   */
  'ignore_aggregators'?: (string)[];
  /**
   * Standards (protocol families) to exclude; unknown names are ignored (reported in unknown_filters).
   */
  'ignore_standards'?: (string)[];
  /**
   * At most 16 printable ASCII characters; carried on-chain in requestId.
   */
  'referral_code'?: (string);
  /**
   * Cross-chain destination (not supported yet).
   */
  'destination_chain_id'?: (number | string | Long);
  /**
   * Receiver of dust; defaults to from_address.
   */
  'refund_receiver'?: (string);
  /**
   * The REST body's variableEstimates object, as JSON; required by REST POST.
   */
  'variable_estimates_json'?: (string);
  /**
   * Set by the gateway: the API key's account id. Direct gRPC callers authenticate with
   * `authorization: Bearer <key>` metadata instead.
   */
  'account_id'?: (string);
  /**
   * Bridges to leave out of cross-chain routes (stargate, layerzero, across); unknown names are ignored (reported in unknown_filters).
   */
  'ignore_bridges'?: (string)[];
  /**
   * Add an explanation to the answer: the state simulated, the steps as executed, the decoded plan,
   * the candidates weighed (RouteResponse.explanation, QuoteResponse.explanation).
   */
  'explain'?: (boolean);
  '_chain_id'?: "chain_id";
  '_routing_strategy'?: "routing_strategy";
  '_to_eoa'?: "to_eoa";
  '_receiver'?: "receiver";
  '_spender'?: "spender";
  '_slippage'?: "slippage";
  '_fee_receiver'?: "fee_receiver";
  '_referral_code'?: "referral_code";
  '_destination_chain_id'?: "destination_chain_id";
  '_refund_receiver'?: "refund_receiver";
  '_variable_estimates_json'?: "variable_estimates_json";
  '_account_id'?: "account_id";
  '_explain'?: "explain";
}

/**
 * A route request; field meanings follow the REST body of POST /api/v1/shortcuts/route.
 */
export interface RouteRequest__Output {
  /**
   * Wallet the transaction is sent from.
   */
  'from_address': (string);
  /**
   * Amounts of each token_in in wei (base-10 integer strings).
   */
  'amount_in': (string)[];
  /**
   * Input tokens; the native coin is 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE.
   */
  'token_in': (string)[];
  /**
   * Output tokens.
   */
  'token_out': (string)[];
  /**
   * Chain the transaction executes on; defaults to 1 when unset.
   */
  'chain_id'?: (string);
  /**
   * router | delegate | router-legacy | delegate-legacy.
   */
  'routing_strategy'?: (string);
  /**
   * Deprecated; accepted and ignored.
   */
  'to_eoa'?: (boolean);
  /**
   * Receiver of token_out; defaults to from_address.
   */
  'receiver'?: (string);
  /**
   * Honoured only with the delegate strategy.
   */
  'spender'?: (string);
  /**
   * Minimum out per token_out in wei; ignored when slippage is set.
   */
  'min_amount_out': (string)[];
  /**
   * Slippage in basis points (integer string, 0-10000); default 50; wins over min_amount_out.
   */
  'slippage'?: (string);
  /**
   * Fee in basis points per amount_in entry (0-100).
   */
  'fee': (string)[];
  /**
   * Required when fee is given.
   */
  'fee_receiver'?: (string);
  /**
   * Aggregators to exclude.
   */
  'ignore_aggregators': (string)[];
  /**
   * Standards (protocol families) to exclude; unknown names are ignored (reported in unknown_filters).
   */
  'ignore_standards': (string)[];
  /**
   * At most 16 printable ASCII characters; carried on-chain in requestId.
   */
  'referral_code'?: (string);
  /**
   * Cross-chain destination (not supported yet).
   */
  'destination_chain_id'?: (string);
  /**
   * Receiver of dust; defaults to from_address.
   */
  'refund_receiver'?: (string);
  /**
   * The REST body's variableEstimates object, as JSON; required by REST POST.
   */
  'variable_estimates_json'?: (string);
  /**
   * Set by the gateway: the API key's account id. Direct gRPC callers authenticate with
   * `authorization: Bearer <key>` metadata instead.
   */
  'account_id'?: (string);
  /**
   * Bridges to leave out of cross-chain routes (stargate, layerzero, across); unknown names are ignored (reported in unknown_filters).
   */
  'ignore_bridges': (string)[];
  /**
   * Add an explanation to the answer: the state simulated, the steps as executed, the decoded plan,
   * the candidates weighed (RouteResponse.explanation, QuoteResponse.explanation).
   */
  'explain'?: (boolean);
  '_chain_id'?: "chain_id";
  '_routing_strategy'?: "routing_strategy";
  '_to_eoa'?: "to_eoa";
  '_receiver'?: "receiver";
  '_spender'?: "spender";
  '_slippage'?: "slippage";
  '_fee_receiver'?: "fee_receiver";
  '_referral_code'?: "referral_code";
  '_destination_chain_id'?: "destination_chain_id";
  '_refund_receiver'?: "refund_receiver";
  '_variable_estimates_json'?: "variable_estimates_json";
  '_account_id'?: "account_id";
  '_explain'?: "explain";
}
