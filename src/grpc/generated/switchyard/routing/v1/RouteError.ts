// Original file: proto/switchyard/routing/v1/route_stream_service.proto


/**
 * A failure of one route (a batch item, or a stream's block), as the REST error envelope.
 */
export interface RouteError {
  /**
   * Stable code, e.g. NO_ROUTE, INVALID_ADDRESS (see docs/api.md).
   */
  'code'?: (string);
  'message'?: (string);
  /**
   * The HTTP status REST answers it with.
   */
  'status_code'?: (number);
  /**
   * INVALID_ARGUMENT: every invalid field as JSON `[{ "field", "reason" }]`; empty otherwise.
   */
  'details_json'?: (string);
}

/**
 * A failure of one route (a batch item, or a stream's block), as the REST error envelope.
 */
export interface RouteError__Output {
  /**
   * Stable code, e.g. NO_ROUTE, INVALID_ADDRESS (see docs/api.md).
   */
  'code': (string);
  'message': (string);
  /**
   * The HTTP status REST answers it with.
   */
  'status_code': (number);
  /**
   * INVALID_ARGUMENT: every invalid field as JSON `[{ "field", "reason" }]`; empty otherwise.
   */
  'details_json': (string);
}
