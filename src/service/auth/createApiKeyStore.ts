import { createHash, randomBytes } from 'node:crypto'
import type { Hex } from 'viem'
import { deriveAccountId, isMalformedHexAccountId } from './deriveAccountId.js'
import { InvalidApiKeyConfigError } from './errors.js'
import { API_KEY_PATTERN } from './parseAuthorization.js'

/** A configured key, as the auth layer sees it. The key itself is not kept. */
export type ApiKey = {
  /** First 8 hex digits of sha256(key): the only key-derived value that may be logged. */
  keyId: string
  /** bytes32 written as accountId in ShortcutExecuted events. */
  accountId: Hex
  /** Full sha256(key), hex; identifies the key's rate-limit bucket. Do not log. */
  hash: string
}

export type ApiKeyStore = {
  /**
   * Resolves a presented token. The lookup is by sha256 digest, so the time taken does not depend
   * on how many leading characters of a real key the token shares.
   * @returns the key, or `undefined` when unknown
   */
  find(token: string): ApiKey | undefined
  /** The generated development key when no key was configured (print it once at startup), else `undefined`. */
  developmentKey: string | undefined
  /** Number of usable keys. */
  size: number
}

export type CreateApiKeyStoreParameters = {
  /** Entries `key[:accountId]`, as parsed from configuration. */
  keys: readonly string[]
  /** Source of the development key; defaults to 32 random bytes, base64url. */
  generateKey?: (() => string) | undefined
}

export type CreateApiKeyStoreErrorType = InvalidApiKeyConfigError

/** sha256 hex of a string. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex')
}

function defaultGenerateKey(): string {
  return `sy_dev_${randomBytes(32).toString('base64url')}`
}

/**
 * Builds the API key store from configured `key[:accountId]` entries. With no entries it
 * generates one development key (exposed as `developmentKey`).
 *
 * Key rules: 16–256 characters of `A-Z a-z 0-9 . _ ~ + / = -` (the bearer-token alphabet; `:`
 * separates the accountId). Shorter keys are refused: a key also seeds the accountId, which is public
 * on-chain, so it must not be guessable. Duplicate keys are refused.
 *
 * @example
 * const apiKeys = createApiKeyStore({ keys: config.apiKeys })
 * if (apiKeys.developmentKey) console.log(`development API key: ${apiKeys.developmentKey}`)
 * @param params - {@link CreateApiKeyStoreParameters}
 * @returns the store
 * @throws {@link CreateApiKeyStoreErrorType} naming the bad entry (never echoing the key)
 */
export function createApiKeyStore({ keys, generateKey = defaultGenerateKey }: CreateApiKeyStoreParameters): ApiKeyStore {
  const byHash = new Map<string, ApiKey>()
  let developmentKey: string | undefined
  const entries = keys.length > 0 ? keys : [(developmentKey = generateKey())]
  entries.forEach((entry, i) => {
    const n = i + 1
    const colon = entry.indexOf(':')
    const key = colon === -1 ? entry : entry.slice(0, colon)
    const accountId = colon === -1 ? undefined : entry.slice(colon + 1)
    if (!API_KEY_PATTERN.test(key)) {
      throw new InvalidApiKeyConfigError({ entry: n, reason: `the key (${key.length} characters) must be 16-256 characters of A-Z a-z 0-9 . _ ~ + / = -` })
    }
    if (accountId !== undefined) {
      if (accountId.length === 0 || accountId.length > 256) throw new InvalidApiKeyConfigError({ entry: n, reason: 'the accountId after ":" must be 1-256 characters' })
      if (isMalformedHexAccountId(accountId)) throw new InvalidApiKeyConfigError({ entry: n, reason: 'a 0x accountId must be exactly 32 bytes (0x + 64 hex digits)' })
    }
    const hash = sha256Hex(key)
    if (byHash.has(hash)) throw new InvalidApiKeyConfigError({ entry: n, reason: 'the key is listed twice' })
    byHash.set(hash, { keyId: hash.slice(0, 8), accountId: deriveAccountId({ key, accountId }), hash })
  })
  return {
    find: (token) => byHash.get(sha256Hex(token)),
    developmentKey,
    size: byHash.size,
  }
}
