import type { ReplayAnswer } from '../../service/replayQuote.js'

/** Body of POST /api/v1/shortcuts/replay: the service's replay answer as is. */
export type RestReplayResponse = ReplayAnswer

const string = { type: 'string' } as const

/** Response JSON schema of {@link RestReplayResponse}. */
export const replayResponseSchema = {
  type: 'object',
  required: ['same', 'chainId', 'blockNumber', 'expectedAmountsOut', 'differences'],
  additionalProperties: false,
  properties: {
    same: { type: 'boolean', description: 'True when the transaction, run again on the same block, moved exactly the answer\'s amounts' },
    quoteId: string,
    chainId: { type: 'integer' },
    blockNumber: { type: 'string', description: 'The block built on (the transaction runs in the next one)' },
    amountOut: { type: 'string', description: 'The replayed amount of the first tokenOut; absent when the replay could not run' },
    amountsOut: { type: 'array', items: string },
    expectedAmountsOut: { type: 'array', items: string },
    gasUsed: string,
    differences: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code', 'message'],
        additionalProperties: false,
        properties: {
          code: { type: 'string', enum: ['STATE_PRUNED', 'BLOCK_HASH_DIFFERS', 'REQUEST_CHANGED', 'AMOUNT_DIFFERS', 'REVERTED'] },
          field: string,
          expected: string,
          actual: string,
          difference: string,
          message: string,
        },
      },
    },
  },
} as const
