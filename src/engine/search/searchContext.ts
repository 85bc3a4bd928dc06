import type { LRUCache } from 'lru-cache'
import type { TokenGraph } from '../graph/types.js'

/** Reusable typed arrays of the layered search for one graph and one hop limit. */
export type DpScratch = {
  maxHops: number
  /** Best float amount per (layer, token), index `layer * n + token`. */
  value: Float64Array
  /** Best amount through any other incoming edge per (layer, token). */
  second: Float64Array
  /** Incoming edge of the best amount per (layer, token). */
  back: Int32Array
  /** Entry valid iff equal to `run`; avoids clearing the arrays between runs. */
  stamp: Int32Array
  run: number
  /** Tokens reached per layer. */
  frontier: Int32Array[]
  frontierLength: Int32Array
  /** 1 for tokens with an edge into the current target. */
  nearTarget: Uint8Array
  /** The tokens marked in `nearTarget`, each once. */
  nearList: Int32Array
}

/**
 * Per-graph search state kept by a worker between tasks: the graph and its scratch buffers.
 * Not shared between threads; one task uses it at a time.
 */
export type SearchContext = {
  graph: TokenGraph
  scratch: Map<number, DpScratch>
  /** Buffers of `probeBestRate`, allocated on first use. */
  probeScratch?: ProbeScratch | undefined
  /** Pool-indexed marks lent by {@link getPoolMarks}, allocated on first use. */
  poolMarks?: Uint8Array[] | undefined
  /** Two-hop rate bounds into hub-like targets (`getRateBounds`), by target, oldest first. */
  rateBounds?: Map<number, RateBounds> | undefined
  /** The forward layers of the last recording root runs (`forwardLayers`), shared by the runs of one split's candidate searches. */
  forwardLayers?: ForwardLayers[] | undefined
  /** Forward-layer records made on this context so far. */
  forwardRecords?: number | undefined
  /** Answers computed on the block state itself (`memoOnBlockState`), by key. */
  blockStateMemo?: LRUCache<string, object> | undefined
  /** Edges read by every layered-DP run on this context so far (`runLayeredDp`'s `edgeVisits`): the searches' work meter. */
  edgeReads: number
  /** Of `edgeReads`, what runs that restored shared forward layers (`forwardLayers`) counted but did not read. */
  edgeReadsSaved?: number | undefined
}

/** Per-token upper bound of the marginal rate of any two-hop walk into one target (see `getRateBounds`). */
export type RateBounds = {
  /** `graph.floatEdits` when built: the bounds hold for the float kernels of that moment. */
  floatEdits: number
  /** Per token X: an upper bound of out ÷ in of every walk X→Y→target, for any input (Infinity: no bound). */
  rate: Float64Array
}

/** Creates the search context of a graph. */
export function createSearchContext(graph: TokenGraph): SearchContext {
  return { graph, scratch: new Map(), edgeReads: 0 }
}

/** Scratch buffers for `maxHops`, allocated on first use. */
export function getScratch(context: SearchContext, maxHops: number): DpScratch {
  let scratch = context.scratch.get(maxHops)
  if (scratch === undefined) {
    const n = context.graph.tokens.length
    const size = (maxHops + 1) * n
    scratch = {
      maxHops,
      value: new Float64Array(size),
      second: new Float64Array(size),
      back: new Int32Array(size),
      stamp: new Int32Array(size),
      run: 0,
      frontier: Array.from({ length: maxHops + 1 }, () => new Int32Array(n)),
      frontierLength: new Int32Array(maxHops + 1),
      nearTarget: new Uint8Array(n),
      nearList: new Int32Array(n),
    }
    context.scratch.set(maxHops, scratch)
  }
  return scratch
}

/**
 * Pool-indexed array number `slot` (0 or 1) of the context, all zeros on loan. The borrower must
 * put every entry it set back to 0 before it returns (also when it throws), so that a query
 * allocates no pool-sized array: at 250,000 pools each one is a 250 kB large-object allocation, and
 * a few per query drove the old generation's collections into the search's worst case.
 */
export function getPoolMarks(context: SearchContext, slot: number): Uint8Array {
  const marks = (context.poolMarks ??= [])
  let m = marks[slot]
  if (m === undefined) {
    m = new Uint8Array(context.graph.pools.length)
    marks[slot] = m
  }
  return m
}

/** Which edges a request may use. */
export type SearchMask = {
  /** 1 per adapter index that the request allows. */
  adapterEnabled: Uint8Array
  /** 1 per pool index that must not be used (pool-disjoint searches), or undefined. */
  poolBanned?: Uint8Array | undefined
}

/** Reusable buffers of {@link probeBestRate} for one graph (token-indexed, allocated on first use). */
export type ProbeScratch = {
  /** Best float amount per token at the current and the next layer. */
  amounts: Float64Array
  next: Float64Array
  /** Tokens reached at the current and the next layer. */
  frontier: Int32Array
  reached: Int32Array
  /** 1 for tokens with an allowed edge into the target (set and cleared by each call). */
  nearTarget: Uint8Array
  /** The tokens marked in `nearTarget`, each once. */
  nearList: Int32Array
}

/**
 * What a layered-DP root run may share with the runs of the same search query at other pool bans
 * (`DpQuery.forward`): `{ record: true }` keeps its forward layers (hops 1 to H-2) in the context;
 * `{ extra, base }` starts from the kept layers of the same source, target, amount, hop limit, adapters
 * and base pool mask (`base`, the recording run's `poolBanned`), the run's `poolBanned` marking exactly
 * the base mask's pools plus the `extra` pools.
 */
export type ForwardShare = { record: true } | { extra: readonly number[]; base: Uint8Array | undefined }

/** The forward layers of one root run (see {@link ForwardShare}), kept in the search context. */
export type ForwardLayers = {
  source: number
  target: number
  amountIn: number
  maxHops: number
  adapterEnabled: Uint8Array
  poolBanned: Uint8Array | undefined
  /** `graph.floatEdits` when recorded: the layers hold for the float kernels of that moment. */
  floatEdits: number
  /** When it was recorded (the context's count of records): the oldest record is replaced first. */
  recorded: number
  /** Layers kept: 1 to `layers` (H-2, or H-1 when the run's last relaxation pruned nothing). */
  layers: number
  /** Tokens reached per layer, in the order the run reached them. */
  tokens: Int32Array[]
  length: Int32Array
  /** Per (layer, token), index `layer * n + token`, as the scratch holds them. */
  value: Float64Array
  second: Float64Array
  back: Int32Array
  /** Work lists of the patch (token-indexed marks: a mark equal to the current pass id means "in the list"). */
  pass: number
  mark: Int32Array
  changedMark: Int32Array
  changedOld: Float64Array
  changed: Int32Array
  next: Int32Array
  affected: Int32Array
}
