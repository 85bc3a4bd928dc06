// Original file: proto/switchyard/routing/v1/routing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * How long a bridge takes (the SDK's BridgeLatencyEstimate).
 */
export interface BridgingEstimate {
  'from_chain_id'?: (number | string | Long);
  'to_chain_id'?: (number | string | Long);
  'token'?: (string);
  'estimated_seconds'?: (number);
  'bridge'?: (string);
  'source'?: (string);
}

/**
 * How long a bridge takes (the SDK's BridgeLatencyEstimate).
 */
export interface BridgingEstimate__Output {
  'from_chain_id': (string);
  'to_chain_id': (string);
  'token': (string);
  'estimated_seconds': (number);
  'bridge': (string);
  'source': (string);
}
