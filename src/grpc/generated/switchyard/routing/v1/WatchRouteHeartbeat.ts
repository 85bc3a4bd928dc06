// Original file: proto/switchyard/routing/v1/route_stream_service.proto


/**
 * Nothing changed since the last answer.
 */
export interface WatchRouteHeartbeat {
}

/**
 * Nothing changed since the last answer.
 */
export interface WatchRouteHeartbeat__Output {
}
