import type { Hex } from 'viem'
import type { Explanation } from './explain/explanation.js'

/**
 * The answers and options the use cases share (a leaf: imports nothing of the service). The gRPC
 * handlers receive an implementation of `SwitchyardServices` (switchyardServices.ts, injected), so
 * transports never reach into the engine or the chain.
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
  /**
   * The in-flight bound was reached when the call arrived: it holds no slot, so it may only join a
   * computation already running or cached for its block (an identical request's); where it would have
   * to compute, it is refused 503 OVERLOADED instead (see `createSingleFlight`).
   */
  joinOnly?: boolean | undefined
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
  /** A gas limit the transaction is proven (by simulation) to succeed with. */
  gas: string
  /** The first tokenOut's amount (the only one, for a single-output route). */
  amountOut: string
  /** As `amountOut`, less slippage. */
  minAmountOut: string
  /** One amount per tokenOut, in order (REST answers an array when there are several). */
  amountsOut: string[]
  /** One minimum per tokenOut, in order. */
  minAmountsOut: string[]
  feeAmount: string[]
  ensoFeeAmount: string[]
  priceImpact: number | null
  /** Block number simulated on. */
  createdAt: number
  /** The same block number (the OpenAPI's name). Unset on answers that predate it. */
  blockNumber?: number | undefined
  /** Unix seconds after which the answer should be fetched again. */
  validUntil?: number | undefined
  tx: TxAnswer
  route: RouteStepAnswer[]
  /** Cross-chain routes: how long each bridge takes. */
  bridgingEstimates?: BridgingEstimateAnswer[] | undefined
  /** `field=value` for ignore entries we do not know: ignored, reported to the caller. */
  unknownFilters?: string[] | undefined
  /**
   * Contracts outside the chain's address book that the plan hands control to (command targets, and
   * payees of native coin or safe transfers that hold code; bridge and flash-loan callbacks included),
   * checksummed and sorted. Informational: such plans are served, the contracts carry the safety.
   */
  externalContracts: string[]
  /** Only when asked with `explain`: see {@link Explanation}. */
  explanation?: Explanation | undefined
}

/** How long a bridge takes (the SDK's BridgeLatencyEstimate). */
export type BridgingEstimateAnswer = { fromChainId: number; toChainId: number; token: string; estimatedSeconds: number; bridge: string; source: string }

/** A transaction the sender must send before a bundle (an approval of the router). */
export type ApprovalAnswer = TxAnswer & { token: string; amount: string; spender: string }

/** The bundle answer, REST shape (`BundleData` of the SDK). */
export type BundleAnswer = {
  /** The actions as sent. */
  bundle: unknown[]
  /** A gas limit the transaction is proven (by simulation) to succeed with. */
  gas: string
  createdAt: number
  tx: TxAnswer
  /** Receivers' simulated balance changes, by token. */
  amountsOut: Record<string, string>
  /** amountsOut less the bundle's slippage (what the router checks on the receiver). */
  minAmountsOut: Record<string, string>
  route: (RouteStepAnswer & { amountIn?: string | undefined; amountOut?: string | undefined })[]
  priceImpact: number | null
  feeAmount: Record<string, string>
  /** Approvals the sender must send first (router strategy). */
  approvals: ApprovalAnswer[]
  /** Unix seconds after which the answer should be refreshed. */
  validUntil: number
  /** Each action's outputs as simulated (decimal strings, in action order), when the state was readable. */
  actionOutputs?: string[][] | undefined
  /** Bundles with bridges: how long each bridge takes. */
  bridgingEstimates?: BridgingEstimateAnswer[] | undefined
  /**
   * Contracts outside the chain's address book that the plan hands control to (command targets, and
   * payees of native coin or safe transfers that hold code; bridge and flash-loan callbacks included),
   * checksummed and sorted. Informational: such plans are served, the contracts carry the safety.
   */
  externalContracts: string[]
  /** Only when asked with `explain`: see {@link Explanation} (source chain first, then each bridge's destination in `legs`). */
  explanation?: Explanation | undefined
  /**
   * Service-side only (not on the wire): the part of `amountsOut` that bridges deliver to the
   * receivers on their destination chains, by chain id then token. `amountsOut` adds the source
   * chain's deliveries under the same token address (the native placeholder is one address on every
   * chain), so a cross-chain route reads its tokenOut here.
   */
  destinationAmountsOut?: Record<number, Record<string, string>> | undefined
}

/** The non-tokenized route answer (OpenAPI `NontokenizedRouteShortcutTransaction`). */
export type NontokenizedRouteAnswer = {
  createdAt: number
  gas: string
  /** What went into the position, as simulated. */
  amountDeposited: string
  priceImpact: number | null
  tx: TxAnswer
  route: (RouteStepAnswer | BundleAnswer['route'][number])[]
  feeAmount: string[]
  ensoFeeAmount: string[]
  /** As the bundle's `externalContracts`. */
  externalContracts: string[]
}

/** One non-tokenized position (OpenAPI `NonTokenizedModel`). */
export type NontokenizedPositionAnswer = {
  chainId: number
  project: string
  protocol: string
  address: string
  positionId: string
  primaryAddress: string
  name: string
  logosUri: string
  underlyingTokens: UnderlyingTokenAnswer[]
}

