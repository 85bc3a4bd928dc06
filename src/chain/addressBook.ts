import { readFileSync } from 'node:fs'
import type { Address, Hex } from 'viem'

/**
 * The address book: every contract switchyard talks to, per chain. This module is the only place
 * that names protocol addresses; everything else reads them from a {@link ChainAddressBook}.
 */

/** Canonical mainnet-style addresses of the protocol contracts we deploy or expect, per chain. */
export const canonicalAddresses = {
  1: {
    weth: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
    multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
    permit2: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
    uniswapV2Factory: '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f',
    uniswapV2Router02: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D',
    uniswapV3Factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
    uniswapV3PositionManager: '0xC36442b4a4522E871399CD717aBDD847Ab11FE88',
    uniswapV3SwapRouter02: '0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45',
    uniswapV3QuoterV2: '0x61fFE014bA17989E743c5F6cB21bF9697530B21e',
    uniswapV3TickLens: '0xbfd8137f7d1516D3ea5cA83523914859ec47F573',
    balancerVault: '0xBA12222222228d8Ba445958a75a0704d566BF2C8',
    balancerAuthorizer: '0xA331D84eC860Bf466b4CdCcFb4aC09a1B43F3aE6',
    balancerWeightedPoolFactory: '0x5Dd94Da3644DDD055fcf6B3E1aa310Bb7801EB8b',
    balancerQueries: '0xE39B5e3B6D74016b2F6A9673D7d7493B6DF549d5',
    balancerProtocolFeeProvider: '0x97207B095e4D5C9a6e4cfbfcd2C3358E03B90c4A',
  },
  8453: {
    weth: '0x4200000000000000000000000000000000000006',
    multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
    permit2: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
    uniswapV2Factory: '0x8909Dc15e40173Ff4699343b6eB8132c65e18eC6',
    uniswapV2Router02: '0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24',
    uniswapV3Factory: '0x33128a8fC17869897dcE68Ed026d694621f6FDfD',
    uniswapV3PositionManager: '0x03a520b32C04BF3bEEf7BEb72E919cf822Ed34f1',
    uniswapV3SwapRouter02: '0x2626664c2603336E57B271c5C0b26F421741e481',
    uniswapV3QuoterV2: '0x3d4e44Eb1374240CE5F1B871ab261CD16335B76a',
    uniswapV3TickLens: '0x0CdeE061c75D43c82520eD998C23ac2991c9ac6d',
    balancerVault: '0xBA12222222228d8Ba445958a75a0704d566BF2C8',
    balancerAuthorizer: '0xA331D84eC860Bf466b4CdCcFb4aC09a1B43F3aE6',
    balancerWeightedPoolFactory: '0x5Dd94Da3644DDD055fcf6B3E1aa310Bb7801EB8b',
    balancerQueries: '0xE39B5e3B6D74016b2F6A9673D7d7493B6DF549d5',
    balancerProtocolFeeProvider: '0x97207B095e4D5C9a6e4cfbfcd2C3358E03B90c4A',
  },
} as const satisfies Record<number, Record<string, Address>>

/** Arachnid's deterministic-deployment (CREATE2) proxy, at the same address on every chain. */
export const deterministicDeployer: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'

/** Canonical addresses of protocols that exist only on some chains (external-node discovery). */
export const canonicalOptionalAddresses: Record<
  number,
  { lidoStETH?: Address; lidoWstETH?: Address; aaveV3AddressesProvider?: Address; aaveV3WrappedTokenGateway?: Address }
> = {
  1: {
    lidoStETH: '0xae7ab96520DE3A18E5e111B5EaAb095312D7fE84',
    lidoWstETH: '0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0',
    aaveV3AddressesProvider: '0x2f39d218133AFaB8F2B819B1066c7E434Ad94E9e',
    aaveV3WrappedTokenGateway: '0xD322A49006FC828F9B5B37Ab215F99B4E5caB19C',
  },
}

/**
 * The Uniswap V4 PoolManager (a singleton holding every V4 pool) at its mainnet address per chain
 * (uniswap docs "Deployments"). The devnet deploys `@uniswap/v4-core@1.0.2` bytecode there.
 */
export const uniswapV4PoolManagers: Record<number, Address> = {
  1: '0x000000000004444c5dc75cB358380D2e3dE08A90',
  8453: '0x498581fF718922c3f8e6A244956aF099B2652b2b',
}

/**
 * The Uniswap V4 PositionManager (the position NFTs over the PoolManager) at its mainnet address per chain
 * (uniswap docs "Deployments"). The devnet deploys `@uniswap/v4-periphery@1.0.3` bytecode there.
 */
export const uniswapV4PositionManagers: Record<number, Address> = {
  1: '0xbD216513d74C8cf14cf4747E6AaA6420FF64ee9e',
  8453: '0x7C5f5A4bBd8fD63184577525326123B519429bDc',
}

