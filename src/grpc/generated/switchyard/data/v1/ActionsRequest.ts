// Original file: proto/switchyard/data/v1/data_service.proto


export interface ActionsRequest {
  /**
   * When set, only this protocol's actions (exact inputs); unknown slug is NOT_FOUND.
   */
  'slug'?: (string);
  '_slug'?: "slug";
}

export interface ActionsRequest__Output {
  /**
   * When set, only this protocol's actions (exact inputs); unknown slug is NOT_FOUND.
   */
  'slug'?: (string);
  '_slug'?: "slug";
}
