// Original file: proto/switchyard/data/v1/data_service.proto

import type { Protocol as _switchyard_data_v1_Protocol, Protocol__Output as _switchyard_data_v1_Protocol__Output } from '../../../switchyard/data/v1/Protocol.js';

export interface ProjectProtocolsResponse {
  'protocols'?: (_switchyard_data_v1_Protocol)[];
}

export interface ProjectProtocolsResponse__Output {
  'protocols': (_switchyard_data_v1_Protocol__Output)[];
}
