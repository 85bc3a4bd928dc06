import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { getAddress } from 'viem'
import { z } from 'zod'

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/).transform((a) => getAddress(a))
const symbolRef = z.string().min(1)

const tokenSchema = z.strictObject({
  symbol: z.string().min(1),
  name: z.string().min(1),
  decimals: z.number().int().min(0).max(36),
  priceUsd: z.number().positive(),
  /** Which contract: `weth` is WETH9, the others our tokens under contracts/devnet (see `tokenContractOf`). */
  kind: z.enum([
    'erc20', 'weth', 'tether', 'feeOnTransfer',
    'rebasing', 'pausable', 'blocklist', 'zeroTransferRevert', 'approvalRace', 'hook', 'upgradable', 'flashMint', 'transferMax',
  ]),
  feeBps: z.number().int().min(0).max(10_000).optional(),
  address,
})

const common = {
  liquidityUsd: z.number().positive(),
  /** Deviation of this venue's price of tokens[0] in tokens[1] from the reference, in bps. */
  priceSkewBps: z.number().min(-5000).max(5000).default(0),
}

const poolSchema = z.discriminatedUnion('protocol', [
  z.strictObject({ protocol: z.literal('uniswap-v2'), tokens: z.tuple([symbolRef, symbolRef]), ...common }),
  z.strictObject({
    protocol: z.literal('uniswap-v3'),
    tokens: z.tuple([symbolRef, symbolRef]),
    fee: z.union([z.literal(100), z.literal(500), z.literal(3000), z.literal(10000)]),
    /** Half-width of the concentrated range in percent of price; omitted = full range. */
    rangePct: z.number().positive().max(90).optional(),
    ...common,
  }),
  z.strictObject({
    protocol: z.literal('uniswap-v4'),
    /** Token symbols; `ETH` is the native currency (`address(0)` in the PoolKey). */
    tokens: z.tuple([symbolRef, symbolRef]),
    /** LP fee in hundredths of a bip (static; hookless pools). */
    fee: z.number().int().min(0).max(999_999),
    tickSpacing: z.number().int().min(1).max(32_767),
    /** Half-width of the concentrated range in percent of price; omitted = full range. */
    rangePct: z.number().positive().max(90).optional(),
    ...common,
  }),
  z.strictObject({
    protocol: z.literal('balancer-v2-weighted'),
    tokens: z.array(symbolRef).min(2).max(8),
    weights: z.array(z.string().regex(/^0\.\d{1,18}$/)),
    swapFeeBps: z.number().int().min(1).max(1000),
    ...common,
  }),
])

const vaultSchema = z.strictObject({
  symbol: z.string().min(1),
  name: z.string().min(1),
  /** Symbol of the underlying asset (a scenario token). */
  asset: symbolRef,
  address,
  /** Initial deposit, in USD. */
  depositUsd: z.number().positive(),
  /** Assets per share after seeding (yield donated to the vault), e.g. 1.05. */
  sharePrice: z.number().min(1).max(100),
})

const stakingSchema = z.strictObject({
  /** Where stETH and wstETH live (their mainnet addresses on chain 1). */
  stETH: address,
  wstETH: address,
  /** ETH staked at seeding. */
  stakedEth: z.number().positive(),
  /** Rewards reported after staking, in percent of the staked ETH (sets the stETH per share rate). */
  rewardsPct: z.number().min(0).max(1000),
  /** Share of the staked stETH wrapped into wstETH, in percent. */
  wrappedPct: z.number().min(0).max(100),
})

const aaveReserveSchema = z.strictObject({
  /** Scenario token symbol listed as a reserve. */
  symbol: symbolRef,
  /** Where its aToken proxy must land (its mainnet address); the configurator's nonce is set to create it there. */
  aToken: address.optional(),
  /** Where its variable debt token proxy must land (created two nonces after the aToken, as on mainnet). */
  variableDebtToken: address.optional(),
})

const aaveRewardSchema = z.strictObject({
  /** Reserve (scenario symbol) whose token holders earn the reward. */
  reserve: symbolRef,
  /** Which of the reserve's tokens is incentivized: its aToken (suppliers) or variable debt token (borrowers). */
  side: z.enum(['supply', 'borrow']).default('supply'),
  /** Reward token (a scenario symbol), pulled from the deployer by a PullRewardsTransferStrategy. */
  reward: symbolRef,
  /** Reward tokens emitted per day, shared pro rata by the holders. */
  perDay: z.number().positive(),
  /** How long the emission lasts from seeding, in days (the deployer approves exactly that budget). */
  days: z.number().positive(),
})

