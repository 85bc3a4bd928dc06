import { LRUCache } from 'lru-cache'
import type { ChainAddressBook, TokenEntry } from '../chain/addressBook.js'
import { readTokenApys } from '../data/readTokenApys.js'
import { tokenPricesFor } from '../data/tokenPricesFor.js'
import type { EngineSnapshot } from '../engine/types.js'
import { encodeTokensCursor, parseTokensQuery, type TokensQuery } from '../schemas/tokensQuery.js'
import { UnsupportedChainError } from '../errors/request.js'
import type { ServiceContext } from './context.js'
import type { TokenAnswer, TokensAnswer, UnderlyingTokenAnswer } from './types.js'
import { withUpstream } from './withUpstream.js'

/**
 * Catalogs (tokens with TVL and APY) per snapshot version, i.e. per chain and block: the APY reads
 * (two Multicall3 batches and a few headers) run once per block, and concurrent requests share them.
 */
const catalogs = new LRUCache<string, Promise<TokenAnswer[]>>({ max: 16 })

function base(chainId: number, t: TokenEntry): UnderlyingTokenAnswer {
  return { address: t.address, chainId, type: 'base', decimals: t.decimals, symbol: t.symbol, name: t.name }
}

/**
 * Every token of one chain: the address book's base tokens, and the DeFi position tokens (ERC-4626
 * vault shares, Aave V3 aTokens, Uniswap V2 LP shares, Balancer pool tokens, Curve LP tokens) with their underlying tokens and TVL (pool holdings at
 * the pools' own USD prices). Uniswap V3 positions are NFTs, not tokens, so they are not listed.
 */
