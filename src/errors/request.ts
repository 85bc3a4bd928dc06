import { BaseError } from './base.js'

/** One invalid field: where and why. */
export type FieldIssue = { field: string; reason: string }

export type InvalidRequestErrorType = InvalidRequestError & { name: 'InvalidRequestError' }
/**
 * A request field is invalid. `code` names the condition (INVALID_ADDRESS, INVALID_CHECKSUM,
 * INVALID_AMOUNT, AMOUNT_TOO_LARGE, LENGTH_MISMATCH, SAME_TOKEN, DUPLICATE_TOKEN, INVALID_RECEIVER,
 * INVALID_SLIPPAGE, INVALID_FEE, FEE_RECEIVER_REQUIRED, REFERRAL_TOO_LONG, INVALID_TYPE,
 * UNKNOWN_FIELD, TOO_MANY_ITEMS, MISSING_FIELD, INVALID_STRATEGY, INVALID_TX_HASH, BRIDGE_NOT_SUPPORTED, ...);
 * `issues` lists every field.
 */
export class InvalidRequestError extends BaseError {
  override name = 'InvalidRequestError'
  issues: FieldIssue[]
  constructor({ code, message, issues }: { code: string; message: string; issues: FieldIssue[] }) {
    super(message, { code })
    this.issues = issues
  }
}

export type UnsupportedChainErrorType = UnsupportedChainError & { name: 'UnsupportedChainError' }
/** The chain is not served by this deployment. */
export class UnsupportedChainError extends BaseError {
  override name = 'UnsupportedChainError'
  constructor({ chainId, supported, field = 'chainId' }: { chainId: number; supported: readonly number[]; field?: string }) {
    super(`Chain ${chainId} is not supported. Supported chains: ${supported.join(', ')}.`, { code: 'UNSUPPORTED_CHAIN', details: field })
  }
}

export type CrossChainNotSupportedErrorType = CrossChainNotSupportedError & { name: 'CrossChainNotSupportedError' }
/** Cross-chain routes (destinationChainId) are not served yet. */
export class CrossChainNotSupportedError extends BaseError {
  override name = 'CrossChainNotSupportedError'
  constructor() {
    super('Cross-chain routes (destinationChainId) are not supported yet.', { code: 'CROSS_CHAIN_NOT_SUPPORTED' })
  }
}

export type UnauthenticatedErrorType = UnauthenticatedError & { name: 'UnauthenticatedError' }
/** Missing or unknown API key. The message never says which. */
export class UnauthenticatedError extends BaseError {
  override name = 'UnauthenticatedError'
  constructor() {
    super('Missing or invalid API key. Send "Authorization: Bearer <key>".', { code: 'UNAUTHENTICATED' })
  }
}

export type RateLimitedErrorType = RateLimitedError & { name: 'RateLimitedError' }
/** The caller exceeded its rate limit. */
export class RateLimitedError extends BaseError {
  override name = 'RateLimitedError'
  retryAfterSeconds: number
  constructor({ retryAfterSeconds }: { retryAfterSeconds: number }) {
    super(`Rate limit exceeded, retry in ${retryAfterSeconds} s.`, { code: 'RATE_LIMITED' })
    this.retryAfterSeconds = retryAfterSeconds
  }
}

export type InternalErrorType = InternalError & { name: 'InternalError' }
/** Anything unexpected; the message never leaks internals. */
export class InternalError extends BaseError {
  override name = 'InternalError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Internal error.', { code: 'INTERNAL', cause })
  }
}

export type UpstreamUnavailableErrorType = UpstreamUnavailableError & { name: 'UpstreamUnavailableError' }
/** The chain's JSON-RPC node did not answer or answered garbage. */
export class UpstreamUnavailableError extends BaseError {
  override name = 'UpstreamUnavailableError'
  /** Seconds to wait before retrying (`Retry-After`): every 503 says when to come back. */
  retryAfterSeconds = 1
  constructor({ chainId, cause }: { chainId: number; cause?: unknown }) {
    super(`The node for chain ${chainId} is unavailable.`, { code: 'UPSTREAM_UNAVAILABLE', cause })
  }
}

export type UndeliverableBridgeErrorType = UndeliverableBridgeError & { name: 'UndeliverableBridgeError' }
/**
 * A cross-chain request between two chains nothing delivers between: one served by an external node
 * (a real network, whose bridges have real relayers) and one on the embedded devnet (delivered only by
 * switchyard's own relayer, which never touches external nodes). The tokens would leave and never arrive.
 */
export class UndeliverableBridgeError extends InvalidRequestError {
  override name = 'UndeliverableBridgeError'
  constructor({ chainId, destinationChainId, sourceKind, destinationKind, field }: { chainId: number; destinationChainId: number; sourceKind: string; destinationKind: string; field: string }) {
    const reason = `nothing delivers from chain ${chainId} (${sourceKind}) to chain ${destinationChainId} (${destinationKind}); cross-chain routes are served only between chains on the embedded devnet (switchyard's relayer delivers) or between external nodes (the bridges' own relayers deliver)`
    super({ code: 'CROSS_CHAIN_UNDELIVERABLE', message: `${field}: ${reason}`, issues: [{ field, reason }] })
  }
}
