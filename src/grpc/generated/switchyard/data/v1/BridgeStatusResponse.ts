// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface BridgeStatusResponse {
  'source_chain_id'?: (number | string | Long);
  'source_tx_hash'?: (string);
  'destination_chain_id'?: (number | string | Long);
  'destination_tx_hash'?: (string);
  /**
   * pending, inflight, delivered, failed or unknown.
   */
  'status'?: (string);
  'error'?: (string);
  /**
   * Our events on each side, as JSON objects.
   */
  'source_event_json'?: (string);
  'destination_event_json'?: (string);
  '_destination_chain_id'?: "destination_chain_id";
  '_destination_tx_hash'?: "destination_tx_hash";
  '_error'?: "error";
  '_source_event_json'?: "source_event_json";
  '_destination_event_json'?: "destination_event_json";
}

export interface BridgeStatusResponse__Output {
  'source_chain_id': (string);
  'source_tx_hash': (string);
  'destination_chain_id'?: (string);
  'destination_tx_hash'?: (string);
  /**
   * pending, inflight, delivered, failed or unknown.
   */
  'status': (string);
  'error'?: (string);
  /**
   * Our events on each side, as JSON objects.
   */
  'source_event_json'?: (string);
  'destination_event_json'?: (string);
  '_destination_chain_id'?: "destination_chain_id";
  '_destination_tx_hash'?: "destination_tx_hash";
  '_error'?: "error";
  '_source_event_json'?: "source_event_json";
  '_destination_event_json'?: "destination_event_json";
}
