import type { Address, Hex } from 'viem'

/**
 * The address book: every contract switchyard talks to, per chain, as plain data (JSON in a devnet
 * manifest). The canonical addresses it is filled from are in `canonicalAddresses.ts`.
 */

/** A token known to the address book. */
export type TokenEntry = {
  address: Address
  symbol: string
  name: string
  decimals: number
  /** Reference USD price from the scenario (devnet) or configuration. */
  priceUsd: number
  /**
   * Behaviour class: plain ERC-20, WETH9, USDT-like, fee-on-transfer, rebasing, or another class of the
   * weird-ERC20 catalogue the devnet deploys (see `tokenContractOf`). Labels only: the service detects what
   * it must from the chain.
   */
  kind:
    | 'erc20' | 'weth' | 'tether' | 'feeOnTransfer' | 'rebasing'
    | 'pausable' | 'blocklist' | 'zeroTransferRevert' | 'approvalRace' | 'hook' | 'upgradable' | 'flashMint' | 'transferMax'
}

/** One Uniswap V2 pair. */
export type UniswapV2PairEntry = { address: Address; token0: Address; token1: Address; feeBps: number }
/** One Uniswap V3 pool. */
export type UniswapV3PoolEntry = { address: Address; token0: Address; token1: Address; fee: number; tickSpacing: number }
/**
 * One Uniswap V4 pool: its id (keccak256 of the ABI-encoded PoolKey) and its PoolKey. Currency
 * `0x0000000000000000000000000000000000000000` is the native coin; only hookless pools are listed.
 */
export type UniswapV4PoolEntry = { id: Hex; currency0: Address; currency1: Address; fee: number; tickSpacing: number; hooks: Address }
/** One Balancer V2 weighted pool. */
export type BalancerWeightedPoolEntry = { address: Address; poolId: Hex; tokens: Address[]; weights: string[]; swapFeeBps: number }

/**
 * One Curve StableSwap pool (3pool generation): the pool, its LP token (the real pools expose no getter
 * for it) and its coins in `coins(i)` order.
 */
export type CurveStableSwapPoolEntry = {
  address: Address
  lpToken: Address
  coins: Address[]
  name: string
  /**
   * The pool's generation where it is not the 3pool's: `steth` is the ETH/stETH pool's (A stored times 100,
   * coin 0 the native coin 0xEeee…EEeE, balances read from what the pool holds, payable calls that return
   * what they paid); `meta` is a metapool of Curve's 2020 template (A stored times 100, coin 1 the base
   * pool's LP token priced at its cached virtual price, `exchange_underlying` through the base pool); `ng` a
   * stableswap-ng plain pool (its own LP token: `lpToken` is the pool; rates from `stored_rates()`, dynamic fees).
   */
  variant?: 'steth' | 'meta' | 'ng' | undefined
  /**
   * A metapool's Deposit zap (`variant` `meta`: a metapool of Curve's 2020 template over a base pool it names
   * through `base_pool()`, coin 1 that pool's LP token): the pool does not know its zap, so the book does.
   */
  zap?: Address | undefined
}

/** One Curve twocrypto-ng pool (CryptoSwap, two coins; the pool is its own LP token) and its coins in `coins(i)` order. */
export type CurveTwocryptoPoolEntry = { address: Address; coins: Address[]; name: string }

/**
 * One Curve liquidity gauge: its LP token, the extra reward tokens `claim_rewards` pays (CRV is paid by the
 * chain's Minter, `curve.minter`).
 */
export type CurveGaugeEntry = { address: Address; lpToken: Address; rewardTokens: Address[]; name: string }

/** One Aerodrome classic pool: its address (the factory's clone), its sorted pair and its curve. */
export type AerodromePoolEntry = { address: Address; token0: Address; token1: Address; stable: boolean }

/** One ERC-4626 vault. */
export type Erc4626VaultEntry = { address: Address; asset: Address; symbol: string }

/**
 * One Pendle V2 market: the market (also its LP token), its SY, PT and YT, and the token the SY takes in
 * and pays out besides its yield token (an ERC-4626 SY's vault asset).
 */
export type PendleMarketEntry = { address: Address; sy: Address; pt: Address; yt: Address; asset: Address; yieldToken: Address; expiry: number }

/** A liquidity-mining reward paid by the RewardsController to the holders of one of a reserve's tokens. */
export type AaveV3RewardEntry = {
  /** The incentivized token (the reserve's aToken or variable debt token): pass it to `claimRewards`. */
  token: Address
  /** The reward token. */
  reward: Address
}

