import type { BundleResponse__Output } from '../../grpc/generated/switchyard/routing/v1/BundleResponse.js'
import { InternalError } from '../../errors/request.js'
import type { RestBridgingEstimate } from '../schemas/routeResponse.js'
import { toRestStep } from './toRestRouteResponse.js'
import { toRestTransaction } from './toRestTransaction.js'
import { toRestExplanation } from './toRestExplanation.js'
import type { Explanation } from '../../service/explain/explanation.js'

/** The REST bundle answer: the SDK's `BundleData`. */
export type RestBundleResponse = {
  bundle: unknown[]
  gas: string
  createdAt: number
  tx: ReturnType<typeof toRestTransaction>
  amountsOut: Record<string, string>
  minAmountsOut: Record<string, string>
  route: (ReturnType<typeof toRestStep> & { amountIn?: string; amountOut?: string })[]
  priceImpact: number | null
  feeAmount: Record<string, string>
  /** The SDK's `WalletTransaction`s, with the token, amount and spender they approve. */
  approvals: (ReturnType<typeof toRestTransaction> & { token: string; amount: string; spender: string })[]
  validUntil: number
  /** Bundles with bridges: how long each bridge takes (the SDK's BridgeLatencyEstimate). */
  bridgingEstimates?: RestBridgingEstimate[]
  /** Contracts outside the chain's address book that the plan hands control to (see the route's). */
  externalContracts: string[]
  /** Only when asked with `explain=true`. */
  explanation?: Explanation
}

/**
 * Converts the proto bundle response to the REST body (camelCase; the actions parsed back from JSON;
 * each step's amounts lifted out of its args).
 * @param response - the gRPC response
 * @returns the REST response
 * @throws InternalError when the backend answer is malformed
 */
export function toRestBundleResponse(response: BundleResponse__Output): RestBundleResponse {
  if (!response.tx) throw new InternalError()
  try {
    const bundle = JSON.parse(response.bundle_json) as unknown
    if (!Array.isArray(bundle)) throw new InternalError()
    return {
      bundle,
      gas: response.gas,
      createdAt: Number(response.created_at),
      tx: toRestTransaction(response.tx),
      amountsOut: response.amounts_out,
      minAmountsOut: response.min_amounts_out,
      route: response.route.map((s) => {
        const step = toRestStep(s)
        const { amountIn, amountOut, ...args } = step.args as { amountIn?: string; amountOut?: string }
        return { ...step, args, ...(amountIn === undefined ? {} : { amountIn }), ...(amountOut === undefined ? {} : { amountOut }) }
      }),
      priceImpact: response.price_impact ?? null,
      feeAmount: response.fee_amount,
      approvals: response.approvals.map((a) => {
        if (!a.tx) throw new InternalError()
        return { ...toRestTransaction(a.tx), token: a.token, amount: a.amount, spender: a.spender }
      }),
      validUntil: Number(response.valid_until),
      ...(response.bridging_estimates.length > 0
        ? { bridgingEstimates: response.bridging_estimates.map((e) => ({ fromChainId: Number(e.from_chain_id), toChainId: Number(e.to_chain_id), token: e.token, estimatedSeconds: e.estimated_seconds, bridge: e.bridge, source: e.source })) }
        : {}),
      externalContracts: response.external_contracts,
      ...(response.explanation ? { explanation: toRestExplanation(response.explanation) } : {}),
    }
  } catch (error) {
    if (error instanceof InternalError) throw error
    throw new InternalError()
  }
}
