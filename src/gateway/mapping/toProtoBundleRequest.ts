import type { BundleRequest } from '../../grpc/generated/switchyard/routing/v1/BundleRequest.js'

/**
 * Converts a validated REST bundle request (query parameters, camelCase, and the JSON body) to the
 * proto request, keeping the caller's original strings; the actions travel as JSON.
 * Call it only after `parseBundleRequest` accepted both.
 * @param params - the normalised query
 * @param actions - the JSON body
 * @returns the gRPC request
 */
export function toProtoBundleRequest(params: Record<string, unknown>, actions: unknown): BundleRequest {
  const request: BundleRequest = { from_address: params.fromAddress as string, actions_json: JSON.stringify(actions) }
  const str = (v: unknown) => (v === undefined || v === null ? undefined : String(v))
  const set = <K extends keyof BundleRequest>(key: K, value: BundleRequest[K] | undefined) => {
    if (value !== undefined) request[key] = value
  }
  set('chain_id', params.chainId as number | undefined)
  set('routing_strategy', str(params.routingStrategy))
  set('receiver', str(params.receiver))
  set('spender', str(params.spender))
  set('refund_receiver', str(params.refundReceiver))
  set('referral_code', str(params.referralCode))
  set('skip_quote', params.skipQuote as boolean | undefined)
  set('slippage', str(params.slippage))
  set('callback_gas_limit', str(params.callbackGasLimit))
  set('execution_mode', str(params.executionMode))
  set('explain', params.explain as boolean | undefined)
  if (Array.isArray(params.ignoreAggregators)) request.ignore_aggregators = params.ignoreAggregators as string[]
  if (Array.isArray(params.ignoreStandards)) request.ignore_standards = params.ignoreStandards as string[]
  return request
}
