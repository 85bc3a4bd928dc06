// Original file: proto/switchyard/routing/v1/routing_service.proto

import type { ReplayDifference as _switchyard_routing_v1_ReplayDifference, ReplayDifference__Output as _switchyard_routing_v1_ReplayDifference__Output } from '../../../switchyard/routing/v1/ReplayDifference.js';
import type { Long } from '@grpc/proto-loader';

export interface ReplayResponse {
  /**
   * True when the replayed transaction moved exactly the answer's amounts on the same block.
   */
  'same'?: (boolean);
  'quote_id'?: (string);
  'chain_id'?: (number | string | Long);
  'block_number'?: (number | string | Long);
  /**
   * The replayed amount of the first token_out; unset when the replay could not run.
   */
  'amount_out'?: (string);
  'amounts_out'?: (string)[];
  'expected_amounts_out'?: (string)[];
  'gas_used'?: (string);
  'differences'?: (_switchyard_routing_v1_ReplayDifference)[];
  '_quote_id'?: "quote_id";
  '_amount_out'?: "amount_out";
  '_gas_used'?: "gas_used";
}

export interface ReplayResponse__Output {
  /**
   * True when the replayed transaction moved exactly the answer's amounts on the same block.
   */
  'same': (boolean);
  'quote_id'?: (string);
  'chain_id': (string);
  'block_number': (string);
  /**
   * The replayed amount of the first token_out; unset when the replay could not run.
   */
  'amount_out'?: (string);
  'amounts_out': (string)[];
  'expected_amounts_out': (string)[];
  'gas_used'?: (string);
  'differences': (_switchyard_routing_v1_ReplayDifference__Output)[];
  '_quote_id'?: "quote_id";
  '_amount_out'?: "amount_out";
  '_gas_used'?: "gas_used";
}
