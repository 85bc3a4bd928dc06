import { keccak256, parseAbi, stringToHex, zeroAddress, type Address, type PublicClient } from 'viem'
import type { AaveV3Entry, ChainAddressBook } from './addressBook.js'
import { canonicalOptionalAddresses } from './canonicalAddresses.js'
import { hasCode } from './hasCode.js'

const aaveProvider = parseAbi([
  'function getPool() view returns (address)',
  'function getPoolConfigurator() view returns (address)',
  'function getPriceOracle() view returns (address)',
  'function getPoolDataProvider() view returns (address)',
  'function getAddress(bytes32 id) view returns (address)',
])
const aaveRewards = parseAbi(['function getRewardsByAsset(address asset) view returns (address[])'])
/** The provider's id of the incentives controller (the RewardsController). */
const INCENTIVES_CONTROLLER = keccak256(stringToHex('INCENTIVES_CONTROLLER'))
const aavePool = parseAbi([
  'function getReservesList() view returns (address[])',
  'struct ReserveConfigurationMap { uint256 data; }',
  'struct ReserveData { ReserveConfigurationMap configuration; uint128 liquidityIndex; uint128 currentLiquidityRate; uint128 variableBorrowIndex; uint128 currentVariableBorrowRate; uint128 currentStableBorrowRate; uint40 lastUpdateTimestamp; uint16 id; address aTokenAddress; address stableDebtTokenAddress; address variableDebtTokenAddress; address interestRateStrategyAddress; uint128 accruedToTreasury; uint128 unbacked; uint128 isolationModeTotalDebt; }',
  'function getReserveData(address asset) view returns (ReserveData)',
])

/**
 * The assets of the Aave V3 market at the chain's canonical PoolAddressesProvider (none when it has no
 * code): pool discovery reads their metadata with the pools' tokens.
 * @returns the reserve assets
 */
export async function readAaveV3Assets(client: PublicClient, { chainId }: { chainId: number }): Promise<readonly Address[]> {
  const provider = canonicalOptionalAddresses[chainId]?.aaveV3AddressesProvider
  if (!provider || !(await hasCode(client, provider))) return []
  const pool = await client.readContract({ address: provider, abi: aaveProvider, functionName: 'getPool' })
  return client.readContract({ address: pool, abi: aavePool, functionName: 'getReservesList' })
}

/**
 * Adds the Aave V3 market at its canonical PoolAddressesProvider, when it has code: the Pool,
 * configurator, oracle, data provider, RewardsController and WrappedTokenGatewayV3 where they have
 * code, and each reserve whose asset is in the book's tokens, with its aToken (added to the tokens as
 * `a<SYMBOL>`) and the rewards emitted on its tokens. Mutates `book`.
 */
export async function discoverAaveV3(client: PublicClient, book: ChainAddressBook): Promise<void> {
  const extra = canonicalOptionalAddresses[book.chainId] ?? {}
  const provider = extra.aaveV3AddressesProvider
  if (!provider || !(await hasCode(client, provider))) return
  const [pool, poolConfigurator, oracle, dataProvider, incentives] = await Promise.all([
    client.readContract({ address: provider, abi: aaveProvider, functionName: 'getPool' }),
    client.readContract({ address: provider, abi: aaveProvider, functionName: 'getPoolConfigurator' }),
    client.readContract({ address: provider, abi: aaveProvider, functionName: 'getPriceOracle' }),
    client.readContract({ address: provider, abi: aaveProvider, functionName: 'getPoolDataProvider' }),
    client.readContract({ address: provider, abi: aaveProvider, functionName: 'getAddress', args: [INCENTIVES_CONTROLLER] }),
  ])
  const rewardsController = incentives !== zeroAddress && (await hasCode(client, incentives)) ? incentives : undefined
  const gateway = extra.aaveV3WrappedTokenGateway
  const wrappedTokenGateway = gateway && (await hasCode(client, gateway)) ? gateway : undefined
  const assets = await client.readContract({ address: pool, abi: aavePool, functionName: 'getReservesList' })
  const byAddress = new Map(Object.values(book.tokens).map((t) => [t.address.toLowerCase(), t]))
  const reserves: AaveV3Entry['reserves'] = []
  for (const asset of assets) {
    const known = byAddress.get(asset.toLowerCase())
    if (!known) continue
    const data = await client.readContract({ address: pool, abi: aavePool, functionName: 'getReserveData', args: [asset] })
    const symbol = `a${known.symbol}`
    const rewards = rewardsController ? await discoverRewards(client, rewardsController, [data.aTokenAddress, data.variableDebtTokenAddress]) : []
    reserves.push({ asset, aToken: data.aTokenAddress, variableDebtToken: data.variableDebtTokenAddress, symbol, ...(rewards.length ? { rewards } : {}) })
    book.tokens[symbol] ??= { address: data.aTokenAddress, symbol, name: `Aave ${known.symbol}`, decimals: known.decimals, priceUsd: known.priceUsd, kind: 'erc20' }
  }
  book.aaveV3 = {
    pool, addressesProvider: provider, poolConfigurator, dataProvider, oracle, reserves,
    ...(rewardsController ? { rewardsController } : {}),
    ...(wrappedTokenGateway ? { wrappedTokenGateway } : {}),
  }
}

/** The rewards the RewardsController emits on each of a reserve's tokens (aToken, variable debt token). */
async function discoverRewards(client: PublicClient, controller: Address, tokens: readonly Address[]): Promise<{ token: Address; reward: Address }[]> {
  const out: { token: Address; reward: Address }[] = []
  for (const token of tokens) {
    const rewards = await client.readContract({ address: controller, abi: aaveRewards, functionName: 'getRewardsByAsset', args: [token] })
    for (const reward of rewards) out.push({ token, reward })
  }
  return out
}
