// Original file: proto/switchyard/data/v1/data_service.proto


export interface ActionInput {
  /**
   * Argument name in the bundle action's `args`.
   */
  'name'?: (string);
  /**
   * address, uint256, bool, bytes, string, object, … (`[]` suffix for lists, `|` between alternatives).
   */
  'type'?: (string);
  'description'?: (string);
  'optional'?: (boolean);
}

export interface ActionInput__Output {
  /**
   * Argument name in the bundle action's `args`.
   */
  'name': (string);
  /**
   * address, uint256, bool, bytes, string, object, … (`[]` suffix for lists, `|` between alternatives).
   */
  'type': (string);
  'description': (string);
  'optional': (boolean);
}
