// Original file: proto/switchyard/data/v1/data_service.proto


export interface AccountRequest {
  /**
   * Set by the gateway from the API key; direct callers use `authorization` metadata.
   */
  'account_id'?: (string);
  '_account_id'?: "account_id";
}

export interface AccountRequest__Output {
  /**
   * Set by the gateway from the API key; direct callers use `authorization` metadata.
   */
  'account_id'?: (string);
  '_account_id'?: "account_id";
}