/** A page of non-tokenized positions with the OpenAPI's pagination meta. */
export type NontokenizedAnswer = {
  data: NontokenizedPositionAnswer[]
  meta: { total: number; lastPage: number; currentPage: number; perPage: number; prev: number | null; next: number | null; cursor: number | null }
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

export type NetworkAnswer = {
  id: number
  name: string
  isConnected: boolean
  /** Chains on an external node: the pool index discovery keeps (absent on the embedded devnet). */
  index?: NetworkIndexAnswer | undefined
}

/** The pools discovered from an external node's logs: how far, the liquidity floor and the counts. */
export type NetworkIndexAnswer = {
  /** The last block whose creation logs are indexed. */
  indexedBlock: number
  /** Least USD TVL of a pool in the search graph. */
  minPoolTvlUsd: number
  /** Pools, markets and vaults in the index. */
  poolsIndexed: number
  /** Of those, the ones in the search graph (Morpho Blue markets: those whose tokens are usable). */
  poolsAboveFloor: number
  /** The same counts per protocol. */
  protocols: { protocol: string; indexed: number; aboveFloor: number }[]
}

/** A protocol we serve. */
export type ProtocolAnswer = {
  project: string
  slug: string
  name: string
  description: string
  url: string
  logosUri: string[]
  chains: { id: number; name: string }[]
}

/** A protocol and the actions it supports. */
export type StandardAnswer = {
  /** `url`: the protocol's website, empty when unknown. */
  protocol: { slug: string; name: string; url: string }
  forks: { slug: string; name: string; url: string }[]
  /** `inputs`: the names of the action's bundle arguments, in declaration order. */
  actions: { action: string; name: string; functionNames: string[]; supportedChains: { id: number; name: string }[]; inputs: string[] }[]
  /** The protocol as the OpenAPI's `ProtocolModel` (`GET /standards/{slug}`): its chains are those its actions are served on. */
  details: ProtocolAnswer
}

export type ProjectAnswer = { id: string; chains: number[]; protocols: string[] }

export type UnderlyingTokenAnswer = { address: string; chainId: number; type: string; decimals: number; symbol: string; name: string }

/** A token: a base token or a DeFi position token (pool share). */
export type TokenAnswer = UnderlyingTokenAnswer & {
  logosUri: string[]
  underlyingTokens: UnderlyingTokenAnswer[]
  project?: string | undefined
  protocol?: string | undefined
  /** Percent; undefined when unknown. */
  apy?: number | undefined
  /** How `apy` was measured (`src/data/readTokenApys.ts`); undefined with it. */
  apyWindow?: { method: string; fromBlock: bigint; toBlock: bigint; seconds: number } | undefined
  /** USD; undefined when unknown. */
  tvl?: number | undefined
  primaryAddress?: string | undefined
}

export type TokensAnswer = {
  data: TokenAnswer[]
  /** `total` counts matching tokens; the OpenAPI's PaginationMeta fields are set by `listTokens`. */
  meta: {
    total: number; nextCursor?: string | undefined; pageSize: number
    lastPage?: number; currentPage?: number; perPage?: number; prev?: number | null; next?: number | null; cursor?: number | null
  }
  /** Whether the caller asked for metadata: transports show `symbol`, `name` and `logosUri` only then. */
  includeMetadata?: boolean
}

/** A USD price read from the chain's pools, with how much to trust it. */
export type PriceAnswer = {
  chainId: number
  address: string
  decimals: number
  symbol: string
  name: string
  price: number
  timestamp: number
  /** 0..1: agreement between pools times their depth. */
  confidence: number
  blockNumber: number
}

/** Filters of the tokens query (REST names). */
export type TokensFilter = {
  chainId?: number | undefined
  protocolSlug?: string | undefined
  project?: string | undefined
  type?: string | undefined
  underlyingTokens?: string[] | undefined
  address?: string[] | undefined
  symbol?: string | undefined
  name?: string | undefined
  apyFrom?: number | undefined
  tvlFrom?: number | undefined
  includeMetadata?: boolean | undefined
  cursor?: string | undefined
  pageSize?: number | undefined
}

/** Swap volume over a block window. */
export type VolumeAnswer = {
  chainId: number
  fromBlock: number
  toBlock: number
  volumeUsd: number
  swaps: number
  routes: number
  byProtocol: { protocol: string; volumeUsd: number; swaps: number }[]
}

/** One Stargate pool of a token and its counterpart on another chain (the SDK's `LayerZeroPoolData` entry). */
export type BridgePoolAnswer = {
  /** The source chain's pool of the token. */
  pool: string
  chainId: number
  destinationChainId: number
  /** The source token (`0xEeee…EEeE` for the native pool). */
  token: string
  /** The source token's decimals. */
  decimals: number
  /** The pool of the same Stargate asset on the destination chain. */
  destinationData: { pool: string; token: string; decimals: number }
}

/** Where a bridge transaction stands (OpenAPI `BridgeTransactionResponse`). */
export type BridgeStatus = 'pending' | 'inflight' | 'delivered' | 'failed' | 'unknown'

/** The status of one bridge transaction, read from both chains' records (the SDK's `BridgeStatusData`). */
export type BridgeStatusAnswer = {
  sourceChainId: number
  sourceTxHash: string
  destinationChainId?: number | undefined
  /** The last destination step found: the compose or fill transaction, else the packet delivery. */
  destinationTxHash?: string | undefined
  status: BridgeStatus
  /** Why the status is `failed` or `unknown`. */
  error?: string | undefined
  /** Our source-side events (ShortcutExecuted, BridgeSent) as plain JSON (amounts as strings). */
  ensoSourceEvent?: Record<string, unknown> | undefined
  /** Our destination receiver's CallbackExecuted or CallbackRefunded as plain JSON. */
  ensoDestinationEvent?: Record<string, unknown> | undefined
}
