import { getAddress, parseAbi, zeroAddress, type Address, type PublicClient } from 'viem'
import { canonicalAddresses, type CanonicalChainId, type ChainAddressBook, type TokenEntry } from './addressBook.js'

/** A token the operator wants served on an external chain. */
export type DiscoverToken = Pick<TokenEntry, 'address' | 'symbol' | 'priceUsd' | 'kind'> & { name?: string; decimals?: number }

const erc20 = parseAbi(['function decimals() view returns (uint8)', 'function name() view returns (string)'])
const v2Factory = parseAbi(['function getPair(address,address) view returns (address)'])
const v3Factory = parseAbi(['function getPool(address,address,uint24) view returns (address)'])
const V3_FEES = [100, 500, 3000, 10000] as const
const TICK_SPACING: Record<number, number> = { 100: 1, 500: 10, 3000: 60, 10000: 200 }

/**
 * Builds the address book of a chain served by an external JSON-RPC node (mainnet, a fork, reth,
 * geth): nothing is deployed there. It takes the canonical protocol addresses, checks each token
 * has code, reads decimals, and discovers Uniswap V2 pairs and V3 pools among the given tokens
 * through the factories (batched through Multicall3).
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
  return book
}
