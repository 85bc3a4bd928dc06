import { describe, expect, it } from 'vitest'
import { createApiKeyStore, sha256Hex } from './createApiKeyStore.js'
import { deriveAccountId } from './deriveAccountId.js'
import { InvalidApiKeyConfigError } from './errors.js'

const k1 = 'key-one-0123456789abcdef'
const k2 = 'key-two-0123456789abcdef'

describe('createApiKeyStore', () => {
  it('resolves configured keys to keyId and accountId', () => {
    const store = createApiKeyStore({ keys: [`${k1}:acme`, k2] })
    expect(store.size).toBe(2)
    expect(store.developmentKey).toBeUndefined()
    expect(store.find(k1)).toEqual({ keyId: sha256Hex(k1).slice(0, 8), accountId: deriveAccountId({ key: k1, accountId: 'acme' }), hash: sha256Hex(k1) })
    expect(store.find(k2)?.accountId).toBe(deriveAccountId({ key: k2 }))
    expect(store.find(k2)?.keyId).toMatch(/^[0-9a-f]{8}$/)
  })

  it('does not resolve unknown or near-miss tokens', () => {
    const store = createApiKeyStore({ keys: [k1] })
    expect(store.find(k1.slice(0, -1))).toBeUndefined()
    expect(store.find(`${k1}x`)).toBeUndefined()
    expect(store.find(k1.toUpperCase())).toBeUndefined()
    expect(store.find('')).toBeUndefined()
  })

  it('splits the accountId at the first colon only (a key cannot contain one)', () => {
    const store = createApiKeyStore({ keys: [`${k1}:urn:acme:1`] })
    expect(store.find(k1)?.accountId).toBe(deriveAccountId({ key: k1, accountId: 'urn:acme:1' }))
  })

  it('generates a development key when none is configured', () => {
    const store = createApiKeyStore({ keys: [] })
    expect(store.size).toBe(1)
    expect(store.developmentKey).toMatch(/^sy_dev_[A-Za-z0-9_-]{43}$/)
    expect(store.find(store.developmentKey ?? '')).toBeDefined()
    expect(createApiKeyStore({ keys: [] }).developmentKey).not.toBe(store.developmentKey)
    expect(createApiKeyStore({ keys: [], generateKey: () => k1 }).find(k1)).toBeDefined()
  })

  it.each([
    ['a 15-character key', ['short-key-15chr']],
    ['a key with a space', ['key with spaces 0123']],
    ['an empty accountId', [`${k1}:`]],
    ['a 0x accountId that is not bytes32', [`${k1}:0x1234`]],
    ['a duplicate key', [k1, `${k1}:other`]],
  ])('refuses %s without echoing the key', (_name, keys) => {
    let error: unknown
    try {
      createApiKeyStore({ keys })
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(InvalidApiKeyConfigError)
    const message = (error as Error).message
    for (const entry of keys) expect(message).not.toContain(entry.split(':')[0])
  })

  it('names the entry and the rule', () => {
    expect(() => createApiKeyStore({ keys: [k1, 'short'] })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidApiKeyConfigError: API key entry #2 is invalid: the key (5 characters) must be 16-256 characters of A-Z a-z 0-9 . _ ~ + / = -

      Entries are "key" or "key:accountId" (SWITCHYARD_API_KEYS is a comma-separated list).
      A key is 16-256 characters from A-Z a-z 0-9 . _ ~ + / = -
      accountId is 0x + 64 hex digits (bytes32), a UUID, or any other label (hashed to bytes32).]
    `)
  })
})
