// Original file: proto/switchyard/routing/v1/routing_service.proto


/**
 * One argument of a decoded command.
 */
export interface ExplanationArgument {
  'type'?: (string);
  'name'?: (string);
  /**
   * The value as JSON (a string, or nested lists of strings); unset when an earlier command fills the slot.
   */
  'value_json'?: (string);
  'slot'?: (number);
  'from_command'?: (number);
  '_name'?: "name";
  '_value_json'?: "value_json";
  '_slot'?: "slot";
  '_from_command'?: "from_command";
}

/**
 * One argument of a decoded command.
 */
export interface ExplanationArgument__Output {
  'type': (string);
  'name'?: (string);
  /**
   * The value as JSON (a string, or nested lists of strings); unset when an earlier command fills the slot.
   */
  'value_json'?: (string);
  'slot'?: (number);
  'from_command'?: (number);
  '_name'?: "name";
  '_value_json'?: "value_json";
  '_slot'?: "slot";
  '_from_command'?: "from_command";
}
