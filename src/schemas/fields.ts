import { getAddress, isAddress, type Address } from 'viem'
import { z } from 'zod'

/**
 * Field schemas shared by every transport. Semantic failures carry a stable code in
 * `params.code`; shape failures (wrong type, unknown key) are coded by {@link toInvalidRequestError}.
 */

/** The native coin placeholder of the API. */
export const NATIVE_ADDRESS: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
export const MAX_UINT256 = 2n ** 256n - 1n

/** Whether an address is the native-coin placeholder (any casing). */
export function isNativeAddress(address: string): boolean {
  return address.toLowerCase() === NATIVE_ADDRESS.toLowerCase()
}
const CANONICAL_UINT = /^(0|[1-9][0-9]*)$/

type Ctx = z.RefinementCtx

function fail(ctx: Ctx, code: string, message: string): void {
  ctx.addIssue({ code: 'custom', message, params: { code } })
}

/**
 * Checks and normalises an address. All-lowercase and all-uppercase hex are unchecksummed and
 * accepted; mixed case must be a valid EIP-55 checksum (we never silently re-checksum a typo).
 */
export function parseAddress(value: string, ctx: Ctx): Address {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) {
    fail(ctx, 'INVALID_ADDRESS', 'must be 0x followed by 40 hex digits')
    return z.NEVER
  }
  const hex = value.slice(2)
  const unchecksummed = hex === hex.toLowerCase() || hex === hex.toUpperCase()
  if (!unchecksummed && !isAddress(value, { strict: true })) {
    fail(ctx, 'INVALID_CHECKSUM', 'mixed-case address fails its EIP-55 checksum')
    return z.NEVER
  }
  return getAddress(`0x${hex.toLowerCase()}`)
}

/** An EVM address string, normalised to its checksummed form. */
export const addressSchema = z.string().transform((v, ctx) => parseAddress(v, ctx))

/**
 * Highest address of the range EIP-1352 reserves for precompiles and system contracts
 * (`0x…0001`–`0x…ffff`). Nothing there can use tokens: funds sent to it are gone.
 */
export const RESERVED_ADDRESS_MAX = 0xffffn
/**
 * Highest address a sender is refused at: the whole reserved range (precompiles assigned today —
 * Ethereum `0x01`–`0x11` since Prague, P-256 at `0x100` — and the slots reserved for the next ones). No
 * one holds a key there, so a transaction can never be sent from it.
 */
export const PRECOMPILE_SENDER_MAX = RESERVED_ADDRESS_MAX

/** The address as a number (any casing), or `undefined` when it is not 0x + 40 hex digits. */
function addressValue(address: string): bigint | undefined {
  return /^0x[0-9a-fA-F]{40}$/.test(address) ? BigInt(address) : undefined
}

/** Whether a receiver would lose what it is sent: `0x…0001`–`0x…ffff` (EIP-1352's reserved range). */
export function isReservedAddress(address: string): boolean {
  const n = addressValue(address)
  return n !== undefined && n >= 1n && n <= RESERVED_ADDRESS_MAX
}

/**
 * Why an address cannot send a transaction, or `undefined` when it can: the zero address and the
 * reserved precompile range (`0x…0001`–`0x…ffff`) have no key and run no wallet.
 */
export function senderIssueOf(address: string): string | undefined {
  const n = addressValue(address)
  if (n === undefined || n > PRECOMPILE_SENDER_MAX) return undefined
  return n === 0n ? 'the zero address cannot send a transaction' : `${address} is in the precompile range (0x…0001–0x…ffff): it cannot send a transaction`
}

/**
 * An address that may receive funds: never the zero address (INVALID_RECEIVER: the tokens would
 * burn) nor one of EIP-1352's reserved addresses `0x…0001`–`0x…ffff` (RECEIVER_IS_PRECOMPILE).
 * Used by every field that names where funds go or who acts (receiver, refundReceiver, feeReceiver,
 * spender, and bundle action receivers), so both transports refuse them identically.
 */