/** One Aave V3 reserve: the asset and its aToken (also in `tokens`) and variable debt token. */
export type AaveV3ReserveEntry = {
  asset: Address
  aToken: Address
  variableDebtToken: Address
  symbol: string
  /** Rewards emitted on this reserve's tokens, if any. */
  rewards?: AaveV3RewardEntry[] | undefined
}

/** An Aave V3 market. */
export type AaveV3Entry = {
  /** The Pool proxy: supply, borrow, repay, withdraw. */
  pool: Address
  addressesProvider: Address
  /** The PoolConfigurator proxy. */
  poolConfigurator: Address
  dataProvider: Address
  oracle: Address
  /** The RewardsController proxy (the tokens' incentives controller): `claimRewards`, `claimAllRewards`. */
  rewardsController?: Address | undefined
  /** WrappedTokenGatewayV3: `depositETH`, `withdrawETH`, `repayETH`, `borrowETH`. */
  wrappedTokenGateway?: Address | undefined
  reserves: AaveV3ReserveEntry[]
}

/**
 * One Morpho Blue market: its id (keccak256 of the ABI-encoded MarketParams) and its MarketParams.
 * `lltv` is a WAD as a decimal string (the address book is JSON), e.g. `"860000000000000000"`.
 */
export type MorphoBlueMarketEntry = {
  id: Hex
  loanToken: Address
  collateralToken: Address
  oracle: Address
  irm: Address
  lltv: string
  /** Readable name, `<collateral>/<loan>-<lltv %>`, e.g. `WETH/USDC-86`. */
  symbol?: string | undefined
}

/** LayerZero V2 on one chain: the endpoint, its eid and the default message libraries for the other devnet chains. */
export type LayerZeroEntry = {
  /** EndpointV2: `quote`, `send`; a relayer calls `lzReceive` on it after the receive library verified a packet. */
  endpoint: Address
  /** This chain's endpoint id (30101 Ethereum, 30184 Base). */
  eid: number
  /** Default send library for every other devnet eid (a SimpleMessageLib on the devnet). */
  sendLib: Address
  /** Default receive library for every other devnet eid: the relayer calls its `validatePacket`. */
  receiveLib: Address
  /** The only account the receive library accepts `validatePacket` from (devnet). */
  relayer?: Address | undefined
}

/** One Stargate V2 pool (StargatePool, or StargatePoolNative for the native coin). */
export type StargatePoolEntry = {
  /** The pool: `send`, `quoteSend`, `quoteOFT`, `deposit`, `redeem`. */
  pool: Address
  /** The ERC-20 it holds, or `0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE` for the native pool. */
  token: Address
  /** The asset's symbol: the token's, or `ETH` for the native pool. */
  symbol: string
  /** Stargate's asset id (1 USDC, 13 ETH); TokenMessaging routes messages by it. */
  assetId: number
  /** The pool's FeeLibV1. */
  feeLib: Address
  /** True for StargatePoolNative: `send` takes the amount as `msg.value` on top of the messaging fee. */
  native: boolean
  /** Decimals amounts travel in between chains (amounts are truncated to them). */
  sharedDecimals: number
  /** The token's decimals on this chain. */
  localDecimals: number
  /** The pool's LP token (created by the pool). */
  lpToken: Address
}

/** Stargate V2 on one chain: the two messaging OApps and the pools. */
export type StargateEntry = {
  /** Carries token transfers (taxi and bus) to the peer TokenMessaging on each other chain. */
  tokenMessaging: Address
  /** Carries the planner's credits between chains. */
  creditMessaging: Address
  pools: StargatePoolEntry[]
}

/** One enabled Across deposit route: `token` may be deposited here for `destinationChainId`. */
export type AcrossRouteEntry = {
  /** Input token on this chain (`enabledDepositRoutes[token][destinationChainId]`). */
  token: Address
  destinationChainId: number
  /** The equivalent token on the destination (what relayers send). The SpokePool does not store it (the HubPool's routes do); kept for quoting. */
  outputToken?: Address | undefined
}

