import type { PoolSnapshotBase } from '../../src/protocols/types.js'

/**
 * A pool whose trading set is `{ Δ, Λ ≥ 0 : Π (R_i + γ Δ_i − Λ_i)^w_i ≥ Π R_i^w_i }` in real numbers: Uniswap V2
 * pairs (two tokens, weights ½ ½) and Balancer V2 weighted pools (2–8 tokens). Amounts are raw token units.
 */
export type WeightedModel = {
  kind: 'weighted'
  /** Problem token index of each pool token. */
  tokens: number[]
  /** Balances, raw units. */
  reserves: number[]
  /** Normalized weights (any positive scale; only ratios matter). */
  weights: number[]
  /** 1 − fee: the share of an input that counts against the invariant. */
  gamma: number
}

/**
 * A concentrated-liquidity pool (Uniswap V3, hookless V4) between two problem tokens, in real numbers: sqrt
 * prices as floats (`sqrtPriceX96 / 2^96`, token1 per token0 in raw units), liquidity per range.
 */
export type ConcentratedModel = {
  kind: 'concentrated'
  /** Problem token indices of token0 and token1. */
  tokens: [number, number]
  /** Current sqrt price. */
  sqrtPrice: number
  /** In-range liquidity at the current price. */
  liquidity: number
  /** Initialized ticks below the current price, nearest first: sqrt price and the liquidity they remove going down. */
  below: { sqrtPrice: number; liquidityNet: number }[]
  /** Initialized ticks above the current price, nearest first: sqrt price and the liquidity they add going up. */
  above: { sqrtPrice: number; liquidityNet: number }[]
  /** Lowest and highest sqrt price a swap may reach (the loaded tick window, clamped to the protocol's limits). */
  sqrtPriceMin: number
  sqrtPriceMax: number
  /** 1 − fee of each direction (V4's protocol fee may differ by direction). */
  gammaZeroForOne: number
  gammaOneForZero: number
}

/** The float model of one pool in an {@link OptimalProblem}. */
export type PoolModel = WeightedModel | ConcentratedModel

/**
 * Result of one pool's arbitrage subproblem at prices ν: `value = sup { ν·(Λ − Δ) }` over its trading set, and a
 * maximizer. `delta[k]`/`lambda[k]` are the amounts of `model.tokens[k]` paid in and received.
 */
export type PoolArbitrage = {
  value: number
  delta: number[]
  lambda: number[]
}

/**
 * The optimal-routing problem of one snapshot: every pool the reference models, as float models over a token
 * index shared with the exact snapshots the achievable routing is evaluated on.
 */
export type OptimalProblem = {
  /** Lowercase token ids by problem index. */
  tokens: readonly string[]
  tokenIndex: ReadonlyMap<string, number>
  /** Modelled pools. */
  pools: readonly PoolModel[]
  /** Exact snapshot of each modelled pool (index-aligned with `pools`), for the bigint evaluation. */
  snapshots: readonly PoolSnapshotBase[]
  /** Pools of the snapshot the reference leaves out, with the reason (see docs/benchmarks.md). */
  excluded: readonly { address: string; protocol: string; reason: string }[]
  /** Pool indices touching each token. */
  poolsOfToken: readonly (readonly number[])[]
}
