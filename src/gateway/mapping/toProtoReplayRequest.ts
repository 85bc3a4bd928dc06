import type { ReplayRequest } from '../../grpc/generated/switchyard/routing/v1/ReplayRequest.js'
import type { replayRequestSchema } from '../../schemas/replayRequest.js'
import type { z } from 'zod'

/** A REST replay body that passed `parseReplayRequest` (its original values). */
export type RestReplayRequest = z.input<typeof replayRequestSchema>

const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v])

/** Converts a validated REST replay body to the proto request (one-or-many fields as lists). */
export function toProtoReplayRequest(body: RestReplayRequest): ReplayRequest {
  const request: ReplayRequest = { token_out: list(body.tokenOut), amount_out: list(body.amountOut), token_in: list(body.tokenIn), amount_in: list(body.amountIn) }
  if (body.quoteId !== undefined) request.quote_id = body.quoteId
  if (body.chainId !== undefined) request.chain_id = body.chainId
  if (body.blockNumber !== undefined) request.block_number = String(body.blockNumber)
  if (body.tx !== undefined) request.tx = body.tx
  if (body.receiver !== undefined) request.receiver = body.receiver
  return request
}
