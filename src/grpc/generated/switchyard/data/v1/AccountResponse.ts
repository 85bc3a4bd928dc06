// Original file: proto/switchyard/data/v1/data_service.proto


export interface AccountResponse {
  /**
   * bytes32 hex written as accountId in ShortcutExecuted events.
   */
  'account_id'?: (string);
}

export interface AccountResponse__Output {
  /**
   * bytes32 hex written as accountId in ShortcutExecuted events.
   */
  'account_id': (string);
}
