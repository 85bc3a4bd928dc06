import { parseAbi, zeroAddress, type Address } from 'viem'
import { lower, type LoadContext, SNAPSHOT_MULTICALL_BYTES } from '../loadContext.js'
import type { LoadSnapshots } from '../types.js'
import { exchangeRateOf } from './quote.js'
import type { PendleMarketSnapshot } from './types.js'

/** Pendle's own ABI (IPMarket, IStandardizedYield, IPYieldToken) and the ERC-4626 reads of the SY's vault. */
export const pendleMarketReadAbi = parseAbi([
  'struct MarketState { int256 totalPt; int256 totalSy; int256 totalLp; address treasury; int256 scalarRoot; uint256 expiry; uint256 lnFeeRateRoot; uint256 reserveFeePercent; uint256 lastLnImpliedRate; }',
  'function readState(address router) view returns (MarketState market)',
  'function readTokens() view returns (address _SY, address _PT, address _YT)',
  'function totalSupply() view returns (uint256)',
])
const syAbi = parseAbi([
  'function exchangeRate() view returns (uint256)',
  'function yieldToken() view returns (address)',
  'function assetInfo() view returns (uint8 assetType, address assetAddress, uint8 assetDecimals)',
])
const ytAbi = parseAbi(['function pyIndexStored() view returns (uint256)'])
const vaultAbi = parseAbi(['function totalAssets() view returns (uint256)', 'function totalSupply() view returns (uint256)', 'function decimals() view returns (uint8)', 'function asset() view returns (address)'])
const multicall3Abi = parseAbi(['function getCurrentBlockTimestamp() view returns (uint256)'])

type Read = { status: 'success'; result: unknown } | { status: 'failure' }
const ok = (r: Read | undefined): r is { status: 'success'; result: unknown } => r?.status === 'success'

/**
 * Reads Pendle V2 markets at one block through Pendle's real ABI: the market's `readState(address(0))`
 * and `readTokens()`, the YT's `pyIndexStored()`, the SY's `exchangeRate()`, `yieldToken()` and
 * `assetInfo()`, and the yield token's ERC-4626 state. A market is served when its SY's exchange rate is
 * its vault's `convertToAssets(1e18)` as read (an ERC-4626 SY whose asset is the vault's), so deposits
 * and redemptions through the SY are quoted exactly too; others are skipped.
 * @returns one snapshot per market that answered
 */
export const loadPendle: LoadSnapshots<LoadContext, PendleMarketSnapshot> = async ({ client, book }, { blockNumber, pools }) => {
  const wanted = pools ? new Set(pools.map((p) => p.toLowerCase())) : undefined
  const markets = (book.pendle?.markets ?? []).filter((m) => !wanted || wanted.has(m.address.toLowerCase()))
  if (markets.length === 0) return []
  const call = (address: Address, abi: typeof pendleMarketReadAbi | typeof syAbi | typeof ytAbi | typeof vaultAbi | typeof multicall3Abi, functionName: string, args?: readonly unknown[]) => ({ address, abi, functionName, ...(args ? { args } : {}) })
  const first = (await client.multicall({
    blockNumber, multicallAddress: book.multicall3, batchSize: SNAPSHOT_MULTICALL_BYTES,
    contracts: [
      call(book.multicall3, multicall3Abi, 'getCurrentBlockTimestamp'),
      ...markets.flatMap((m) => [
        call(m.address, pendleMarketReadAbi, 'readState', [zeroAddress]),
        call(m.address, pendleMarketReadAbi, 'readTokens'),
        call(m.address, pendleMarketReadAbi, 'totalSupply'),
      ]),
    ] as never[],
  })) as Read[]
  const [time, ...rest] = first
  if (!ok(time)) return []
  const found = markets.flatMap((m, i) => {
    const [state, tokens, supply] = rest.slice(3 * i, 3 * i + 3)
    if (!ok(state) || !ok(tokens) || !ok(supply)) return []
    const [sy, pt, yt] = tokens.result as readonly [Address, Address, Address]
    return [{ market: m.address, state: state.result as Record<string, bigint>, sy, pt, yt }]
  })
  const second = (await client.multicall({
    blockNumber, multicallAddress: book.multicall3, batchSize: SNAPSHOT_MULTICALL_BYTES,
    contracts: found.flatMap((f) => [
      call(f.sy, syAbi, 'exchangeRate'),
      call(f.sy, syAbi, 'yieldToken'),
      call(f.sy, syAbi, 'assetInfo'),
      call(f.yt, ytAbi, 'pyIndexStored'),
    ]) as never[],
  })) as Read[]
  const withSy = found.flatMap((f, i) => {
    const [rate, yieldToken, assetInfo, indexStored] = second.slice(4 * i, 4 * i + 4)
    if (!ok(rate) || !ok(yieldToken) || !ok(assetInfo) || !ok(indexStored)) return []
    return [{ ...f, rate: rate.result as bigint, vault: yieldToken.result as Address, asset: (assetInfo.result as readonly [number, Address, number])[1], pyIndexStored: indexStored.result as bigint }]
  })
  const third = (await client.multicall({
    blockNumber, multicallAddress: book.multicall3, batchSize: SNAPSHOT_MULTICALL_BYTES,
    contracts: withSy.flatMap((f) => [
      call(f.vault, vaultAbi, 'totalAssets'),
      call(f.vault, vaultAbi, 'totalSupply'),
      call(f.vault, vaultAbi, 'decimals'),
      call(f.vault, vaultAbi, 'asset'),
      call(f.asset, vaultAbi, 'decimals'),
    ]) as never[],
  })) as Read[]
  const out: PendleMarketSnapshot[] = []
  withSy.forEach((f, i) => {
    const [assets, supply, shareDecimals, vaultAsset, assetDecimals] = third.slice(5 * i, 5 * i + 5)
    if (!ok(assets) || !ok(supply) || !ok(shareDecimals) || !ok(vaultAsset) || !ok(assetDecimals)) return
    if (lower(vaultAsset.result as Address) !== lower(f.asset)) return
    const s = f.state
    const snapshot: PendleMarketSnapshot = {
      protocol: 'pendle',
      address: lower(f.market),
      blockNumber,
      tokens: [lower(f.asset), lower(f.sy), lower(f.pt), lower(f.market)],
      timestamp: time.result as bigint,
      market: {
        totalPt: s.totalPt!, totalSy: s.totalSy!, totalLp: s.totalLp!, scalarRoot: s.scalarRoot!, expiry: s.expiry!,
        lnFeeRateRoot: s.lnFeeRateRoot!, reserveFeePercent: s.reserveFeePercent!, lastLnImpliedRate: s.lastLnImpliedRate!,
      },
      pyIndexStored: f.pyIndexStored,
      sy: lower(f.sy),
      pt: lower(f.pt),
      vault: lower(f.vault),
      vaultTotalAssets: assets.result as bigint,
      vaultTotalSupply: supply.result as bigint,
      vaultDecimalsOffset: Math.max(0, Number(shareDecimals.result) - Number(assetDecimals.result)),
    }
    // Only an SY whose rate is its vault's, as our quotes compute it, is served.
    if (exchangeRateOf(snapshot) !== f.rate) return
    out.push(snapshot)
  })
  return out
}
