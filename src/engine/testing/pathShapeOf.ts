/** Test support: the {@link PathShape} of a path of V2 pools (30 bps fee). */
import type { UniswapV2PoolSnapshot } from '../../protocols/uniswap-v2/types.js'
import type { PathShape } from './continuousOptimum.js'

const GAMMA = 0.997

/**
 * The continuous output `K x / (M + L x)` of `pools` given in path order, each traded token0 → token1.
 */
export const pathShapeOf = (pools: UniswapV2PoolSnapshot[]): PathShape => {
  let f = { K: GAMMA * Number(pools[0]!.reserve1), M: Number(pools[0]!.reserve0), L: GAMMA }
  for (const p of pools.slice(1)) {
    const [ri, ro] = [Number(p.reserve0), Number(p.reserve1)]
    // g(y) = γ ro y / (ri + γ y) after y = K x / (M + L x).
    f = { K: GAMMA * ro * f.K, M: ri * f.M, L: ri * f.L + GAMMA * f.K }
  }
  return f
}
