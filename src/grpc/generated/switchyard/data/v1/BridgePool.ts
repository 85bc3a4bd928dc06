// Original file: proto/switchyard/data/v1/data_service.proto

import type { BridgePoolSide as _switchyard_data_v1_BridgePoolSide, BridgePoolSide__Output as _switchyard_data_v1_BridgePoolSide__Output } from '../../../switchyard/data/v1/BridgePoolSide.js';
import type { Long } from '@grpc/proto-loader';

export interface BridgePool {
  'pool'?: (string);
  'chain_id'?: (number | string | Long);
  'destination_chain_id'?: (number | string | Long);
  'token'?: (string);
  'decimals'?: (number);
  'destination_data'?: (_switchyard_data_v1_BridgePoolSide | null);
}

export interface BridgePool__Output {
  'pool': (string);
  'chain_id': (string);
  'destination_chain_id': (string);
  'token': (string);
  'decimals': (number);
  'destination_data': (_switchyard_data_v1_BridgePoolSide__Output | null);
}
