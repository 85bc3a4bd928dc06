import { BaseError } from '../../errors/base.js'

export type StoreUnavailableErrorType = StoreUnavailableError & { name: 'StoreUnavailableError' }

/**
 * The shared store (Redis) did not answer a rate-limit check. Rate limits fail closed: the request
 * is refused with 503 UNAVAILABLE (retryable) rather than served unmetered by every replica.
 */
export class StoreUnavailableError extends BaseError {
  override name = 'StoreUnavailableError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('The rate-limit store is unavailable; retry shortly.', {
      code: 'UNAVAILABLE',
      cause,
      metaMessages: ['Redis (SWITCHYARD_REDIS_URL) is down or unreachable from this replica.'],
    })
  }
}
