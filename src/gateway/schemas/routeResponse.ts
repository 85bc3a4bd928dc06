import type { Explanation } from '../../service/explain/explanation.js'
import { explanationSchema } from './explanation.js'
import { transactionSchema, type RestTransaction } from './transaction.js'

/** One step of a route, REST shape. */
export type RestRouteStep = {
  tokenIn: string[]
  tokenOut: string[]
  protocol: string
  action: string
  primary: string
  internalRoutes: string[]
  /** Step arguments: every value a string or a list of strings (the OpenAPI's `Hop.args`). */
  args: Record<string, string | string[]>
  chainId: number
  sourceChainId?: number
  destinationChainId?: number
}

/** Body of GET/POST /api/v1/shortcuts/route (spec "Route response"). */
export type RestRouteResponse = {
  /** A gas limit the transaction is proven to succeed with. */
  gas: string
  /** One tokenOut: a string; several: one string per tokenOut, in order. */
  amountOut: string | string[]
  minAmountOut: string | string[]
  feeAmount: string[]
  ensoFeeAmount: string[]
  /** Basis points; null without a USD price. */
  priceImpact: number | null
  /** Block number simulated on. */
  createdAt: number
  /** The same block number, under the OpenAPI's name. */
  blockNumber: number
  /** Unix seconds after which the answer should be fetched again. */
  validUntil?: number
  tx: RestTransaction
  route: RestRouteStep[]
  /** Cross-chain routes: how long each bridge takes (the SDK's BridgeLatencyEstimate). */
  bridgingEstimates?: RestBridgingEstimate[]
  /** Contracts outside the chain's address book that the plan hands control to; see {@link externalContractsSchema}. */
  externalContracts: string[]
  /** Only when asked with `explain=true`. */
  explanation?: Explanation
}

/** The SDK's BridgeLatencyEstimate. */
export type RestBridgingEstimate = { fromChainId: number; toChainId: number; token: string; estimatedSeconds: number; bridge: string; source: string }

const strings = { type: 'array', items: { type: 'string' } } as const

/** The `externalContracts` field of route and bundle answers. */
export const externalContractsSchema = {
  type: 'array',
  items: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
  description:
    'Contracts outside the chain\'s address book (switchyard\'s own contracts and helpers, the protocol contracts and tokens the service knows) ' +
    'that the plan hands control to: every contract it calls, and every payee of native coin (receiver, refundReceiver, feeReceiver) or of a safe ' +
    'transfer that holds code; flash-loan and bridge destination callbacks included. Checksummed, sorted, each once; empty when none. ' +
    'Such a plan is still served: our contracts carry the safety (a contract that gets control cannot run a plan, re-enter one, or move the ' +
    'executing contract\'s tokens); this list says whom the plan lets run, so the caller can check them.',
} as const

/** A step's `args`, as the OpenAPI's `Hop.args`: numbers (`fee`, `feeBps`, `tickSpacing`) and booleans (`zeroForOne`) as their text. */
export const hopArgsSchema = {
  type: 'object',
  additionalProperties: { anyOf: [{ type: 'string' }, strings] },
  description: 'The step\'s arguments: amounts, and the protocol\'s own (a V3 or V4 `fee`, V4 `tickSpacing` and `zeroForOne`, a V2 `feeBps`, a Balancer `poolId`, …), every value a string or a list of strings.',
} as const

/** One step of a route (the OpenAPI's `Hop`, without `sources`, `poolAddresses`, `positionOut`, `via`). */
export const routeStepSchema = {
  type: 'object',
  required: ['tokenIn', 'tokenOut', 'protocol', 'action', 'primary', 'internalRoutes', 'args', 'chainId'],
  additionalProperties: false,
  properties: {
    tokenIn: strings,
    tokenOut: strings,
    protocol: { type: 'string' },
    action: { type: 'string' },
    primary: { type: 'string' },
    internalRoutes: strings,
    args: hopArgsSchema,
    chainId: { type: 'integer' },
    sourceChainId: { type: 'integer' },
    destinationChainId: { type: 'integer' },
  },
} as const

/** Cross-chain answers' `bridgingEstimates` (the OpenAPI's `BridgeLatencyEstimate`, as we fill it). */
export const bridgingEstimatesSchema = {
  type: 'array',
  description: 'Cross-chain answers only: how long each bridge of the plan takes to deliver, one entry per bridge.',
  items: {
    type: 'object',
    required: ['fromChainId', 'toChainId', 'token', 'estimatedSeconds'],
    additionalProperties: false,
    properties: {
      fromChainId: { type: 'integer', description: 'Chain the bridge leaves from' },
      toChainId: { type: 'integer', description: 'Chain the bridge delivers on' },
      token: { type: 'string', description: 'Token bridged to the destination chain' },
      estimatedSeconds: { type: 'number', description: 'Expected seconds from the source transaction to the destination delivery' },
      bridge: { type: 'string', description: 'The bridge: stargate, layerzero or across' },
      source: { type: 'string', description: 'Where the estimate comes from (on the devnet: switchyard\'s own relayer, which delivers within one poll of each chain)' },
    },
  },
} as const

/** Response JSON schema of {@link RestRouteResponse}. */
export const routeResponseSchema = {
  type: 'object',
  required: ['gas', 'amountOut', 'minAmountOut', 'feeAmount', 'ensoFeeAmount', 'priceImpact', 'createdAt', 'blockNumber', 'tx', 'route', 'externalContracts'],
  additionalProperties: false,
  properties: {
    gas: { type: 'string' },
    amountOut: { anyOf: [{ type: 'string' }, strings] },
    minAmountOut: { anyOf: [{ type: 'string' }, strings] },
    blockNumber: { type: 'integer' },
    validUntil: { type: 'integer' },
    feeAmount: strings,
    ensoFeeAmount: strings,
    priceImpact: { type: ['number', 'null'] },
    createdAt: { type: 'integer' },
    tx: transactionSchema,
    route: { type: 'array', items: routeStepSchema },
    externalContracts: externalContractsSchema,
    bridgingEstimates: bridgingEstimatesSchema,
    explanation: explanationSchema,
  },
} as const
