import type { Address } from 'viem'
import { z } from 'zod'
import { InvalidRequestError } from '../errors/request.js'
import { assertJsonDepth, MAX_JSON_DEPTH } from './assertJsonDepth.js'
import {
  NATIVE_ADDRESS, addressSchema, bpsStringSchema, chainIdSchema, receiverSchema, referralCodeSchema, tokenSchema, uintStringSchema,
} from './fields.js'
import { toInvalidRequestError } from './toInvalidRequestError.js'
import { walletSpenderOf } from './walletSpenderOf.js'

/** Most entries any list field may hold (tokens, amounts, fees, ignore lists). */
export const MAX_ITEMS = 16
export const MAX_IGNORE_ITEMS = 64

/** Strategies the API knows; only the first four are served. */
export const routingStrategies = ['router', 'delegate', 'router-legacy', 'delegate-legacy'] as const
export type RoutingStrategy = (typeof routingStrategies)[number]

const list = <T extends z.ZodType>(item: T, max = MAX_ITEMS) => z.array(item).min(1).max(max)

/** A routing strategy name, refused with INVALID_STRATEGY listing the known ones. */
export const strategySchema = z.string().transform((v, ctx) => {
  if ((routingStrategies as readonly string[]).includes(v)) return v as RoutingStrategy
  ctx.addIssue({ code: 'custom', params: { code: 'INVALID_STRATEGY' }, message: `must be one of ${routingStrategies.join(', ')}` })
  return z.NEVER
})

/**
 * The route request, REST shape (camelCase), as both transports hand it to the service. Unknown keys
 * are rejected (typos such as `tokenInn` must not silently fall back to defaults).
 */
export const routeRequestSchema = z.strictObject({
  fromAddress: addressSchema,
  amountIn: list(uintStringSchema({ positive: true })),
  tokenIn: list(tokenSchema),
  tokenOut: list(tokenSchema),
  // An object (it may be empty); the reference types it non-nullable, so null is refused (issue 24).
  variableEstimates: z.record(z.string(), z.unknown()).optional(),
  chainId: chainIdSchema.optional(),
  routingStrategy: strategySchema.nullable().optional(),
  toEoa: z.boolean().nullable().optional(),
  receiver: receiverSchema.optional(),
  spender: receiverSchema.optional(),
  minAmountOut: list(uintStringSchema({ positive: false })).optional(),
  slippage: bpsStringSchema({ max: 10_000, code: 'INVALID_SLIPPAGE' }).optional(),
  fee: list(bpsStringSchema({ max: 100, code: 'INVALID_FEE' })).optional(),
  feeReceiver: receiverSchema.optional(),
  ignoreAggregators: z.array(z.string().max(64)).max(MAX_IGNORE_ITEMS).nullable().optional(),
  ignoreStandards: z.array(z.string().max(64)).max(MAX_IGNORE_ITEMS).nullable().optional(),
  referralCode: referralCodeSchema.optional(),
  destinationChainId: chainIdSchema.optional(),
  refundReceiver: receiverSchema.optional(),
  // In the OpenAPI and the SDK's RouteParams; accepted and ignored (we use no bridges or backends yet).
  ignoreBridges: z.array(z.string().max(64)).max(MAX_IGNORE_ITEMS).nullable().optional(),
  executionMode: z.enum(['user', 'backend']).optional(),
  // Issue 25: add an `explanation` to the answer (simulated block, steps as executed, plan, candidates).
  explain: z.boolean().optional(),
})

/** Validated, normalised route parameters: what the service works with. */
export type RouteParams = {
  chainId: number
  fromAddress: Address
  tokenIn: Address[]
  amountIn: bigint[]
  tokenOut: Address[]
  routingStrategy: RoutingStrategy
  receiver: Address
  /** Only set with the delegate strategy (ignored otherwise, per spec). */
  spender: Address | undefined
  /** Slippage in bps; 50 by default; wins over minAmountOut. */
  slippageBps: bigint
  /** Caller's minimums, used only when slippage was not given. */
  minAmountOut: bigint[] | undefined
  /** Fee bps per amountIn entry (0 when none). */
  feeBps: bigint[]
  feeReceiver: Address | undefined
  ignoreAggregators: string[]
  ignoreStandards: string[]
  referralCode: string | undefined
  refundReceiver: Address
  destinationChainId: number | undefined
  /** Bridges to leave out of cross-chain routes (unknown names are ignored). */
  ignoreBridges: string[]
  /** The refundReceiver as given (cross-chain refunds on the destination go to the receiver without one). */
  refundReceiverGiven: Address | undefined
  /** `fromAddress` exactly as the caller spelled it (echoed in `tx.from`). */
  fromAddressAsSent: string
  /** Set (true) only when the caller asked for an explanation; absent otherwise, so plain requests keep their cache keys. */
  explain?: true | undefined
}

