// Original file: proto/switchyard/routing/v1/routing_service.proto

import type { ExplanationStep as _switchyard_routing_v1_ExplanationStep, ExplanationStep__Output as _switchyard_routing_v1_ExplanationStep__Output } from '../../../switchyard/routing/v1/ExplanationStep.js';
import type { ExplanationCommand as _switchyard_routing_v1_ExplanationCommand, ExplanationCommand__Output as _switchyard_routing_v1_ExplanationCommand__Output } from '../../../switchyard/routing/v1/ExplanationCommand.js';
import type { ExplanationCandidate as _switchyard_routing_v1_ExplanationCandidate, ExplanationCandidate__Output as _switchyard_routing_v1_ExplanationCandidate__Output } from '../../../switchyard/routing/v1/ExplanationCandidate.js';
import type { ExplanationWinner as _switchyard_routing_v1_ExplanationWinner, ExplanationWinner__Output as _switchyard_routing_v1_ExplanationWinner__Output } from '../../../switchyard/routing/v1/ExplanationWinner.js';
import type { ExplanationLeg as _switchyard_routing_v1_ExplanationLeg, ExplanationLeg__Output as _switchyard_routing_v1_ExplanationLeg__Output } from '../../../switchyard/routing/v1/ExplanationLeg.js';
import type { Long } from '@grpc/proto-loader';

/**
 * Why an answer is what it is (explain = true): the state simulated, the steps as executed, the
 * decoded plan, the candidates and why the winner won. Amounts and gas are base-10 strings.
 */
export interface Explanation {
  /**
   * A stable id of the answer; Replay takes it while the answer is kept.
   */
  'quote_id'?: (string);
  'chain_id'?: (number | string | Long);
  /**
   * The block whose state was simulated (the transaction runs in the next one).
   */
  'block_number'?: (number | string | Long);
  'block_hash'?: (string);
  'steps'?: (_switchyard_routing_v1_ExplanationStep)[];
  'plan'?: (_switchyard_routing_v1_ExplanationCommand)[];
  'candidates'?: (_switchyard_routing_v1_ExplanationCandidate)[];
  'winner'?: (_switchyard_routing_v1_ExplanationWinner | null);
  /**
   * Bundles and cross-chain routes: each chain's part.
   */
  'legs'?: (_switchyard_routing_v1_ExplanationLeg)[];
  /**
   * What could not be explained, and why.
   */
  'notes'?: (string)[];
}

/**
 * Why an answer is what it is (explain = true): the state simulated, the steps as executed, the
 * decoded plan, the candidates and why the winner won. Amounts and gas are base-10 strings.
 */
export interface Explanation__Output {
  /**
   * A stable id of the answer; Replay takes it while the answer is kept.
   */
  'quote_id': (string);
  'chain_id': (string);
  /**
   * The block whose state was simulated (the transaction runs in the next one).
   */
  'block_number': (string);
  'block_hash': (string);
  'steps': (_switchyard_routing_v1_ExplanationStep__Output)[];
  'plan': (_switchyard_routing_v1_ExplanationCommand__Output)[];
  'candidates': (_switchyard_routing_v1_ExplanationCandidate__Output)[];
  'winner': (_switchyard_routing_v1_ExplanationWinner__Output | null);
  /**
   * Bundles and cross-chain routes: each chain's part.
   */
  'legs': (_switchyard_routing_v1_ExplanationLeg__Output)[];
  /**
   * What could not be explained, and why.
   */
  'notes': (string)[];
}
