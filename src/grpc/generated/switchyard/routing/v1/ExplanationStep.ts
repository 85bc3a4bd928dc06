// Original file: proto/switchyard/routing/v1/routing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * One step as the simulated transaction executed it.
 */
export interface ExplanationStep {
  'index'?: (number);
  'protocol'?: (string);
  'action'?: (string);
  'pool'?: (string);
  'token_in'?: (string);
  'token_out'?: (string);
  /**
   * What the simulation moved into and out of the step.
   */
  'amount_in'?: (string);
  'amount_out'?: (string);
  /**
   * simulation | estimate (no log named the step: the engine's estimate).
   */
  'amounts_from'?: (string);
  'estimated_amount_in'?: (string);
  'estimated_amount_out'?: (string);
  'gas'?: (string);
  /**
   * Split leg (path) index.
   */
  'leg'?: (number);
  'chain_id'?: (number | string | Long);
  '_gas'?: "gas";
  '_leg'?: "leg";
  '_chain_id'?: "chain_id";
}

/**
 * One step as the simulated transaction executed it.
 */
export interface ExplanationStep__Output {
  'index': (number);
  'protocol': (string);
  'action': (string);
  'pool': (string);
  'token_in': (string);
  'token_out': (string);
  /**
   * What the simulation moved into and out of the step.
   */
  'amount_in': (string);
  'amount_out': (string);
  /**
   * simulation | estimate (no log named the step: the engine's estimate).
   */
  'amounts_from': (string);
  'estimated_amount_in': (string);
  'estimated_amount_out': (string);
  'gas'?: (string);
  /**
   * Split leg (path) index.
   */
  'leg'?: (number);
  'chain_id'?: (string);
  '_gas'?: "gas";
  '_leg'?: "leg";
  '_chain_id'?: "chain_id";
}
