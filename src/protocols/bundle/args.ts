import { z } from 'zod'
import { addressSchema, MAX_UINT256, receiverSchema, tokenSchema } from '../../schemas/fields.js'
import type { BundleRef, BundleValueKind } from './types.js'

/**
 * Argument schemas shared by every bundle action. Amounts are canonical base-10 strings (or safe
 * integers, which the vendor's samples send for small values such as bps); references are
 * `{ useOutputOfCallAt, index? }`, stamped with the kind the argument expects.
 */

const CANONICAL_UINT = /^(0|[1-9][0-9]*)$/

function coded(ctx: z.RefinementCtx, code: string, message: string): never {
  ctx.addIssue({ code: 'custom', message, params: { code } })
  return z.NEVER
}

/** A uint256 literal from a canonical string or a non-negative safe integer. */
export const uintLiteral = z.union([z.string(), z.number()]).transform((raw, ctx): bigint => {
  if (typeof raw === 'number') {
    if (!Number.isSafeInteger(raw) || raw < 0) return coded(ctx, 'INVALID_AMOUNT', 'must be a non-negative integer (send large values as strings)')
    return BigInt(raw)
  }
  if (raw.length > 78) return coded(ctx, 'AMOUNT_TOO_LARGE', 'exceeds 2^256-1')
  if (!CANONICAL_UINT.test(raw)) return coded(ctx, 'INVALID_AMOUNT', 'must be a base-10 integer string without sign, spaces or leading zeros')
  const n = BigInt(raw)
  if (n > MAX_UINT256) return coded(ctx, 'AMOUNT_TOO_LARGE', 'exceeds 2^256-1')
  return n
})

const refObject = z.strictObject({
  useOutputOfCallAt: z.number().int().min(0).max(1_000),
  index: z.number().int().min(0).max(64).optional(),
})

/** A reference schema that stamps `kind`. */
export function refSchema(kind: BundleValueKind) {
  return refObject.transform((r): BundleRef => ({ ref: true, at: r.useOutputOfCallAt, index: r.index ?? 0, kind }))
}

/** An amount: literal or reference. */
export const amountArg = z.union([refSchema('amount'), uintLiteral])

/** A positive literal amount or a reference (a zero literal is never useful: THREATS B1). */
export const positiveAmountArg = z.union([
  refSchema('amount'),
  uintLiteral.transform((n, ctx) => (n === 0n ? coded(ctx, 'INVALID_AMOUNT', 'must be greater than zero') : n)),
])

/** A condition: literal boolean or reference to a comparison. */
export const boolArg = z.union([refSchema('bool'), z.boolean()])

/**
 * Least gas a bridge callback may be given: no callback runs on less (the receiver's self-call, the
 * executor's entry and the receiver's checks cost more; a one-action callback needs 100k–120k gas on
 * the devnet), so a smaller limit could only be refunded.
 */
export const MIN_CALLBACK_GAS_LIMIT = 50_000n
/** Most gas a bridge callback may be given: what SwitchyardBridgeReceiver accepts (MAX_CALLBACK_GAS). */
export const MAX_CALLBACK_GAS_LIMIT = 10_000_000n
/** Why a callback gas limit is refused (the one reason for every bad value). */
export const CALLBACK_GAS_LIMIT_RULE = `must be an integer from ${MIN_CALLBACK_GAS_LIMIT} to ${MAX_CALLBACK_GAS_LIMIT} (gas for the destination callback)`

/**
 * A callback gas limit from a base-10 string or a safe integer, within
 * [{@link MIN_CALLBACK_GAS_LIMIT}, {@link MAX_CALLBACK_GAS_LIMIT}]; `undefined` for anything else.
 */
export function callbackGasLimitOf(raw: unknown): bigint | undefined {
  const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : typeof raw === 'string' ? raw : ''
  if (!/^[0-9]{1,9}$/.test(text)) return undefined
  const n = BigInt(text)
  return n >= MIN_CALLBACK_GAS_LIMIT && n <= MAX_CALLBACK_GAS_LIMIT ? n : undefined
}

/** A bridge action's `callbackGasLimit`: any bad value is INVALID_GAS_LIMIT with the allowed range. */
export const callbackGasLimitArg = z.unknown()
  .transform((raw, ctx): bigint => callbackGasLimitOf(raw) ?? coded(ctx, 'INVALID_GAS_LIMIT', CALLBACK_GAS_LIMIT_RULE))
  .meta({ type: ['string', 'integer'] })

/** Basis points 0–10 000 from a string or a number. */
export const bpsArg = uintLiteral.transform((n, ctx) => (n > 10_000n ? coded(ctx, 'INVALID_SLIPPAGE', 'must be 0-10000 basis points') : n))

export { addressSchema as addressArg, receiverSchema as receiverArg, tokenSchema as tokenArg }

/**
 * Arguments of a concentrated-liquidity `depositclmm` (Enso's shape, shared by Uniswap V3 and V4): two
 * tokens and amounts, the position manager as `tokenOut`, two ticks, and the pool's fee, tick spacing and
 * hook where the protocol has them.
 */
export const clmmDepositArgs = z.strictObject({
  tokenIn: z.array(tokenSchema).length(2),
  tokenOut: addressSchema,
  amountIn: z.array(positiveAmountArg).length(2),
  ticks: z.array(z.union([z.string().regex(/^-?[0-9]{1,7}$/), z.number().int()])).length(2),
  poolFee: uintLiteral.optional(),
  tickSpacing: uintLiteral.optional(),
  hook: addressSchema.optional(),
  receiver: receiverSchema.optional(),
})

/** True for a parsed reference. */
export function isBundleRef(value: unknown): value is BundleRef {
  return typeof value === 'object' && value !== null && (value as { ref?: unknown }).ref === true && typeof (value as { at?: unknown }).at === 'number'
}

/**
 * Every reference inside parsed arguments, with the path where it sits (`amountIn`, `args[1]`).
 * Iterative, so hostile nesting cannot overflow the stack.
 */
export function collectRefs(args: unknown): { path: string; ref: BundleRef }[] {
  const found: { path: string; ref: BundleRef }[] = []
  const stack: { path: string; value: unknown }[] = [{ path: '', value: args }]
  while (stack.length > 0) {
    const { path, value } = stack.pop()!
    if (isBundleRef(value)) found.push({ path, ref: value })
    else if (Array.isArray(value)) value.forEach((v, i) => stack.push({ path: `${path}[${i}]`, value: v }))
    else if (value !== null && typeof value === 'object' && !(value instanceof Uint8Array)) {
      for (const [k, v] of Object.entries(value)) stack.push({ path: path === '' ? k : `${path}.${k}`, value: v })
    }
  }
  return found
}
