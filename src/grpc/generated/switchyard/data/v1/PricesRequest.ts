// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface PricesRequest {
  'chain_id'?: (number | string | Long);
  'addresses'?: (string)[];
}

export interface PricesRequest__Output {
  'chain_id': (string);
  'addresses': (string)[];
}
