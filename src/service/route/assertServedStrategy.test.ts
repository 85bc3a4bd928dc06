import { describe, expect, test } from 'vitest'
import { InvalidRequestError } from '../../errors/request.js'
import { assertServedStrategy } from './assertServedStrategy.js'

describe('assertServedStrategy', () => {
  test('router, router-legacy, delegate and delegate-legacy are served', () => {
    for (const s of ['router', 'router-legacy', 'delegate', 'delegate-legacy']) expect(() => assertServedStrategy(s)).not.toThrow()
  })

  test('any other strategy is INVALID_STRATEGY on routingStrategy', () => {
    for (const s of ['ensowallet', 'ensowallet-v2', '', 'Router']) {
      const error = (() => {
        try {
          assertServedStrategy(s)
        } catch (e) {
          return e
        }
      })() as InvalidRequestError
      expect(error).toBeInstanceOf(InvalidRequestError)
      expect(error.code).toBe('INVALID_STRATEGY')
      expect(error.shortMessage ?? error.message).toContain(`routingStrategy: ${s} is not served yet; use router or router-legacy`)
      expect(error.issues).toEqual([{ field: 'routingStrategy', reason: 'not served yet' }])
    }
  })
})
