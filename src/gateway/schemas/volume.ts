import { z } from 'zod'
import { chainIdSchema } from '../../schemas/fields.js'
import { uint32Schema } from './queryFields.js'

/** Path + query of GET /api/v1/volume/:chainId (after `normalizeQuery` coerced the numbers). */
export const volumeParamsSchema = z.strictObject({ chainId: chainIdSchema, blocks: uint32Schema.optional() })

/** The REST volume body. */
export type RestVolume = {
  chainId: number
  fromBlock: number
  toBlock: number
  volumeUsd: number
  swaps: number
  routes: number
  byProtocol: { protocol: string; volumeUsd: number; swaps: number }[]
}

/** Response schema (fast-json-stringify). */
export const volumeResponseSchema = {
  type: 'object',
  required: ['chainId', 'fromBlock', 'toBlock', 'volumeUsd', 'swaps', 'routes', 'byProtocol'],
  properties: {
    chainId: { type: 'integer' },
    fromBlock: { type: 'integer' },
    toBlock: { type: 'integer' },
    volumeUsd: { type: 'number' },
    swaps: { type: 'integer' },
    routes: { type: 'integer' },
    byProtocol: {
      type: 'array',
      items: { type: 'object', required: ['protocol', 'volumeUsd', 'swaps'], properties: { protocol: { type: 'string' }, volumeUsd: { type: 'number' }, swaps: { type: 'integer' } } },
    },
  },
} as const