const aaveSchema = z.strictObject({
  /** Where the PoolAddressesProvider lives (its mainnet address on chain 1). */
  addressesProvider: address,
  /** Where the provider creates the Pool proxy (the provider's nonce is set for it); omitted = its next CREATE address. */
  pool: address.optional(),
  /** Where the provider creates the PoolConfigurator proxy; omitted = its next CREATE address. */
  poolConfigurator: address.optional(),
  /** Where the RewardsController proxy (the tokens' incentives controller) is installed; omitted = a deployer address. */
  rewardsController: address.optional(),
  /** Where the EmissionManager is installed; omitted = a deployer address. */
  emissionManager: address.optional(),
  /** Where WrappedTokenGatewayV3 (ETH in/out) is installed; omitted = a deployer address. */
  wrappedTokenGateway: address.optional(),
  /** Reserves: a scenario symbol, or the symbol with the mainnet addresses of its tokens. */
  reserves: z.array(z.union([symbolRef.transform((symbol) => ({ symbol })), aaveReserveSchema])).min(1),
  /** Supplied by the deployer into each reserve at seeding, in USD. */
  seedUsd: z.number().positive(),
  /** Borrowed back by the deployer from each reserve (variable rate), in percent of its supply; gives aTokens a yield. */
  borrowPct: z.number().min(0).max(60).default(0),
  /** Liquidity-mining emissions configured on the RewardsController. */
  rewards: z.array(aaveRewardSchema).default([]),
})

/** A WAD fraction written as a decimal, e.g. "0.86" (parsed with {@link parseWeight}). */
const wadFraction = z.string().regex(/^0\.\d{1,18}$/)

const morphoMarketSchema = z.strictObject({
  /** Collateral token (scenario symbol). */
  collateral: symbolRef,
  /** Loan token (scenario symbol). */
  loan: symbolRef,
  /** Liquidation LTV, e.g. "0.86"; must be one of the section's `lltvs`. */
  lltv: wadFraction,
  /** Loan token supplied by the deployer at seeding, in USD. */
  supplyUsd: z.number().positive(),
  /** Borrowed back by the deployer, in percent of the supply (gives suppliers a yield); the deployer's collateral puts its LTV at half the LLTV. */
  borrowPct: z.number().min(0).max(90).default(0),
})

const morphoSchema = z.strictObject({
  /** Where Morpho Blue lives (its mainnet address on chain 1). */
  address,
  /** The devnet's fixed-rate IRM (contracts/devnet/DevLinearIrm.sol): borrow APR = baseAprPct + slopeAprPct × utilization. */
  irm: z.strictObject({ baseAprPct: z.number().min(0).max(100), slopeAprPct: z.number().min(0).max(1000) }),
  /** LLTVs the owner enables, e.g. ["0.86", "0.915"]. */
  lltvs: z.array(wadFraction).min(1),
  markets: z.array(morphoMarketSchema).min(1),
})

const curvePoolSchema = z.strictObject({
  /** Readable name, e.g. `3pool`. */
  name: z.string().min(1),
  /**
   * Which of our implementations: `3pool` (DevCurveStableSwap3Pool, three ERC-20 coins) or `steth`
   * (DevCurveStableSwapSTETH: coins `ETH` and `stETH`, the native coin first).
   */
  variant: z.enum(['3pool', 'steth', 'meta']).default('3pool'),
  /**
   * `meta` (DevCurveMetaPool, our implementation of Curve's 2020 metapool template): the base pool (the `name`
   * of a pool above, whose LP token is coin 1), and the metapool's Deposit zap (DevCurveMetaDeposit) at its
   * mainnet address. Coins: the meta coin, then the base pool's `lpSymbol`.
   */
  basePool: z.string().min(1).optional(),
  zap: address.optional(),
  /**
   * Tokens the pool brings that are not scenario tokens (a metapool's stablecoin): plain ERC-20s at their
   * mainnet addresses, deployed with the Curve contracts (so no other address moves), optionally with a
   * Uniswap V2 pair against a scenario token.
   */
  declares: z.array(z.strictObject({
    symbol: z.string().min(1),
    name: z.string().min(1),
    address,
    decimals: z.number().int().min(0).max(36),
    priceUsd: z.number().positive(),
    uniswapV2: z.strictObject({ pairWith: symbolRef, liquidityUsd: z.number().positive() }).optional(),
  })).max(4).optional(),
  /** Where the pool lives (its mainnet address on chain 1). */
  address,
  /** Where its LP token lives (its mainnet address on chain 1). */
  lpToken: address,
  lpSymbol: z.string().min(1),
  lpName: z.string().min(1),
  /** The coins in the pool's order (scenario symbols; `ETH` is the native coin): three for `3pool`, ETH and stETH for `steth`. */
  coins: z.array(symbolRef).min(2).max(3),
  /** Amplification `A` as `A()` reads (the `steth` pool stores it times 100). */
  A: z.number().int().min(1).max(999_999),
  /** Swap fee in 1e10 units (1_000_000 = 0.01%). */
  fee: z.number().int().min(0).max(5_000_000_000),
  /** Admin share of fees in 1e10 units (5_000_000_000 = 50%). */
  adminFee: z.number().int().min(0).max(10_000_000_000),
  /** Liquidity the deployer adds at seeding, in USD. */
  liquidityUsd: z.number().positive(),
  /** Each coin's share of `liquidityUsd` in percent, in coin order (summing to 100); omitted = even (a balanced pool). */
  sharesPct: z.array(z.number().positive()).optional(),
})

