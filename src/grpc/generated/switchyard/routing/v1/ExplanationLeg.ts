// Original file: proto/switchyard/routing/v1/routing_service.proto

import type { ExplanationStep as _switchyard_routing_v1_ExplanationStep, ExplanationStep__Output as _switchyard_routing_v1_ExplanationStep__Output } from '../../../switchyard/routing/v1/ExplanationStep.js';
import type { ExplanationCommand as _switchyard_routing_v1_ExplanationCommand, ExplanationCommand__Output as _switchyard_routing_v1_ExplanationCommand__Output } from '../../../switchyard/routing/v1/ExplanationCommand.js';
import type { Long } from '@grpc/proto-loader';

/**
 * One chain's part of a bundle or cross-chain route.
 */
export interface ExplanationLeg {
  'chain_id'?: (number | string | Long);
  'block_number'?: (number | string | Long);
  'block_hash'?: (string);
  'steps'?: (_switchyard_routing_v1_ExplanationStep)[];
  'plan'?: (_switchyard_routing_v1_ExplanationCommand)[];
}

/**
 * One chain's part of a bundle or cross-chain route.
 */
export interface ExplanationLeg__Output {
  'chain_id': (string);
  'block_number': (string);
  'block_hash': (string);
  'steps': (_switchyard_routing_v1_ExplanationStep__Output)[];
  'plan': (_switchyard_routing_v1_ExplanationCommand__Output)[];
}
