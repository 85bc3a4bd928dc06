// Original file: proto/switchyard/routing/v1/routing_service.proto

import type { Transaction as _switchyard_routing_v1_Transaction, Transaction__Output as _switchyard_routing_v1_Transaction__Output } from '../../../switchyard/routing/v1/Transaction.js';

/**
 * A transaction the sender must send before the bundle.
 */
export interface Approval {
  'token'?: (string);
  /**
   * Wei, base-10 string.
   */
  'amount'?: (string);
  'spender'?: (string);
  'tx'?: (_switchyard_routing_v1_Transaction | null);
}

/**
 * A transaction the sender must send before the bundle.
 */
export interface Approval__Output {
  'token': (string);
  /**
   * Wei, base-10 string.
   */
  'amount': (string);
  'spender': (string);
  'tx': (_switchyard_routing_v1_Transaction__Output | null);
}
