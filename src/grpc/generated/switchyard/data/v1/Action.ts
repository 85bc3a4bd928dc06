// Original file: proto/switchyard/data/v1/data_service.proto

import type { ActionInput as _switchyard_data_v1_ActionInput, ActionInput__Output as _switchyard_data_v1_ActionInput__Output } from '../../../switchyard/data/v1/ActionInput.js';

export interface Action {
  /**
   * Action name, e.g. swap, deposit.
   */
  'action'?: (string);
  /**
   * Inputs in declaration order.
   */
  'inputs'?: (_switchyard_data_v1_ActionInput)[];
}

export interface Action__Output {
  /**
   * Action name, e.g. swap, deposit.
   */
  'action': (string);
  /**
   * Inputs in declaration order.
   */
  'inputs': (_switchyard_data_v1_ActionInput__Output)[];
}
