// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface BridgePoolsRequest {
  'chain_id'?: (number | string | Long);
  'token'?: (string);
  'destination_chain_id'?: (number | string | Long);
  'destination_token'?: (string);
  '_destination_chain_id'?: "destination_chain_id";
  '_destination_token'?: "destination_token";
}

export interface BridgePoolsRequest__Output {
  'chain_id': (string);
  'token': (string);
  'destination_chain_id'?: (string);
  'destination_token'?: (string);
  '_destination_chain_id'?: "destination_chain_id";
  '_destination_token'?: "destination_token";
}
