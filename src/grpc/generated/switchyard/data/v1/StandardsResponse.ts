// Original file: proto/switchyard/data/v1/data_service.proto

import type { Standard as _switchyard_data_v1_Standard, Standard__Output as _switchyard_data_v1_Standard__Output } from '../../../switchyard/data/v1/Standard.js';

export interface StandardsResponse {
  'standards'?: (_switchyard_data_v1_Standard)[];
}

export interface StandardsResponse__Output {
  'standards': (_switchyard_data_v1_Standard__Output)[];
}
