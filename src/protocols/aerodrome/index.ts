import type { PoolEdge, ProtocolAdapter, QuoteParameters, StepData, SwapReturnType } from '../types.js'
import { encodeAerodromeStep } from './encode.js'
import { aerodromeFloatModel } from './floatModel.js'
import { zapIn, zapOut, zapSwapAmount } from './liquidityMath.js'
import { AerodromeMathRevert, swapExactIn } from './poolMath.js'
import type { AerodromePoolSnapshot } from './types.js'

export type { AerodromePoolSnapshot } from './types.js'

/** Token 0 and 1 swap both ways; each deposits alone into the LP token (index 2), which redeems into each. */
const edges: readonly PoolEdge[] = [
  { tokenInIndex: 0, tokenOutIndex: 1, action: 'swap' },
  { tokenInIndex: 1, tokenOutIndex: 0, action: 'swap' },
  { tokenInIndex: 0, tokenOutIndex: 2, action: 'deposit' },
  { tokenInIndex: 1, tokenOutIndex: 2, action: 'deposit' },
  { tokenInIndex: 2, tokenOutIndex: 0, action: 'redeem' },
  { tokenInIndex: 2, tokenOutIndex: 1, action: 'redeem' },
]

type Run = { amountOut: bigint; reserve0: bigint; reserve1: bigint; totalSupply: bigint }

/** The calls our encoder sends for the edge, or undefined where the pool reverts. */
function run(snapshot: AerodromePoolSnapshot, { edge, amountIn }: QuoteParameters): Run | undefined {
  if (amountIn <= 0n) return undefined
  try {
    if (edge.action === 'deposit') {
      const r = zapIn(snapshot, { amountIn, zeroForOne: edge.tokenInIndex === 0 })
      return { amountOut: r.liquidity, reserve0: r.reserve0, reserve1: r.reserve1, totalSupply: r.totalSupply }
    }
    if (edge.action === 'redeem') return zapOut(snapshot, { liquidity: amountIn, toToken0: edge.tokenOutIndex === 0 })
    const r = swapExactIn(snapshot, { amountIn, zeroForOne: edge.tokenInIndex === 0, reserve0: snapshot.reserve0, reserve1: snapshot.reserve1, fee: snapshot.fee })
    return { ...r, totalSupply: snapshot.totalSupply }
  } catch (error) {
    if (error instanceof AerodromeMathRevert) return undefined
    throw error
  }
}

function quote(snapshot: AerodromePoolSnapshot, parameters: QuoteParameters): bigint {
  return run(snapshot, parameters)?.amountOut ?? 0n
}

function swap(snapshot: AerodromePoolSnapshot, parameters: QuoteParameters): SwapReturnType<AerodromePoolSnapshot> {
  const r = run(snapshot, parameters)
  if (!r || r.amountOut === 0n) return { amountOut: 0n, snapshot }
  return { amountOut: r.amountOut, snapshot: { ...snapshot, reserve0: r.reserve0, reserve1: r.reserve1, totalSupply: r.totalSupply } }
}

/** A deposit carries its split (the part swapped first) for the amount the engine quoted, so the encoder sends that split. */
function getStepData(snapshot: AerodromePoolSnapshot, edge: PoolEdge, amountIn?: bigint): StepData {
  if (edge.action === 'swap') return { zeroForOne: edge.tokenInIndex === 0 }
  if (edge.action === 'redeem') return { kind: 'redeem', zeroForOne: edge.tokenOutIndex === 1, otherToken: snapshot.tokens[1 - edge.tokenOutIndex]! }
  const zeroForOne = edge.tokenInIndex === 0
  const swapAmount = amountIn === undefined ? 0n : zapSwapAmount(snapshot, { amountIn, zeroForOne })
  return { kind: 'deposit', zeroForOne, otherToken: snapshot.tokens[1 - edge.tokenInIndex]!, swapAmount: swapAmount.toString(), quotedAmountIn: (amountIn ?? 0n).toString() }
}

/**
 * Aerodrome classic pools (Base): volatile (x * y) and stable (x^3 y + y^3 x on balances normalised to
 * 1e18) pairs created by the PoolFactory, each with the factory's fee for it, quoted with the pool's exact
 * integer math (`getAmountOut`, `_get_y`, the k check, `mint`, `burn`) and traded on the pool directly.
 * The pool is its own LP token: a single-token deposit swaps its optimal part in the pool and mints with
 * the rest and the output; a redemption into one token burns and swaps the other side in the pool.
 */
export const aerodromeAdapter: ProtocolAdapter<AerodromePoolSnapshot> = {
  slug: 'aerodrome',
  standard: 'aerodrome',
  actions: ['swap', 'deposit', 'redeem'],
  isAggregator: false,
  gasPerHop: 90_000n,
  getEdges: () => edges,
  quote,
  swap,
  getFloatModel: aerodromeFloatModel,
  getStepData,
  encode: encodeAerodromeStep,
}