const curveGaugeSchema = z.strictObject({
  name: z.string().min(1),
  /** Where the gauge lives (its mainnet address on chain 1). */
  address,
  /** The LP token it stakes: the `lpSymbol` of a pool above. */
  lpSymbol: symbolRef,
  /** CRV per week paid to the whole gauge through the Minter (a flat rate on the devnet). */
  crvPerWeek: z.number().positive(),
  /**
   * Extra rewards: each token's amount spread over the first week (`deposit_reward_token`). A reward that
   * is not a scenario token declares it (`token`): a plain ERC-20 at its mainnet address, deployed with the
   * Curve contracts (so no other address moves).
   */
  rewards: z.array(z.strictObject({
    symbol: symbolRef,
    perWeek: z.number().positive(),
    token: z.strictObject({
      name: z.string().min(1),
      address,
      decimals: z.number().int().min(0).max(36),
      priceUsd: z.number().positive(),
      /** A Uniswap V2 pair against a scenario token (e.g. WETH), so the token routes and has a market price. */
      uniswapV2: z.strictObject({ pairWith: symbolRef, liquidityUsd: z.number().positive() }).optional(),
    }).optional(),
  })).max(8),
  /** Share of the deployer's LP tokens it stakes at seeding, in percent. */
  stakedPct: z.number().min(0).max(100),
})

/** A token a Curve stableswap-ng pool needs that the chain's token list lacks: a plain ERC-20 at its mainnet address. */
const curveNgTokenSchema = z.strictObject({
  symbol: z.string().min(1),
  name: z.string().min(1),
  address,
  decimals: z.number().int().min(0).max(18),
  priceUsd: z.number().positive(),
  /** A Uniswap V2 pair against a scenario token (e.g. USDC), so the token has a market of its own. */
  uniswapV2: z.strictObject({ pairWith: symbolRef, liquidityUsd: z.number().positive() }).optional(),
})

/** An ERC-4626 vault a stableswap-ng pool holds (asset type 3), at its mainnet address (our DevVault, an OpenZeppelin ERC-4626). */
const curveNgVaultSchema = z.strictObject({
  symbol: z.string().min(1),
  name: z.string().min(1),
  address,
  /** The vault's asset: a scenario token or a token declared above. */
  asset: symbolRef,
  /** Deposited at seeding, in USD. */
  depositUsd: z.number().positive(),
  /** Assets per share after seeding (yield donated), e.g. 1.1. */
  sharePrice: z.number().min(1).max(100),
})

const curveNgPoolSchema = z.strictObject({
  name: z.string().min(1),
  /** Where the pool lives (its mainnet address on chain 1); it is its own LP token. */
  address,
  /** The pool's ERC-20 symbol and name (its LP token's). */
  lpSymbol: z.string().min(1),
  lpName: z.string().min(1),
  /** The coins in the pool's order: scenario tokens, or tokens and vaults declared in this section. */
  coins: z.array(symbolRef).min(2).max(8),
  /** Per coin: 0 a plain ERC-20, 3 an ERC-4626 (rate `convertToAssets`). */
  assetTypes: z.array(z.union([z.literal(0), z.literal(3)])).min(2).max(8),
  /** Amplification `A()` (stored times 100). */
  A: z.number().int().min(1).max(999_999),
  /** Swap fee in 1e10 units (1_000_000 = 0.01%). */
  fee: z.number().int().min(0).max(5_000_000_000),
  /** `offpeg_fee_multiplier` in 1e10 units (20_000_000_000 = fees up to 2x off peg). */
  offpegFeeMultiplier: z.number().int().min(0),
  /** The price oracle's EMA time in seconds / ln 2 (866 ≈ 10 minutes). */
  maExpTime: z.number().int().min(1),
  /** Liquidity the deployer adds at seeding, in USD. */
  liquidityUsd: z.number().positive(),
  /** Each coin's share of `liquidityUsd` in percent (summing to 100); omitted = even. */
  sharesPct: z.array(z.number().positive()).optional(),
})

