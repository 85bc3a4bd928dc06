import { BaseError } from './base.js'

export type InvalidReferralCodeErrorType = InvalidReferralCodeError & { name: 'InvalidReferralCodeError' }
/** A referral code that is not printable ASCII of at most 16 bytes. */
export class InvalidReferralCodeError extends BaseError {
  override name = 'InvalidReferralCodeError'
  constructor({ referralCode, reason }: { referralCode: string; reason: string }) {
    super(`Invalid referral code ${JSON.stringify(referralCode)}: ${reason}.`, {
      code: 'INVALID_REFERRAL_CODE',
      metaMessages: ['A referral code is 1 to 16 printable ASCII characters (0x20 to 0x7e).'],
    })
  }
}

export type InvalidUniqueIdErrorType = InvalidUniqueIdError & { name: 'InvalidUniqueIdError' }
/** The unique part of a request id is not exactly 16 bytes. */
export class InvalidUniqueIdError extends BaseError {
  override name = 'InvalidUniqueIdError'
  constructor({ length }: { length: number }) {
    super(`The unique part of a request id must be 16 bytes, got ${length}.`, {
      code: 'ENCODING_INVALID_UNIQUE_ID',
      metaMessages: ['An injected random source must return exactly the number of bytes asked for.'],
    })
  }
}

export type InvalidPlannerCallErrorType = InvalidPlannerCallError & { name: 'InvalidPlannerCallError' }
/** A call given to the planner cannot be encoded as a weiroll command (unknown function, bad arguments...). */
export class InvalidPlannerCallError extends BaseError {
  override name = 'InvalidPlannerCallError'
  constructor({ functionName, reason, cause }: { functionName: string; reason: string; cause?: unknown }) {
    super(`Cannot plan a call to ${functionName}: ${reason}.`, { code: 'ENCODING_INVALID_CALL', cause })
  }
}

export type InvalidReturnValueUseErrorType = InvalidReturnValueUseError & { name: 'InvalidReturnValueUseError' }
/** A return-value handle was used where it is not available. */
export class InvalidReturnValueUseError extends BaseError {
  override name = 'InvalidReturnValueUseError'
  constructor({ functionName, reason }: { functionName: string; reason: string }) {
    super(`A return value cannot be used as an argument of ${functionName}: ${reason}.`, {
      code: 'ENCODING_INVALID_RETURN_VALUE',
      metaMessages: [
        'Handles are usable only after the command that produced them, in the same planner or a subplan of it.',
        'A value produced inside a subplan is visible outside only when the subplan call replaces the state.',
      ],
    })
  }
}

export type TooManyStateSlotsErrorType = TooManyStateSlotsError & { name: 'TooManyStateSlotsError' }
/** The plan needs more state slots than the index byte can address. */
export class TooManyStateSlotsError extends BaseError {
  override name = 'TooManyStateSlotsError'
  constructor({ max }: { max: number }) {
    super(`The plan needs more than ${max} state slots.`, {
      code: 'ENCODING_TOO_MANY_SLOTS',
      metaMessages: ['Split the plan, or reuse literal values and return values.'],
    })
  }
}

export type TooManyArgumentsErrorType = TooManyArgumentsError & { name: 'TooManyArgumentsError' }
/** A command needs more than 32 index bytes. */
export class TooManyArgumentsError extends BaseError {
  override name = 'TooManyArgumentsError'
  constructor({ functionName, count }: { functionName: string; count: number }) {
    super(`The call to ${functionName} needs ${count} argument indices; a command holds at most 32.`, {
      code: 'ENCODING_TOO_MANY_ARGUMENTS',
    })
  }
}

export type InvalidRouteTokensErrorType = InvalidRouteTokensError & { name: 'InvalidRouteTokensError' }
/** Router input or output tokens the router would reject (zero amount, two native entries...). */
export class InvalidRouteTokensError extends BaseError {
  override name = 'InvalidRouteTokensError'
  constructor({ reason }: { reason: string }) {
    super(`Invalid route tokens: ${reason}.`, { code: 'ENCODING_INVALID_TOKENS' })
  }
}

export type MissingHelperContractErrorType = MissingHelperContractError & { name: 'MissingHelperContractError' }
/** A step needs one of our helper contracts that the chain's switchyard deployment does not have. */
export class MissingHelperContractError extends BaseError {
  override name = 'MissingHelperContractError'
  constructor({ helper, protocol }: { helper: string; protocol: string }) {
    super(`A ${protocol} step needs the ${helper} helper, which is not deployed on this chain.`, {
      code: 'ENCODING_MISSING_HELPER',
      metaMessages: ['Was deploySwitchyardContracts given the chain\'s Uniswap V4 PoolManager?', 'Loaders skip pools whose helper is missing; is the snapshot from another chain?'],
    })
  }
}

export type InvalidShortcutIdErrorType = InvalidShortcutIdError & { name: 'InvalidShortcutIdError' }
/** An accountId or requestId that is not exactly 32 bytes (an internal fault: both are derived here). */
export class InvalidShortcutIdError extends BaseError {
  override name = 'InvalidShortcutIdError'
  constructor({ name, value }: { name: 'accountId' | 'requestId'; value: string }) {
    super(`The ${name} of a shortcut must be 32 bytes, got ${value}.`, {
      code: 'ENCODING_INVALID_SHORTCUT_ID',
      metaMessages: ['accountId comes from deriveAccountId, requestId from createRequestId; both are 32 bytes.'],
    })
  }
}

export type InvalidAbiValueErrorType = InvalidAbiValueError & { name: 'InvalidAbiValueError' }
/** A value that does not fit its ABI type (a bytes32 of another size, an odd-length hex, a negative uint). */
export class InvalidAbiValueError extends BaseError {
  override name = 'InvalidAbiValueError'
  constructor({ reason }: { reason: string }) {
    super(`Invalid ABI value: ${reason}.`, { code: 'ENCODING_INVALID_VALUE' })
  }
}
