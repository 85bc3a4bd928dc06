// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface UnderlyingToken {
  'address'?: (string);
  'chain_id'?: (number | string | Long);
  'type'?: (string);
  'decimals'?: (number);
  'symbol'?: (string);
  'name'?: (string);
}

export interface UnderlyingToken__Output {
  'address': (string);
  'chain_id': (string);
  'type': (string);
  'decimals': (number);
  'symbol': (string);
  'name': (string);
}
