import { describe, expect, test } from 'vitest'
import { InvalidRequestError, UnsupportedChainError } from '../errors/request.js'
import { chainIdSchema } from './fields.js'
import { listSupportedChains, needsSupportedChains } from './listSupportedChains.js'
import { toInvalidRequestError } from './toInvalidRequestError.js'

const refusalOf = (chainId: unknown) => {
  const parsed = chainIdSchema.safeParse(chainId)
  if (parsed.success) throw new Error('expected a refusal')
  return toInvalidRequestError(parsed.error)
}

describe('listSupportedChains', () => {
  test('a validator\'s UNSUPPORTED_CHAIN gets the served chains, in order; its field is kept', () => {
    const e = listSupportedChains(refusalOf(0), [8453, 1]) as InvalidRequestError
    expect(e).toBeInstanceOf(InvalidRequestError)
    expect(e.code).toBe('UNSUPPORTED_CHAIN')
    expect(e.shortMessage).toBe('(body): Chain 0 is not supported. Supported chains: 1, 8453.')
    expect(e.issues).toEqual([{ field: '(body)', reason: 'Chain 0 is not supported. Supported chains: 1, 8453.' }])
    expect(needsSupportedChains(e)).toBe(false)
    expect(listSupportedChains(e, [1])).toBe(e)
  })

  test('everything else passes through unchanged', () => {
    const other = refusalOf(1.5)
    expect(other.code).toBe('INVALID_TYPE')
    expect(listSupportedChains(other, [1])).toBe(other)
    const listed = new UnsupportedChainError({ chainId: 10, supported: [1] })
    expect(listSupportedChains(listed, [1])).toBe(listed)
    expect(listSupportedChains('x', [1])).toBe('x')
  })
})
