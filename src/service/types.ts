import type { Hex } from 'viem'

/**
 * The use cases the transports call. The gRPC handlers receive an implementation of
 * {@link SwitchyardServices} (injected), so transports never reach into the engine or the chain.
 */

/** Who is calling, resolved from the API key by the auth layer. */
export type Caller = {
  /** bytes32 written as accountId into ShortcutExecuted events. */
  accountId: Hex
  /** Short hash prefix of the key, safe for logs. */
  keyId: string
}

/** Per-call options every use case accepts. */
export type CallOptions = {
  caller: Caller
  /** Fires when the client cancels or the deadline passes. */
  signal?: AbortSignal | undefined
  /** Absolute deadline (ms since epoch), if any. */
  deadline?: number | undefined
  /** Correlation id for logs. */
  requestId?: string | undefined
}

/** Transaction fields, strings on the wire. */
export type TxAnswer = { data: Hex; to: string; from: string; value: string }

/** One route step, REST shape. */
export type RouteStepAnswer = {
  tokenIn: string[]
  tokenOut: string[]
  protocol: string
  action: string
  primary: string
  internalRoutes: string[]
  args: Record<string, unknown>
  chainId: number
  sourceChainId?: number | undefined
  destinationChainId?: number | undefined
}

/** The route answer, REST shape (the gRPC layer maps it to the proto). */
export type RouteAnswer = {
  gas: string
  amountOut: string
  minAmountOut: string
  feeAmount: string[]
  ensoFeeAmount: string[]
  priceImpact: number | null
  createdAt: number
  tx: TxAnswer
  route: RouteStepAnswer[]
}

export type ApproveAnswer = {
  tx: TxAnswer
  gas: string
  token: string
  amount: string
  spender: string
  prerequisites: TxAnswer[]
  requiresZeroAllowanceFirst: boolean
}

export type NetworkAnswer = { id: number; name: string; isConnected: boolean }

/** Everything the transports can ask for. Implementations throw BaseError subclasses with stable codes. */
export type SwitchyardServices = {
  /** `request` is REST-shaped (camelCase); validated inside with the shared validator. */
  route(request: unknown, options: CallOptions & { requireVariableEstimates: boolean }): Promise<RouteAnswer>
  approve(request: unknown, options: CallOptions): Promise<ApproveAnswer>
  networks(filter: { name?: string | undefined; chainId?: number | undefined }, options: CallOptions): Promise<NetworkAnswer[]>
}
