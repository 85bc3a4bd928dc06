import { getAmountOut } from '../../src/protocols/uniswap-v2/quote.js'
import type { GeneratedGraph } from '../generateGraph.js'
import type { BenchGraph } from '../types.js'

/** Result of {@link equilibrateGraph}. */
export type EquilibrateGraphReturnType = {
  graph: BenchGraph
  /** Pools that were priced outside their fee band and were traded back to its edge. */
  moved: number
}

/**
 * The bench graph as an arbitrageur leaves it: every pool whose price lies outside its fee band around the
 * generator's USD prices is traded (exact Uniswap V2 math, one swap) to just inside the band's edge. The
 * generator perturbs each reserve by up to ±0.25 %, so prices deviate by up to ±0.5 % while a 30 bps pool's band
 * is ±0.3 %: 1,609 of the medium graph's 10,000 pools are outside it, and cycles of marginal rates above 1
 * (free arbitrage) exist. There, the gas-free optimum of any query includes arbitrage profit that has nothing to
 * do with routing the query (a $1 trade's optimum would be mostly arbitrage). After this pass the USD prices
 * price every pool inside its band, so no cycle pays and the optimum is about routing only.
 *
 * @example
 * const { graph } = equilibrateGraph(generateGraph({ size: 'medium', seed: 1 }))
 */
export function equilibrateGraph({ graph, pricesUsd }: GeneratedGraph): EquilibrateGraphReturnType {
  const index = new Map(graph.tokens.map((t, i) => [t.address.toLowerCase(), i]))
  const unitPrice = graph.tokens.map((t, i) => pricesUsd[i]! / 10 ** t.decimals)
  let moved = 0
  const pools = graph.pools.map((pool) => {
    const gamma = (10_000 - pool.feeBps) / 10_000
    // Fair price of token0 in raw token1 units; the band is [γ·fair, fair/γ], aimed 1e-6 inside.
    const fair = unitPrice[index.get(pool.token0.toLowerCase())!]! / unitPrice[index.get(pool.token1.toLowerCase())!]!
    const r0 = BigInt(pool.reserve0)
    const r1 = BigInt(pool.reserve1)
    const spot = Number(r1) / Number(r0)
    const high = (fair / gamma) * (1 - 1e-6)
    const low = gamma * fair * (1 + 1e-6)
    if (spot >= low && spot <= high) return pool
    moved++
    // Sell token0 when the pool overprices it (spot above the band), token1 otherwise.
    const zeroForOne = spot > high
    const [x, y] = zeroForOne ? [Number(r0), Number(r1)] : [Number(r1), Number(r0)]
    // Target y'/x' (x' = x + Δ, y' = xy/(x + γΔ)): γΔ² + x(1+γ)Δ + x² − xy/T = 0.
    const target = zeroForOne ? high : 1 / low
    const c = x * x - (x * y) / target
    const b = x * (1 + gamma)
    const amountIn = BigInt(Math.ceil((-b + Math.sqrt(b * b - 4 * gamma * c)) / (2 * gamma)))
    const [reserveIn, reserveOut] = zeroForOne ? [r0, r1] : [r1, r0]
    const amountOut = getAmountOut({ amountIn, reserveIn, reserveOut, feeBps: pool.feeBps })
    const [n0, n1] = zeroForOne ? [r0 + amountIn, r1 - amountOut] : [r0 - amountOut, r1 + amountIn]
    return { ...pool, reserve0: n0.toString(), reserve1: n1.toString() }
  })
  return { graph: { tokens: graph.tokens, pools }, moved }
}
