// Original file: proto/switchyard/data/v1/data_service.proto

import type { WalletBalance as _switchyard_data_v1_WalletBalance, WalletBalance__Output as _switchyard_data_v1_WalletBalance__Output } from '../../../switchyard/data/v1/WalletBalance.js';
import type { ChainBlock as _switchyard_data_v1_ChainBlock, ChainBlock__Output as _switchyard_data_v1_ChainBlock__Output } from '../../../switchyard/data/v1/ChainBlock.js';

export interface WalletBalancesResponse {
  /**
   * Non-zero balances only, per chain: the native coin first, then tokens in the order GET /tokens lists them.
   */
  'balances'?: (_switchyard_data_v1_WalletBalance)[];
  /**
   * The account read (eoa_address, or its smart wallet).
   */
  'address'?: (string);
  /**
   * Snapshot block of each chain read, in the order of the balances.
   */
  'blocks'?: (_switchyard_data_v1_ChainBlock)[];
}

export interface WalletBalancesResponse__Output {
  /**
   * Non-zero balances only, per chain: the native coin first, then tokens in the order GET /tokens lists them.
   */
  'balances': (_switchyard_data_v1_WalletBalance__Output)[];
  /**
   * The account read (eoa_address, or its smart wallet).
   */
  'address': (string);
  /**
   * Snapshot block of each chain read, in the order of the balances.
   */
  'blocks': (_switchyard_data_v1_ChainBlock__Output)[];
}
