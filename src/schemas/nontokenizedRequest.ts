import type { Address } from 'viem'
import { z } from 'zod'
import { InvalidRequestError } from '../errors/request.js'
import { addressSchema, bpsStringSchema, chainIdSchema, parseAddress, receiverSchema, referralCodeSchema, tokenSchema, uintStringSchema } from './fields.js'
import { MAX_IGNORE_ITEMS, MAX_ITEMS } from './routeRequest.js'
import { walletSpenderOf } from './walletSpenderOf.js'
import { toInvalidRequestError } from './toInvalidRequestError.js'

const list = <T extends z.ZodType>(item: T, max = MAX_ITEMS) => z.array(item).min(1).max(max)

/** Longest `positionId` accepted (ours are at most 77 characters: `<32-byte market id>:collateral`). */
export const MAX_POSITION_ID_LENGTH = 200

/**
 * `positionOut`, as the OpenAPI types it ("ID of a non-tokenized position", a string): the position's
 * `address` or its `positionId`, both as `GET /nontokenized` lists them. Anything shaped as an address
 * (0x and 40 hex digits) is read as one, checksum included; anything else is an id of printable ASCII
 * without spaces. Which position it names is the service's question (400 INVALID_POSITION).
 */
const positionOutSchema = z.string().transform((v, ctx): Address | string => {
  if (/^0x[0-9a-fA-F]{40}$/.test(v)) return parseAddress(v, ctx)
  if (/^[\x21-\x7e]+$/.test(v) && v.length <= MAX_POSITION_ID_LENGTH) return v
  ctx.addIssue({ code: 'custom', params: { code: 'INVALID_POSITION' }, message: `must be a position's address or its positionId (printable ASCII, no spaces, at most ${MAX_POSITION_ID_LENGTH} characters)` })
  return z.NEVER
}).meta({ description: 'The position\'s address or its positionId, as GET /nontokenized lists them' })
const ignore = z.array(z.string().max(64)).max(MAX_IGNORE_ITEMS).nullable().optional()

/** GET /shortcuts/route/nontokenized, REST names (OpenAPI parameters). */
export const nontokenizedRouteRequestSchema = z.strictObject({
  chainId: chainIdSchema.optional(),
  fromAddress: addressSchema,
  routingStrategy: z.string().optional(),
  referralCode: referralCodeSchema.optional(),
  destinationChainId: chainIdSchema.optional(),
  tokenIn: list(tokenSchema),
  positionOut: positionOutSchema,
  slippage: bpsStringSchema({ max: 10_000, code: 'INVALID_SLIPPAGE' }).optional(),
  fee: list(bpsStringSchema({ max: 100, code: 'INVALID_FEE' })).optional(),
  feeReceiver: receiverSchema.optional(),
  ignoreAggregators: ignore,
  ignoreBridges: ignore,
  ignoreStandards: ignore,
  amountIn: list(uintStringSchema({ positive: true })),
  receiver: receiverSchema,
  spender: receiverSchema.optional(),
  refundReceiver: receiverSchema.optional(),
})

/** Validated non-tokenized route parameters. */
export type NontokenizedRouteParams = {
  chainId: number
  fromAddress: Address
  tokenIn: Address[]
  amountIn: bigint[]
  /** The position's address (checksummed) or its positionId. */
  positionOut: Address | string
  receiver: Address
  spender: Address | undefined
  refundReceiver: Address | undefined
  slippageBps: bigint | undefined
  feeBps: bigint[]
  feeReceiver: Address | undefined
  referralCode: string | undefined
  ignoreStandards: string[]
  destinationChainId: number | undefined
}

function fail(code: string, field: string, reason: string): never {
  throw new InvalidRequestError({ code, message: `${field}: ${reason}`, issues: [{ field, reason }] })
}

/**
 * Validates a non-tokenized route request (either transport). The strategy must be delegate: the
 * position is held by the wallet itself (spec).
 * @param options - `approvalSpenders`: our routers' addresses, lowercase; a `spender` naming one names
 *   no wallet and is dropped (the plan runs in `fromAddress`)
 * @throws InvalidRequestError with a stable code
 */
export function parseNontokenizedRouteRequest(input: unknown, options: { approvalSpenders?: ReadonlySet<string> | undefined } = {}): NontokenizedRouteParams {
  const parsed = nontokenizedRouteRequestSchema.safeParse(input, { reportInput: true })
  if (!parsed.success) throw toInvalidRequestError(parsed.error)
  const r = parsed.data
  const strategy = r.routingStrategy ?? 'delegate'
  if (strategy !== 'delegate' && strategy !== 'delegate-legacy') fail('INVALID_STRATEGY', 'routingStrategy', 'must be delegate: non-tokenized positions are held by the wallet itself')
  if (strategy === 'delegate-legacy') fail('INVALID_STRATEGY', 'routingStrategy', 'delegate-legacy is not served for non-tokenized routes; use delegate')
  if (r.amountIn.length !== r.tokenIn.length) fail('LENGTH_MISMATCH', 'amountIn', `amountIn has ${r.amountIn.length} entries but tokenIn has ${r.tokenIn.length}`)
  if (r.fee && r.fee.length !== r.amountIn.length) fail('LENGTH_MISMATCH', 'fee', `fee has ${r.fee.length} entries but amountIn has ${r.amountIn.length}`)
  if (r.fee?.some((f) => f > 0n) && !r.feeReceiver) fail('FEE_RECEIVER_REQUIRED', 'feeReceiver', 'required when fee is given')
  const seen = new Set<string>()
  r.tokenIn.forEach((t, i) => {
    if (seen.has(t.toLowerCase())) fail('DUPLICATE_TOKEN', `tokenIn[${i}]`, `${t} is listed twice`)
    seen.add(t.toLowerCase())
  })
  return {
    chainId: r.chainId ?? 1,
    fromAddress: r.fromAddress,
    tokenIn: r.tokenIn,
    amountIn: r.amountIn,
    positionOut: r.positionOut,
    receiver: r.receiver,
    spender: walletSpenderOf(r.spender, options.approvalSpenders),
    refundReceiver: r.refundReceiver,
    slippageBps: r.slippage,
    feeBps: r.fee ?? r.amountIn.map(() => 0n),
    feeReceiver: r.feeReceiver,
    referralCode: r.referralCode,
    ignoreStandards: r.ignoreStandards ?? [],
    destinationChainId: r.destinationChainId,
  }
}
