import type { PoolEdge, ProtocolAdapter, QuoteParameters, SwapReturnType } from '../types.js'
import { encodeAerodromeStep } from './encode.js'
import { aerodromeFloatModel } from './floatModel.js'
import { AerodromeMathRevert, swapExactIn, type SwapExactInReturnType } from './poolMath.js'
import type { AerodromePoolSnapshot } from './types.js'

export type { AerodromePoolSnapshot } from './types.js'

const edges: readonly PoolEdge[] = [
  { tokenInIndex: 0, tokenOutIndex: 1, action: 'swap' },
  { tokenInIndex: 1, tokenOutIndex: 0, action: 'swap' },
]

/** The trade our encoder sends (`getAmountOut`, transfer, `swap`), or undefined where the pool reverts. */
function run(snapshot: AerodromePoolSnapshot, { edge, amountIn }: QuoteParameters): SwapExactInReturnType | undefined {
  if (amountIn <= 0n) return undefined
  try {
    return swapExactIn(snapshot, { amountIn, zeroForOne: edge.tokenInIndex === 0, reserve0: snapshot.reserve0, reserve1: snapshot.reserve1, fee: snapshot.fee })
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
  if (!r) return { amountOut: 0n, snapshot }
  return { amountOut: r.amountOut, snapshot: { ...snapshot, reserve0: r.reserve0, reserve1: r.reserve1 } }
}

/**
 * Aerodrome classic pools (Base): volatile (x * y) and stable (x^3 y + y^3 x on balances normalised to
 * 1e18) pairs created by the PoolFactory, each with the factory's fee for it, quoted with the pool's exact
 * integer math (`getAmountOut`, `_get_y`, the k check) and traded on the pool directly.
 */
export const aerodromeAdapter: ProtocolAdapter<AerodromePoolSnapshot> = {
  slug: 'aerodrome',
  standard: 'aerodrome',
  actions: ['swap'],
  isAggregator: false,
  gasPerHop: 90_000n,
  getEdges: () => edges,
  quote,
  swap,
  getFloatModel: aerodromeFloatModel,
  getStepData: (_snapshot, edge) => ({ zeroForOne: edge.tokenInIndex === 0 }),
  encode: encodeAerodromeStep,
}
