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
 * Reads Pendle V2 markets at one block through Pendle's real ABI, in one batch: the market's
 * `readState(address(0))`, `readTokens()` and `totalSupply()`, the YT's `pyIndexStored()`, the SY's
 * `exchangeRate()`, `yieldToken()` and `assetInfo()`, and the yield token's ERC-4626 state, each at the
 * address the book lists. The chain's own answers are checked against the book (the market's SY, PT and
 * YT, the SY's yield token and asset, the vault's asset), so a market whose book entry is wrong is skipped
 * rather than quoted on the wrong contracts. A market is served when its SY's exchange rate is its
 * vault's `convertToAssets(1e18)` as read (an ERC-4626 SY whose asset is the vault's), so deposits and
 * redemptions through the SY are quoted exactly too; others are skipped.
 * @returns one snapshot per market that answered
 */
export const loadPendle: LoadSnapshots<LoadContext, PendleMarketSnapshot> = async ({ client, book }, { blockNumber, pools }) => {
  const wanted = pools ? new Set(pools.map((p) => p.toLowerCase())) : undefined
  const markets = (book.pendle?.markets ?? []).filter((m) => !wanted || wanted.has(m.address.toLowerCase()))
  if (markets.length === 0) return []
  const call = (address: Address, abi: typeof pendleMarketReadAbi | typeof syAbi | typeof ytAbi | typeof vaultAbi | typeof multicall3Abi, functionName: string, args?: readonly unknown[]) => ({ address, abi, functionName, ...(args ? { args } : {}) })
  const READS = 12
  const results = (await client.multicall({
    blockNumber, multicallAddress: book.multicall3, batchSize: SNAPSHOT_MULTICALL_BYTES,
    contracts: [
      call(book.multicall3, multicall3Abi, 'getCurrentBlockTimestamp'),
      ...markets.flatMap((m) => [
        call(m.address, pendleMarketReadAbi, 'readState', [zeroAddress]),
        call(m.address, pendleMarketReadAbi, 'readTokens'),
        call(m.address, pendleMarketReadAbi, 'totalSupply'),
        call(m.sy, syAbi, 'exchangeRate'),
        call(m.sy, syAbi, 'yieldToken'),
        call(m.sy, syAbi, 'assetInfo'),
        call(m.yt, ytAbi, 'pyIndexStored'),
        call(m.yieldToken, vaultAbi, 'totalAssets'),
        call(m.yieldToken, vaultAbi, 'totalSupply'),
        call(m.yieldToken, vaultAbi, 'decimals'),
        call(m.yieldToken, vaultAbi, 'asset'),
        call(m.asset, vaultAbi, 'decimals'),
      ]),
    ] as never[],
  })) as Read[]
  const [time, ...rest] = results
  if (!ok(time)) return []
  const out: PendleMarketSnapshot[] = []
  markets.forEach((m, i) => {
    const reads = rest.slice(READS * i, READS * i + READS)
    if (!reads.every(ok)) return
    const [state, tokens, , rate, yieldToken, assetInfo, indexStored, assets, supply, shareDecimals, vaultAsset, assetDecimals] = reads.map((r) => (r as { result: unknown }).result)
    const [sy, pt, yt] = tokens as readonly [Address, Address, Address]
    const asset = (assetInfo as readonly [number, Address, number])[1]
    const same = (a: unknown, b: Address) => lower(a as Address) === lower(b)
    if (!same(sy, m.sy) || !same(pt, m.pt) || !same(yt, m.yt) || !same(yieldToken, m.yieldToken) || !same(asset, m.asset) || !same(vaultAsset, m.asset)) return
    const s = state as Record<string, bigint>
    const snapshot: PendleMarketSnapshot = {
      protocol: 'pendle',
      address: lower(m.address),
      blockNumber,
      tokens: [lower(m.asset), lower(m.sy), lower(m.pt), lower(m.address)],
      timestamp: time.result as bigint,
      market: {
        totalPt: s.totalPt!, totalSy: s.totalSy!, totalLp: s.totalLp!, scalarRoot: s.scalarRoot!, expiry: s.expiry!,
        lnFeeRateRoot: s.lnFeeRateRoot!, reserveFeePercent: s.reserveFeePercent!, lastLnImpliedRate: s.lastLnImpliedRate!,
      },
      pyIndexStored: indexStored as bigint,
      sy: lower(m.sy),
      pt: lower(m.pt),
      vault: lower(m.yieldToken),
      vaultTotalAssets: assets as bigint,
      vaultTotalSupply: supply as bigint,
      vaultDecimalsOffset: Math.max(0, Number(shareDecimals) - Number(assetDecimals)),
    }
    // Only an SY whose rate is its vault's, as our quotes compute it, is served.
    if (exchangeRateOf(snapshot) !== (rate as bigint)) return
    out.push(snapshot)
  })
  return out
}
