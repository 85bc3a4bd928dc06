// Original file: proto/switchyard/routing/v1/routing_service.proto

import type { Transaction as _switchyard_routing_v1_Transaction, Transaction__Output as _switchyard_routing_v1_Transaction__Output } from '../../../switchyard/routing/v1/Transaction.js';

export interface ApproveResponse {
  'tx'?: (_switchyard_routing_v1_Transaction | null);
  'gas'?: (string);
  'token'?: (string);
  'amount'?: (string);
  'spender'?: (string);
  /**
   * Transactions to send before `tx`: for USDT-style tokens with a non-zero allowance, an
   * approve(spender, 0) first.
   */
  'prerequisites'?: (_switchyard_routing_v1_Transaction)[];
  /**
   * Set when the token refuses to change a non-zero allowance (USDT-style).
   */
  'requires_zero_allowance_first'?: (boolean);
}

export interface ApproveResponse__Output {
  'tx': (_switchyard_routing_v1_Transaction__Output | null);
  'gas': (string);
  'token': (string);
  'amount': (string);
  'spender': (string);
  /**
   * Transactions to send before `tx`: for USDT-style tokens with a non-zero allowance, an
   * approve(spender, 0) first.
   */
  'prerequisites': (_switchyard_routing_v1_Transaction__Output)[];
  /**
   * Set when the token refuses to change a non-zero allowance (USDT-style).
   */
  'requires_zero_allowance_first': (boolean);
}
