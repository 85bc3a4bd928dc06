// Original file: proto/switchyard/data/v1/data_service.proto

import type { ProtocolVolume as _switchyard_data_v1_ProtocolVolume, ProtocolVolume__Output as _switchyard_data_v1_ProtocolVolume__Output } from '../../../switchyard/data/v1/ProtocolVolume.js';
import type { Long } from '@grpc/proto-loader';

export interface VolumeResponse {
  'chain_id'?: (number | string | Long);
  'from_block'?: (number | string | Long);
  'to_block'?: (number | string | Long);
  'volume_usd'?: (number | string);
  'swaps'?: (number | string | Long);
  /**
   * Transactions executed through the switchyard router/executor (ShortcutExecuted events).
   */
  'routes'?: (number | string | Long);
  'by_protocol'?: (_switchyard_data_v1_ProtocolVolume)[];
}

export interface VolumeResponse__Output {
  'chain_id': (string);
  'from_block': (string);
  'to_block': (string);
  'volume_usd': (number);
  'swaps': (string);
  /**
   * Transactions executed through the switchyard router/executor (ShortcutExecuted events).
   */
  'routes': (string);
  'by_protocol': (_switchyard_data_v1_ProtocolVolume__Output)[];
}
