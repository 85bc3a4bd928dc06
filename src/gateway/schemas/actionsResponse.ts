import { z } from 'zod'

/** One input of an action (OpenAPI `ActionInputMetadata`). */
export type RestActionInput = {
  /** `address`, `uint256`, `bool`, … (`[]` for lists, ` | ` between alternatives). */
  type: string
  description: string
  /** True when the input may be left out. */
  optional: boolean
}

/** One entry of GET /api/v1/actions and /actions/{slug} (OpenAPI `Action`): inputs keyed by name, in declaration order. */
export type RestAction = { action: string; inputs: Record<string, RestActionInput> }

/** Response JSON schema: an array of {@link RestAction}. */
export const actionsResponseSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['action', 'inputs'],
    additionalProperties: false,
    properties: {
      action: { type: 'string' },
      inputs: {
        type: 'object',
        additionalProperties: {
          type: 'object',
          required: ['type', 'description', 'optional'],
          additionalProperties: false,
          properties: { type: { type: 'string' }, description: { type: 'string' }, optional: { type: 'boolean' } },
        },
      },
    },
  },
} as const

/** Path parameters of GET /api/v1/actions/:slug. */
export const actionParamsSchema = z.strictObject({ slug: z.string().min(1).max(100) })
