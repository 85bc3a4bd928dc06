import { getAddress, type Address } from 'viem'
import type { BalancerWeightedPoolEntry, Erc4626VaultEntry, MorphoBlueMarketEntry, TokenEntry, UniswapV2PairEntry, UniswapV3PoolEntry, UniswapV4PoolEntry } from '../addressBook.js'
import { emptyDiscoveredCounts, type DiscoveredCounts, type DiscoveredProtocol } from './discoveryStatus.js'
import type { PoolIndex } from './poolIndex.js'
import { poolTvlUsd } from './priceTokens.js'
import type { PoolReading, ReadPoolLiquidityReturnType } from './readPoolLiquidity.js'
import type { ListedToken } from './readTokenList.js'

/** Parameters of {@link buildDiscoveredBook}. */
export type BuildDiscoveredBookParameters = {
  index: PoolIndex
  readings: ReadPoolLiquidityReturnType
  /** USD prices by lowercase address (see `priceTokens`). */
  prices: ReadonlyMap<string, number>
  minPoolTvlUsd: number
  weth: Address
  /** The operator's tokens by lowercase address. */
  listed: ReadonlyMap<string, ListedToken>
  /** Tokens kept in the book even without a pool above the floor (anchors, listed tokens, Aave reserves). */
  extraTokens: readonly string[]
}

/** The address book's discovered parts, the counts, and every pool left out with its reason. */
export type BuildDiscoveredBookReturnType = {
  tokens: Record<string, TokenEntry>
  uniswapV2Pairs: UniswapV2PairEntry[]
  uniswapV3Pools: UniswapV3PoolEntry[]
  uniswapV4Pools: UniswapV4PoolEntry[]
  balancerPools: BalancerWeightedPoolEntry[]
  vaults: Erc4626VaultEntry[]
  morphoMarkets: MorphoBlueMarketEntry[]
  counts: Record<DiscoveredProtocol, DiscoveredCounts>
  /** Per family, reason → keys (addresses or ids) of the pools left out for it. */
  skipped: Record<DiscoveredProtocol, Map<string, string[]>>
}

/** The reason a pool below the floor is left out (counted, logged at info: it is expected). */
export const BELOW_FLOOR = 'below the liquidity floor'

/**
 * Builds the served part of the address book from the index and the head's readings: a pool enters
 * when every token it holds is usable (code, decimals), it was read, V4 pools only without hooks, and
 * its USD TVL reaches `minPoolTvlUsd` (with a floor above 0, a pool none of whose tokens has a price is
 * left out: its value is unknown). Morpho Blue markets are kept whenever their tokens are usable (they
 * are no edges of the graph). Tokens: those of the pools kept, plus `extraTokens`; keyed by symbol,
 * the most liquid token of a symbol first, the others as `SYMBOL:0xabcdef`.
 * @returns the book's parts, counts and skipped pools
 */
