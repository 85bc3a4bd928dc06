// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface AggregatorsRequest {
  /**
   * When set, only aggregators live on this chain.
   */
  'chain_id'?: (number | string | Long);
  '_chain_id'?: "chain_id";
}

export interface AggregatorsRequest__Output {
  /**
   * When set, only aggregators live on this chain.
   */
  'chain_id'?: (string);
  '_chain_id'?: "chain_id";
}
