// Original file: proto/switchyard/data/v1/data_service.proto

import type { NontokenizedPosition as _switchyard_data_v1_NontokenizedPosition, NontokenizedPosition__Output as _switchyard_data_v1_NontokenizedPosition__Output } from '../../../switchyard/data/v1/NontokenizedPosition.js';
import type { NontokenizedMeta as _switchyard_data_v1_NontokenizedMeta, NontokenizedMeta__Output as _switchyard_data_v1_NontokenizedMeta__Output } from '../../../switchyard/data/v1/NontokenizedMeta.js';

export interface NontokenizedResponse {
  'data'?: (_switchyard_data_v1_NontokenizedPosition)[];
  'meta'?: (_switchyard_data_v1_NontokenizedMeta | null);
}

export interface NontokenizedResponse__Output {
  'data': (_switchyard_data_v1_NontokenizedPosition__Output)[];
  'meta': (_switchyard_data_v1_NontokenizedMeta__Output | null);
}
