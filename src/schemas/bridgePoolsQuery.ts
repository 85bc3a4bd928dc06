import type { Address } from 'viem'
import { z } from 'zod'
import { chainIdSchema, tokenSchema } from './fields.js'
import { toInvalidRequestError } from './toInvalidRequestError.js'

/** The query of `GET /layerzero/pool` and `GET /stargate/pool`, as `EnsoClient.getLayerZeroPool` sends it (REST names). */
export const bridgePoolsQuerySchema = z.strictObject({
  chainId: chainIdSchema,
  token: tokenSchema,
  destinationChainId: chainIdSchema.optional(),
  destinationToken: tokenSchema.optional(),
})

/** Validated pool lookup: addresses checksummed. */
export type BridgePoolsQuery = {
  chainId: number
  /** The source token; the native coin is `0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE`. */
  token: Address
  destinationChainId: number | undefined
  destinationToken: Address | undefined
}

/**
 * Validates a Stargate / LayerZero pool lookup from any transport.
 * @param input - REST-shaped query (numbers already coerced), or the gRPC request mapped to REST names
 * @returns {@link BridgePoolsQuery}
 * @throws InvalidRequestError (MISSING_FIELD, INVALID_ADDRESS, INVALID_CHECKSUM, INVALID_TOKEN, UNKNOWN_FIELD, ...)
 */
export function parseBridgePoolsQuery(input: unknown): BridgePoolsQuery {
  const parsed = bridgePoolsQuerySchema.safeParse(input, { reportInput: true })
  if (!parsed.success) throw toInvalidRequestError(parsed.error)
  const q = parsed.data
  return { chainId: q.chainId, token: q.token, destinationChainId: q.destinationChainId, destinationToken: q.destinationToken }
}
