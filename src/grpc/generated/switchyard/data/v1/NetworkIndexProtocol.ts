// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * One protocol's discovered pools.
 */
export interface NetworkIndexProtocol {
  'protocol'?: (string);
  'indexed'?: (number | string | Long);
  'above_floor'?: (number | string | Long);
}

/**
 * One protocol's discovered pools.
 */
export interface NetworkIndexProtocol__Output {
  'protocol': (string);
  'indexed': (string);
  'above_floor': (string);
}
