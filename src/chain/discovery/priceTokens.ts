/**
 * What pool discovery knows of one pool's liquidity at the head, in whole tokens: enough to carry
 * USD prices from token to token and to value the pool. Plain data.
 */
export type PoolValue = {
  /** Lowercase tokens (a Uniswap V4 pool's native coin as WETH). */
  tokens: readonly string[]
  /** Whole tokens the pool holds (Uniswap V4: the in-range liquidity's virtual reserves). */
  amounts: readonly number[]
  /** The value of one whole token of each, up to a factor common to the pool (0: unknown, e.g. an empty side). */
  relative: readonly number[]
  /** Indices whose price may price the others (default: all); an ERC-4626 vault prices its share from its asset only. */
  sources?: readonly number[] | undefined
}

/** Parameters of {@link priceTokens}. */
export type PriceTokensParameters = {
  pools: readonly PoolValue[]
  /** USD prices taken as given (lowercase address → USD): stablecoins, the operator's token list. */
  anchors: ReadonlyMap<string, number>
  /** Least USD a pool must hold of an already priced token to price the others from it. */
  minSourceUsd: number
}

/** Rounds of propagation: a token six pools away from any anchor stays unpriced. */
const ROUNDS = 6

/**
 * USD prices carried from the anchors through the pools, breadth first: in each round every unpriced
 * token that shares a pool with a priced one takes the price that pool's spot gives, from the pool
 * holding the most USD of the priced token (at least `minSourceUsd`, so a dust pool cannot price a
 * token); a token priced in a round only prices others in the next.
 * @returns USD price by lowercase address (unreachable tokens are absent)
 */
export function priceTokens({ pools, anchors, minSourceUsd }: PriceTokensParameters): Map<string, number> {
  const prices = new Map(anchors)
  for (let round = 0; round < ROUNDS; round++) {
    const found = new Map<string, { price: number; depth: number }>()
    for (const pool of pools) {
      for (const j of pool.sources ?? pool.tokens.map((_, k) => k)) {
        const priceJ = prices.get(pool.tokens[j]!)
        const relJ = pool.relative[j]!
        if (priceJ === undefined || !(relJ > 0)) continue
        const depth = pool.amounts[j]! * priceJ
        if (!(depth > 0) || depth < minSourceUsd) continue
        pool.tokens.forEach((token, i) => {
          const relI = pool.relative[i]!
          if (i === j || prices.has(token) || !(relI > 0)) return
          const price = (priceJ * relI) / relJ
          if (!Number.isFinite(price) || price <= 0) return
          if ((found.get(token)?.depth ?? -1) < depth) found.set(token, { price, depth })
        })
      }
    }
    if (found.size === 0) break
    for (const [token, { price }] of found) prices.set(token, price)
  }
  return prices
}

/**
 * The USD value a pool holds: each token's amount at its price, a token without a price valued from
 * the pool's own spot against its most valuable priced token.
 * @returns USD, or undefined when no token of the pool has a price
 */
export function poolTvlUsd(pool: PoolValue, prices: ReadonlyMap<string, number>): number | undefined {
  let base: { price: number; relative: number; value: number } | undefined
  pool.tokens.forEach((token, j) => {
    const price = prices.get(token)
    if (price === undefined) return
    const value = pool.amounts[j]! * price
    if (pool.relative[j]! > 0 && (!base || value > base.value)) base = { price, relative: pool.relative[j]!, value }
  })
  let total = 0
  let priced = false
  pool.tokens.forEach((token, k) => {
    const own = prices.get(token)
    const price = own ?? (base && pool.relative[k]! > 0 ? (base.price * pool.relative[k]!) / base.relative : undefined)
    if (price === undefined) return
    priced = true
    total += pool.amounts[k]! * price
  })
  return priced && Number.isFinite(total) ? total : undefined
}
