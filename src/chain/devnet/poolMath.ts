/**
 * Deterministic bigint helpers for seeding pools at scenario prices. Only the devnet seeding uses
 * these; quoting math lives in src/protocols.
 */

/** Integer square root (floor). */
export function sqrtBigInt(value: bigint): bigint {
  if (value < 0n) throw new Error('sqrt of negative')
  if (value < 2n) return value
  // Newton's method from an over-estimate decreases monotonically to floor(sqrt(value)).
  let x = 1n << BigInt(Math.ceil(value.toString(2).length / 2))
  for (;;) {
    const y = (x + value / x) >> 1n
    if (y >= x) return x
    x = y
  }
}

/** USD price as a fixed-point integer with 8 decimals (prices in the scenario are decimals). */
export function priceE8(priceUsd: number): bigint {
  return BigInt(Math.round(priceUsd * 1e8))
}

/**
 * Raw token amount worth `usd` at `priceUsd`, optionally scaled by `(10000 + skewBps) / 10000`.
 */
export function rawAmountForUsd({ usd, priceUsd, decimals, skewBps = 0 }: { usd: number; priceUsd: number; decimals: number; skewBps?: number }): bigint {
  const usdE8 = BigInt(Math.round(usd * 1e8))
  return (usdE8 * 10n ** BigInt(decimals) * BigInt(10_000 + Math.round(skewBps))) / (priceE8(priceUsd) * 10_000n)
}

/** The raw amounts of both tokens for `usd` of liquidity, the first token's price skewed by `skewBps`. */
export function pairAmounts(a: { priceUsd: number; decimals: number }, b: { priceUsd: number; decimals: number }, usd: number, skewBps: number): [bigint, bigint] {
  // Skewing token a's price up by s means the pool holds a / (1 + s) less of a for the same b.
  const amountA = rawAmountForUsd({ usd: usd / 2, priceUsd: a.priceUsd, decimals: a.decimals, skewBps: -skewBps })
  const amountB = rawAmountForUsd({ usd: usd / 2, priceUsd: b.priceUsd, decimals: b.decimals })
  return [amountA, amountB]
}

/** sqrt(amount1 / amount0) in Q64.96, the Uniswap V3 pool price for those reserves. */
export function sqrtPriceX96FromAmounts(amount0: bigint, amount1: bigint): bigint {
  return sqrtBigInt((amount1 << 192n) / amount0)
}

export const MIN_TICK = -887272
export const MAX_TICK = 887272

/** Tick spacing of each Uniswap V3 fee tier. */
export const tickSpacingOf: Record<number, number> = { 100: 1, 500: 10, 3000: 60, 10000: 200 }

/**
 * Tick range around `price` (token1 per token0, raw units) covering ±rangePct percent, aligned to
 * the spacing; full range when `rangePct` is undefined.
 */
export function tickRange({ price, rangePct, tickSpacing }: { price: number; rangePct?: number | undefined; tickSpacing: number }): [number, number] {
  if (rangePct === undefined) {
    return [Math.ceil(MIN_TICK / tickSpacing) * tickSpacing, Math.floor(MAX_TICK / tickSpacing) * tickSpacing]
  }
  const log = Math.log(1.0001)
  const lower = Math.floor(Math.log(price * (1 - rangePct / 100)) / log / tickSpacing) * tickSpacing
  const upper = Math.ceil(Math.log(price * (1 + rangePct / 100)) / log / tickSpacing) * tickSpacing
  return [Math.max(lower, Math.ceil(MIN_TICK / tickSpacing) * tickSpacing), Math.min(upper, Math.floor(MAX_TICK / tickSpacing) * tickSpacing)]
}

/** Where a concentrated pool's liquidity goes: 60 % in its range, 25 % in three times the range, 15 % full range; or all full range. */
export function liquidityLayers(rangePct: number | undefined): { rangePct: number | undefined; share: bigint }[] {
  return rangePct === undefined
    ? [{ rangePct: undefined, share: 100n }]
    : [{ rangePct, share: 60n }, { rangePct: Math.min(rangePct * 3, 90), share: 25n }, { rangePct: undefined, share: 15n }]
}
