import { keccak256, stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { deriveAccountId, isMalformedHexAccountId, KEY_ACCOUNT_ID_DOMAIN } from './deriveAccountId.js'

const key = 'a-sufficiently-long-key'

describe('deriveAccountId', () => {
  it('keeps a bytes32, lower-cased', () => {
    const id = `0x${'AB'.repeat(32)}`
    expect(deriveAccountId({ key, accountId: id })).toBe(id.toLowerCase())
  })

  it('left-aligns a UUID in 32 bytes', () => {
    expect(deriveAccountId({ key, accountId: '123E4567-E89B-12D3-A456-426614174000' }))
      .toBe('0x123e4567e89b12d3a45642661417400000000000000000000000000000000000')
  })

  it('hashes any other label', () => {
    expect(deriveAccountId({ key, accountId: 'acme-corp' })).toBe(keccak256(stringToHex('acme-corp')))
  })

  it('derives from the key with a domain prefix when absent, deterministically', () => {
    const id = deriveAccountId({ key })
    expect(id).toBe(keccak256(stringToHex(`${KEY_ACCOUNT_ID_DOMAIN}${key}`)))
    expect(id).not.toBe(keccak256(stringToHex(key)))
    expect(deriveAccountId({ key })).toBe(id)
    expect(deriveAccountId({ key: `${key}x` })).not.toBe(id)
  })

  it('flags 0x values that are not bytes32', () => {
    expect(isMalformedHexAccountId('0x1234')).toBe(true)
    expect(isMalformedHexAccountId(`0x${'g'.repeat(64)}`)).toBe(true)
    expect(isMalformedHexAccountId(`0x${'a'.repeat(64)}`)).toBe(false)
    expect(isMalformedHexAccountId('acme')).toBe(false)
  })
})
