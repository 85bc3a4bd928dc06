/** Graph file format accepted by the benchmark (Uniswap-V2-style pools; reserves as decimal strings). */
export type BenchGraph = {
  tokens: { address: string; decimals: number; symbol: string }[]
  pools: { address: string; token0: string; token1: string; reserve0: string; reserve1: string; feeBps: number }[]
  /** Curve StableSwap pools (the engine's `curve` adapter, the 3pool's math); the v2-sdk peer cannot route them. */
  curvePools?: BenchCurvePool[]
  /** Aerodrome classic pools (the engine's `aerodrome` adapter: volatile x·y and stable x³y + y³x); the v2-sdk peer cannot route them. */
  aerodromePools?: BenchAerodromePool[]
}

/** An Aerodrome classic pool of a bench graph (reserves as decimal strings, `token0 < token1` by index). */
export type BenchAerodromePool = {
  address: string
  token0: string
  token1: string
  reserve0: string
  reserve1: string
  /** The stable curve (x³y + y³x on balances normalised to 1e18) or the volatile x·y. */
  stable: boolean
  /** The factory's fee, in 1/10000 of the input. */
  fee: number
  /** What state the generator gave it: balanced, skewed, or a hostile one (near-empty, dust). */
  state: string
}

/**
 * A Curve StableSwap pool of a bench graph (3pool generation: rates `10^(36 - decimals)` of its coins,
 * A without a ramp). Amounts as decimal strings, fees in the pool's 1e10 units.
 */
export type BenchCurvePool = {
  address: string
  /** The pool's coins in `coins(i)` order (tokens of the graph). */
  coins: string[]
  /** Its LP token (not in `tokens`: the engine routes through it by deposit and redeem edges). */
  lpToken: string
  balances: string[]
  A: number
  /** `fee()`, 1e10 = 100 % (1 bp = 1e6). */
  fee: string
  adminFee: string
  totalSupply: string
  /** What state the generator gave it: balanced, imbalanced, or a hostile one (near-empty, extreme, a1, dust). */
  state: string
}

/** Query file format: exact-input queries, amounts as decimal strings. */
export type BenchQuery = { tokenIn: string; tokenOut: string; amountIn: string }
