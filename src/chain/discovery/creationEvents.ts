import { parseAbi, toEventSelector, type Hex } from 'viem'

/**
 * The events protocols log when a pool, market or vault comes into being (or, for ERC-4626, when it
 * is used): pool discovery reads the chain's history of these.
 */
export const creationEventsAbi = parseAbi([
  // Uniswap V2 factory.
  'event PairCreated(address indexed token0, address indexed token1, address pair, uint256 count)',
  // Uniswap V3 factory.
  'event PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, int24 tickSpacing, address pool)',
  // Uniswap V4 PoolManager.
  'event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)',
  // Balancer V2 Vault.
  'event PoolRegistered(bytes32 indexed poolId, address indexed poolAddress, uint8 specialization)',
  'event TokensRegistered(bytes32 indexed poolId, address[] tokens, address[] assetManagers)',
  'event TokensDeregistered(bytes32 indexed poolId, address[] tokens)',
  // Morpho Blue.
  'struct MarketParams { address loanToken; address collateralToken; address oracle; address irm; uint256 lltv; }',
  'event CreateMarket(bytes32 indexed id, MarketParams marketParams)',
  // ERC-4626 (any vault; also emitted by contracts that are not vaults, so every emitter is verified).
  'event Deposit(address indexed sender, address indexed owner, uint256 assets, uint256 shares)',
  // Pendle V2 market factories (PendleMarketFactoryV3 to V7, any of them: each market is verified with its factory).
  'event CreateNewMarket(address indexed market, address indexed PT, int256 scalarRoot, int256 initialAnchor, uint256 lnFeeRateRoot)',
])

/** topic0 of each event above, by name. */
export const creationTopics = {
  PairCreated: toEventSelector('PairCreated(address,address,address,uint256)'),
  PoolCreated: toEventSelector('PoolCreated(address,address,uint24,int24,address)'),
  Initialize: toEventSelector('Initialize(bytes32,address,address,uint24,int24,address,uint160,int24)'),
  PoolRegistered: toEventSelector('PoolRegistered(bytes32,address,uint8)'),
  TokensRegistered: toEventSelector('TokensRegistered(bytes32,address[],address[])'),
  TokensDeregistered: toEventSelector('TokensDeregistered(bytes32,address[])'),
  CreateMarket: toEventSelector('CreateMarket(bytes32,(address,address,address,address,uint256))'),
  Deposit: toEventSelector('Deposit(address,address,uint256,uint256)'),
  CreateNewMarket: toEventSelector('CreateNewMarket(address,address,int256,int256,uint256)'),
} as const satisfies Record<string, Hex>
