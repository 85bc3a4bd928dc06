import { describe, expect, it } from 'vitest'
import { StoreUnavailableError } from './errors.js'

describe('StoreUnavailableError', () => {
  it('names the store, tells the caller to retry, and lists the likely cause', () => {
    const cause = new Error('connect ECONNREFUSED 127.0.0.1:6379')
    const error = new StoreUnavailableError({ cause })
    expect([error.name, error.code, error.shortMessage, error.metaMessages, error.cause]).toEqual([
      'StoreUnavailableError', 'UNAVAILABLE', 'The rate-limit store is unavailable; retry shortly.',
      ['Redis (SWITCHYARD_REDIS_URL) is down or unreachable from this replica.'], cause,
    ])
    expect(error.message).toMatchInlineSnapshot(`
      "The rate-limit store is unavailable; retry shortly.

      Redis (SWITCHYARD_REDIS_URL) is down or unreachable from this replica."
    `)
    expect(new StoreUnavailableError().cause).toBeUndefined()
  })
})