const curveDeclaredTokenSchema = z.strictObject({
  name: z.string().min(1),
  address,
  decimals: z.number().int().min(0).max(36),
  priceUsd: z.number().positive(),
  /** A Uniswap V2 pair against a scenario token (e.g. WETH), so the token routes and has a market price. */
  uniswapV2: z.strictObject({ pairWith: symbolRef, liquidityUsd: z.number().positive() }).optional(),
})

const curveTwocryptoPoolSchema = z.strictObject({
  /** Readable name, e.g. `CVG/ETH`; the pool is its own LP token, named `Curve.fi <name>`. */
  name: z.string().min(1),
  /** Where the pool lives (its mainnet address on chain 1); our DevCurveTwocryptoNG. */
  address,
  /** The two coins in the pool's order (scenario symbols, or tokens declared below). */
  coins: z.tuple([symbolRef, symbolRef]),
  /** Tokens the pool needs that the scenario does not have: plain ERC-20s at their mainnet addresses, deployed with the Curve contracts. */
  declare: z.array(z.strictObject({ symbol: symbolRef, token: curveDeclaredTokenSchema })).default([]),
  /** `A()` (A * N^N * 10000) and `gamma()` (1e18). */
  A: z.number().int().min(4_000).max(40_000_000),
  gamma: z.number().int().min(1e10).max(199e15),
  /** `mid_fee`, `out_fee` (1e10 units), `fee_gamma` (1e18). */
  midFee: z.number().int().min(0).max(1e10),
  outFee: z.number().int().min(0).max(1e10),
  feeGamma: z.number().int().min(1).max(1e18),
  /** `allowed_extra_profit`, `adjustment_step` (1e18) and `ma_time` as stored (seconds / ln 2). */
  allowedExtraProfit: z.number().int().min(0).max(1e18),
  adjustmentStep: z.number().int().min(0).max(1e18),
  maTime: z.number().int().min(1).max(7 * 86_400),
  /** Liquidity the deployer adds at seeding, in USD, half in each coin at the scenario's prices (the pool's initial price_scale). */
  liquidityUsd: z.number().positive(),
})

const curveSchema = z.strictObject({
  /** StableSwap pools: our Solidity implementations of the 3pool's and the ETH/stETH pool's ABI and math (contracts/devnet/DevCurveStableSwap*.sol). */
  pools: z.array(curvePoolSchema).min(1),
  /** The CRV Minter (its mainnet address on chain 1) and the CRV token's scenario symbol, when there are gauges. */
  minter: address.optional(),
  crv: symbolRef.optional(),
  /** Liquidity gauges (our DevCurveLiquidityGauge), paid CRV by the Minter. */
  gauges: z.array(curveGaugeSchema).default([]),
  /** Twocrypto-ng (CryptoSwap) pools: our Solidity implementation of the pool's ABI and math (contracts/devnet/DevCurveTwocryptoNG.sol). */
  twocryptoPools: z.array(curveTwocryptoPoolSchema).default([]),
  /** Tokens the stableswap-ng pools need beyond the chain's list (deployed with the Curve contracts, so no other address moves). */
  tokens: z.array(curveNgTokenSchema).default([]),
  /** ERC-4626 vaults the stableswap-ng pools hold (likewise). */
  vaults: z.array(curveNgVaultSchema).default([]),
  /** stableswap-ng plain pools (our DevCurveStableSwapNG: rates from oracles or ERC-4626 vaults, dynamic fees, the pool its own LP token). */
  ngPools: z.array(curveNgPoolSchema).default([]),
})

const aerodromePoolSchema = z.strictObject({
  /** The pair (scenario symbols, any order); the factory sorts them into token0/token1. */
  tokens: z.tuple([symbolRef, symbolRef]),
  /** `true`: the stable curve x^3 y + y^3 x (fee 0.05 %); `false`: x * y (fee 0.30 %). */
  stable: z.boolean(),
  /** Liquidity the deployer adds at seeding, in USD, half on each side. */
  liquidityUsd: z.number().positive(),
  /** The first token's price in the pool, off its scenario price by this many basis points (volatile pools only). */
  priceSkewBps: z.number().int().min(-5_000).max(5_000).default(0),
})

