// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface ProtocolsRequest {
  'chain_id'?: (number | string | Long);
  'slug'?: (string);
  '_chain_id'?: "chain_id";
  '_slug'?: "slug";
}

export interface ProtocolsRequest__Output {
  'chain_id'?: (string);
  'slug'?: (string);
  '_chain_id'?: "chain_id";
  '_slug'?: "slug";
}