function catalogOf(chainId: number, book: ChainAddressBook, snapshot: EngineSnapshot): TokenAnswer[] {
  const byAddress = new Map(Object.values(book.tokens).map((t) => [t.address.toLowerCase(), t]))
  const prices = tokenPricesFor(snapshot, book)
  const usd = (token: string, raw: bigint): number | undefined => {
    const t = byAddress.get(token.toLowerCase())
    const p = prices.get(token.toLowerCase())?.price ?? t?.priceUsd
    return t && p !== undefined ? (Number(raw) / 10 ** t.decimals) * p : undefined
  }
  const pools = new Map(snapshot.pools.map((p) => [p.address.toLowerCase(), p]))
  const vaults = new Map((book.erc4626?.vaults ?? []).map((v) => [v.address.toLowerCase(), v]))
  const aTokens = new Map((book.aaveV3?.reserves ?? []).map((r) => [r.aToken.toLowerCase(), r]))
  const curveLps = new Map((book.curve?.pools ?? []).map((p) => [p.lpToken.toLowerCase(), p]))
  const out: TokenAnswer[] = Object.values(book.tokens)
    .filter((t) => !vaults.has(t.address.toLowerCase()) && !aTokens.has(t.address.toLowerCase()) && !curveLps.has(t.address.toLowerCase()))
    .map((t) => ({ ...base(chainId, t), logosUri: [], underlyingTokens: [] }))
  for (const vault of vaults.values()) {
    const share = byAddress.get(vault.address.toLowerCase())
    const asset = byAddress.get(vault.asset.toLowerCase())
    const s = pools.get(vault.address.toLowerCase()) as (EngineSnapshot['pools'][number] & { totalAssets: bigint }) | undefined
    if (!share || !asset) continue
    out.push({
      address: vault.address, chainId, type: 'defi', decimals: share.decimals, symbol: share.symbol, name: share.name,
      logosUri: [], underlyingTokens: [base(chainId, asset)], project: 'erc4626', protocol: 'erc4626',
      tvl: s ? usd(vault.asset, s.totalAssets) : undefined, primaryAddress: vault.address,
    })
  }
  for (const reserve of aTokens.values()) {
    const aToken = byAddress.get(reserve.aToken.toLowerCase())
    const asset = byAddress.get(reserve.asset.toLowerCase())
    const s = pools.get(reserve.aToken.toLowerCase()) as (EngineSnapshot['pools'][number] & { scaledTotalSupply: bigint; liquidityIndex: bigint }) | undefined
    if (!aToken || !asset) continue
    // TVL: the aTokens outstanding (scaled supply at the last index), each worth one asset.
    const supplied = s ? (s.scaledTotalSupply * s.liquidityIndex) / 10n ** 27n : undefined
    out.push({
      address: reserve.aToken, chainId, type: 'defi', decimals: aToken.decimals, symbol: aToken.symbol, name: aToken.name,
      logosUri: [], underlyingTokens: [base(chainId, asset)], project: 'aave', protocol: 'aave-v3',
      tvl: supplied !== undefined ? usd(reserve.asset, supplied) : undefined, primaryAddress: book.aaveV3!.pool,
    })
  }
  for (const pair of book.uniswapV2.pairs) {
    const s = pools.get(pair.address.toLowerCase()) as (EngineSnapshot['pools'][number] & { reserve0: bigint; reserve1: bigint }) | undefined
    const t0 = byAddress.get(pair.token0.toLowerCase())
    const t1 = byAddress.get(pair.token1.toLowerCase())
    if (!t0 || !t1) continue
    const v0 = s ? usd(pair.token0, s.reserve0) : undefined
    const v1 = s ? usd(pair.token1, s.reserve1) : undefined
    out.push({
      address: pair.address, chainId, type: 'defi', decimals: 18, symbol: 'UNI-V2', name: `Uniswap V2 ${t0.symbol}/${t1.symbol}`,
      logosUri: [], underlyingTokens: [base(chainId, t0), base(chainId, t1)], project: 'uniswap', protocol: 'uniswap-v2',
      tvl: v0 !== undefined && v1 !== undefined ? v0 + v1 : undefined, primaryAddress: pair.address,
    })
  }
  for (const pool of curveLps.values()) {
    const lp = byAddress.get(pool.lpToken.toLowerCase())
    // A native coin (the steth pool's ETH) is described and priced as WETH.
    const poolCoins = pool.coins.map((a) => (a.toLowerCase() === '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' ? book.weth : a))
    const coins = poolCoins.map((a) => byAddress.get(a.toLowerCase())).filter((t): t is TokenEntry => t !== undefined)
    if (!lp || coins.length !== pool.coins.length) continue
    const s = pools.get(pool.address.toLowerCase()) as (EngineSnapshot['pools'][number] & { balances: readonly bigint[] }) | undefined
    const values = s ? poolCoins.map((a, i) => usd(a, s.balances[i] ?? 0n)) : []
    out.push({
      address: pool.lpToken, chainId, type: 'defi', decimals: lp.decimals, symbol: lp.symbol, name: lp.name,
      logosUri: [], underlyingTokens: coins.map((t) => base(chainId, t)), project: 'curve', protocol: 'curve',
      tvl: values.length && values.every((v) => v !== undefined) ? values.reduce((a, v) => a! + v!, 0) : undefined, primaryAddress: pool.address,
    })
  }
  for (const pool of book.balancerV2.pools) {
    const s = pools.get(pool.address.toLowerCase()) as (EngineSnapshot['pools'][number] & { balances: readonly bigint[] }) | undefined
    const underlying = pool.tokens.map((a) => byAddress.get(a.toLowerCase())).filter((t): t is TokenEntry => t !== undefined)
    if (underlying.length !== pool.tokens.length) continue
    const values = s ? pool.tokens.map((a, i) => usd(a, s.balances[i] ?? 0n)) : []
    out.push({
      address: pool.address, chainId, type: 'defi', decimals: 18, symbol: `B-${underlying.map((t) => t.symbol).join('-')}`,
      name: `Balancer ${underlying.map((t, i) => `${Number(pool.weights[i]) * 100}% ${t.symbol}`).join(' ')}`,
      logosUri: [], underlyingTokens: underlying.map((t) => base(chainId, t)), project: 'balancer', protocol: 'balancer-v2',
      tvl: values.length && values.every((v) => v !== undefined) ? values.reduce((a, v) => a! + v!, 0) : undefined, primaryAddress: pool.address,
    })
  }
  return out
}

/** The catalog at a snapshot, with each token's APY measured from chain state (`readTokenApys`). */
async function catalogWithApys(chain: ServiceContext['chains'][number], snapshot: EngineSnapshot): Promise<TokenAnswer[]> {
  const catalog = catalogOf(chain.chainId, chain.addressBook, snapshot)
  const apys = await readTokenApys({ client: chain.client, book: chain.addressBook }, { snapshot })
  return catalog.map((t) => {
    const apy = apys.get(t.address.toLowerCase())
    return apy ? { ...t, apy: apy.apy, apyWindow: apy.window } : t
  })
}

/**
 * The published `liquidityType` of a token: `SingleToken` for a DeFi position entered with one token
 * (ERC-4626 shares, aTokens, stETH, wstETH), `MultiToken` for one entered with several (Uniswap V2
 * LP, Balancer BPT); a base token is no position and has none.
 */
export function liquidityTypeOf(t: Pick<TokenAnswer, 'type' | 'underlyingTokens'>): 'SingleToken' | 'MultiToken' | undefined {
  if (t.type !== 'defi' || t.underlyingTokens.length === 0) return undefined
  return t.underlyingTokens.length === 1 ? 'SingleToken' : 'MultiToken'
}

