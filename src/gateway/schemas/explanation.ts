/**
 * Response JSON schema of the `explanation` that route, quote, bundle and cross-chain answers carry
 * when asked with `explain=true`; the type is `Explanation` (src/service/explain/explanation.ts).
 * fast-json-stringify drops keys a schema does not list, so every field of the type is listed here.
 */

const string = { type: 'string' } as const
const integer = { type: 'integer' } as const
const strings = { type: 'array', items: string } as const

const stepSchema = {
  type: 'object',
  required: ['index', 'protocol', 'action', 'pool', 'tokenIn', 'tokenOut', 'amountIn', 'amountOut', 'amountsFrom', 'estimatedAmountIn', 'estimatedAmountOut'],
  additionalProperties: false,
  properties: {
    index: integer,
    protocol: string,
    action: string,
    pool: string,
    tokenIn: string,
    tokenOut: string,
    amountIn: { type: 'string', description: 'What the simulated transaction moved into the step' },
    amountOut: { type: 'string', description: 'What the simulated transaction moved out of the step' },
    amountsFrom: { type: 'string', enum: ['simulation', 'estimate'] },
    estimatedAmountIn: string,
    estimatedAmountOut: string,
    gas: string,
    leg: integer,
    chainId: integer,
  },
} as const

const commandSchema = {
  type: 'object',
  required: ['index', 'target', 'function', 'selector', 'args', 'reads', 'writes', 'callType', 'flags'],
  additionalProperties: false,
  properties: {
    index: integer,
    target: string,
    function: string,
    selector: string,
    args: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'value'],
        additionalProperties: false,
        properties: {
          type: string,
          name: string,
          // A string, or nested lists of strings (arrays and tuples); null when an earlier command fills the slot.
          value: {},
          slot: integer,
          fromCommand: integer,
        },
      },
    },
    reads: { type: 'array', items: integer },
    writes: { type: ['integer', 'null'] },
    callType: { type: 'string', enum: ['call', 'staticcall', 'valuecall'] },
    flags: integer,
    gas: string,
    chainId: integer,
  },
} as const

const candidateSchema = {
  type: 'object',
  required: ['rank', 'description', 'kind', 'paths', 'estimatedAmountOut', 'chosen'],
  additionalProperties: false,
  properties: {
    rank: integer,
    description: string,
    kind: { type: 'string', enum: ['single', 'greedy', 'waterFill', 'alternative'] },
    paths: {
      type: 'array',
      items: {
        type: 'object',
        required: ['tokens', 'pools', 'protocols', 'amountIn', 'estimatedAmountOut'],
        additionalProperties: false,
        properties: { tokens: strings, pools: strings, protocols: strings, amountIn: string, estimatedAmountOut: string },
      },
    },
    estimatedAmountOut: string,
    simulatedAmountOut: string,
    gas: string,
    score: string,
    chosen: { type: 'boolean' },
    leg: integer,
  },
} as const

const legSchema = {
  type: 'object',
  required: ['chainId', 'blockNumber', 'blockHash', 'steps', 'plan'],
  additionalProperties: false,
  properties: {
    chainId: integer,
    blockNumber: string,
    blockHash: string,
    steps: { type: 'array', items: stepSchema },
    plan: { type: 'array', items: commandSchema },
  },
} as const

/** The `explanation` of an answer (see `Explanation`). */
export const explanationSchema = {
  type: 'object',
  description: 'Present only when asked with explain=true: the simulated block, the steps with the amounts the simulation moved, the decoded plan, the candidates and why the winner won.',
  required: ['quoteId', 'chainId', 'blockNumber', 'blockHash', 'steps', 'plan', 'candidates', 'winner'],
  additionalProperties: false,
  properties: {
    quoteId: string,
    chainId: integer,
    blockNumber: string,
    blockHash: string,
    steps: { type: 'array', items: stepSchema },
    plan: { type: 'array', items: commandSchema },
    candidates: { type: 'array', items: candidateSchema },
    winner: {
      type: 'object',
      required: ['reason'],
      additionalProperties: false,
      properties: { reason: string, marginBps: { type: 'number' }, gasDifference: string },
    },
    legs: { type: 'array', items: legSchema },
    notes: strings,
  },
} as const
