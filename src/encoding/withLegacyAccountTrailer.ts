import { type Hex, concatHex, size } from 'viem'
import { InvalidShortcutIdError } from '../errors/encoding.js'

/**
 * The last 4 bytes of a legacy transaction that carries the account: `bytes4(keccak256(
 * "switchyard.v1:legacyAccountTrailer"))`. A reader checks it before taking the 64 bytes before it.
 */
export const LEGACY_ACCOUNT_TRAILER_MAGIC: Hex = '0x203b433b'

/** Bytes {@link withLegacyAccountTrailer} appends: accountId (32), requestId (32), magic (4). */
export const LEGACY_ACCOUNT_TRAILER_SIZE = 68

/** Parameters of {@link withLegacyAccountTrailer}. */
export type WithLegacyAccountTrailerParameters = {
  /** The caller's account (32 bytes), as the router strategy passes it to `executeShortcut`. */
  accountId: Hex
  /** The request id (32 bytes: referral code, unique id). */
  requestId: Hex
}

export type WithLegacyAccountTrailerErrorType = InvalidShortcutIdError

/**
 * Appends the caller's account to legacy calldata (`router-legacy`'s `safeRouteSingle`,
 * `delegate-legacy`'s `executeShortcut(commands, state)`), whose signatures have no accountId:
 * `data ‖ accountId ‖ requestId ‖ 0x203b433b`. Solidity's ABI decoder reads the arguments at the
 * offsets the encoding names and ignores calldata past them, so the call executes exactly as
 * without the trailer (routers carry referral tags the same way); the account and request stay in
 * the transaction's input for indexers (see `parseLegacyAccountTrailer`). 68 bytes cost at most
 * 1,088 gas of calldata, inside the simulated gas limit.
 *
 * @example
 * withLegacyAccountTrailer(encodeLegacyExecuteShortcut({ commands, state }), { accountId, requestId })
 *
 * @param data - ABI-encoded calldata
 * @returns the calldata with the trailer appended
 * @throws {@link WithLegacyAccountTrailerErrorType} when an id is not 32 bytes
 */
export function withLegacyAccountTrailer(data: Hex, { accountId, requestId }: WithLegacyAccountTrailerParameters): Hex {
  if (size(accountId) !== 32) throw new InvalidShortcutIdError({ name: 'accountId', value: accountId })
  if (size(requestId) !== 32) throw new InvalidShortcutIdError({ name: 'requestId', value: requestId })
  return concatHex([data, accountId, requestId, LEGACY_ACCOUNT_TRAILER_MAGIC])
}
