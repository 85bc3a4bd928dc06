// Original file: proto/switchyard/routing/v1/routing_service.proto

import type { Transaction as _switchyard_routing_v1_Transaction, Transaction__Output as _switchyard_routing_v1_Transaction__Output } from '../../../switchyard/routing/v1/Transaction.js';
import type { Long } from '@grpc/proto-loader';

/**
 * POST /api/v1/shortcuts/replay: a quote_id, or the answer in full (chain_id, block_number, tx,
 * token_out, amount_out; token_in/amount_in fund a sender that holds nothing), or both.
 */
export interface ReplayRequest {
  'quote_id'?: (string);
  'chain_id'?: (number | string | Long);
  'block_number'?: (number | string | Long);
  'tx'?: (_switchyard_routing_v1_Transaction | null);
  'receiver'?: (string);
  'token_out'?: (string)[];
  'amount_out'?: (string)[];
  'token_in'?: (string)[];
  'amount_in'?: (string)[];
  '_quote_id'?: "quote_id";
  '_chain_id'?: "chain_id";
  '_block_number'?: "block_number";
  '_tx'?: "tx";
  '_receiver'?: "receiver";
}

/**
 * POST /api/v1/shortcuts/replay: a quote_id, or the answer in full (chain_id, block_number, tx,
 * token_out, amount_out; token_in/amount_in fund a sender that holds nothing), or both.
 */
export interface ReplayRequest__Output {
  'quote_id'?: (string);
  'chain_id'?: (string);
  'block_number'?: (string);
  'tx'?: (_switchyard_routing_v1_Transaction__Output | null);
  'receiver'?: (string);
  'token_out': (string)[];
  'amount_out': (string)[];
  'token_in': (string)[];
  'amount_in': (string)[];
  '_quote_id'?: "quote_id";
  '_chain_id'?: "chain_id";
  '_block_number'?: "block_number";
  '_tx'?: "tx";
  '_receiver'?: "receiver";
}
