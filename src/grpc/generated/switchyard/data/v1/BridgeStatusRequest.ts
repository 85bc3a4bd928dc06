// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface BridgeStatusRequest {
  /**
   * layerzero, stargate or across.
   */
  'bridge_protocol'?: (string);
  'chain_id'?: (number | string | Long);
  'tx_hash'?: (string);
}

export interface BridgeStatusRequest__Output {
  /**
   * layerzero, stargate or across.
   */
  'bridge_protocol': (string);
  'chain_id': (string);
  'tx_hash': (string);
}
