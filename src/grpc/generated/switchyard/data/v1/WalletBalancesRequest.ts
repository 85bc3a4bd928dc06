// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface WalletBalancesRequest {
  /**
   * Chain to read; unset reads every chain served (REST `chainId=all`).
   */
  'chain_id'?: (number | string | Long);
  /**
   * The externally owned account.
   */
  'eoa_address'?: (string);
  /**
   * True: the balances of eoa_address; false: those of its smart wallet. Required.
   */
  'use_eoa'?: (boolean);
  '_chain_id'?: "chain_id";
  '_use_eoa'?: "use_eoa";
}

export interface WalletBalancesRequest__Output {
  /**
   * Chain to read; unset reads every chain served (REST `chainId=all`).
   */
  'chain_id'?: (string);
  /**
   * The externally owned account.
   */
  'eoa_address': (string);
  /**
   * True: the balances of eoa_address; false: those of its smart wallet. Required.
   */
  'use_eoa'?: (boolean);
  '_chain_id'?: "chain_id";
  '_use_eoa'?: "use_eoa";
}
