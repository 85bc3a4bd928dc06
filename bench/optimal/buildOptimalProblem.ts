import type { BalancerV2WeightedPoolSnapshot } from '../../src/protocols/balancer-v2/types.js'
import type { PoolSnapshotBase } from '../../src/protocols/types.js'
import type { UniswapV2PoolSnapshot } from '../../src/protocols/uniswap-v2/types.js'
import { MAX_SQRT_RATIO, MAX_TICK, MIN_SQRT_RATIO, MIN_TICK, getSqrtRatioAtTick } from '../../src/protocols/uniswap-v3/tickMath.js'
import type { ConcentratedLiquidityState } from '../../src/protocols/uniswap-v3/types.js'
import { swapFeeOf } from '../../src/protocols/uniswap-v4/swapFeeOf.js'
import type { UniswapV4PoolSnapshot } from '../../src/protocols/uniswap-v4/types.js'
import type { EngineSnapshot } from '../../src/engine/types.js'
import type { ConcentratedModel, OptimalProblem, PoolModel, WeightedModel } from './types.js'

/** Why a family is left out of the reference (the bound then covers routings through the other pools only). */
const EXCLUDED: Readonly<Record<string, string>> = {
  erc4626: 'linear-rate edge (deposit/redeem at the vault rate, no curvature): not modelled',
  lido: 'linear-rate edge (stake/wrap at the share rate, no curvature): not modelled',
  'aave-v3': 'linear-rate edge (supply/withdraw 1:1 up to the cash): not modelled',
}

const Q96 = 2 ** 96
const sqrtOfTick = (tick: number): number => Number(getSqrtRatioAtTick(Math.min(MAX_TICK, Math.max(MIN_TICK, tick)))) / Q96

/**
 * Builds the float models of every pool the reference knows (Uniswap V2, Uniswap V3, hookless Uniswap V4,
 * Balancer V2 weighted) from an engine snapshot, with a token index shared by the models and the exact
 * snapshots. Pools with an empty side are left out (nothing can trade through them); ERC-4626, Lido and
 * Aave V3 edges are listed in `excluded` with the reason.
 *
 * @example
 * const problem = buildOptimalProblem(snapshot)
 */
export function buildOptimalProblem(snapshot: EngineSnapshot): OptimalProblem {
  const tokens: string[] = []
  const tokenIndex = new Map<string, number>()
  const indexOf = (token: string): number => {
    const key = token.toLowerCase()
    let i = tokenIndex.get(key)
    if (i === undefined) {
      i = tokens.length
      tokens.push(key)
      tokenIndex.set(key, i)
    }
    return i
  }
  const pools: PoolModel[] = []
  const snapshots: PoolSnapshotBase[] = []
  const excluded: { address: string; protocol: string; reason: string }[] = []
  for (const pool of snapshot.pools) {
    const reason = EXCLUDED[pool.protocol]
    if (reason !== undefined) {
      excluded.push({ address: pool.address, protocol: pool.protocol, reason })
      continue
    }
    const ids = pool.tokens.map(indexOf)
    const model = toModel(pool, ids)
    if (typeof model === 'string') {
      excluded.push({ address: pool.address, protocol: pool.protocol, reason: model })
      continue
    }
    pools.push(model)
    snapshots.push(pool)
  }
  const poolsOfToken: number[][] = tokens.map(() => [])
  pools.forEach((model, p) => {
    for (const t of model.tokens) poolsOfToken[t]!.push(p)
  })
  return { tokens, tokenIndex, pools, snapshots, excluded, poolsOfToken }
}

function toModel(pool: PoolSnapshotBase, ids: number[]): PoolModel | string {
  switch (pool.protocol) {
    case 'uniswap-v2': {
      const v2 = pool as UniswapV2PoolSnapshot
      if (v2.reserve0 <= 0n || v2.reserve1 <= 0n) return 'empty reserve'
      const model: WeightedModel = {
        kind: 'weighted',
        tokens: ids,
        reserves: [Number(v2.reserve0), Number(v2.reserve1)],
        weights: [0.5, 0.5],
        gamma: (10_000 - v2.feeBps) / 10_000,
      }
      return model
    }
    case 'balancer-v2': {
      const b = pool as BalancerV2WeightedPoolSnapshot
      if (b.balances.some((x) => x <= 0n)) return 'empty balance'
      const model: WeightedModel = {
        kind: 'weighted',
        tokens: ids,
        reserves: b.balances.map(Number),
        weights: b.weights.map((w) => Number(w) / 1e18),
        gamma: 1 - Number(b.swapFee) / 1e18,
      }
      return model
    }
    case 'uniswap-v3': {
      const v3 = pool as PoolSnapshotBase & ConcentratedLiquidityState
      return toConcentrated(v3, ids, v3.fee, v3.fee)
    }
    case 'uniswap-v4': {
      const v4 = pool as UniswapV4PoolSnapshot
      return toConcentrated(v4, ids, swapFeeOf(v4, true), swapFeeOf(v4, false))
    }
    default:
      return `unknown protocol ${pool.protocol}`
  }
}

function toConcentrated(state: ConcentratedLiquidityState, ids: number[], feeZeroForOne: number, feeOneForZero: number): ConcentratedModel {
  // Ticks at or below the current tick are the next boundaries going down (as the pool's bitmap walk sees them).
  const below = state.ticks.filter((t) => t.index <= state.tick).reverse().map((t) => ({ sqrtPrice: sqrtOfTick(t.index), liquidityNet: Number(t.liquidityNet) }))
  const above = state.ticks.filter((t) => t.index > state.tick).map((t) => ({ sqrtPrice: sqrtOfTick(t.index), liquidityNet: Number(t.liquidityNet) }))
  return {
    kind: 'concentrated',
    tokens: [ids[0]!, ids[1]!],
    sqrtPrice: Number(state.sqrtPriceX96) / Q96,
    liquidity: Number(state.liquidity),
    below,
    above,
    sqrtPriceMin: Math.max(sqrtOfTick(state.tickWindow.lower), Number(MIN_SQRT_RATIO + 1n) / Q96),
    sqrtPriceMax: Math.min(sqrtOfTick(state.tickWindow.upper), Number(MAX_SQRT_RATIO - 1n) / Q96),
    gammaZeroForOne: 1 - feeZeroForOne / 1e6,
    gammaOneForZero: 1 - feeOneForZero / 1e6,
  }
}
