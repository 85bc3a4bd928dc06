import { type Hex, concatHex, stringToHex, toHex } from 'viem'
import { InvalidReferralCodeError, InvalidUniqueIdError } from '../errors/encoding.js'

/** Parameters of {@link createRequestId}. */
export type CreateRequestIdParameters = {
  /** Printable ASCII (0x20..0x7e), 1 to 16 bytes; stored left-aligned in the high 16 bytes. Omit for none. */
  referralCode?: string | undefined
  /** Random source returning `size` bytes; defaults to {@link pooledRandomBytes}. Inject in tests. */
  randomBytes?: ((size: number) => Uint8Array) | undefined
}

export type CreateRequestIdErrorType = InvalidReferralCodeError | InvalidUniqueIdError

/**
 * Checks that a referral code fits the high half of a requestId.
 * @throws {@link InvalidReferralCodeError}
 */
export function assertReferralCode(referralCode: string): void {
  if (referralCode.length === 0) throw new InvalidReferralCodeError({ referralCode, reason: 'it is empty' })
  for (const char of referralCode) {
    const code = char.codePointAt(0)!
    if (code < 0x20 || code > 0x7e) throw new InvalidReferralCodeError({ referralCode, reason: `character U+${code.toString(16).padStart(4, '0')} is not printable ASCII` })
  }
  if (referralCode.length > 16) throw new InvalidReferralCodeError({ referralCode, reason: `it is ${referralCode.length} bytes long` })
}

/**
 * Builds the `requestId` of `executeShortcut`: the referral code (zero-padded) in the high 16 bytes and a
 * unique random 16-byte id in the low 16 bytes.
 *
 * @example
 * createRequestId({ referralCode: 'partner-x' }) // 0x706172746e65722d78000000000000007a1c…
 *
 * @param params - {@link CreateRequestIdParameters}
 * @returns the 32-byte request id
 * @throws {@link CreateRequestIdErrorType}
 */
export function createRequestId(params: CreateRequestIdParameters = {}): Hex {
  const { referralCode } = params
  let high: Hex = toHex(new Uint8Array(16))
  if (referralCode !== undefined) {
    assertReferralCode(referralCode)
    high = stringToHex(referralCode, { size: 16 })
  }
  const random = params.randomBytes ?? pooledRandomBytes
  const low = random(16)
  if (!(low instanceof Uint8Array) || low.length !== 16) throw new InvalidUniqueIdError({ length: low?.length ?? 0 })
  return concatHex([high, toHex(low)])
}

/** Random bytes drawn per request id from here, refilled when spent. */
const pool = new Uint8Array(4096)
let drawn = pool.length

/**
 * `size` bytes from the system's CSPRNG, drawn from a pool filled 4 KiB at a time (as Node does for
 * `crypto.randomUUID`): each fill is one `getrandom` system call, and on these VMs a system call costs
 * tens of microseconds, once per route otherwise.
 * @returns fresh bytes, never handed out twice
 */
export function pooledRandomBytes(size: number): Uint8Array {
  if (size > pool.length) return globalThis.crypto.getRandomValues(new Uint8Array(size))
  if (drawn + size > pool.length) {
    globalThis.crypto.getRandomValues(pool)
    drawn = 0
  }
  const out = pool.slice(drawn, drawn + size)
  drawn += size
  return out
}

/**
 * Splits a request id into its referral code (trailing zero bytes removed) and unique id.
 * @returns `{ referralCode, uniqueId }`; `referralCode` is `''` when none was set
 */
export function parseRequestId(requestId: Hex): { referralCode: string; uniqueId: Hex } {
  const high = requestId.slice(2, 34).replace(/(00)+$/, '')
  const referralCode = Buffer.from(high, 'hex').toString('latin1')
  return { referralCode, uniqueId: `0x${requestId.slice(34, 66)}` }
}
