// Original file: proto/switchyard/routing/v1/routing_service.proto


/**
 * One thing a replay found different, and why.
 */
export interface ReplayDifference {
  /**
   * STATE_PRUNED | BLOCK_HASH_DIFFERS | REQUEST_CHANGED | AMOUNT_DIFFERS | REVERTED.
   */
  'code'?: (string);
  'field'?: (string);
  'expected'?: (string);
  'actual'?: (string);
  /**
   * actual - expected, for amounts.
   */
  'difference'?: (string);
  'message'?: (string);
  '_field'?: "field";
  '_expected'?: "expected";
  '_actual'?: "actual";
  '_difference'?: "difference";
}

/**
 * One thing a replay found different, and why.
 */
export interface ReplayDifference__Output {
  /**
   * STATE_PRUNED | BLOCK_HASH_DIFFERS | REQUEST_CHANGED | AMOUNT_DIFFERS | REVERTED.
   */
  'code': (string);
  'field'?: (string);
  'expected'?: (string);
  'actual'?: (string);
  /**
   * actual - expected, for amounts.
   */
  'difference'?: (string);
  'message': (string);
  '_field'?: "field";
  '_expected'?: "expected";
  '_actual'?: "actual";
  '_difference'?: "difference";
}
