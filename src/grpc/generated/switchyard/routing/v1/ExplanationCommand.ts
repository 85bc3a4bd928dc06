// Original file: proto/switchyard/routing/v1/routing_service.proto

import type { ExplanationArgument as _switchyard_routing_v1_ExplanationArgument, ExplanationArgument__Output as _switchyard_routing_v1_ExplanationArgument__Output } from '../../../switchyard/routing/v1/ExplanationArgument.js';
import type { Long } from '@grpc/proto-loader';

/**
 * One weiroll command of the plan.
 */
export interface ExplanationCommand {
  'index'?: (number);
  'target'?: (string);
  /**
   * Signature, or the selector when no ABI we hold names it.
   */
  'function'?: (string);
  'selector'?: (string);
  'args'?: (_switchyard_routing_v1_ExplanationArgument)[];
  'reads'?: (number)[];
  /**
   * The slot written; unset when the output is discarded, -1 when the whole state is replaced.
   */
  'writes'?: (number);
  /**
   * call | staticcall | valuecall.
   */
  'call_type'?: (string);
  'flags'?: (number);
  'gas'?: (string);
  'chain_id'?: (number | string | Long);
  '_writes'?: "writes";
  '_gas'?: "gas";
  '_chain_id'?: "chain_id";
}

/**
 * One weiroll command of the plan.
 */
export interface ExplanationCommand__Output {
  'index': (number);
  'target': (string);
  /**
   * Signature, or the selector when no ABI we hold names it.
   */
  'function': (string);
  'selector': (string);
  'args': (_switchyard_routing_v1_ExplanationArgument__Output)[];
  'reads': (number)[];
  /**
   * The slot written; unset when the output is discarded, -1 when the whole state is replaced.
   */
  'writes'?: (number);
  /**
   * call | staticcall | valuecall.
   */
  'call_type': (string);
  'flags': (number);
  'gas'?: (string);
  'chain_id'?: (string);
  '_writes'?: "writes";
  '_gas'?: "gas";
  '_chain_id'?: "chain_id";
}
