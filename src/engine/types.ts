import type { Address } from 'viem'
import type { PoolSnapshotBase, ProtocolAction, StepData, TokenId } from '../protocols/types.js'

/**
 * Everything the engine searches over, for one chain at one block. Plain data: it is structured-cloned
 * into each worker once per `version`.
 */
export type EngineSnapshot = {
  /** Changes whenever any pool state changes, e.g. `"1:19000000"`. Workers cache graphs by it. */
  version: string
  chainId: number
  blockNumber: bigint
  /** Unix seconds of that block, when known (read endpoints date their prices with it). */
  timestamp?: bigint | undefined
  /** Snapshots of every pool, any family; `protocol` selects the adapter. */
  pools: readonly PoolSnapshotBase[]
}

/** One input of a route: a token and the exact amount to spend. */
export type RouteInput = { token: TokenId; amount: bigint }

/** One output of a route and its share of every input's value (relative weight, default 1). */
export type RouteOutput = { token: TokenId; share?: number | undefined }

/** Parameters of a route search (the `findRoute` task). */
export type FindRouteParameters = {
  /** Tokens to spend; each amount is split across `tokensOut` by share. */
  tokensIn: readonly RouteInput[]
  /** Tokens to receive. */
  tokensOut: readonly RouteOutput[]
  /** Longest path, in hops (1-6). Default 4. */
  maxHops?: number | undefined
  /** Most paths one input→output leg may be split across; 1 = single path. Default 4. */
  maxSplits?: number | undefined
  /** Protocol slugs or standards to leave out. */
  ignoreStandards?: readonly string[] | undefined
  /** Only these pools (lowercase addresses) may be used; every pool when omitted. */
  onlyPools?: readonly string[] | undefined
  /** Leave out adapters flagged `isAggregator`. */
  ignoreAggregators?: boolean | undefined
  /**
   * Gas-aware comparison: per output token, the value of one gas unit in that token's smallest unit,
   * scaled by 1e18 (wad). Outputs without an entry are compared gross (gas off).
   */
  gasPriceInTokenOutWad?: Readonly<Record<TokenId, bigint>> | undefined
  /** Chunks the split search allocates; more is slower and finer. Default 20. */
  splitChunks?: number | undefined
  /** Also return the best few candidates of each leg ({@link FindRouteReturnType.candidates}); costs a few extra path searches. */
  explain?: boolean | undefined
}

/** One executed hop. Plain data the encoder consumes. */
export type RouteStep = {
  /** Adapter slug. */
  protocol: string
  action: ProtocolAction
  /** Pool / vault / market address the encoder calls. */
  primary: Address
  tokenIn: TokenId
  tokenOut: TokenId
  amountIn: bigint
  amountOut: bigint
  /** Family-specific encoder data (v3 `fee`, Balancer `poolId`, ...). */
  data: StepData
}

/** One path of a route: consecutive steps from an input token to an output token. */
export type RoutePath = {
  tokenIn: TokenId
  tokenOut: TokenId
  amountIn: bigint
  amountOut: bigint
  steps: readonly RouteStep[]
}

/** Result of the `findRoute` task. */
export type FindRouteReturnType = {
  /** Snapshot version the route was computed on. */
  version: string
  blockNumber: bigint
  /** Paths in execution order; paths sharing a pool were quoted against the state the earlier ones left. */
  paths: readonly RoutePath[]
  /** Total spent per input token (equals the requested amounts). */
  amountsIn: readonly RouteInput[]
  /** Total received per output token. */
  amountsOut: readonly { token: TokenId; amount: bigint }[]
  /** Sum of the adapters' per-hop gas estimates. */
  gasEstimate: bigint
  /** True when every single-path choice carries an optimality certificate (see findBestPath). */
  certified: boolean
  /** With `explain`: per leg, the best few routes weighed (at most 5), best first, the chosen one flagged. */
  candidates?: RouteCandidate[] | undefined
}

/** One path of a {@link RouteCandidate}. */
export type RouteCandidatePath = {
  /** Tokens from input to output (lowercase). */
  tokens: TokenId[]
  /** Pool addresses in hop order. */
  pools: Address[]
  /** Adapter slug of each hop. */
  protocols: string[]
  amountIn: bigint
  amountOut: bigint
}

/** A route the engine weighed for one input→output leg. */
export type RouteCandidate = {
  /** Leg index: inputs in order, then outputs (legs of zero amount or an input equal to its output have no candidates). */
  leg: number
  /** `single`: the best single path; `greedy`/`waterFill`: split allocations; `alternative`: the best single path avoiding one pool of the best one. */
  kind: 'single' | 'greedy' | 'waterFill' | 'alternative'
  paths: RouteCandidatePath[]
  amountOut: bigint
  /** Adapters' gas estimate. */
  gas: bigint
  /** `amountOut` less the gas cost in output units: what the engine compares. */
  score: bigint
  chosen: boolean
}
