// Original file: proto/switchyard/data/v1/data_service.proto


export interface AggregatorsResponse {
  /**
   * Aggregator slugs.
   */
  'aggregators'?: (string)[];
}

export interface AggregatorsResponse__Output {
  /**
   * Aggregator slugs.
   */
  'aggregators': (string)[];
}
