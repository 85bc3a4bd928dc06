/** Graph file format accepted by the benchmark (Uniswap-V2-style pools; reserves as decimal strings). */
export type BenchGraph = {
  tokens: { address: string; decimals: number; symbol: string }[]
  pools: { address: string; token0: string; token1: string; reserve0: string; reserve1: string; feeBps: number }[]
  /** Curve StableSwap pools (the engine's `curve` adapter, the 3pool's math); the v2-sdk peer cannot route them. */
  curvePools?: BenchCurvePool[]
  /** Aerodrome classic pools (the engine's `aerodrome` adapter: volatile x·y and stable x³y + y³x); the v2-sdk peer cannot route them. */
  aerodromePools?: BenchAerodromePool[]
  /** Curve metapools (2020 template) over 3-coin `curvePools` of the graph, with their underlying and zap edges. */
  curveMetaPools?: BenchCurveMetaPool[]
  /** Curve stableswap-ng pools: oracle or ERC-4626 rates, dynamic fee, the pool its own LP token. */
  curveNgPools?: BenchCurveNgPool[]
  /** Curve twocrypto-ng pools (the CryptoSwap invariant with a price scale). */
  twocryptoPools?: BenchTwocryptoPool[]
  /** Pendle V2 markets with their SY (over an ERC-4626 vault of the asset), PT and LP. */
  pendleMarkets?: BenchPendleMarket[]
}

/** A token of a bench graph outside `tokens` (an LP token, a vault share, an SY or a PT), with what queries need to size amounts. */
export type BenchExtraToken = { address: string; decimals: number; symbol: string; priceUsd: number }

/**
 * A Curve metapool (2020 template, A stored times 100) over one of the graph's 3-coin `curvePools`: coin 0 a
 * graph token, coin 1 the base pool's LP token. Amounts as decimal strings, fees in 1e10 units.
 */
export type BenchCurveMetaPool = {
  address: string
  /** The meta coin and the base pool's LP token. */
  coins: [string, string]
  lpToken: string
  /** Address of the base pool among the graph's `curvePools`. */
  basePool: string
  balances: string[]
  /** A (the snapshot's ramp holds A * 100, as `A_precise()`). */
  A: number
  fee: string
  adminFee: string
  totalSupply: string
  /** `base_virtual_price()` and `base_cache_updated()`; the pool's block timestamp is `timestamp`. */
  baseVirtualPrice: string
  baseCacheUpdated: string
  timestamp: string
  /** The Deposit zap (its deposit and redeem edges of base coins). */
  zap: string
  state: string
}

/** A Curve stableswap-ng pool of a bench graph: `stored_rates()` given as is (10^(36 - decimals) times an oracle or vault rate). */
export type BenchCurveNgPool = {
  address: string
  coins: string[]
  balances: string[]
  rates: string[]
  /** A (the ramp holds A * 100). */
  A: number
  fee: string
  offpegFeeMultiplier: string
  totalSupply: string
  /** `plain` (two or three $1 coins), `erc4626` (a $1 coin and a vault share of it) or `oracle` (a hub and a staked form of it). */
  kind: string
  state: string
}

/** A Curve twocrypto-ng pool of a bench graph: the pool's getters as decimal strings (see `CurveTwocryptoState`). */
export type BenchTwocryptoPool = {
  address: string
  coins: [string, string]
  /** `balances`, `precisions`, `A`, `gamma`, `D`, `priceScale`, ... as the snapshot names them. */
  state: Record<string, string | string[]>
  /** What state the generator gave it: balanced, skewed, or a hostile one (far from its price scale, A at its minimum, dust). */
  kind: string
}

/** A Pendle V2 market of a bench graph (see `PendleMarketSnapshot`): amounts as decimal strings. */
export type BenchPendleMarket = {
  address: string
  asset: string
  sy: string
  pt: string
  vault: string
  timestamp: string
  market: Record<string, string>
  pyIndexStored: string
  vaultTotalAssets: string
  vaultTotalSupply: string
  state: string
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