/**
 * Whether a token passes every filter of the query. Bounds are inclusive; a token with unknown APY
 * or TVL fails any APY or TVL bound. Addresses compare case-insensitively.
 */
function matches(t: TokenAnswer, q: TokensQuery): boolean {
  const lower = (s: string) => s.toLowerCase()
  const set = (list: readonly string[] | undefined) => (list ? new Set(list.map(lower)) : undefined)
  const [addresses, primary, exact] = [set(q.address), set(q.primaryAddress), set(q.underlyingTokensExact)]
  const underlying = new Set(t.underlyingTokens.map((u) => lower(u.address)))
  const within = (value: number | undefined, from: number | undefined, to: number | undefined) =>
    (from === undefined && to === undefined) || (value !== undefined && (from === undefined || value >= from) && (to === undefined || value <= to))
  return (
    (q.protocolSlug === undefined || t.protocol === q.protocolSlug) &&
    (q.project === undefined || t.project === q.project) &&
    (q.type === undefined || t.type === q.type) &&
    (!addresses || addresses.has(lower(t.address))) &&
    (!primary || (t.primaryAddress !== undefined && primary.has(lower(t.primaryAddress)))) &&
    (q.symbol === undefined || q.symbol.some((symbol) => lower(t.symbol) === lower(symbol))) &&
    (q.name === undefined || q.name.some((name) => lower(t.name).includes(lower(name)))) &&
    (q.liquidityType === undefined || liquidityTypeOf(t) === q.liquidityType) &&
    (!q.underlyingTokens || q.underlyingTokens.every((u) => underlying.has(lower(u)))) &&
    (!exact || (exact.size === underlying.size && [...exact].every((u) => underlying.has(u)))) &&
    within(t.apy, q.apyFrom, q.apyTo) &&
    within(t.tvl, q.tvlFrom, q.tvlTo) &&
    within(t.tvl, q.tvl, undefined)
  )
}

/**
 * The tokens query: base and DeFi position tokens with TVL and APY, filtered (chain, protocol,
 * project, type, liquidity type, underlying tokens (all of / exactly), addresses, primary addresses,
 * symbols (any of), names (containing any of), APY and TVL bounds, the spec's `tvl` minimum) and paginated by `cursor` or `page`, with the
 * OpenAPI's pagination meta and our opaque `nextCursor`. `includeUnderlying=false` empties
 * `underlyingTokens` (after filtering on them); `includeMetadata` (default false) tells the
 * transports to show `symbol`, `name` and `logosUri`.
 * @throws InvalidRequestError | UnsupportedChainError | UpstreamUnavailableError
 */
export async function listTokens(ctx: ServiceContext, request: unknown): Promise<TokensAnswer> {
  const q = parseTokensQuery(request)
  if (q.chainId !== undefined && !ctx.chains[q.chainId]) throw new UnsupportedChainError({ chainId: q.chainId, supported: Object.keys(ctx.chains).map(Number) })
  const chains = Object.values(ctx.chains).filter((c) => q.chainId === undefined || c.chainId === q.chainId)
  const all: TokenAnswer[] = []
  for (const chain of chains) {
    const tokens = await withUpstream(chain.chainId, async () => {
      const snapshot = await ctx.snapshots[chain.chainId]!.current()
      let catalog = catalogs.get(snapshot.version)
      if (!catalog) {
        catalog = catalogWithApys(chain, snapshot)
        catalogs.set(snapshot.version, catalog)
        // A failed read is not cached: the next request retries it.
        catalog.catch(() => catalogs.delete(snapshot.version))
      }
      return catalog
    })
    all.push(...tokens)
  }
  const found = all.filter((t) => matches(t, q))
  const page = found.slice(q.offset, q.offset + q.pageSize).map((t) => (q.includeUnderlying === false ? { ...t, underlyingTokens: [] } : t))
  const nextOffset = q.offset + page.length
  const more = nextOffset < found.length
  const currentPage = Math.floor(q.offset / q.pageSize) + 1
  return {
    data: page,
    meta: {
      total: found.length,
      pageSize: q.pageSize,
      ...(more ? { nextCursor: encodeTokensCursor(nextOffset) } : {}),
      lastPage: Math.max(1, Math.ceil(found.length / q.pageSize)),
      currentPage,
      perPage: q.pageSize,
      prev: currentPage > 1 ? currentPage - 1 : null,
      next: more ? currentPage + 1 : null,
      cursor: more ? nextOffset : null,
    },
    includeMetadata: q.includeMetadata ?? false,
  }
}
