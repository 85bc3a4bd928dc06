import { externalContractsSchema, routeStepSchema } from './routeResponse.js'
import { transactionSchema } from './transaction.js'

const strings = { type: 'array', items: { type: 'string' } } as const

/** Response JSON schema of `GET /shortcuts/route/nontokenized` (the OpenAPI's `NontokenizedRouteShortcutTransaction`, as we fill it). */
export const nontokenizedRouteResponseSchema = {
  type: 'object',
  required: ['createdAt', 'gas', 'amountDeposited', 'priceImpact', 'tx', 'route', 'feeAmount', 'ensoFeeAmount', 'externalContracts'],
  additionalProperties: false,
  properties: {
    createdAt: { type: 'integer', description: 'Block number simulated on' },
    gas: { type: 'string', description: 'A gas limit the transaction is proven (by simulation) to succeed with' },
    amountDeposited: { type: 'string', description: 'What the deposit put into the position, read from the simulation' },
    priceImpact: { type: ['number', 'null'], description: 'Basis points; null without USD prices' },
    tx: transactionSchema,
    route: { type: 'array', items: routeStepSchema },
    feeAmount: { ...strings, description: 'Fee taken from each amountIn' },
    ensoFeeAmount: { ...strings, description: 'Always 0 for each amountIn' },
    externalContracts: externalContractsSchema,
  },
} as const

const underlyingTokenSchema = {
  type: 'object',
  required: ['address', 'chainId', 'type', 'decimals', 'symbol', 'name'],
  additionalProperties: false,
  properties: { address: { type: 'string' }, chainId: { type: 'integer' }, type: { type: 'string' }, decimals: { type: 'integer' }, symbol: { type: 'string' }, name: { type: 'string' } },
} as const

const nullableInteger = { type: ['integer', 'null'] } as const

/** Response JSON schema of `GET /nontokenized` (the OpenAPI's `PaginatedResult` of `NonTokenizedModel`). */
export const nontokenizedResponseSchema = {
  type: 'object',
  required: ['data', 'meta'],
  additionalProperties: false,
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['chainId', 'project', 'protocol', 'address', 'positionId', 'primaryAddress', 'name', 'logosUri', 'underlyingTokens'],
        additionalProperties: false,
        properties: {
          chainId: { type: 'integer' },
          project: { type: 'string' },
          protocol: { type: 'string' },
          address: { type: 'string', description: 'The position\'s address (Aave: the aToken; Morpho: derived from the market and side): a positionOut' },
          positionId: { type: 'string', description: 'The position\'s id (also a positionOut)' },
          primaryAddress: { type: 'string', description: 'The contract the wallet calls (the Aave Pool, Morpho)' },
          name: { type: 'string' },
          logosUri: { type: 'string', description: 'Empty: we know no logos' },
          underlyingTokens: { type: 'array', items: underlyingTokenSchema },
        },
      },
    },
    meta: {
      type: 'object',
      required: ['total', 'lastPage', 'currentPage', 'perPage', 'prev', 'next', 'cursor'],
      additionalProperties: false,
      properties: {
        total: { type: 'integer', description: 'Matching positions' },
        lastPage: { type: 'integer' },
        currentPage: { type: 'integer' },
        perPage: { type: 'integer' },
        prev: nullableInteger,
        next: nullableInteger,
        cursor: { ...nullableInteger, description: 'Offset of the next page; null on the last page' },
      },
    },
  },
} as const
