import type { PoolEdge, QuoteParameters, StepData } from '../types.js'
import {
  metaAddLiquidity, metaExchange, metaExchangeUnderlying, metaRemoveLiquidityOneCoin, zapAddLiquidity, zapRemoveLiquidityOneCoin,
  type CurveMetaSnapshot, type CurveMetaUpdate,
} from './metaPool.js'

/** Token index of the metapool's LP token (after its two coins); the base pool's coins follow it. */
const LP = 2
/** Token index of base coin 0 (underlying index 1). */
const FIRST_BASE = 3

/** Underlying index (0 the meta coin, `1 + k` base coin `k`) of a token index, or undefined for 3Crv and the LP token. */
export function underlyingIndexOf(tokenIndex: number): number | undefined {
  if (tokenIndex === 0) return 0
  return tokenIndex >= FIRST_BASE ? tokenIndex - FIRST_BASE + 1 : undefined
}

/**
 * A metapool's edges: its own coins' swaps, single-coin deposits and redemptions (as any StableSwap pool),
 * `exchange_underlying` between the meta coin and each base coin (both ways), and, where the zap is known,
 * each base coin into the LP token and back through the Deposit zap.
 */
export function getMetaEdges(s: CurveMetaSnapshot): readonly PoolEdge[] {
  const edges: PoolEdge[] = [
    { tokenInIndex: 0, tokenOutIndex: 1, action: 'swap' }, { tokenInIndex: 1, tokenOutIndex: 0, action: 'swap' },
    { tokenInIndex: 0, tokenOutIndex: LP, action: 'deposit' }, { tokenInIndex: 1, tokenOutIndex: LP, action: 'deposit' },
    { tokenInIndex: LP, tokenOutIndex: 0, action: 'redeem' }, { tokenInIndex: LP, tokenOutIndex: 1, action: 'redeem' },
  ]
  for (let t = FIRST_BASE; t < s.tokens.length; t++) {
    edges.push({ tokenInIndex: 0, tokenOutIndex: t, action: 'swap' }, { tokenInIndex: t, tokenOutIndex: 0, action: 'swap' })
    if (s.meta.zap) edges.push({ tokenInIndex: t, tokenOutIndex: LP, action: 'deposit' }, { tokenInIndex: LP, tokenOutIndex: t, action: 'redeem' })
  }
  return edges
}

/**
 * The metapool operation an edge runs, exactly as the pool (and the zap) compute it: its output and the
 * state after, the base pool's included.
 * @throws CurveMathRevert where a pool reverts
 */
export function runMetaEdge(s: CurveMetaSnapshot, { edge, amountIn }: QuoteParameters): { amountOut: bigint } & CurveMetaUpdate {
  const i = edge.tokenInIndex
  const j = edge.tokenOutIndex
  if (edge.action === 'swap') {
    if (i < LP && j < LP) {
      const r = metaExchange(s, { i, j, dx: amountIn })
      return { amountOut: r.dy, balances: r.balances, totalSupply: r.totalSupply, meta: r.meta }
    }
    const r = metaExchangeUnderlying(s, { i: underlyingIndexOf(i)!, j: underlyingIndexOf(j)!, dx: amountIn })
    return { amountOut: r.dy, balances: r.balances, totalSupply: r.totalSupply, meta: r.meta }
  }
  if (edge.action === 'deposit') {
    if (i < LP) {
      const r = metaAddLiquidity(s, { amounts: i === 0 ? [amountIn, 0n] : [0n, amountIn] })
      return { amountOut: r.minted, balances: r.balances, totalSupply: r.totalSupply, meta: r.meta }
    }
    const amounts = [0n, 0n, 0n, 0n]
    amounts[underlyingIndexOf(i)!] = amountIn
    const r = zapAddLiquidity(s, { amounts })
    return { amountOut: r.minted, balances: r.balances, totalSupply: r.totalSupply, meta: r.meta }
  }
  const r = j < LP ? metaRemoveLiquidityOneCoin(s, { tokenAmount: amountIn, i: j }) : zapRemoveLiquidityOneCoin(s, { tokenAmount: amountIn, u: underlyingIndexOf(j)! })
  return { amountOut: r.dy, balances: r.balances, totalSupply: r.totalSupply, meta: r.meta }
}

/**
 * Step data of a metapool edge: `meta` marks the template (calls that return what they paid); an
 * `underlying` swap calls `exchange_underlying` with underlying indices `i`/`j`; a `zap` deposit or redeem
 * calls the Deposit zap with the base coin's underlying index.
 */
export function metaStepData(s: CurveMetaSnapshot, edge: PoolEdge): StepData {
  const i = edge.tokenInIndex
  const j = edge.tokenOutIndex
  const kind = edge.action === 'deposit' ? 'deposit' : edge.action === 'redeem' ? 'redeem' : 'swap'
  const viaBase = i >= FIRST_BASE || j >= FIRST_BASE
  if (!viaBase) return { kind, i, j, nCoins: 2, variant: 'meta' }
  if (kind === 'swap') return { kind, i: underlyingIndexOf(i)!, j: underlyingIndexOf(j)!, nCoins: 2, variant: 'meta', underlying: true }
  return { kind, i: kind === 'deposit' ? underlyingIndexOf(i)! : LP, j: kind === 'redeem' ? underlyingIndexOf(j)! : LP, nCoins: 2, variant: 'meta', zap: s.meta.zap! }
}
