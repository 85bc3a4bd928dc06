import { z } from 'zod'

/**
 * The published parameters and body of the operations switchyard answers with a documented 400
 * (`routes/unserved.ts`), for the OpenAPI document only: the handlers refuse the operation whatever
 * is sent, so nothing validates with these.
 */

/** `GET /ccip/router`, `GET /cctp/bridge/tokenmessengerv2`: `chainId`. */
export const unservedChainQuerySchema = z.object({ chainId: z.number().int().describe('Chain ID (any: the operation is not served)') })

/** `GET /cctp/bridge/claim`: `chainId`, `txHash`. */
export const unservedClaimQuerySchema = z.object({
  chainId: z.number().int().describe('Chain ID of the source transaction (any: the operation is not served)'),
  txHash: z.string().describe('Source transaction hash'),
})

/** `POST /shortcuts/static/ipor`: `chainId`, `fromAddress` in the query. */
export const unservedIporQuerySchema = z.object({ chainId: z.number().int(), fromAddress: z.string() })

/** `POST /shortcuts/static/ipor`: the published `IporShortcutInput`. */
export const unservedIporBodySchema = z.object({
  isRouter: z.boolean().nullable().optional(),
  amountIn: z.string(),
  tokenIn: z.string(),
  tokenBToBuy: z.string(),
  percentageForTokenB: z.string(),
  slippage: z.string().optional(),
  simulate: z.boolean().nullable().optional(),
})
