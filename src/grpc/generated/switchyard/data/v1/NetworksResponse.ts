// Original file: proto/switchyard/data/v1/data_service.proto

import type { Network as _switchyard_data_v1_Network, Network__Output as _switchyard_data_v1_Network__Output } from '../../../switchyard/data/v1/Network.js';

export interface NetworksResponse {
  'networks'?: (_switchyard_data_v1_Network)[];
}

export interface NetworksResponse__Output {
  'networks': (_switchyard_data_v1_Network__Output)[];
}