/**
 * LayerZero V2 per chain: EndpointV2 (the same address on every EVM chain) and the chain's endpoint id
 * (eid). Only the endpoint sits at a mainnet address; the devnet's message libraries are ours
 * (see `src/chain/devnet/deployLayerZero.ts`).
 */
export const layerZeroDeployments: Record<number, { endpoint: Address; eid: number }> = {
  1: { endpoint: '0x1a44076050125825900e736c501f859c50fE728c', eid: 30101 },
  8453: { endpoint: '0x1a44076050125825900e736c501f859c50fE728c', eid: 30184 },
}

/** Where one Stargate V2 pool and its FeeLibV1 live on mainnet, and the pool's Stargate asset id. */
export type StargatePoolDeployment = {
  pool: Address
  feeLib: Address
  /** Stargate's asset id (1 USDC, 13 ETH), the same on every chain. */
  assetId: number
  /** Decimals shared by every chain's pool of the asset (6 for every Stargate V2 pool). */
  sharedDecimals: number
}

/** Stargate V2's mainnet contracts on one chain. */
export type StargateDeployment = {
  /** The account that created every contract below with `CREATE` (the devnet replays its nonces). */
  deployer: Address
  tokenMessaging: Address
  creditMessaging: Address
  /** Pools by the symbol of the asset they hold: a token symbol, or `ETH` for the native-coin pool. */
  pools: Record<string, StargatePoolDeployment>
}

/**
 * Stargate V2 per chain, at mainnet addresses: from the deployment records shipped in
 * `@stargatefinance/stg-evm-v2` (`deployments/<chain>-mainnet/*.json`), which agree with Stargate's
 * "Mainnet Contracts" and "Asset IDs" docs pages.
 */
export const stargateDeployments: Record<number, StargateDeployment> = {
  1: {
    deployer: '0x4A79AdC4539905376D339C69b6a7092D0598cc24',
    tokenMessaging: '0x6d6620eFa72948C5f68A3C8646d58C00d3f4A980',
    creditMessaging: '0x6b8aD17795d89B283e6D0362A87A403f3544bb9d',
    pools: {
      USDC: { pool: '0xc026395860Db2d07ee33e05fE50ed7bD583189C7', feeLib: '0x52B35406CB2FB5e0038EdEcFc129A152a1f74087', assetId: 1, sharedDecimals: 6 },
      ETH: { pool: '0x77b2043768d28E9C9aB44E1aBfC95944bcE57931', feeLib: '0x3E368B6C95c6fEfB7A16dCc0D756389F3c658a06', assetId: 13, sharedDecimals: 6 },
    },
  },
  8453: {
    deployer: '0x4A79AdC4539905376D339C69b6a7092D0598cc24',
    tokenMessaging: '0x5634c4a5FEd09819E3c46D86A965Dd9447d86e47',
    creditMessaging: '0x12dC9256Acc9895B076f6638D628382881e62CeE',
    pools: {
      USDC: { pool: '0x27a16dc786820B16E5c9028b75B99F6f604b5d26', feeLib: '0x08ed1d79D509A6f1020685535028ae60C144441E', assetId: 1, sharedDecimals: 6 },
      ETH: { pool: '0xdc181Bd607330aeeBEF6ea62e03e5e1Fb4B6F7C7', feeLib: '0x17E450Be3Ba9557F2378E20d64AD417E59Ef9A34', assetId: 13, sharedDecimals: 6 },
    },
  },
}

/** Chains for which we know canonical protocol addresses (the devnet default chains). */
export type CanonicalChainId = keyof typeof canonicalAddresses

/** A token known to the address book. */
export type TokenEntry = {
  address: Address
  symbol: string
  name: string
  decimals: number
  /** Reference USD price from the scenario (devnet) or configuration. */
  priceUsd: number
  /** Behaviour class: plain ERC-20, WETH9, USDT-like, fee-on-transfer. */
  kind: 'erc20' | 'weth' | 'tether' | 'feeOnTransfer' | 'rebasing'
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

/** One ERC-4626 vault. */
export type Erc4626VaultEntry = { address: Address; asset: Address; symbol: string }

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

/** What `npm start` writes to `.switchyard/devnet.json`. */
export type DevnetManifest = {
  scenario: string
  chains: Record<number, { rpcUrl: string; addressBook: ChainAddressBook }>
}

/**
 * Reads a devnet manifest written by `npm start` (`.switchyard/devnet.json`).
 * @param path - file path
 * @returns the parsed manifest
 */
export function readDevnetManifest(path: string): DevnetManifest {
  return JSON.parse(readFileSync(path, 'utf8')) as DevnetManifest
}

/**
 * Finds a token in a chain's address book by symbol or address (case-insensitive).
 * @returns the token, or `undefined`
 */
export function findToken(book: ChainAddressBook, symbolOrAddress: string): TokenEntry | undefined {
  const needle = symbolOrAddress.toLowerCase()
  return Object.values(book.tokens).find((t) => t.symbol.toLowerCase() === needle || t.address.toLowerCase() === needle)
}
