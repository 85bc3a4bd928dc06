import { getAddress, parseAbi, type Address, type PublicClient } from 'viem'
import type { PendleMarketEntry } from '../addressBook.js'
import type { PoolIndex } from './poolIndex.js'

/** Pendle's own ABI: the market (IPMarket), its factory, the SY (IStandardizedYield) and the PT (IPPrincipalToken). */
const marketAbi = parseAbi([
  'function readTokens() view returns (address _SY, address _PT, address _YT)',
  'function expiry() view returns (uint256)',
  'function factory() view returns (address)',
])
const factoryAbi = parseAbi(['function isValidMarket(address market) view returns (bool)'])
const syAbi = parseAbi(['function yieldToken() view returns (address)', 'function assetInfo() view returns (uint8 assetType, address assetAddress, uint8 assetDecimals)'])
const ptAbi = parseAbi(['function factory() view returns (address)'])

/** Parameters of {@link readPendleMarkets}. */
export type ReadPendleMarketsParameters = { index: PoolIndex; multicall3: Address; blockNumber: bigint; timestamp: bigint }

/** The markets as address book entries, with the factories their PTs name (the yield contract factories). */
export type ReadPendleMarketsReturnType = { markets: PendleMarketEntry[]; marketFactories: Address[]; yieldContractFactories: Address[] }

type Read = { status: 'success'; result: unknown } | { status: 'failure' }

/**
 * Reads the index's Pendle markets at one block and keeps those their own contracts vouch for: the factory
 * that logged the market answers `isValidMarket(market)`, the market names that factory (`factory()`) and
 * the logged PT (`readTokens()`), and it has not expired. Each entry carries the market's SY, PT and YT
 * (`readTokens()`), its `expiry()`, the SY's `yieldToken()` and the asset of its `assetInfo()`; whether
 * the adapter can price the SY is the loader's check.
 * @returns the markets, oldest logged first, and the factories
 */
export async function readPendleMarkets(client: PublicClient, { index, multicall3, blockNumber, timestamp }: ReadPendleMarketsParameters): Promise<ReadPendleMarketsReturnType> {
  const indexed = [...index.pendle.values()]
  if (indexed.length === 0) return { markets: [], marketFactories: [], yieldContractFactories: [] }
  const first = (await client.multicall({
    multicallAddress: multicall3, blockNumber,
    contracts: indexed.flatMap((m) => [
      { address: m.factory, abi: factoryAbi, functionName: 'isValidMarket', args: [m.address] },
      { address: m.address, abi: marketAbi, functionName: 'factory' },
      { address: m.address, abi: marketAbi, functionName: 'readTokens' },
      { address: m.address, abi: marketAbi, functionName: 'expiry' },
    ]) as never[],
  })) as Read[]
  const vouched: { market: (typeof indexed)[number]; sy: Address; pt: Address; yt: Address; expiry: bigint }[] = []
  indexed.forEach((market, i) => {
    const reads = first.slice(4 * i, 4 * i + 4)
    if (!reads.every((r) => r.status === 'success')) return
    const [valid, factory, tokens, expiry] = reads.map((r) => (r as { result: unknown }).result) as [boolean, Address, readonly [Address, Address, Address], bigint]
    if (!valid || factory.toLowerCase() !== market.factory.toLowerCase() || tokens[1].toLowerCase() !== market.pt.toLowerCase() || expiry <= timestamp) return
    vouched.push({ market, sy: tokens[0], pt: tokens[1], yt: tokens[2], expiry })
  })
  if (vouched.length === 0) return { markets: [], marketFactories: [], yieldContractFactories: [] }
  const second = (await client.multicall({
    multicallAddress: multicall3, blockNumber,
    contracts: vouched.flatMap((v) => [
      { address: v.sy, abi: syAbi, functionName: 'yieldToken' },
      { address: v.sy, abi: syAbi, functionName: 'assetInfo' },
      { address: v.pt, abi: ptAbi, functionName: 'factory' },
    ]) as never[],
  })) as Read[]
  const markets: PendleMarketEntry[] = []
  const marketFactories = new Set<Address>()
  const yieldContractFactories = new Set<Address>()
  vouched.forEach((v, i) => {
    const reads = second.slice(3 * i, 3 * i + 3)
    if (!reads.every((r) => r.status === 'success')) return
    const [yieldToken, assetInfo, ytFactory] = reads.map((r) => (r as { result: unknown }).result) as [Address, readonly [number, Address, number], Address]
    markets.push({ address: v.market.address, sy: getAddress(v.sy), pt: getAddress(v.pt), yt: getAddress(v.yt), asset: getAddress(assetInfo[1]), yieldToken: getAddress(yieldToken), expiry: Number(v.expiry) })
    marketFactories.add(v.market.factory)
    yieldContractFactories.add(getAddress(ytFactory))
  })
  return { markets, marketFactories: [...marketFactories], yieldContractFactories: [...yieldContractFactories] }
}
