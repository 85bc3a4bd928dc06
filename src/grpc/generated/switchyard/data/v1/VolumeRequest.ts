// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface VolumeRequest {
  'chain_id'?: (number | string | Long);
  /**
   * How many recent blocks to count (1-100000); default 7200 (about a day on Ethereum).
   */
  'blocks'?: (number);
  '_blocks'?: "blocks";
}

export interface VolumeRequest__Output {
  'chain_id': (string);
  /**
   * How many recent blocks to count (1-100000); default 7200 (about a day on Ethereum).
   */
  'blocks'?: (number);
  '_blocks'?: "blocks";
}
