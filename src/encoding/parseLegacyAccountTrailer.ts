import { type Hex, size, slice } from 'viem'
import { LEGACY_ACCOUNT_TRAILER_MAGIC, LEGACY_ACCOUNT_TRAILER_SIZE } from './withLegacyAccountTrailer.js'

/** What {@link parseLegacyAccountTrailer} reads. */
export type ParseLegacyAccountTrailerReturnType = { accountId: Hex; requestId: Hex } | undefined

/**
 * Reads the account a legacy transaction carries (`router-legacy`, `delegate-legacy`): the 64 bytes
 * before the trailing magic `0x203b433b` written by `withLegacyAccountTrailer`.
 *
 * @example
 * parseLegacyAccountTrailer(tx.input) // { accountId: '0x…', requestId: '0x…' }
 *
 * @param data - a transaction's input
 * @returns the accountId and requestId, or undefined when the input carries no trailer
 */
export function parseLegacyAccountTrailer(data: Hex): ParseLegacyAccountTrailerReturnType {
  const length = size(data)
  if (length < 4 + LEGACY_ACCOUNT_TRAILER_SIZE) return undefined
  if (slice(data, length - 4).toLowerCase() !== LEGACY_ACCOUNT_TRAILER_MAGIC) return undefined
  const start = length - LEGACY_ACCOUNT_TRAILER_SIZE
  return { accountId: slice(data, start, start + 32), requestId: slice(data, start + 32, start + 64) }
}