/** Options of {@link parseRouteRequest}. */
export type ParseRouteRequestOptions = {
  /** POST bodies must carry `variableEstimates` (spec); GET queries need not. */
  requireVariableEstimates: boolean
  /**
   * Lowercase addresses `/wallet/approve` names as spender (our routers). As a delegate `spender`
   * they name no wallet and are dropped: the plan runs in `fromAddress` (see `approvalSpendersOf`).
   */
  approvalSpenders?: ReadonlySet<string> | undefined
}

function fail(code: string, field: string, reason: string): never {
  throw new InvalidRequestError({ code, message: `${field}: ${reason}`, issues: [{ field, reason }] })
}

/**
 * Validates a route request from any transport and normalises it.
 * @param input - REST-shaped object (JSON body, normalised query, or the gRPC request mapped to REST names)
 * @returns {@link RouteParams}
 * @throws InvalidRequestError with a stable code naming the condition (THREATS.md §1–4)
 */
export function parseRouteRequest(input: unknown, options: ParseRouteRequestOptions): RouteParams {
  // gRPC carries variableEstimates as JSON text: bound its nesting as the REST body guard does (one
  // level down from the body) before the schema or a cache key walks it.
  if (typeof input === 'object' && input !== null) assertJsonDepth((input as { variableEstimates?: unknown }).variableEstimates, { field: 'variableEstimates', maxDepth: MAX_JSON_DEPTH - 1 })
  const parsed = routeRequestSchema.safeParse(input, { reportInput: true })
  if (!parsed.success) throw toInvalidRequestError(parsed.error)
  const r = parsed.data
  if (options.requireVariableEstimates && (r.variableEstimates === undefined)) {
    fail('MISSING_FIELD', 'variableEstimates', 'the object is required (it may be empty)')
  }
  if (r.amountIn.length !== r.tokenIn.length) {
    fail('LENGTH_MISMATCH', 'amountIn', `amountIn has ${r.amountIn.length} entries but tokenIn has ${r.tokenIn.length}`)
  }
  if (r.fee && r.fee.length !== r.amountIn.length) {
    fail('LENGTH_MISMATCH', 'fee', `fee has ${r.fee.length} entries but amountIn has ${r.amountIn.length}`)
  }
  if (r.fee && !r.feeReceiver) fail('FEE_RECEIVER_REQUIRED', 'feeReceiver', 'required when fee is given')
  if (r.minAmountOut && r.minAmountOut.length !== r.tokenOut.length) {
    fail('LENGTH_MISMATCH', 'minAmountOut', `minAmountOut has ${r.minAmountOut.length} entries but tokenOut has ${r.tokenOut.length}`)
  }
  const lower = (a: Address) => a.toLowerCase()
  for (const [field, tokens] of [['tokenIn', r.tokenIn], ['tokenOut', r.tokenOut]] as const) {
    const seen = new Set<string>()
    tokens.forEach((t, i) => {
      if (seen.has(lower(t))) fail('DUPLICATE_TOKEN', `${field}[${i}]`, `${t} is listed twice`)
      seen.add(lower(t))
    })
  }
  const outs = new Set(r.tokenOut.map(lower))
  r.tokenIn.forEach((t, i) => {
    // Across chains the same address names two tokens (ETH → ETH, a token at one address on both).
    if (outs.has(lower(t)) && (r.destinationChainId === undefined || r.destinationChainId === (r.chainId ?? 1))) fail('SAME_TOKEN', `tokenIn[${i}]`, 'tokenIn and tokenOut must differ')
  })
  const chainId = r.chainId ?? 1
  if (r.destinationChainId !== undefined) {
    if (r.destinationChainId === chainId) fail('SAME_CHAIN_BRIDGE', 'destinationChainId', 'equals chainId; omit it for a same-chain route')
    if (!r.receiver) fail('MISSING_FIELD', 'receiver', 'required when destinationChainId is given')
  }
  const routingStrategy = r.routingStrategy ?? 'router'
  return {
    chainId,
    fromAddress: r.fromAddress,
    tokenIn: r.tokenIn,
    amountIn: r.amountIn,
    tokenOut: r.tokenOut,
    routingStrategy,
    receiver: r.receiver ?? r.fromAddress,
    spender: routingStrategy === 'delegate' || routingStrategy === 'delegate-legacy' ? walletSpenderOf(r.spender, options.approvalSpenders) : undefined,
    slippageBps: r.slippage ?? 50n,
    minAmountOut: r.slippage === undefined ? r.minAmountOut : undefined,
    feeBps: r.fee ?? r.amountIn.map(() => 0n),
    feeReceiver: r.feeReceiver,
    ignoreAggregators: r.ignoreAggregators ?? [],
    ignoreStandards: r.ignoreStandards ?? [],
    referralCode: r.referralCode,
    refundReceiver: r.refundReceiver ?? r.fromAddress,
    destinationChainId: r.destinationChainId,
    ignoreBridges: r.ignoreBridges ?? [],
    refundReceiverGiven: r.refundReceiver,
    fromAddressAsSent: typeof (input as { fromAddress?: unknown }).fromAddress === 'string' ? (input as { fromAddress: string }).fromAddress : r.fromAddress,
    ...(r.explain === true ? { explain: true as const } : {}),
  }
}

export { NATIVE_ADDRESS }
