import { zeroAddress, type Address, type PublicClient } from 'viem'
import { getSwitchyardAddresses } from '../contracts/deploySwitchyardContracts.js'
import type { ChainAddressBook, CurveGaugeEntry, CurveStableSwapPoolEntry, CurveTwocryptoPoolEntry } from './addressBook.js'
import { canonicalAddresses, canonicalOptionalAddresses, curveGauges, curveStableSwapPools, curveTwocryptoPools, priceAnchors, uniswapV4PoolManagers, uniswapV4PositionManagers, type CanonicalChainId } from './canonicalAddresses.js'
import { discoverAaveV3, readAaveV3Assets } from './discoverAaveV3.js'
import { discoverAerodromePools } from './discoverAerodromePools.js'
import { discoverBridges } from './discoverBridges.js'
import { discoverPools, type SharedIndexStore } from './discovery/discoverPools.js'
import type { DiscoveryLogger, DiscoveryStatus } from './discovery/discoveryStatus.js'
import type { ListedToken } from './discovery/readTokenList.js'
import { hasCode } from './hasCode.js'

/** Parameters of {@link discoverAddressBook}. */
export type DiscoverAddressBookParameters = {
  chainId: number
  /** The pool index lives in `<stateDir>/index/<chainId>.json`. */
  stateDir: string
  /** Least USD TVL of a pool in the search graph (`SWITCHYARD_MIN_POOL_TVL_USD`). */
  minPoolTvlUsd: number
  /** Largest `eth_getLogs` window, blocks (`SWITCHYARD_LOG_BLOCK_RANGE`). */
  maxLogRange: bigint
  /** First block discovery reads (`SWITCHYARD_DISCOVERY_START_BLOCK_<id>`); default: see `discoveryStartBlocks`. */
  startBlock?: bigint | undefined
  /** The operator's tokens for this chain (`SWITCHYARD_TOKEN_LIST`), optional. */
  tokenList?: readonly ListedToken[] | undefined
  logger?: DiscoveryLogger | undefined
  /** Reads `eth_getLogs` (a client that does not retry refused ranges itself); default `client`. */
  logClient?: PublicClient | undefined
  /** The replicas' shared store: a replica without a saved index starts warm from a shared one. */
  shared?: SharedIndexStore | undefined
}

/** The address book and what discovery did. */
export type DiscoverAddressBookReturnType = { book: ChainAddressBook; discovery: DiscoveryStatus }

/**
 * Builds the address book of a chain served by an external JSON-RPC node (mainnet, a fork, reth,
 * geth): nothing is deployed there. The pools, markets and vaults come from the chain's own logs
 * (`discoverPools`: Uniswap V2/V3/V4, Balancer V2, Morpho Blue, ERC-4626, Pendle V2 markets from any
 * market factory's `CreateNewMarket`; tokens from the pools, no
 * list required); our contracts, Lido, Aave V3, the Curve pools of `curveStableSwapPools` and `curveTwocryptoPools`, Aerodrome's pools between the book's
 * tokens (`discoverAerodromePools`) and the bridges are picked up at their canonical
 * addresses where their code is.
 * @returns the chain's address book and the discovery status
 * @throws LogRangeRefusedError when the node refuses the logs of even one block
 */