const aerodromeSchema = z.strictObject({
  /** Classic pools created by the PoolFactory (our implementation of Aerodrome's ABI and math, contracts/devnet/DevAerodrome*.sol). */
  pools: z.array(aerodromePoolSchema).min(1),
})

const pendleMarketSchema = z.strictObject({
  /** The scenario vault (an ERC-4626 vault's symbol) the market's SY wraps (our DevPendleERC4626SY). */
  vault: symbolRef,
  /** Days from the seeding block to the PT's expiry (rounded down to a whole day, the factory's divisor). */
  expiryDays: z.number().int().min(30).max(3650),
  /** The implied APY the market starts at, in percent (its initial rate anchor, with half its assets as PT). */
  impliedApyPct: z.number().positive().max(100),
  /** Pendle's `scalarRoot` in whole units (times 1e18 on chain); higher means less price impact. */
  scalarRoot: z.number().positive(),
  /** The trading fee rate in percent a year; the market stores its `ln(1 + rate)` as `lnFeeRateRoot`. */
  feeRatePct: z.number().min(0).max(5),
  /** Liquidity (SY and PT at the initial price) the seeder adds, in USD. */
  liquidityUsd: z.number().positive(),
})

const pendleSchema = z.strictObject({
  /** The market factory's share of trading fees sent to the treasury, in percent (Pendle's `reserveFeePercent`). */
  reserveFeePct: z.number().int().min(0).max(100),
  /** Markets (PendleMarketV7 from @pendle/core-v2), each over its own SY and PT/YT pair. */
  markets: z.array(pendleMarketSchema).min(1),
})

const stargatePoolSchema = z.strictObject({
  /** The pool's asset: a scenario token symbol (an ERC-20 pool), or `ETH` (the native-coin pool). */
  asset: symbolRef,
  /** Liquidity the deployer deposits as LP at seeding, in USD. */
  depositUsd: z.number().positive(),
})

const stargateSchema = z.strictObject({
  /** Pools to deploy; each needs a mainnet address in the address book's `stargateDeployments`. */
  pools: z.array(stargatePoolSchema).min(1),
  /** Share of each pool's deposit the planner sends as credit to the other Stargate chains (split evenly), in percent. */
  creditPct: z.number().min(0).max(100).default(50),
  /** FeeLibV1 fee on every transfer to another chain, in millionths of the amount (600 = 6 bps). */
  feeMillionth: z.number().int().min(0).max(1_000_000).default(600),
})

/**
 * A world generated on top of a chain's listed tokens and pools (the `large` scenario): how many of
 * each, from a seed (see `generateWorld`). Built through the same factories, after everything else.
 */
const generateSchema = z.strictObject({
  seed: z.string().min(1),
  tokens: z.number().int().min(0).max(200_000),
  uniswapV2: z.number().int().min(0).max(1_000_000),
  uniswapV3: z.number().int().min(0).max(200_000),
  uniswapV4: z.number().int().min(0).max(50_000),
  balancer: z.number().int().min(0).max(20_000),
  vaults: z.number().int().min(0).max(20_000),
})

export const scenarioSchema = z.strictObject({
  name: z.string(),
  /** Another scenario file (relative to this one) whose chains this one extends, chain by chain. */
  extends: z.string().optional(),
  /**
   * Scenario files (relative to this one) whose tokens and pools are added to this one's chains: a token
   * whose symbol the chain already lists is not added again, a pool the chain already holds neither.
   */
  include: z.array(z.string()).optional(),
  description: z.string().optional(),
  /** Timestamp of the devnet's first block; blocks then advance 12 s each while seeding. */
  genesisTimestamp: z.number().int().positive(),
  chains: z.record(
    z.string().regex(/^\d+$/),
    z.strictObject({
      tokens: z.array(tokenSchema).min(1),
      pools: z.array(poolSchema),
      vaults: z.array(vaultSchema).default([]),
      staking: stakingSchema.optional(),
      /** Aave V3 market (real bytecode from @aave/core-v3). */
      aave: aaveSchema.optional(),
      /** Morpho Blue markets (real bytecode compiled from @morpho-org/morpho-blue with solc 0.8.19). */
      morpho: morphoSchema.optional(),
      /** Curve StableSwap pools at their mainnet addresses (our implementation of Curve's ABI and math). */
      curve: curveSchema.optional(),
      /** Aerodrome classic pools at the addresses Aerodrome's factory derives (our implementation of its ABI and math). */
      aerodrome: aerodromeSchema.optional(),
      /** Pendle V2 markets (real bytecode from @pendle/core-v2) over scenario ERC-4626 vaults. */
      pendle: pendleSchema.optional(),
      /** Stargate V2 pools (real bytecode from @stargatefinance/stg-evm-v2), linked by credits across chains. */
      stargate: stargateSchema.optional(),
      /** A generated world on top of the listed tokens and pools. */
      generate: generateSchema.optional(),
    }),
  ),
})

