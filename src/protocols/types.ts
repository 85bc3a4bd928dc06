import type { Address } from 'viem'
import type { Planner } from '../encoding/planner.js'
import type { ReturnValue } from '../encoding/value.js'
import type { SwitchyardHelperAddresses } from '../encoding/planActions.js'

/**
 * What an edge of the liquidity graph does. A swap is only one kind of edge: vault deposits, lending
 * supplies, staking, wrapping and bridging are edges too, so new families plug in without engine changes.
 */
export type ProtocolAction =
  | 'swap'
  | 'deposit'
  | 'redeem'
  | 'supply'
  | 'withdraw'
  | 'stake'
  | 'unstake'
  | 'wrap'
  | 'unwrap'
  | 'bridge'

/**
 * A token as the graph knows it: a lowercase address on the snapshot's chain. Bridge adapters, whose
 * edges leave the chain, use `"<chainId>:<address>"` for the remote side.
 */
export type TokenId = string

/**
 * Fields every pool/market/vault snapshot carries. Snapshots are plain, structured-clone friendly data
 * (bigint, arrays, plain objects; no classes, no functions) because they are sent to worker threads.
 */
export type PoolSnapshotBase = {
  /** Slug of the adapter that produced the snapshot and can quote it, e.g. `uniswap-v2`. */
  protocol: string
  /** Address the encoder calls or references for this pool (the step's `primary`), lowercase. */
  address: Address
  /** Block the state was read at; snapshots of one engine snapshot share it. */
  blockNumber: bigint
  /** Every token the pool touches, lowercase. Edges reference tokens by index into this array. */
  tokens: readonly TokenId[]
}

/** One directed edge a pool offers: `tokens[tokenInIndex] → tokens[tokenOutIndex]` via `action`. */
export type PoolEdge = {
  /** Index into the snapshot's `tokens` of the token spent. */
  tokenInIndex: number
  /** Index into the snapshot's `tokens` of the token received. */
  tokenOutIndex: number
  /** What the edge does; the encoder picks the call from it. */
  action: ProtocolAction
}

/** Parameters of {@link ProtocolAdapter.quote} and {@link ProtocolAdapter.swap}. */
export type QuoteParameters = {
  /** The edge to quote; one returned by `getEdges` for the same snapshot. */
  edge: PoolEdge
  /** Exact input amount in the smallest unit of the input token. */
  amountIn: bigint
}

/** Result of {@link ProtocolAdapter.swap}: the output and the pool's state after the swap. */
export type SwapReturnType<TSnapshot> = {
  /** Exact output (0n when the edge cannot take `amountIn`). */
  amountOut: bigint
  /** New snapshot after executing the swap; the input snapshot is not mutated. */
  snapshot: TSnapshot
}

/**
 * Float64 model of one edge used by the engine's fast search. Two requirements make the search exact:
 * - upper estimate: for every amount, `exact(a) <= float(a) * (1 + 1e-9)`;
 * - monotone: non-decreasing in the amount, also past limits where the exact quote becomes 0n (cap the
 *   amount at the limit instead of returning 0).
 * Closeness only matters for speed: the looser the model, the more candidates are quoted in bigint.
 */
export type FloatModel =
  | {
      /** `out = reserveOut * gamma * a / (reserveIn + gamma * a)` (constant product with an input fee). */
      kind: 'constantProduct'
      reserveIn: number
      reserveOut: number
      /** 1 - fee, e.g. 0.997. */
      gamma: number
    }
  | {
      /** Any other curve, evaluated through `quote`. */
      kind: 'custom'
      quote: (amountIn: number) => number
    }

/** Plain data the encoder needs for a step besides tokens and amounts (v3 fee, Balancer poolId, ...). */
export type StepData = Record<string, string | number | boolean>

/** Where an encoded step runs and which shared contracts it may call. Plain data. */
export type EncodeStepContext = {
  /** The contract executing the plan: our executor (router strategy) or the user's wallet (delegate). */
  self: Address
  /** Our stateless helper contracts. */
  helpers: SwitchyardHelperAddresses
  /** Periphery contracts the encoders call, from the chain's address book. */
  contracts: { uniswapV2Router02: Address; uniswapV3SwapRouter02: Address; balancerVault: Address }
  /** Unix deadline passed to periphery calls that take one. */
  deadline: bigint
}

/** One step to encode: what the engine chose, plus the amount handle (a constant or an earlier output). */
export type EncodeStepParameters = {
  /** Pool/vault address. */
  primary: Address
  tokenIn: Address
  tokenOut: Address
  /** The adapter's `getStepData` output for this step. */
  data: StepData
  /** Amount of `tokenIn` to spend: a constant or the handle of an earlier command's output. */
  amountIn: bigint | ReturnValue
  /**
   * The step's quoted output, for calls that name their output rather than their input (Pendle's
   * `swapSyForExactPt`); most encoders ignore it.
   */
  amountOut?: bigint | undefined
}

/** Parameters of a {@link LoadSnapshots} hook. */
export type LoadSnapshotsParameters<TSnapshot> = {
  /** Block to pin every read to. */
  blockNumber: bigint
  /** Pools to read; the adapter's configured instances when omitted. */
  pools?: readonly Address[] | undefined
  /** Snapshots of an earlier block, so the loader re-reads only what changed. */
  previous?: readonly TSnapshot[] | undefined
}

