import { BaseError } from './base.js'
import { UpstreamUnavailableError } from './request.js'

export type DuplicateAuthorizationErrorType = DuplicateAuthorizationError & { name: 'DuplicateAuthorizationError' }
/**
 * The request carries more than one `Authorization` header (gRPC: more than one `authorization`
 * metadata value). Refused before any key lookup: which of two keys to charge is ambiguous, and HTTP
 * servers disagree on which one wins (Node keeps the first and drops the rest).
 */
export class DuplicateAuthorizationError extends BaseError {
  override name = 'DuplicateAuthorizationError'
  constructor() {
    super('Send exactly one Authorization header.', { code: 'DUPLICATE_AUTHORIZATION' })
  }
}

export type OverloadedErrorType = OverloadedError & { name: 'OverloadedError' }
/**
 * The server is at its bound of in-flight route work (`SWITCHYARD_MAX_INFLIGHT`): the request is
 * refused at admission instead of queueing past the bound and waiting out its deadline.
 */
export class OverloadedError extends BaseError {
  override name = 'OverloadedError'
  /** Seconds the caller should wait before retrying (`Retry-After`). */
  retryAfterSeconds: number
  constructor({ retryAfterSeconds = 1 }: { retryAfterSeconds?: number } = {}) {
    super(`The server is overloaded, retry in ${retryAfterSeconds} s.`, {
      code: 'OVERLOADED',
      metaMessages: ['Every slot for route, quote and bundle work is taken (SWITCHYARD_MAX_INFLIGHT).'],
    })
    this.retryAfterSeconds = retryAfterSeconds
  }
}

export type NodeDownErrorType = NodeDownError & { name: 'NodeDownError' }
/**
 * The chain's node is marked down (its circuit is open): the call fails at once with
 * UPSTREAM_UNAVAILABLE instead of waiting for the node to time out again.
 */
export class NodeDownError extends UpstreamUnavailableError {
  override name = 'NodeDownError'
  /** Seconds until the next probe of the node is allowed (`Retry-After`). */
  override retryAfterSeconds: number
  constructor({ chainId, retryAfterSeconds, reason }: { chainId: number; retryAfterSeconds: number; reason?: string | undefined }) {
    super({ chainId })
    this.retryAfterSeconds = retryAfterSeconds
    if (reason !== undefined) this.metaMessages = [`Marked down: ${reason}`]
  }
}

/** Seconds to wait before retrying, when the error says (rate limits, overload, a node marked down). */
export function retryAfterSecondsOf(error: unknown): number | undefined {
  const value = error instanceof BaseError ? (error as BaseError & { retryAfterSeconds?: unknown }).retryAfterSeconds : undefined
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.ceil(value) : undefined
}