/** A parsed scenario: tokens, reference prices, pools and liquidity per chain. */
export type Scenario = z.infer<typeof scenarioSchema>
export type ScenarioToken = z.infer<typeof tokenSchema>
export type ScenarioPool = z.infer<typeof poolSchema>
export type ScenarioVault = z.infer<typeof vaultSchema>
export type ScenarioStaking = z.infer<typeof stakingSchema>
export type ScenarioAave = z.infer<typeof aaveSchema>
export type ScenarioMorpho = z.infer<typeof morphoSchema>
export type ScenarioStargate = z.infer<typeof stargateSchema>
export type ScenarioCurve = z.infer<typeof curveSchema>
export type ScenarioAerodrome = z.infer<typeof aerodromeSchema>
export type ScenarioPendle = z.infer<typeof pendleSchema>
export type ScenarioMorphoMarket = z.infer<typeof morphoMarketSchema>
export type ScenarioAaveReserve = z.infer<typeof aaveReserveSchema>
export type ScenarioAaveReward = z.infer<typeof aaveRewardSchema>
export type ScenarioGenerate = z.infer<typeof generateSchema>

/** Path of the scenario shipped with switchyard. */
export const defaultScenarioPath = join(dirname(fileURLToPath(import.meta.url)), 'scenarios', 'default.json')

/**
 * Reads and validates a scenario file. Checks cross-references: pool tokens exist, weights sum to 1.
 * @param path - JSON file; defaults to the shipped scenario
 * @returns the scenario and its raw text (hashed into the devnet cache key)
 */