/**
 * Main-thread loader: reads on-chain state (batched, e.g. Multicall3) pinned to one block into plain
 * snapshots. Implemented per family in `load.ts` by the chain layer; never called inside workers.
 * `TContext` carries the injected clients (chain client, logger, metrics).
 */
export type LoadSnapshots<TContext, TSnapshot extends PoolSnapshotBase> = (
  context: TContext,
  parameters: LoadSnapshotsParameters<TSnapshot>,
) => Promise<readonly TSnapshot[]>

/**
 * A protocol family. One adapter serves every instance (pool, vault, market) of the family; instances
 * are described by snapshots. All methods except `load` are pure and synchronous, run inside engine
 * workers, and must not perform I/O, read globals, start timers or mutate their arguments.
 */
export interface ProtocolAdapter<TSnapshot extends PoolSnapshotBase = PoolSnapshotBase, TLoadContext = unknown> {
  /** API slug, kebab-case, equal to the folder name and to `snapshot.protocol`. */
  readonly slug: string
  /** Standard this family implements (e.g. `uniswap-v2`, `erc4626`); `ignoreStandards` filters on it and on `slug`. */
  readonly standard: string
  /** Every action this family's edges may carry; read by `/standards` and `/integration/{slug}`. */
  readonly actions: readonly ProtocolAction[]
  /** True for adapters that route through another aggregator; `ignoreAggregators` excludes them. */
  readonly isAggregator: boolean
  /** Estimated gas of one hop through this family, used by gas-aware comparison. */
  readonly gasPerHop: bigint

  /**
   * Lists the directed edges the pool offers in its current state.
   * Called once per snapshot version when the engine builds its graph.
   * May assume the snapshot came from this adapter's loader (or a test fixture of the same shape).
   * Must not drop edges because of amounts: an edge that is temporarily empty may still be listed;
   * `quote` then returns 0n.
   */
  getEdges(snapshot: TSnapshot): readonly PoolEdge[]

  /**
   * Exact output, to the wei, of the on-chain contract for an exact-input trade along `edge`.
   * Called many times per search, in bigint. Returns 0n when the trade is impossible (empty pool, limit
   * exceeded, loaded state insufficient); it must not throw for any non-negative `amountIn`.
   */
  quote(snapshot: TSnapshot, parameters: QuoteParameters): bigint

  /**
   * Like `quote`, and also returns the snapshot after the trade, so that routes whose paths share a
   * pool are re-quoted sequentially against the updated state. Returns the input snapshot unchanged
   * (and 0n) when the trade is impossible. Must not mutate `snapshot`.
   */
  swap(snapshot: TSnapshot, parameters: QuoteParameters): SwapReturnType<TSnapshot>

  /**
   * Float64 model of one edge for the fast search (see {@link FloatModel} for the accuracy contract).
   * Called when the graph is built and again when a route overrides the pool's state.
   */
  getFloatModel(snapshot: TSnapshot, edge: PoolEdge): FloatModel

  /**
   * A key of everything this adapter's float models read from a state, for families whose models cost
   * much to build (exact quotes on a grid): two states of one pool with equal keys have the same model on
   * every edge, so a new snapshot version keeps the model built for the previous one (`buildGraph`'s
   * `previous`) instead of building it again each block. Undefined for a state whose model must be built.
   */
  floatModelKey?: ((snapshot: TSnapshot) => string | undefined) | undefined

  /**
   * An upper bound, exact in bigint, on `quote(snapshot, { edge, amountIn: x })` for every `x <= amountIn`,
   * or undefined where the adapter knows none. The search bounds a walk's output by it when the walk's
   * exact input is only known to be at most `amountIn`. Constant-product edges need no hook: their quote
   * is monotone, so `quote(amountIn)` is the bound.
   */
  quoteUpperBound?: ((snapshot: TSnapshot, parameters: QuoteParameters) => bigint | undefined) | undefined

  /**
   * Plain data the encoder needs for a step through `edge`, e.g. `{ fee: 3000 }` or `{ poolId }`.
   * `snapshot` is the pool's state the step's quote met and `amountIn` the exact input the engine quoted
   * through the step (absent where no amount is known), for steps whose calls depend on both (the split
   * of a single-token LP deposit).
   */
  getStepData(snapshot: TSnapshot, edge: PoolEdge, amountIn?: bigint): StepData

  /**
   * Adds the commands that execute one step to a weiroll plan and returns the handle of the exact
   * amount of `tokenOut` it produced (read from the call's return value or as a balance delta), so the
   * next step can spend exactly that. Pure: runs inside engine workers.
   * Must leave the executing contract holding no allowance it did not need (approve exact amounts).
   */
  encode?: ((planner: Planner, context: EncodeStepContext, step: EncodeStepParameters) => ReturnValue) | undefined

  /**
   * Main-thread loader hook, declared here and implemented by the chain layer (`<slug>/load.ts`).
   * Optional because the pure adapter object is also imported inside workers.
   */
  load?: LoadSnapshots<TLoadContext, TSnapshot> | undefined
}

/** Any adapter, as the registry and the engine see it. */
// The engine only hands an adapter the snapshots whose `protocol` equals its slug, so the
// snapshot type parameter is erased here on purpose.
export type AnyProtocolAdapter = ProtocolAdapter<any, any>
