// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface NetworksRequest {
  /**
   * Filter by name (case-insensitive substring).
   */
  'name'?: (string);
  /**
   * Filter by chain id.
   */
  'chain_id'?: (number | string | Long);
  '_name'?: "name";
  '_chain_id'?: "chain_id";
}

export interface NetworksRequest__Output {
  /**
   * Filter by name (case-insensitive substring).
   */
  'name'?: (string);
  /**
   * Filter by chain id.
   */
  'chain_id'?: (string);
  '_name'?: "name";
  '_chain_id'?: "chain_id";
}
