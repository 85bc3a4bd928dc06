// Original file: proto/switchyard/routing/v1/routing_service.proto


/**
 * The transaction to send.
 */
export interface Transaction {
  'data'?: (string);
  'to'?: (string);
  'from'?: (string);
  /**
   * Wei, base-10 string.
   */
  'value'?: (string);
}

/**
 * The transaction to send.
 */
export interface Transaction__Output {
  'data': (string);
  'to': (string);
  'from': (string);
  /**
   * Wei, base-10 string.
   */
  'value': (string);
}
