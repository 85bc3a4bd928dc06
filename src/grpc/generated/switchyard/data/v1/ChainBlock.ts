// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface ChainBlock {
  'chain_id'?: (number | string | Long);
  'block_number'?: (number | string | Long);
}

export interface ChainBlock__Output {
  'chain_id': (string);
  'block_number': (string);
}
