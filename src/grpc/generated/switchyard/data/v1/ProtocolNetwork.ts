// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface ProtocolNetwork {
  'id'?: (number | string | Long);
  'name'?: (string);
}

export interface ProtocolNetwork__Output {
  'id': (string);
  'name': (string);
}
