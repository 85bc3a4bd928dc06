import { getAddress, keccak256, parseAbi, stringToHex, zeroAddress, type Address, type PublicClient } from 'viem'
import { getSwitchyardAddresses } from '../contracts/deploySwitchyardContracts.js'
import { discoverBridges } from './discoverBridges.js'
import { discoverUniswapV4 } from './discoverUniswapV4.js'
import { hasCode } from './hasCode.js'
import type { ChainAddressBook, TokenEntry } from './addressBook.js'
import { canonicalAddresses, canonicalOptionalAddresses, type CanonicalChainId } from './canonicalAddresses.js'

/** A token the operator wants served on an external chain. */
export type DiscoverToken = Pick<TokenEntry, 'address' | 'symbol' | 'priceUsd' | 'kind'> & { name?: string; decimals?: number }

const erc20 = parseAbi(['function decimals() view returns (uint8)', 'function name() view returns (string)', 'function symbol() view returns (string)'])
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

const v2Factory = parseAbi(['function getPair(address,address) view returns (address)'])
const v3Factory = parseAbi(['function getPool(address,address,uint24) view returns (address)'])
const V3_FEES = [100, 500, 3000, 10000] as const
const TICK_SPACING: Record<number, number> = { 100: 1, 500: 10, 3000: 60, 10000: 200 }

/**
 * Builds the address book of a chain served by an external JSON-RPC node (mainnet, a fork, reth,
 * geth): nothing is deployed there. It takes the canonical protocol addresses, checks each token
 * has code, reads decimals, discovers Uniswap V2 pairs and V3 pools among the given tokens through
 * the factories (batched through Multicall3), hookless Uniswap V4 pools in the PoolManager (see
 * `discoverUniswapV4`), and picks up our contracts, Lido and Aave V3 where
 * their code is.
 * @returns the chain's address book
 */
export async function discoverAddressBook(client: PublicClient, { chainId, tokens }: { chainId: number; tokens: readonly DiscoverToken[] }): Promise<ChainAddressBook> {
  const c = canonicalAddresses[chainId as CanonicalChainId] ?? canonicalAddresses[1]
  const book: ChainAddressBook = {
    chainId,
    tokens: {},
    weth: c.weth,
    multicall3: c.multicall3,
    permit2: c.permit2,
    uniswapV2: { factory: c.uniswapV2Factory, router02: c.uniswapV2Router02, pairs: [] },
    uniswapV3: { factory: c.uniswapV3Factory, positionManager: c.uniswapV3PositionManager, swapRouter02: c.uniswapV3SwapRouter02, quoterV2: c.uniswapV3QuoterV2, tickLens: c.uniswapV3TickLens, pools: [] },
    balancerV2: { vault: c.balancerVault, authorizer: c.balancerAuthorizer, weightedPoolFactory: c.balancerWeightedPoolFactory, queries: c.balancerQueries, protocolFeeProvider: c.balancerProtocolFeeProvider, pools: [] },
  }
  const present: TokenEntry[] = []
  for (const t of tokens) {
    const address = getAddress(t.address)
    const code = await client.getCode({ address })
    if (!code || code === '0x') continue
    const [decimals, name] = await client.multicall({
      contracts: [{ address, abi: erc20, functionName: 'decimals' }, { address, abi: erc20, functionName: 'name' }],
      multicallAddress: c.multicall3,
    })
    const entry: TokenEntry = {
      address, symbol: t.symbol, priceUsd: t.priceUsd, kind: t.kind,
      name: t.name ?? (name.status === 'success' ? name.result : t.symbol),
      decimals: t.decimals ?? (decimals.status === 'success' ? decimals.result : 18),
    }
    book.tokens[t.symbol] = entry
    present.push(entry)
  }
  // The liquid-staking pair trades in pools too (wstETH/WETH): search pools for it as for any token.
  const extra = canonicalOptionalAddresses[chainId] ?? {}
  const staking: [string, Address | undefined, TokenEntry['kind']][] = [['stETH', extra.lidoStETH, 'rebasing'], ['wstETH', extra.lidoWstETH, 'erc20']]
  for (const [symbol, address, kind] of staking) {
    if (!address || book.tokens[symbol] || !(await hasCode(client, address))) continue
    const ethUsd = present.find((t) => t.address.toLowerCase() === c.weth.toLowerCase())?.priceUsd ?? 0
    const entry: TokenEntry = { address, symbol, name: symbol === 'stETH' ? 'Liquid staked Ether 2.0' : 'Wrapped liquid staked Ether 2.0', decimals: 18, priceUsd: symbol === 'stETH' ? ethUsd : 0, kind }
    book.tokens[symbol] = entry
    present.push(entry)
  }
  const pairs: [TokenEntry, TokenEntry][] = []
  for (let i = 0; i < present.length; i++) for (let j = i + 1; j < present.length; j++) pairs.push([present[i] as TokenEntry, present[j] as TokenEntry])
  const sorted = pairs.map(([a, b]) => (a.address.toLowerCase() < b.address.toLowerCase() ? [a.address, b.address] : [b.address, a.address]) as [Address, Address])
  const v2 = await client.multicall({
    contracts: sorted.map(([a, b]) => ({ address: c.uniswapV2Factory, abi: v2Factory, functionName: 'getPair' as const, args: [a, b] as const })),
    multicallAddress: c.multicall3,
  })
  v2.forEach((r, i) => {
    const [token0, token1] = sorted[i] as [Address, Address]
    if (r.status === 'success' && r.result !== zeroAddress) book.uniswapV2.pairs.push({ address: r.result, token0, token1, feeBps: 30 })
  })
  const v3Queries = sorted.flatMap(([a, b]) => V3_FEES.map((fee) => ({ a, b, fee })))
  const v3 = await client.multicall({
    contracts: v3Queries.map(({ a, b, fee }) => ({ address: c.uniswapV3Factory, abi: v3Factory, functionName: 'getPool' as const, args: [a, b, fee] as const })),
    multicallAddress: c.multicall3,
  })
  v3.forEach((r, i) => {
    const q = v3Queries[i] as { a: Address; b: Address; fee: number }
    if (r.status === 'success' && r.result !== zeroAddress) {
      book.uniswapV3.pools.push({ address: r.result, token0: q.a, token1: q.b, fee: q.fee, tickSpacing: TICK_SPACING[q.fee] as number })
    }
  })
  await discoverUniswapV4(client, book)
  await discoverOptional(client, book)
  await discoverBridges(client, book)
  return book
}

