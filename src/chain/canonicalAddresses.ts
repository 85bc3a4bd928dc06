import type { Address } from 'viem'
import type { CurveGaugeEntry, CurveStableSwapPoolEntry, CurveTwocryptoPoolEntry } from './addressBook.js'

/**
 * Canonical (mainnet) addresses of the protocol contracts, per chain: the devnet deploys real bytecode
 * at them and external-node discovery looks for them there. This is the only module that names
 * protocol addresses; everything else reads a chain's `ChainAddressBook` (`addressBook.ts`).
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
  { lidoStETH?: Address; lidoWstETH?: Address; aaveV3AddressesProvider?: Address; aaveV3WrappedTokenGateway?: Address; morphoBlue?: Address }
> = {
  1: {
    lidoStETH: '0xae7ab96520DE3A18E5e111B5EaAb095312D7fE84',
    lidoWstETH: '0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0',
    aaveV3AddressesProvider: '0x2f39d218133AFaB8F2B819B1066c7E434Ad94E9e',
    aaveV3WrappedTokenGateway: '0xD322A49006FC828F9B5B37Ab215F99B4E5caB19C',
    morphoBlue: '0xBBBBBbbBBb9cC5e90e3b3Af64bdAF62C37EEFFCb',
  },
  8453: {
    morphoBlue: '0xBBBBBbbBBb9cC5e90e3b3Af64bdAF62C37EEFFCb',
  },
}

/**
 * USD stablecoins taken at $1 by external-node discovery: the anchors every other token's price is
 * carried from through the pools (an operator's token list may add or override anchors).
 */
export const priceAnchors: Record<number, readonly Address[]> = {
  // USDC, USDT, DAI.
  1: ['0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', '0xdAC17F958D2ee523a2206206994597C13D831ec7', '0x6B175474E89094C44Da98b954EedeAC495271d0F'],
  // USDC, USDbC, DAI.
  8453: ['0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', '0xd9aAEc86B65D86f6A7B5B1b0c42FFA531710b6CA', '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb'],
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

/**
 * Curve StableSwap pools of the 3pool generation per chain, at their mainnet addresses: an external
 * node's address book picks them up where their code is (no single factory emits them). The devnet
 * deploys our implementation of their ABI and math at the same addresses.
 */
export const curveStableSwapPools: Record<number, readonly CurveStableSwapPoolEntry[]> = {
  1: [{
    name: '3pool',
    address: '0xbEbc44782C7dB0a1A60Cb6fe97d0b483032FF1C7',
    lpToken: '0x6c3F90f043a72FA612cbac8115EE7e52BDe6E490',
    coins: ['0x6B175474E89094C44Da98b954EedeAC495271d0F', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', '0xdAC17F958D2ee523a2206206994597C13D831ec7'],
  }, {
    name: 'steth',
    variant: 'steth',
    address: '0xDC24316b9AE028F1497c275EB9192a3Ea0f67022',
    lpToken: '0x06325440D014e39736583c165C2963BA99fAf14E',
    coins: ['0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', '0xae7ab96520DE3A18E5e111B5EaAb095312D7fE84'],
  }, {
    // Curve's GUSD metapool over the 3pool (curve-contract contracts/pools/gusd: GUSD, 3Crv) and its Deposit zap.
    name: 'gusd',
    variant: 'meta',
    address: '0x4f062658EaAF2C1ccf8C8e36D6824CDf41167956',
    lpToken: '0xD2967f45c4f384DEEa880F807Be904762a3DeA07',
    coins: ['0x056Fd409E1d7A124BD7017459dFEa2F387b6d5Cd', '0x6c3F90f043a72FA612cbac8115EE7e52BDe6E490'],
    zap: '0x0aE274c98c0415C0651AF8cF52b010136E4a0082',
  }, {
    // stableswap-ng (ng factory 0x6A8cbed756804B16E05E741eDaBd5cB544AE21bf): sDAI/sUSDe, both ERC-4626
    // (asset type 3); the pool is its own LP token.
    name: 'sDAI/sUSDe',
    variant: 'ng',
    address: '0x167478921b907422F8E88B43C4Af2B8BEa278d3A',
    lpToken: '0x167478921b907422F8E88B43C4Af2B8BEa278d3A',
    coins: ['0x83F20F44975D03b1b09e64809B757c47f942BEeA', '0x9D39A5DE30e57443BfF2A8307A4256c8797A3497'],
  }],
}

/**
 * Curve twocrypto-ng pools per chain at their mainnet addresses (coins in `coins(i)` order): an external
 * node's address book picks them up where their code is. The devnet deploys our implementation of the
 * pool's ABI and math at the same address.
 */
export const curveTwocryptoPools: Record<number, readonly CurveTwocryptoPoolEntry[]> = {
  1: [{ name: 'CVG/ETH', address: '0x004C167d27ADa24305b76D80762997Fa6EB8d9B2', coins: ['0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', '0x97efFB790f2fbB701D88f89DB4521348A2B77be8'] }],
}

/**
 * Curve liquidity gauges per chain at their mainnet addresses, with the Minter that pays their CRV and
 * CRV itself; an external node's address book picks up those whose code is there.
 */
export const curveGauges: Record<number, { minter: Address; crv: Address; gauges: readonly CurveGaugeEntry[] }> = {
  1: {
    minter: '0xd061D61a4d941c39E5453435B6345Dc261C2fcE0',
    crv: '0xD533a949740bb3306d119CC777fa900bA034cd52',
    gauges: [{ name: 'steCRV gauge', address: '0x182B723a58739a9c974cFDB385ceaDb237453c28', lpToken: '0x06325440D014e39736583c165C2963BA99fAf14E', rewardTokens: ['0x5A98FcBEA516Cf06857215779Fd812CA3beF1B32'] }],
  },
}

/**
 * Aerodrome's classic AMM per chain: the PoolFactory, the Pool implementation it clones (EIP-1167, CREATE2
 * with salt `keccak256(token0, token1, stable)`, so a pool's address follows from these two) and the Router,
 * with the Router's other constructor arguments (ERC-2771 forwarder, FactoryRegistry, Voter), as Aerodrome's
 * `script/constants/output/DeployCore-Base.json` lists them.
 */
export const aerodromeDeployments: Record<number, { factory: Address; implementation: Address; router: Address; forwarder: Address; factoryRegistry: Address; voter: Address }> = {
  8453: {
    factory: '0x420DD381b31aEf6683db6B902084cB0FFECe40Da',
    implementation: '0xA4e46b4f701c62e14DF11B48dCe76A7d793CD6d7',
    router: '0xcF77a3Ba9A5CA399B7c97c74d54e5b1Beb874E43',
    forwarder: '0x15e62707FCA7352fbE35F51a8D6b0F8066A05DCc',
    factoryRegistry: '0x5C3F18F06CC09CA1910767A34a20F771039E37C0',
    voter: '0x16613524e02ad97eDfeF371bC883F2F5d6C480A5',
  },
}

/** Chains for which we know canonical protocol addresses (the devnet default chains). */
export type CanonicalChainId = keyof typeof canonicalAddresses