export function loadScenario(path: string = defaultScenarioPath): { scenario: Scenario; raw: string } {
  const json = readScenarioJson(path, 0)
  const raw = json.raw
  const scenario = scenarioSchema.parse(json.value)
  for (const [chainId, chain] of Object.entries(scenario.chains)) {
    const symbols = new Set(chain.tokens.map((t) => t.symbol))
    // The liquid-staking pair is a token set of its own (seeded first, minted through the protocol).
    if (chain.staking) symbols.add('stETH').add('wstETH')
    for (const r of chain.aave?.reserves ?? []) if (!symbols.has(r.symbol)) throw new Error(`scenario chain ${chainId}: aave reserve ${r.symbol} is not a token`)
    for (const r of chain.aave?.rewards ?? []) {
      if (!chain.aave?.reserves.some((x) => x.symbol === r.reserve)) throw new Error(`scenario chain ${chainId}: aave reward on ${r.reserve}, which is not a reserve`)
      if (!symbols.has(r.reward)) throw new Error(`scenario chain ${chainId}: aave reward token ${r.reward} is not a token`)
    }
    for (const m of chain.morpho?.markets ?? []) {
      const name = `${m.collateral}/${m.loan}`
      if (!symbols.has(m.collateral) || !symbols.has(m.loan)) throw new Error(`scenario chain ${chainId}: morpho market ${name} has an unknown token`)
      if (m.collateral === m.loan) throw new Error(`scenario chain ${chainId}: morpho market ${name} lends against itself`)
      if (!chain.morpho?.lltvs.includes(m.lltv)) throw new Error(`scenario chain ${chainId}: morpho market ${name} uses LLTV ${m.lltv}, which is not enabled`)
    }
    for (const p of chain.curve?.pools ?? []) {
      const declared = new Set([...(p.declares ?? []).map((t) => t.symbol), ...chain.curve!.pools.filter((b) => b.name === p.basePool).map((b) => b.lpSymbol)])
      if (p.variant === 'meta' && (!p.zap || p.coins.length !== 2 || !chain.curve!.pools.some((b) => b.name === p.basePool && b.variant === '3pool' && b.lpSymbol === p.coins[1]))) throw new Error(`scenario chain ${chainId}: curve pool ${p.name} (meta) needs a zap and coins [its coin, the lpSymbol of its basePool, a 3pool listed before it]`)
      for (const c of p.coins) if (!symbols.has(c) && !declared.has(c) && !(p.variant === 'steth' && c === 'ETH')) throw new Error(`scenario chain ${chainId}: curve pool ${p.name} coin ${c} is not a token`)
      if (new Set(p.coins).size !== p.coins.length) throw new Error(`scenario chain ${chainId}: curve pool ${p.name} lists a coin twice`)
      if (p.variant === '3pool' && p.coins.length !== 3) throw new Error(`scenario chain ${chainId}: curve pool ${p.name} (3pool) needs three coins`)
      if (p.variant === 'steth' && (p.coins[0] !== 'ETH' || p.coins[1] !== 'stETH' || p.coins.length !== 2)) throw new Error(`scenario chain ${chainId}: curve pool ${p.name} (steth) has coins ETH and stETH`)
      if (p.sharesPct && (p.sharesPct.length !== p.coins.length || Math.abs(p.sharesPct.reduce((a, b) => a + b, 0) - 100) > 1e-9)) throw new Error(`scenario chain ${chainId}: curve pool ${p.name} sharesPct must give each coin a share, summing to 100`)
    }
    const ngSymbols = new Set([...symbols, ...(chain.curve?.tokens ?? []).map((t) => t.symbol), ...(chain.curve?.vaults ?? []).map((v) => v.symbol)])
    for (const v of chain.curve?.vaults ?? []) if (!ngSymbols.has(v.asset)) throw new Error(`scenario chain ${chainId}: curve vault ${v.symbol} has unknown asset ${v.asset}`)
    for (const p of chain.curve?.ngPools ?? []) {
      for (const c of p.coins) if (!ngSymbols.has(c)) throw new Error(`scenario chain ${chainId}: curve ng pool ${p.name} coin ${c} is not a token`)
      if (new Set(p.coins).size !== p.coins.length) throw new Error(`scenario chain ${chainId}: curve ng pool ${p.name} lists a coin twice`)
      if (p.assetTypes.length !== p.coins.length) throw new Error(`scenario chain ${chainId}: curve ng pool ${p.name} needs one asset type per coin`)
      p.coins.forEach((c, k) => {
        if (p.assetTypes[k] === 3 && !chain.curve?.vaults.some((v) => v.symbol === c)) throw new Error(`scenario chain ${chainId}: curve ng pool ${p.name} coin ${c} (asset type 3) is not a declared vault`)
      })
      if (p.sharesPct && (p.sharesPct.length !== p.coins.length || Math.abs(p.sharesPct.reduce((a, b) => a + b, 0) - 100) > 1e-9)) throw new Error(`scenario chain ${chainId}: curve ng pool ${p.name} sharesPct must give each coin a share, summing to 100`)
    }
    for (const p of chain.curve?.twocryptoPools ?? []) {
      const declared = new Set(p.declare.map((d) => d.symbol))
      for (const c of p.coins) if (!symbols.has(c) && !declared.has(c)) throw new Error(`scenario chain ${chainId}: curve twocrypto pool ${p.name} coin ${c} is not a token and is not declared`)
      if (p.coins[0] === p.coins[1]) throw new Error(`scenario chain ${chainId}: curve twocrypto pool ${p.name} lists a coin twice`)
    }
    for (const p of chain.aerodrome?.pools ?? []) {
      const name = `${p.stable ? 's' : 'v'}AMM-${p.tokens.join('/')}`
      for (const t of p.tokens) if (!symbols.has(t)) throw new Error(`scenario chain ${chainId}: aerodrome pool ${name} token ${t} is not a token`)
      if (p.tokens[0] === p.tokens[1]) throw new Error(`scenario chain ${chainId}: aerodrome pool ${name} pairs a token with itself`)
      if (p.stable && p.priceSkewBps !== 0) throw new Error(`scenario chain ${chainId}: aerodrome pool ${name} is stable: its first deposit must be balanced (no priceSkewBps)`)
    }
    for (const g of chain.curve?.gauges ?? []) {
      if (!chain.curve?.pools.some((p) => p.lpSymbol === g.lpSymbol)) throw new Error(`scenario chain ${chainId}: curve gauge ${g.name} stakes ${g.lpSymbol}, which is no pool's LP token`)
      if (!chain.curve.minter || !chain.curve.crv || !symbols.has(chain.curve.crv)) throw new Error(`scenario chain ${chainId}: curve gauges need the Minter's address and CRV (a token)`)
      for (const r of g.rewards) if (!symbols.has(r.symbol) && !r.token) throw new Error(`scenario chain ${chainId}: curve gauge ${g.name} reward ${r.symbol} is not a token and declares none`)
    }
    for (const p of chain.stargate?.pools ?? []) {
      if (p.asset !== 'ETH' && !symbols.has(p.asset)) throw new Error(`scenario chain ${chainId}: stargate pool asset ${p.asset} is not a token`)
    }
    for (const v of chain.vaults) if (!symbols.has(v.asset)) throw new Error(`scenario chain ${chainId}: vault ${v.symbol} has unknown asset ${v.asset}`)
    for (const pool of chain.pools) {
      // A Uniswap V4 pool may hold the native coin itself, named ETH.
      for (const s of pool.tokens) if (!symbols.has(s) && !(pool.protocol === 'uniswap-v4' && s === 'ETH')) throw new Error(`scenario chain ${chainId}: unknown token ${s}`)
      if (pool.protocol === 'balancer-v2-weighted') {
        if (pool.weights.length !== pool.tokens.length) throw new Error(`scenario chain ${chainId}: weights/tokens length`)
        const sum = pool.weights.reduce((acc, w) => acc + parseWeight(w), 0n)
        if (sum !== 10n ** 18n) throw new Error(`scenario chain ${chainId}: weights of ${pool.tokens.join('/')} sum to ${sum}`)
      }
    }
  }
  return { scenario, raw }
}

