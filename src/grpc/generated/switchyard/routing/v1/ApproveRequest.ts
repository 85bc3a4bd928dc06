// Original file: proto/switchyard/routing/v1/routing_service.proto

import type { Long } from '@grpc/proto-loader';

export interface ApproveRequest {
  'from_address'?: (string);
  'token_address'?: (string);
  /**
   * Wei, base-10 string.
   */
  'amount'?: (string);
  'chain_id'?: (number | string | Long);
  'routing_strategy'?: (string);
  '_chain_id'?: "chain_id";
  '_routing_strategy'?: "routing_strategy";
}

export interface ApproveRequest__Output {
  'from_address': (string);
  'token_address': (string);
  /**
   * Wei, base-10 string.
   */
  'amount': (string);
  'chain_id'?: (string);
  'routing_strategy'?: (string);
  '_chain_id'?: "chain_id";
  '_routing_strategy'?: "routing_strategy";
}
