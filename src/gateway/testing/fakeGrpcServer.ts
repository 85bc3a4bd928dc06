import type { DataServiceHandlers } from '../../grpc/generated/switchyard/data/v1/DataService.js'
import type { RoutingServiceHandlers } from '../../grpc/generated/switchyard/routing/v1/RoutingService.js'

/** One received call, for assertions. */
export type RecordedCall = {
  method: 'Route' | 'Quote' | 'Replay' | 'Approve' | 'Bundle' | 'RouteNontokenized' | 'Nontokenized' | 'Networks' | 'Account' | 'Protocols' | 'Standards' | 'Projects' | 'Tokens' | 'Prices' | 'Volume' | 'BridgePools' | 'BridgeStatus' | 'WalletBalances' | 'Actions' | 'Aggregators' | 'ProjectProtocols'
  request: unknown
  metadata: Record<string, string>
}

/** Handlers a test can swap; unset ones answer with the canned fixtures. */
export type FakeHandlers = Partial<RoutingServiceHandlers & DataServiceHandlers>

/** A running fake server. */
export type FakeGrpcServer = {
  address: string
  calls: RecordedCall[]
  /** Replace handlers (reset with `{}`). */
  handlers: FakeHandlers
  stop(): Promise<void>
}
