import type { Hash } from 'viem'
import { z } from 'zod'
import { chainIdSchema } from './fields.js'
import { toInvalidRequestError } from './toInvalidRequestError.js'

/** Bridges whose transactions `GET /{bridgeProtocol}/bridge/check` can follow (Stargate travels over LayerZero). */
export const statusBridgeProtocols = ['layerzero', 'stargate', 'across'] as const

/** A bridge {@link statusBridgeProtocols} lists. */
export type StatusBridgeProtocol = (typeof statusBridgeProtocols)[number]

/** The path parameter and query of `GET /{bridgeProtocol}/bridge/check` (REST names). */
export const bridgeStatusQuerySchema = z.strictObject({
  bridgeProtocol: z.string().max(64).transform((v, ctx) => {
    const protocol = v.toLowerCase()
    if ((statusBridgeProtocols as readonly string[]).includes(protocol)) return protocol as StatusBridgeProtocol
    ctx.addIssue({ code: 'custom', params: { code: 'BRIDGE_NOT_SUPPORTED' }, message: `switchyard follows ${statusBridgeProtocols.join(', ')} transactions, not "${v}"` })
    return z.NEVER
  }),
  chainId: chainIdSchema,
  txHash: z.string().transform((v, ctx) => {
    if (/^0x[0-9a-fA-F]{64}$/.test(v)) return v.toLowerCase() as Hash
    ctx.addIssue({ code: 'custom', params: { code: 'INVALID_TX_HASH' }, message: 'must be 0x followed by 64 hex digits' })
    return z.NEVER
  }),
})

/** Validated status request: the protocol lowercased, the hash lowercased. */
export type BridgeStatusQuery = { bridgeProtocol: StatusBridgeProtocol; chainId: number; txHash: Hash }

/**
 * Validates a bridge status request from any transport.
 * @param input - `{ bridgeProtocol, chainId, txHash }` (numbers already coerced), or the gRPC request mapped to REST names
 * @returns {@link BridgeStatusQuery}
 * @throws InvalidRequestError (BRIDGE_NOT_SUPPORTED, INVALID_TX_HASH, MISSING_FIELD, UNKNOWN_FIELD, ...)
 */
export function parseBridgeStatusQuery(input: unknown): BridgeStatusQuery {
  const parsed = bridgeStatusQuerySchema.safeParse(input, { reportInput: true })
  if (!parsed.success) throw toInvalidRequestError(parsed.error)
  return parsed.data
}