/**
 * The protocols that exist only where someone deployed them: our own contracts (CREATE2, the same
 * address everywhere — deploy them on a fork with `npm run contracts:deploy`), Lido and Aave V3 at
 * their canonical addresses. Each is added only when its code is there.
 */
async function discoverOptional(client: PublicClient, book: ChainAddressBook): Promise<void> {
  const ours = getSwitchyardAddresses(book.uniswapV4 ? { uniswapV4: { poolManager: book.uniswapV4.poolManager, weth: book.weth } } : {})
  if (await hasCode(client, ours.router)) {
    // The V4 swap helper is deployed per chain (it is built for the chain's PoolManager and WETH).
    if (ours.helpers.uniswapV4 && !(await hasCode(client, ours.helpers.uniswapV4))) delete ours.helpers.uniswapV4
    book.switchyard = ours
  }
  const extra = canonicalOptionalAddresses[book.chainId] ?? {}
  const wethPrice = Object.values(book.tokens).find((t) => t.address.toLowerCase() === book.weth.toLowerCase())?.priceUsd ?? 0
  if (extra.lidoStETH && extra.lidoWstETH && (await hasCode(client, extra.lidoStETH)) && (await hasCode(client, extra.lidoWstETH))) {
    book.lido = { stETH: extra.lidoStETH, wstETH: extra.lidoWstETH }
    book.tokens.stETH ??= { address: extra.lidoStETH, symbol: 'stETH', name: 'Liquid staked Ether 2.0', decimals: 18, priceUsd: wethPrice, kind: 'rebasing' }
    book.tokens.wstETH ??= { address: extra.lidoWstETH, symbol: 'wstETH', name: 'Wrapped liquid staked Ether 2.0', decimals: 18, priceUsd: 0, kind: 'erc20' }
  }
  const provider = extra.aaveV3AddressesProvider
  if (provider && (await hasCode(client, provider))) {
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
    const reserves: NonNullable<ChainAddressBook['aaveV3']>['reserves'] = []
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
