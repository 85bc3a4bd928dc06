// Original file: proto/switchyard/routing/v1/routing_service.proto

import type { ExplanationCandidatePath as _switchyard_routing_v1_ExplanationCandidatePath, ExplanationCandidatePath__Output as _switchyard_routing_v1_ExplanationCandidatePath__Output } from '../../../switchyard/routing/v1/ExplanationCandidatePath.js';

/**
 * A route the engine weighed.
 */
export interface ExplanationCandidate {
  'rank'?: (number);
  'description'?: (string);
  /**
   * single | greedy | waterFill | alternative.
   */
  'kind'?: (string);
  'paths'?: (_switchyard_routing_v1_ExplanationCandidatePath)[];
  'estimated_amount_out'?: (string);
  'simulated_amount_out'?: (string);
  'gas'?: (string);
  'score'?: (string);
  'chosen'?: (boolean);
  'leg'?: (number);
  '_simulated_amount_out'?: "simulated_amount_out";
  '_gas'?: "gas";
  '_score'?: "score";
  '_leg'?: "leg";
}

/**
 * A route the engine weighed.
 */
export interface ExplanationCandidate__Output {
  'rank': (number);
  'description': (string);
  /**
   * single | greedy | waterFill | alternative.
   */
  'kind': (string);
  'paths': (_switchyard_routing_v1_ExplanationCandidatePath__Output)[];
  'estimated_amount_out': (string);
  'simulated_amount_out'?: (string);
  'gas'?: (string);
  'score'?: (string);
  'chosen': (boolean);
  'leg'?: (number);
  '_simulated_amount_out'?: "simulated_amount_out";
  '_gas'?: "gas";
  '_score'?: "score";
  '_leg'?: "leg";
}
