// Original file: proto/switchyard/data/v1/data_service.proto

import type { NetworkIndex as _switchyard_data_v1_NetworkIndex, NetworkIndex__Output as _switchyard_data_v1_NetworkIndex__Output } from '../../../switchyard/data/v1/NetworkIndex.js';
import type { Long } from '@grpc/proto-loader';

export interface Network {
  'id'?: (number | string | Long);
  'name'?: (string);
  /**
   * True when the chain's node answers.
   */
  'is_connected'?: (boolean);
  /**
   * Chains on an external node: the pool index discovery keeps from the chain's logs, its liquidity
   * floor and counts. Absent on the embedded devnet.
   */
  'index'?: (_switchyard_data_v1_NetworkIndex | null);
}

export interface Network__Output {
  'id': (string);
  'name': (string);
  /**
   * True when the chain's node answers.
   */
  'is_connected': (boolean);
  /**
   * Chains on an external node: the pool index discovery keeps from the chain's logs, its liquidity
   * floor and counts. Absent on the embedded devnet.
   */
  'index': (_switchyard_data_v1_NetworkIndex__Output | null);
}
