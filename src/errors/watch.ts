import { BaseError } from './base.js'

export type TooManySubscriptionsErrorType = TooManySubscriptionsError & { name: 'TooManySubscriptionsError' }
/**
 * The API key already holds as many route subscriptions (WatchRoute, GET /shortcuts/route/stream) as
 * the server allows one key (`SWITCHYARD_WATCH_MAX_PER_KEY`), or the server holds as many as it allows
 * in all (`SWITCHYARD_WATCH_MAX_TOTAL`).
 */
export class TooManySubscriptionsError extends BaseError {
  override name = 'TooManySubscriptionsError'
  constructor({ max, scope }: { max: number; scope: 'key' | 'server' }) {
    super(scope === 'key' ? `This API key already holds ${max} route subscriptions; close one first.` : `The server holds its most route subscriptions (${max}); retry later.`, {
      code: 'TOO_MANY_SUBSCRIPTIONS',
      metaMessages: ['Each open WatchRoute call or GET /shortcuts/route/stream connection is one subscription until it closes.'],
    })
  }
}

export type SlowReaderErrorType = SlowReaderError & { name: 'SlowReaderError' }
/**
 * A subscriber did not read its events in time: `buffered` events waited for it
 * (`SWITCHYARD_WATCH_BUFFER`), so its subscription was ended rather than buffered without bound.
 */
export class SlowReaderError extends BaseError {
  override name = 'SlowReaderError'
  constructor({ buffered }: { buffered: number }) {
    super(`The subscription was ended: ${buffered} events waited unread. Read the stream as it arrives, then subscribe again.`, { code: 'SLOW_READER' })
  }
}

export type SubscriptionEndedErrorType = SubscriptionEndedError & { name: 'SubscriptionEndedError' }
/** The server is shutting down: every subscription ends; subscribe again to another replica or later. */
export class SubscriptionEndedError extends BaseError {
  override name = 'SubscriptionEndedError'
  constructor() {
    super('The server is shutting down; subscribe again.', { code: 'UNAVAILABLE' })
  }
}
