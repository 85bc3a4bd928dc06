import { keccak256, stringToHex, type Hex } from 'viem'

const BYTES32 = /^0x[0-9a-fA-F]{64}$/
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/

/** Prefix hashed with a key that has no configured accountId (domain separation, see below). */
export const KEY_ACCOUNT_ID_DOMAIN = 'switchyard/accountId/v1:'

export type DeriveAccountIdParameters = {
  /** The API key (already validated). */
  key: string
  /** The configured accountId, when the entry had one. */
  accountId?: string | undefined
}

/**
 * The on-chain accountId (bytes32, lower-case hex) of an API key entry:
 * - `0x` + 64 hex digits: used as is;
 * - a UUID: its 16 bytes, left-aligned and zero-padded to 32;
 * - any other label: `keccak256(utf8(label))`;
 * - absent: `keccak256(utf8("switchyard/accountId/v1:" + key))`. The prefix keeps the public
 *   on-chain value from being a plain hash of the secret (no lookup in generic hash tables).
 *
 * Callers reject `0x` values that are not bytes32 before calling (a likely typo).
 * @returns the accountId
 */
export function deriveAccountId({ key, accountId }: DeriveAccountIdParameters): Hex {
  if (accountId === undefined) return keccak256(stringToHex(`${KEY_ACCOUNT_ID_DOMAIN}${key}`))
  if (BYTES32.test(accountId)) return accountId.toLowerCase() as Hex
  if (UUID.test(accountId)) return `0x${accountId.replaceAll('-', '').toLowerCase()}${'0'.repeat(32)}`
  return keccak256(stringToHex(accountId))
}

/** True for values that look like hex but are not a bytes32 (`0x` prefix, wrong length or digits). */
export function isMalformedHexAccountId(accountId: string): boolean {
  return /^0x/i.test(accountId) && !BYTES32.test(accountId)
}