export async function discoverAddressBook(client: PublicClient, p: DiscoverAddressBookParameters): Promise<DiscoverAddressBookReturnType> {
  const { chainId } = p
  const c = canonicalAddresses[chainId as CanonicalChainId] ?? canonicalAddresses[1]
  const extra = canonicalOptionalAddresses[chainId] ?? {}
  const listed = new Map((p.tokenList ?? []).map((t) => [t.address.toLowerCase(), t]))
  const anchors = new Map<string, number>((priceAnchors[chainId] ?? []).map((a) => [a.toLowerCase(), 1]))
  for (const [a, t] of listed) if (t.priceUsd !== undefined) anchors.set(a, t.priceUsd)
  const lido = extra.lidoStETH && extra.lidoWstETH && (await hasCode(client, extra.lidoStETH)) && (await hasCode(client, extra.lidoWstETH)) ? { stETH: extra.lidoStETH, wstETH: extra.lidoWstETH } : undefined
  const curve = await liveCurvePools(client, chainId)
  const twocrypto: CurveTwocryptoPoolEntry[] = []
  for (const p of curveTwocryptoPools[chainId] ?? []) if (await hasCode(client, p.address)) twocrypto.push({ ...p, coins: [...p.coins] })
  const extraTokens = [...listed.keys(), ...anchors.keys(), ...(await readAaveV3Assets(client, { chainId })), ...(lido ? [lido.stETH, lido.wstETH] : []), ...curve.flatMap((p) => [...p.coins, p.lpToken]).filter((t) => t.toLowerCase() !== '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'), ...twocrypto.flatMap((p) => p.coins)]
  const poolManager = uniswapV4PoolManagers[chainId]
  const found = await discoverPools(client, {
    chainId, multicall3: c.multicall3, weth: c.weth, stateDir: p.stateDir, startBlock: p.startBlock, minPoolTvlUsd: p.minPoolTvlUsd, maxLogRange: p.maxLogRange,
    contracts: { uniswapV2Factory: c.uniswapV2Factory, uniswapV3Factory: c.uniswapV3Factory, uniswapV4PoolManager: poolManager, balancerVault: c.balancerVault, morpho: extra.morphoBlue },
    anchors, listed, extraTokens, logger: p.logger, logClient: p.logClient, shared: p.shared,
  })
  const book: ChainAddressBook = {
    chainId,
    tokens: found.tokens,
    weth: c.weth,
    multicall3: c.multicall3,
    permit2: c.permit2,
    uniswapV2: { factory: c.uniswapV2Factory, router02: c.uniswapV2Router02, pairs: found.uniswapV2Pairs },
    uniswapV3: { factory: c.uniswapV3Factory, positionManager: c.uniswapV3PositionManager, swapRouter02: c.uniswapV3SwapRouter02, quoterV2: c.uniswapV3QuoterV2, tickLens: c.uniswapV3TickLens, pools: found.uniswapV3Pools },
    balancerV2: { vault: c.balancerVault, authorizer: c.balancerAuthorizer, weightedPoolFactory: c.balancerWeightedPoolFactory, queries: c.balancerQueries, protocolFeeProvider: c.balancerProtocolFeeProvider, pools: found.balancerPools },
  }
  if (poolManager && found.presence.uniswapV4PoolManager) {
    const positionManager = uniswapV4PositionManagers[chainId]
    const withPositions = positionManager !== undefined && (await hasCode(client, positionManager))
    book.uniswapV4 = { poolManager, ...(withPositions ? { positionManager } : {}), pools: found.uniswapV4Pools }
  }
  if (found.vaults.length) book.erc4626 = { vaults: found.vaults }
  if (extra.morphoBlue && found.presence.morpho) book.morphoBlue = { morpho: extra.morphoBlue, irm: mostCommon(found.morphoMarkets.map((m) => m.irm)) ?? zeroAddress, markets: found.morphoMarkets }
  if (found.pendle.markets.length) {
    book.pendle = { yieldContractFactory: found.pendle.yieldContractFactories[0]!, marketFactory: found.pendle.marketFactories[0]!, markets: found.pendle.markets }
  }
  if (lido) addLido(book, lido)
  if (curve.length) book.curve = { pools: curve, ...(await liveCurveGauges(client, chainId, curve)) }
  if (twocrypto.length) book.curve = { ...(book.curve ?? { pools: [] }), twocryptoPools: twocrypto }
  // Pairs among the book's tokens, the chain's price anchors and WETH first (the pairs that carry liquidity).
  const bookTokens = Object.values(book.tokens).map((t) => t.address)
  const first = new Set([c.weth, ...(priceAnchors[chainId] ?? [])].map((a) => a.toLowerCase()))
  const ordered = [...bookTokens.filter((t) => first.has(t.toLowerCase())), ...bookTokens.filter((t) => !first.has(t.toLowerCase()))]
  const aerodrome = await discoverAerodromePools(client, { chainId, multicall3: c.multicall3, tokens: ordered })
  if (aerodrome?.pools.length) book.aerodrome = aerodrome
  await discoverOurContracts(client, book)
  await discoverAaveV3(client, book)
  await discoverBridges(client, book)
  return { book, discovery: { ...found.status, tokens: Object.keys(book.tokens).length } }
}

