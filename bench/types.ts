/** Graph file format accepted by the benchmark (Uniswap-V2-style pools; reserves as decimal strings). */
export type BenchGraph = {
  tokens: { address: string; decimals: number; symbol: string }[]
  pools: { address: string; token0: string; token1: string; reserve0: string; reserve1: string; feeBps: number }[]
}

/** Query file format: exact-input queries, amounts as decimal strings. */
export type BenchQuery = { tokenIn: string; tokenOut: string; amountIn: string }
