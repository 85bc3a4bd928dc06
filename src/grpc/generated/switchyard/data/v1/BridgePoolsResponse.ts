// Original file: proto/switchyard/data/v1/data_service.proto

import type { BridgePool as _switchyard_data_v1_BridgePool, BridgePool__Output as _switchyard_data_v1_BridgePool__Output } from '../../../switchyard/data/v1/BridgePool.js';

export interface BridgePoolsResponse {
  'pools'?: (_switchyard_data_v1_BridgePool)[];
}

export interface BridgePoolsResponse__Output {
  'pools': (_switchyard_data_v1_BridgePool__Output)[];
}
