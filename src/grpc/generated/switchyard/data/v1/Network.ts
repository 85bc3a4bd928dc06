// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface Network {
  'id'?: (number | string | Long);
  'name'?: (string);
  /**
   * True when the chain's node answers.
   */
  'is_connected'?: (boolean);
}

export interface Network__Output {
  'id': (string);
  'name': (string);
  /**
   * True when the chain's node answers.
   */
  'is_connected': (boolean);
}
