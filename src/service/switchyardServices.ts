import type { QuoteAnswer } from './getQuote.js'
import type { ReadPathServices } from './readPathServices.js'
import type { ReplayAnswer } from './replayQuote.js'
import type {
  ApproveAnswer,
  BridgePoolAnswer,
  BridgeStatusAnswer,
  BundleAnswer,
  CallOptions,
  NetworkAnswer,
  NontokenizedAnswer,
  NontokenizedRouteAnswer,
  PriceAnswer,
  ProjectAnswer,
  ProtocolAnswer,
  RouteAnswer,
  StandardAnswer,
  TokensAnswer,
  VolumeAnswer,
} from './types.js'

/**
 * Everything the transports can ask for. Implementations throw BaseError subclasses with stable codes.
 * Kept apart from types.ts because it names answers the use cases define (QuoteAnswer, the read
 * paths'): types.ts stays a leaf that use cases and their steps import, and this port sits above them.
 */
export type SwitchyardServices = ReadPathServices & {
  /** `request` is REST-shaped (camelCase); validated inside with the shared validator. */
  route(request: unknown, options: CallOptions & { requireVariableEstimates: boolean }): Promise<RouteAnswer>
  /** REST-shaped query of GET /shortcuts/quote (fromAddress optional); validated inside. */
  quote(request: unknown, options: CallOptions): Promise<QuoteAnswer>
  approve(request: unknown, options: CallOptions): Promise<ApproveAnswer>
  /** REST body of POST /shortcuts/replay (a quoteId or the answer in full); validated inside. */
  replay(request: unknown, options: CallOptions): Promise<ReplayAnswer>
  /** `request.params` are the query parameters (REST names), `request.actions` the JSON array; validated inside. */
  bundle(request: { params: unknown; actions: unknown }, options: CallOptions): Promise<BundleAnswer>
  /** REST-shaped query of GET /shortcuts/route/nontokenized; validated inside. */
  nontokenizedRoute(request: unknown, options: CallOptions): Promise<NontokenizedRouteAnswer>
  /** Filters of GET /nontokenized; validated inside. */
  nontokenized(filter: unknown, options: CallOptions): Promise<NontokenizedAnswer>
  networks(filter: { name?: string | undefined; chainId?: number | undefined }, options: CallOptions): Promise<NetworkAnswer[]>
  protocols(filter: { chainId?: number | undefined; slug?: string | undefined }, options: CallOptions): Promise<ProtocolAnswer[]>
  /** With `slug`: that protocol's standard only (NOT_FOUND when unknown). */
  standards(filter: { slug?: string | undefined }, options: CallOptions): Promise<StandardAnswer[]>
  projects(options: CallOptions): Promise<ProjectAnswer[]>
  /** Filters are validated inside (bad values → InvalidRequestError). */
  tokens(filter: unknown, options: CallOptions): Promise<TokensAnswer>
  /** One entry per address, in order; `null` when the token has no price. */
  prices(request: { chainId: number; addresses: string[] }, options: CallOptions): Promise<(PriceAnswer | null)[]>
  /** `request` = `{ chainId, blocks? }`, validated inside. */
  volume(request: unknown, options: CallOptions): Promise<VolumeAnswer>
  /** `request` = `{ chainId, token, destinationChainId?, destinationToken? }`, validated inside. */
  bridgePools(request: unknown, options: CallOptions): Promise<BridgePoolAnswer[]>
  /** `request` = `{ bridgeProtocol, chainId, txHash }`, validated inside. */
  bridgeStatus(request: unknown, options: CallOptions): Promise<BridgeStatusAnswer>
}
