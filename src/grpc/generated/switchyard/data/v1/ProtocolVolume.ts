// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface ProtocolVolume {
  'protocol'?: (string);
  /**
   * USD, input side of each swap at current pool prices.
   */
  'volume_usd'?: (number | string);
  'swaps'?: (number | string | Long);
}

export interface ProtocolVolume__Output {
  'protocol': (string);
  /**
   * USD, input side of each swap at current pool prices.
   */
  'volume_usd': (number);
  'swaps': (string);
}
