import type { QuoteParameters } from '../types.js'
import { exchangeUpperBound } from './exchangeUpperBound.js'
import { vpRateOf, type CurveMetaSnapshot } from './metaPool.js'
import type { CurveStableSwapSnapshot } from './types.js'

/** Token index of the metapool's LP token; the base pool's coins follow it. */
const LP = 2
/** An input larger than any a pool could take: the bound of every input, the sup of what the pool pays. */
const UNBOUNDED_INPUT = 1n << 200n

/**
 * The metapool as a plain StableSwap state of the template's math, coin 1 at the rate trades read (the
 * cached base virtual price, or the base pool's own once stale): what `exchange` between its own coins runs
 * on. The snapshot's own rates are kept when they already hold that rate (so the invariant's memo is shared).
 */
function metaView(s: CurveMetaSnapshot): CurveStableSwapSnapshot {
  const vp = vpRateOf(s)
  return { ...s, rates: s.rates[1] === vp ? s.rates : [s.rates[0]!, vp], variant: 'meta', meta: undefined }
}

/**
 * `quoteUpperBound` of a metapool edge (see `ProtocolAdapter.quoteUpperBound`), for the edges that pay the
 * meta coin or 3Crv through the metapool's own `exchange`:
 * - a swap between its own coins (0 and the base LP token) is the StableSwap `exchange` on {@link metaView},
 *   whose quote is monotone up to one unit of `get_y`'s rounding: {@link exchangeUpperBound} at `amountIn`;
 * - `exchange_underlying` from a base coin into the meta coin runs the base pool's `add_liquidity`, then
 *   `exchange(1, 0)` of the LP minted. The LP minted is not monotone in the deposit in every state, so the
 *   bound is that of `exchange(1, 0)` at an input larger than any: the most the pool can ever pay in the meta
 *   coin. Loose on a deep pool (where no walk ties anyway), it is the tie itself on a nearly drained one,
 *   where walks of every size pay out what is left (the case the search cannot separate in floats).
 * Every other edge (into a base coin, deposits, redemptions) has none. Undefined too where the math's
 * output at `amountIn` is not the edge's own quote (`quote`), so the bound is only given for the math the
 * edge runs.
 */
export function metaQuoteUpperBound(s: CurveMetaSnapshot, { edge, amountIn }: QuoteParameters, quote: bigint): bigint | undefined {
  if (edge.action !== 'swap' || edge.tokenOutIndex > 1) return undefined
  const view = metaView(s)
  if (edge.tokenInIndex < LP) {
    const r = exchangeUpperBound(view, { i: edge.tokenInIndex, j: edge.tokenOutIndex, dx: amountIn })
    return r === undefined || r.atDx !== quote ? undefined : r.bound
  }
  if (edge.tokenOutIndex !== 0) return undefined
  return exchangeUpperBound(view, { i: 1, j: 0, dx: UNBOUNDED_INPUT })?.bound
}
