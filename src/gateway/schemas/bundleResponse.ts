import { bridgingEstimatesSchema, externalContractsSchema, routeStepSchema } from './routeResponse.js'
import { transactionSchema } from './transaction.js'
import { explanationSchema } from './explanation.js'

const amountsByToken = (description: string) => ({ type: 'object', additionalProperties: { type: 'string' }, description } as const)

/** Response JSON schema of `POST /shortcuts/bundle` (the SDK's `BundleData`, the OpenAPI's `BundleShortcutTransaction`). */
export const bundleResponseSchema = {
  type: 'object',
  required: ['bundle', 'gas', 'createdAt', 'tx', 'amountsOut', 'minAmountsOut', 'route', 'priceImpact', 'feeAmount', 'approvals', 'validUntil', 'externalContracts'],
  additionalProperties: false,
  properties: {
    bundle: {
      type: 'array',
      description: 'The actions as sent, in order',
      items: {
        type: 'object',
        required: ['protocol', 'action', 'args'],
        additionalProperties: true,
        properties: { protocol: { type: 'string' }, action: { type: 'string' }, args: { type: 'object', additionalProperties: true } },
      },
    },
    gas: { type: 'string', description: 'A gas limit the transaction is proven (by simulation) to succeed with' },
    createdAt: { type: 'integer', description: 'Block number simulated on' },
    tx: transactionSchema,
    amountsOut: amountsByToken('Simulated balance change of the receivers, by token address, for every token delivered'),
    minAmountsOut: amountsByToken('amountsOut less slippage, by token address'),
    route: {
      type: 'array',
      description: 'The steps the routed actions took, each with the amounts it moved',
      items: {
        ...routeStepSchema,
        properties: { ...routeStepSchema.properties, amountIn: { type: 'string' }, amountOut: { type: 'string' } },
      },
    },
    priceImpact: { type: ['number', 'null'], description: 'Basis points; null without USD prices' },
    feeAmount: amountsByToken('Fees taken by fee actions, by token address'),
    approvals: {
      type: 'array',
      description: 'Approvals of the router the sender still lacks, to send first (USDT-style tokens get approve(0) first)',
      items: {
        type: 'object',
        required: ['data', 'to', 'from', 'value', 'token', 'amount', 'spender'],
        additionalProperties: false,
        properties: {
          ...transactionSchema.properties,
          token: { type: 'string' },
          amount: { type: 'string', description: 'Wei, base-10' },
          spender: { type: 'string' },
        },
      },
    },
    validUntil: { type: 'integer', description: 'Unix seconds after which the answer should be fetched again' },
    bridgingEstimates: bridgingEstimatesSchema,
    externalContracts: externalContractsSchema,
    explanation: explanationSchema,
  },
} as const
