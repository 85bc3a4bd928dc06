// Original file: proto/switchyard/data/v1/data_service.proto

import type { ProtocolRef as _switchyard_data_v1_ProtocolRef, ProtocolRef__Output as _switchyard_data_v1_ProtocolRef__Output } from '../../../switchyard/data/v1/ProtocolRef.js';
import type { StandardAction as _switchyard_data_v1_StandardAction, StandardAction__Output as _switchyard_data_v1_StandardAction__Output } from '../../../switchyard/data/v1/StandardAction.js';

export interface Standard {
  'protocol'?: (_switchyard_data_v1_ProtocolRef | null);
  'forks'?: (_switchyard_data_v1_ProtocolRef)[];
  'actions'?: (_switchyard_data_v1_StandardAction)[];
}

export interface Standard__Output {
  'protocol': (_switchyard_data_v1_ProtocolRef__Output | null);
  'forks': (_switchyard_data_v1_ProtocolRef__Output)[];
  'actions': (_switchyard_data_v1_StandardAction__Output)[];
}
