// Original file: proto/switchyard/routing/v1/routing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * A bundle request: the REST query parameters of POST /api/v1/shortcuts/bundle and its JSON body.
 */
export interface BundleRequest {
  /**
   * Chain the transaction executes on; defaults to 1 when unset.
   */
  'chain_id'?: (number | string | Long);
  /**
   * Wallet the transaction is sent from.
   */
  'from_address'?: (string);
  /**
   * router | delegate.
   */
  'routing_strategy'?: (string);
  /**
   * Receiver of the bundle's outputs; defaults to from_address.
   */
  'receiver'?: (string);
  /**
   * The wallet that holds and spends the tokens (delegate strategy).
   */
  'spender'?: (string);
  /**
   * Receiver of leftovers; defaults to from_address.
   */
  'refund_receiver'?: (string);
  /**
   * At most 16 printable ASCII characters; carried on-chain in requestId.
   */
  'referral_code'?: (string);
  'ignore_aggregators'?: (string)[];
  'ignore_standards'?: (string)[];
  /**
   * Accepted; amounts are always simulated.
   */
  'skip_quote'?: (boolean);
  /**
   * Slippage in basis points for the receiver's minimums (default 50).
   */
  'slippage'?: (string);
  /**
   * The actions: a JSON array of {protocol, action, args}, exactly the REST body.
   */
  'actions_json'?: (string);
  /**
   * Bridge callbacks only (cross-chain).
   */
  'callback_gas_limit'?: (string);
  /**
   * user | backend (the OpenAPI's executionMode). Both build the same answer: the transaction
   * from_address sends, simulated as sent by it (switchyard has no backend executing shortcuts).
   */
  'execution_mode'?: (string);
  /**
   * Add an explanation to the answer (BundleResponse.explanation).
   */
  'explain'?: (boolean);
  '_chain_id'?: "chain_id";
  '_routing_strategy'?: "routing_strategy";
  '_receiver'?: "receiver";
  '_spender'?: "spender";
  '_refund_receiver'?: "refund_receiver";
  '_referral_code'?: "referral_code";
  '_skip_quote'?: "skip_quote";
  '_slippage'?: "slippage";
  '_callback_gas_limit'?: "callback_gas_limit";
  '_execution_mode'?: "execution_mode";
  '_explain'?: "explain";
}

/**
 * A bundle request: the REST query parameters of POST /api/v1/shortcuts/bundle and its JSON body.
 */
export interface BundleRequest__Output {
  /**
   * Chain the transaction executes on; defaults to 1 when unset.
   */
  'chain_id'?: (string);
  /**
   * Wallet the transaction is sent from.
   */
  'from_address': (string);
  /**
   * router | delegate.
   */
  'routing_strategy'?: (string);
  /**
   * Receiver of the bundle's outputs; defaults to from_address.
   */
  'receiver'?: (string);
  /**
   * The wallet that holds and spends the tokens (delegate strategy).
   */
  'spender'?: (string);
  /**
   * Receiver of leftovers; defaults to from_address.
   */
  'refund_receiver'?: (string);
  /**
   * At most 16 printable ASCII characters; carried on-chain in requestId.
   */
  'referral_code'?: (string);
  'ignore_aggregators': (string)[];
  'ignore_standards': (string)[];
  /**
   * Accepted; amounts are always simulated.
   */
  'skip_quote'?: (boolean);
  /**
   * Slippage in basis points for the receiver's minimums (default 50).
   */
  'slippage'?: (string);
  /**
   * The actions: a JSON array of {protocol, action, args}, exactly the REST body.
   */
  'actions_json': (string);
  /**
   * Bridge callbacks only (cross-chain).
   */
  'callback_gas_limit'?: (string);
  /**
   * user | backend (the OpenAPI's executionMode). Both build the same answer: the transaction
   * from_address sends, simulated as sent by it (switchyard has no backend executing shortcuts).
   */
  'execution_mode'?: (string);
  /**
   * Add an explanation to the answer (BundleResponse.explanation).
   */
  'explain'?: (boolean);
  '_chain_id'?: "chain_id";
  '_routing_strategy'?: "routing_strategy";
  '_receiver'?: "receiver";
  '_spender'?: "spender";
  '_refund_receiver'?: "refund_receiver";
  '_referral_code'?: "referral_code";
  '_skip_quote'?: "skip_quote";
  '_slippage'?: "slippage";
  '_callback_gas_limit'?: "callback_gas_limit";
  '_execution_mode'?: "execution_mode";
  '_explain'?: "explain";
}