/** Across V3 on one chain. */
export type AcrossEntry = {
  /** The SpokePool (ERC1967 proxy) at its mainnet address: `depositV3`, `fillV3Relay`, `fillStatuses`. */
  spokePool: Address
  /** The SpokePool implementation behind the proxy. */
  implementation: Address
  contractName: 'Ethereum_SpokePool' | 'Base_SpokePool'
  /** Fills deposits on the devnet (see `fillAcrossDeposit`); funded with every route token and approved. */
  relayer: Address
  /** Who may call admin functions: the owner (Ethereum) or the L1 cross-domain admin (Base, through the messenger). */
  admin: Address
  /** Seconds a deposit's quoteTimestamp may lag the origin block time. */
  depositQuoteTimeBuffer: number
  /** Seconds past the origin block time a deposit's fillDeadline may reach. */
  fillDeadlineBuffer: number
  routes: AcrossRouteEntry[]
}

/** Our own deployed contracts (filled in once they are deployed). */
export type SwitchyardContractsEntry = Record<string, Address | Record<string, Address>>

/** Every contract on one chain. */
export type ChainAddressBook = {
  chainId: number
  /** Tokens by symbol. */
  tokens: Record<string, TokenEntry>
  weth: Address
  multicall3: Address
  permit2: Address
  uniswapV2: { factory: Address; router02: Address; pairs: UniswapV2PairEntry[] }
  uniswapV3: {
    factory: Address
    positionManager: Address
    swapRouter02: Address
    quoterV2: Address
    tickLens: Address
    pools: UniswapV3PoolEntry[]
  }
  /**
   * Uniswap V4: the PoolManager singleton, the PositionManager (position NFTs; absent where it has no code)
   * and the pools (by id; V4 pools have no address of their own).
   */
  uniswapV4?: { poolManager: Address; positionManager?: Address | undefined; pools: UniswapV4PoolEntry[] } | undefined
  balancerV2: {
    vault: Address
    authorizer: Address
    weightedPoolFactory: Address
    queries: Address
    protocolFeeProvider: Address
    pools: BalancerWeightedPoolEntry[]
  }
  /** Curve StableSwap pools (on the devnet: our implementation of the 3pool's ABI and math at its mainnet address). */
  curve?: {
    pools: CurveStableSwapPoolEntry[]
    /** Twocrypto-ng pools (on the devnet: our implementation of the pool's ABI and math at a mainnet address). */
    twocryptoPools?: CurveTwocryptoPoolEntry[] | undefined
    /** Liquidity gauges (on the devnet: our implementation of a gauge's interface at the steCRV gauge's mainnet address). */
    gauges?: CurveGaugeEntry[] | undefined
    /** The CRV Minter (`mint(gauge)` pays a gauge's CRV) and CRV, where the chain has them. */
    minter?: Address | undefined
    crv?: Address | undefined
  } | undefined
  /**
   * Aerodrome classic pools (volatile x*y and stable x^3y+y^3x) behind the PoolFactory; on the devnet our
   * implementation of their ABI and math, at the addresses Aerodrome's factory derives.
   */
  aerodrome?: { factory: Address; implementation: Address; router: Address; pools: AerodromePoolEntry[] } | undefined
  /**
   * Pendle V2 (real bytecode from @pendle/core-v2): the yield contract factory, the market factory and the
   * markets. On the devnet each market's SY is our implementation of Pendle's SY interface over a vault.
   */
  pendle?: { yieldContractFactory: Address; marketFactory: Address; markets: PendleMarketEntry[] } | undefined
  /** Liquid staking with Lido's interface: stETH (rebasing) and wstETH (also in `tokens`). */
  lido?: { stETH: Address; wstETH: Address } | undefined
  /** ERC-4626 vaults (their share tokens are also in `tokens`). */
  erc4626?: { vaults: Erc4626VaultEntry[] } | undefined
  /** Aave V3 market: the Pool (proxy), its addresses provider, configurator, data provider, oracle, periphery and reserves. */
  aaveV3?: AaveV3Entry | undefined
  /** Morpho Blue: the singleton (at its mainnet address on chain 1), the IRM its markets use, and the markets. */
  morphoBlue?: { morpho: Address; irm: Address; markets: MorphoBlueMarketEntry[] } | undefined
  /** LayerZero V2 messaging (EndpointV2 at its mainnet address, SimpleMessageLib as send and receive library). */
  layerZero?: LayerZeroEntry | undefined
  /** Stargate V2 (real bytecode at mainnet addresses) on top of `layerZero`: taxi sends with compose. */
  stargate?: StargateEntry | undefined
  /** Across V3 (real SpokePool bytecode at its mainnet address) and the devnet's relayer account. */
  across?: AcrossEntry | undefined
  switchyard?: SwitchyardContractsEntry | undefined
}

/** The address book of every configured chain, keyed by chain id. */
export type AddressBook = Record<number, ChainAddressBook>
