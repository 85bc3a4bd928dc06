// Original file: proto/switchyard/data/v1/data_service.proto

import type { Action as _switchyard_data_v1_Action, Action__Output as _switchyard_data_v1_Action__Output } from '../../../switchyard/data/v1/Action.js';

export interface ActionsResponse {
  'actions'?: (_switchyard_data_v1_Action)[];
}

export interface ActionsResponse__Output {
  'actions': (_switchyard_data_v1_Action__Output)[];
}
