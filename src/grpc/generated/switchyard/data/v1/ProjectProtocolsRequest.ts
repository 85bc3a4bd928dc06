// Original file: proto/switchyard/data/v1/data_service.proto


export interface ProjectProtocolsRequest {
  /**
   * Project id, e.g. uniswap (GET /projects); unknown project is NOT_FOUND.
   */
  'project'?: (string);
}

export interface ProjectProtocolsRequest__Output {
  /**
   * Project id, e.g. uniswap (GET /projects); unknown project is NOT_FOUND.
   */
  'project': (string);
}
