import { BaseError } from './base.js'

export type InvalidBundleErrorType = InvalidBundleError & { name: 'InvalidBundleError' }
/**
 * A bundle breaks one of the bundle rules. `code` names the rule: TOO_MANY_ACTIONS, TOO_DEEP,
 * INVALID_REFERENCE, UNKNOWN_ACTION, DELEGATE_ONLY, INVALID_PRIMARY_ADDRESS, BRIDGE_NOT_SUPPORTED,
 * MISSING_ESTIMATE, INVALID_ACTION; `field` points at the offending argument (`actions[2].args.amountIn`).
 */
export class InvalidBundleError extends BaseError {
  override name = 'InvalidBundleError'
  /** Path of the offending field, e.g. `actions[1].args.amountIn`. */
  field: string
  constructor({ code, field, message, metaMessages }: { code: string; field: string; message: string; metaMessages?: string[] | undefined }) {
    super(`${field}: ${message}`, { code, metaMessages })
    this.field = field
  }
}

export type BundleRevertedErrorType = BundleRevertedError & { name: 'BundleRevertedError' }
/** The simulated bundle transaction reverted; `reason` is the decoded revert (e.g. a borrow past the LTV). */
export class BundleRevertedError extends BaseError {
  override name = 'BundleRevertedError'
  /** The decoded revert reason. */
  reason: string
  /** The simulation's raw revert data, when the node returned any. */
  revertData: `0x${string}` | undefined
  constructor({ reason, revertData }: { reason: string; revertData?: `0x${string}` | undefined }) {
    super(`Bundle simulation reverted: ${reason}`, { code: 'SIMULATION_REVERTED', details: reason })
    this.reason = reason
    this.revertData = revertData
  }
}