export function buildDiscoveredBook({ index, readings, prices, minPoolTvlUsd, weth, listed, extraTokens }: BuildDiscoveredBookParameters): BuildDiscoveredBookReturnType {
  const counts = emptyDiscoveredCounts()
  const skipped = Object.fromEntries(Object.keys(counts).map((k) => [k, new Map<string, string[]>()])) as BuildDiscoveredBookReturnType['skipped']
  const liquidity = new Map<string, number>()
  const wethKey = weth.toLowerCase()
  /** Records a pool left out; returns false, what `admit` answers for it. */
  const leaveOut = (protocol: DiscoveredProtocol, reason: string, key: string): false => {
    const list = skipped[protocol].get(reason) ?? []
    list.push(key)
    skipped[protocol].set(reason, list)
    return false
  }
  /** The reason a token cannot be served, if any (the native coin is served as WETH). */
  const tokenProblem = (token: string): string | undefined => {
    const t = BigInt(token) === 0n ? wethKey : token.toLowerCase()
    const bad = index.unusableTokens.get(t)
    if (bad) return `a token has ${bad === 'no code' ? 'no code' : 'no usable decimals()'}`
    return index.tokens.has(t) ? undefined : 'a token was not read'
  }
  const admit = <T>(protocol: DiscoveredProtocol, key: string, tokens: readonly string[], reading: PoolReading<T> | undefined): T | false => {
    counts[protocol].indexed++
    const problem = tokens.map(tokenProblem).find((p) => p !== undefined)
    if (problem) return leaveOut(protocol, problem, key)
    if (!reading) return leaveOut(protocol, 'not read', key)
    if ('reason' in reading) return leaveOut(protocol, reading.reason, key)
    const tvl = poolTvlUsd(reading.value, prices)
    if (minPoolTvlUsd > 0 && tvl === undefined) return leaveOut(protocol, 'no token has a USD price (TVL unknown)', key)
    if (tvl !== undefined && tvl < minPoolTvlUsd) return leaveOut(protocol, BELOW_FLOOR, key)
    counts[protocol].aboveFloor++
    reading.value.tokens.forEach((t) => liquidity.set(t, (liquidity.get(t) ?? 0) + (tvl ?? 0)))
    return reading.extra as T
  }

  const uniswapV2Pairs: UniswapV2PairEntry[] = []
  for (const [key, p] of index.uniswapV2) if (admit('uniswap-v2', key, [p.token0, p.token1], readings.uniswapV2.get(key)) !== false) uniswapV2Pairs.push({ ...p, feeBps: 30 })
  const uniswapV3Pools: UniswapV3PoolEntry[] = []
  for (const [key, p] of index.uniswapV3) if (admit('uniswap-v3', key, [p.token0, p.token1], readings.uniswapV3.get(key)) !== false) uniswapV3Pools.push({ ...p })
  const uniswapV4Pools: UniswapV4PoolEntry[] = []
  for (const [key, p] of index.uniswapV4) {
    const hooked: PoolReading | undefined = BigInt(p.hooks) !== 0n ? { reason: 'has hooks (only hookless V4 pools are served)' } : readings.uniswapV4.get(key)
    if (admit('uniswap-v4', key, [p.currency0, p.currency1], hooked) !== false) uniswapV4Pools.push({ ...p })
  }
  const balancerPools: BalancerWeightedPoolEntry[] = []
  for (const [key, p] of index.balancerV2) {
    const extra = admit('balancer-v2', key, p.tokens, readings.balancerV2.get(key))
    if (extra === false) continue
    balancerPools.push({
      address: p.address, poolId: p.poolId, tokens: extra.tokens,
      weights: extra.weights.map((w) => String(Number(w) / 1e18)), swapFeeBps: Number(extra.swapFee / 10n ** 14n),
    })
  }
  const vaults: IndexedVaultKept[] = []
  for (const [key, v] of index.erc4626) if (admit('erc4626', key, [v.asset, v.address], readings.erc4626.get(key)) !== false) vaults.push(v)
  const markets = [...index.morphoBlue].filter(([key, m]) => {
    counts['morpho-blue'].indexed++
    const problem = [m.loanToken, m.collateralToken].map(tokenProblem).find((p) => p !== undefined)
    if (problem) return leaveOut('morpho-blue', problem, key)
    counts['morpho-blue'].aboveFloor++
    return true
  })

  const tokens = bookTokens({ index, prices, listed, weth, liquidity, wanted: [...liquidity.keys(), ...markets.flatMap(([, m]) => [m.loanToken, m.collateralToken]), ...extraTokens, wethKey] })
  // One map, not a scan of every token per vault and market (200 vaults × 5,000 tokens on a mainnet-sized book).
  const symbols = new Map<string, string>()
  for (const t of Object.values(tokens)) if (!symbols.has(t.address.toLowerCase())) symbols.set(t.address.toLowerCase(), t.symbol)
  const symbolOf = (a: string) => symbols.get(a.toLowerCase()) ?? getAddress(a)
  return {
    tokens, uniswapV2Pairs, uniswapV3Pools, uniswapV4Pools, balancerPools,
    vaults: vaults.map((v) => ({ address: v.address, asset: v.asset, symbol: symbolOf(v.address) })),
    morphoMarkets: markets.map(([, m]) => ({ ...m, symbol: `${symbolOf(m.collateralToken)}/${symbolOf(m.loanToken)}-${Number((Number(BigInt(m.lltv)) / 1e16).toFixed(4))}` })),
    counts, skipped,
  }
}

type IndexedVaultKept = { address: Address; asset: Address }

/** The book's tokens: usable ones among `wanted`, listed tokens first, then by liquidity. */
function bookTokens({ index, prices, listed, weth, liquidity, wanted }: { index: PoolIndex; prices: ReadonlyMap<string, number>; listed: ReadonlyMap<string, ListedToken>; weth: Address; liquidity: ReadonlyMap<string, number>; wanted: readonly string[] }): Record<string, TokenEntry> {
  const unique = [...new Set(wanted.map((a) => a.toLowerCase()))].filter((a) => BigInt(a) !== 0n && index.tokens.has(a))
  unique.sort((a, b) => Number(listed.has(b)) - Number(listed.has(a)) || (liquidity.get(b) ?? 0) - (liquidity.get(a) ?? 0) || (a < b ? -1 : 1))
  const out: Record<string, TokenEntry> = {}
  for (const a of unique) {
    const meta = index.tokens.get(a)!
    const list = listed.get(a)
    const symbol = list?.symbol ?? meta.symbol
    const key = out[symbol] ? `${symbol}:${a.slice(0, 8)}` : symbol
    out[key] = {
      address: getAddress(a), symbol, name: list?.name ?? meta.name, decimals: meta.decimals,
      priceUsd: list?.priceUsd ?? prices.get(a) ?? 0,
      kind: list?.kind ?? (a === weth.toLowerCase() ? 'weth' : 'erc20'),
    }
  }
  return out
}
