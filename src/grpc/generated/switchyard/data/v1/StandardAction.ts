// Original file: proto/switchyard/data/v1/data_service.proto

import type { ProtocolNetwork as _switchyard_data_v1_ProtocolNetwork, ProtocolNetwork__Output as _switchyard_data_v1_ProtocolNetwork__Output } from '../../../switchyard/data/v1/ProtocolNetwork.js';

export interface StandardAction {
  /**
   * Action name, e.g. swap, deposit.
   */
  'action'?: (string);
  'name'?: (string);
  /**
   * Contract functions the action calls.
   */
  'function_names'?: (string)[];
  'supported_chains'?: (_switchyard_data_v1_ProtocolNetwork)[];
  /**
   * Names of the action's inputs (bundle `args`), in declaration order; see Actions for types.
   */
  'inputs'?: (string)[];
}

export interface StandardAction__Output {
  /**
   * Action name, e.g. swap, deposit.
   */
  'action': (string);
  'name': (string);
  /**
   * Contract functions the action calls.
   */
  'function_names': (string)[];
  'supported_chains': (_switchyard_data_v1_ProtocolNetwork__Output)[];
  /**
   * Names of the action's inputs (bundle `args`), in declaration order; see Actions for types.
   */
  'inputs': (string)[];
}