/** The canonical Curve pools whose pool and LP token have code on this chain. */
async function liveCurvePools(client: PublicClient, chainId: number): Promise<CurveStableSwapPoolEntry[]> {
  const out: CurveStableSwapPoolEntry[] = []
  for (const p of curveStableSwapPools[chainId] ?? []) if ((await hasCode(client, p.address)) && (await hasCode(client, p.lpToken))) out.push({ ...p, coins: [...p.coins] })
  return out
}

/** The canonical gauges of those pools whose gauge and Minter have code on this chain. */
async function liveCurveGauges(client: PublicClient, chainId: number, pools: readonly CurveStableSwapPoolEntry[]): Promise<{ gauges?: CurveGaugeEntry[]; minter?: Address; crv?: Address }> {
  const known = curveGauges[chainId]
  if (!known || !(await hasCode(client, known.minter))) return {}
  const lps = new Set(pools.map((p) => p.lpToken.toLowerCase()))
  const gauges: CurveGaugeEntry[] = []
  for (const g of known.gauges) if (lps.has(g.lpToken.toLowerCase()) && (await hasCode(client, g.address))) gauges.push({ ...g, rewardTokens: [...g.rewardTokens] })
  return gauges.length ? { gauges, minter: known.minter, crv: known.crv } : {}
}

/** Lido's pair: stETH rebases (balances are computed from shares) and is priced as ETH. */
function addLido(book: ChainAddressBook, lido: { stETH: Address; wstETH: Address }): void {
  book.lido = lido
  const wethPrice = Object.values(book.tokens).find((t) => t.address.toLowerCase() === book.weth.toLowerCase())?.priceUsd ?? 0
  const stETH = Object.values(book.tokens).find((t) => t.address.toLowerCase() === lido.stETH.toLowerCase())
  if (stETH) Object.assign(stETH, { kind: 'rebasing', priceUsd: stETH.priceUsd || wethPrice })
  else book.tokens.stETH = { address: lido.stETH, symbol: 'stETH', name: 'Liquid staked Ether 2.0', decimals: 18, priceUsd: wethPrice, kind: 'rebasing' }
  if (!Object.values(book.tokens).some((t) => t.address.toLowerCase() === lido.wstETH.toLowerCase())) {
    book.tokens.wstETH = { address: lido.wstETH, symbol: 'wstETH', name: 'Wrapped liquid staked Ether 2.0', decimals: 18, priceUsd: 0, kind: 'erc20' }
  }
}

/**
 * Our own contracts exist only where someone deployed them (CREATE2, the same address everywhere —
 * deploy them on a fork with `npm run contracts:deploy`): added when the router has code.
 */
async function discoverOurContracts(client: PublicClient, book: ChainAddressBook): Promise<void> {
  const ours = getSwitchyardAddresses(book.uniswapV4 ? { uniswapV4: { poolManager: book.uniswapV4.poolManager, weth: book.weth } } : {})
  if (!(await hasCode(client, ours.router))) return
  // The V4 swap helper is deployed per chain (it is built for the chain's PoolManager and WETH).
  if (ours.helpers.uniswapV4 && !(await hasCode(client, ours.helpers.uniswapV4))) delete ours.helpers.uniswapV4
  book.switchyard = ours
}

function mostCommon(values: readonly Address[]): Address | undefined {
  const counts = new Map<Address, number>()
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0]
}