/**
 * A scenario file's JSON, with `extends` resolved: the base file's chains, each overlaid field by field
 * by this file's entry for it. `raw` is the file itself, or for an extension the merged JSON (so the
 * devnet cache key covers the base file too).
 */
function readScenarioJson(path: string, depth: number): { value: Record<string, unknown>; raw: string } {
  const raw = readFileSync(path, 'utf8')
  const value = JSON.parse(raw) as Record<string, unknown>
  if (typeof value.extends !== 'string' && !Array.isArray(value.include)) return { value, raw }
  if (depth >= 4) throw new Error(`scenario ${path}: extends nests deeper than 4 files`)
  const base = typeof value.extends === 'string' ? readScenarioJson(join(dirname(path), value.extends), depth + 1).value : {}
  const baseChains = (base.chains ?? {}) as Record<string, Record<string, unknown>>
  const ownChains = (value.chains ?? {}) as Record<string, Record<string, unknown>>
  const chains: Record<string, Record<string, unknown>> = { ...baseChains }
  for (const [id, chain] of Object.entries(ownChains)) chains[id] = { ...baseChains[id], ...chain }
  for (const file of (value.include ?? []) as string[]) {
    const included = (readScenarioJson(join(dirname(path), file), depth + 1).value.chains ?? {}) as Record<string, Record<string, unknown>>
    for (const [id, extra] of Object.entries(included)) {
      const chain = chains[id]
      if (!chain) continue
      const tokens = (chain.tokens ?? []) as { symbol: string }[]
      const symbols = new Set(tokens.map((t) => t.symbol))
      const pools = (chain.pools ?? []) as ScenarioPool[]
      const held = new Set(pools.map(poolKeyOf))
      chains[id] = {
        ...chain,
        tokens: [...tokens, ...((extra.tokens ?? []) as { symbol: string }[]).filter((t) => !symbols.has(t.symbol))],
        pools: [...pools, ...((extra.pools ?? []) as ScenarioPool[]).filter((p) => !held.has(poolKeyOf(p)) && !!held.add(poolKeyOf(p)))],
      }
    }
  }
  const { extends: _, include: __, ...own } = value
  const merged = { ...base, ...own, chains }
  delete (merged as Record<string, unknown>).extends
  return { value: merged, raw: JSON.stringify(merged) }
}

/** A pool's identity in its protocol: V2 per pair, V3 per pair and fee, V4 per pair, fee and spacing, Balancer per tokens, weights and fee. */
export function poolKeyOf(p: ScenarioPool): string {
  const pair = [...p.tokens].sort().join('|')
  if (p.protocol === 'uniswap-v2') return `v2|${pair}`
  if (p.protocol === 'uniswap-v3') return `v3|${pair}|${p.fee}`
  if (p.protocol === 'uniswap-v4') return `v4|${pair}|${p.fee}|${p.tickSpacing}`
  return `bal|${p.tokens.join('|')}|${p.weights.join('|')}|${p.swapFeeBps}`
}

/** "0.25" → 0.25e18 as a bigint. */
export function parseWeight(w: string): bigint {
  const [, frac = ''] = w.split('.')
  return BigInt(frac.padEnd(18, '0'))
}
