import type { FloatModel, PoolEdge } from '../types.js'
import { curveFloatModel } from './floatModel.js'
import { BASE_CACHE_EXPIRES, vpRateOf, type CurveMetaSnapshot } from './metaPool.js'
import { FEE_DENOMINATOR } from './stableSwapMath.js'
import type { CurveStableSwapSnapshot } from './types.js'

/** Token index of the metapool's LP token; base coins follow it. */
const LP = 2
const FIRST_BASE = 3
/** Token index of the LP token in the base pool's own view (after its three coins). */
const BASE_LP = 3
/** Relative room for an upper estimate fed into a second one (the FloatModel contract's 1e-9). */
const CHAIN_ROOM = 1 + 1e-9

/** The metapool as a plain StableSwap snapshot: coin 1 at the rate it trades at, the template's math. */
function metaView(s: CurveMetaSnapshot): CurveStableSwapSnapshot {
  return { ...s, rates: [s.rates[0]!, vpRateOf(s)], variant: 'meta', meta: undefined }
}

/** The base pool as a plain StableSwap snapshot (3pool generation) at the metapool's block. */
function baseView(s: CurveMetaSnapshot): CurveStableSwapSnapshot {
  const b = s.meta.base
  return {
    protocol: 'curve', address: b.address as `0x${string}`, blockNumber: s.blockNumber, tokens: [...s.tokens.slice(FIRST_BASE), s.tokens[1]!],
    balances: b.balances, rates: b.rates, ramp: b.ramp, timestamp: s.timestamp, fee: b.fee, adminFee: b.adminFee, totalSupply: b.totalSupply,
  }
}

function custom(model: FloatModel): (amountIn: number) => number {
  if (model.kind !== 'custom') throw new Error('a Curve float model is custom')
  return model.quote
}

/** `second(first(a))`, the first estimate given the contract's room so the composition stays an upper estimate. */
function chain(first: (a: number) => number, second: (a: number) => number, factor = 1): FloatModel {
  return { kind: 'custom', quote: (amountIn) => (amountIn > 0 ? second(first(amountIn) * CHAIN_ROOM) * factor : 0) }
}

/**
 * Float64 model of a metapool edge (see {@link FloatModel}): the pool's own edges are the StableSwap
 * model at the rate coin 1 trades at; an underlying swap or a zap step composes the metapool's and the base
 * pool's models in the order the contracts run (each an upper estimate, non-decreasing, so the composition is
 * too). A zap deposit whose rate cache is stale prices coin 1 after the base deposit, whose fees can only
 * raise the virtual price, by at most the base pool's imbalance fee: that factor is added.
 */
export function curveMetaFloatModel(s: CurveMetaSnapshot, edge: PoolEdge): FloatModel {
  const i = edge.tokenInIndex
  const j = edge.tokenOutIndex
  const meta = metaView(s)
  if (i < FIRST_BASE && j < FIRST_BASE) return curveFloatModel(meta, edge)
  const base = baseView(s)
  const m = (e: PoolEdge) => custom(curveFloatModel(meta, e))
  const b = (e: PoolEdge) => custom(curveFloatModel(base, e))
  if (edge.action === 'swap' && i === 0) return chain(m({ tokenInIndex: 0, tokenOutIndex: 1, action: 'swap' }), b({ tokenInIndex: BASE_LP, tokenOutIndex: j - FIRST_BASE, action: 'redeem' }))
  if (edge.action === 'swap') return chain(b({ tokenInIndex: i - FIRST_BASE, tokenOutIndex: BASE_LP, action: 'deposit' }), m({ tokenInIndex: 1, tokenOutIndex: 0, action: 'swap' }))
  if (edge.action === 'deposit') {
    const stale = s.timestamp > s.meta.baseCacheUpdated + BASE_CACHE_EXPIRES
    const n = BigInt(s.meta.base.balances.length)
    const baseImbalanceFee = Number((s.meta.base.fee * n) / (4n * (n - 1n))) / Number(FEE_DENOMINATOR)
    return chain(b({ tokenInIndex: i - FIRST_BASE, tokenOutIndex: BASE_LP, action: 'deposit' }), m({ tokenInIndex: 1, tokenOutIndex: LP, action: 'deposit' }), stale ? 1 + baseImbalanceFee : 1)
  }
  return chain(m({ tokenInIndex: LP, tokenOutIndex: 1, action: 'redeem' }), b({ tokenInIndex: BASE_LP, tokenOutIndex: j - FIRST_BASE, action: 'redeem' }))
}
