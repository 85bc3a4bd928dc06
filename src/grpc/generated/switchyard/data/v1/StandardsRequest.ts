// Original file: proto/switchyard/data/v1/data_service.proto


export interface StandardsRequest {
  /**
   * When set, only this protocol's standard (GET /integration/{slug}, /standards/{slug}).
   */
  'slug'?: (string);
  '_slug'?: "slug";
}

export interface StandardsRequest__Output {
  /**
   * When set, only this protocol's standard (GET /integration/{slug}, /standards/{slug}).
   */
  'slug'?: (string);
  '_slug'?: "slug";
}