export const receiverSchema = addressSchema.transform((v, ctx) => {
  if (/^0x0{40}$/i.test(v)) {
    fail(ctx, 'INVALID_RECEIVER', 'the zero address would burn the tokens')
    return z.NEVER
  }
  if (isReservedAddress(v)) {
    fail(ctx, 'RECEIVER_IS_PRECOMPILE', `${v} is in the precompile range 0x…0001–0x…ffff: funds sent there are lost`)
    return z.NEVER
  }
  return v
})

/** A sender (`fromAddress`): never the zero address nor a precompile (SENDER_IS_PRECOMPILE). */
export const senderSchema = addressSchema.transform((v, ctx) => {
  const issue = senderIssueOf(v)
  if (issue) {
    fail(ctx, 'SENDER_IS_PRECOMPILE', issue)
    return z.NEVER
  }
  return v
})

/** A token address: the zero address is not the native coin (only 0xEeee…EEeE is). */
export const tokenSchema = addressSchema.transform((v, ctx) => {
  if (/^0x0{40}$/i.test(v)) {
    fail(ctx, 'INVALID_TOKEN', `the zero address is not a token; the native coin is ${NATIVE_ADDRESS}`)
    return z.NEVER
  }
  return v
})

/**
 * A uint256 as a canonical base-10 string: no sign, spaces, leading zeros, exponent, hex or
 * separators (BigInt would accept several of these). Length is checked before any BigInt work.
 */
export function uintStringSchema({ positive, code = 'INVALID_AMOUNT' }: { positive: boolean; code?: string }) {
  return z.string().transform((v, ctx) => {
    if (v.length > 78) {
      fail(ctx, 'AMOUNT_TOO_LARGE', 'exceeds 2^256-1')
      return z.NEVER
    }
    if (!CANONICAL_UINT.test(v)) {
      fail(ctx, code, 'must be a base-10 integer string without sign, spaces or leading zeros')
      return z.NEVER
    }
    const n = BigInt(v)
    if (n > MAX_UINT256) {
      fail(ctx, 'AMOUNT_TOO_LARGE', 'exceeds 2^256-1')
      return z.NEVER
    }
    if (positive && n === 0n) {
      fail(ctx, code, 'must be greater than zero')
      return z.NEVER
    }
    return n
  })
}

/** Basis points as an integer string in [0, max]. */
export function bpsStringSchema({ max, code }: { max: number; code: string }) {
  return z.union([z.string(), z.number()]).transform((raw, ctx) => {
    const v = typeof raw === 'number' ? String(raw) : raw
    if (!/^(0|[1-9][0-9]{0,4})$/.test(v) || Number(v) > max) {
      fail(ctx, code, `must be an integer from 0 to ${max} (basis points)`)
      return z.NEVER
    }
    return BigInt(v)
  })
}

/**
 * A chain id: a positive safe integer. Any other number (0, -1, 2^53) is a chain no deployment serves:
 * `UNSUPPORTED_CHAIN` (both transports add the served chains to the message, see
 * `listSupportedChains`); a fraction or a non-number is `INVALID_TYPE`.
 */
export const chainIdSchema = z.number({ error: 'must be an integer chain id' })
  // Documented as before: the refusals below are not JSON Schema, the type is.
  .meta({ type: 'integer', exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER })
  .transform((v, ctx): number => {
    if (!Number.isInteger(v)) {
      fail(ctx, 'INVALID_TYPE', 'must be an integer chain id')
      return z.NEVER
    }
    if (v < 1 || v > Number.MAX_SAFE_INTEGER) {
      fail(ctx, 'UNSUPPORTED_CHAIN', `Chain ${v} is not supported`)
      return z.NEVER
    }
    return v
  })

/** Referral code: 1–16 printable ASCII characters. */
export const referralCodeSchema = z.string().transform((v, ctx) => {
  if (v.length > 16) {
    fail(ctx, 'REFERRAL_TOO_LONG', 'at most 16 characters')
    return z.NEVER
  }
  if (!/^[\x20-\x7e]*$/.test(v)) {
    fail(ctx, 'INVALID_REFERRAL_CODE', 'printable ASCII only')
    return z.NEVER
  }
  return v
})
