import { parseAbi } from 'viem'
import { lower, type LoadContext, SNAPSHOT_MULTICALL_BYTES } from '../loadContext.js'
import type { LoadSnapshots } from '../types.js'
import type { CurveTwocryptoSnapshot } from './twocryptoTypes.js'

/** Curve twocrypto-ng's own ABI: the getters the math needs, nothing of ours. */
export const curveTwocryptoReadAbi = parseAbi([
  'function coins(uint256 i) view returns (address)',
  'function balances(uint256 i) view returns (uint256)',
  'function precisions() view returns (uint256[2])',
  'function A() view returns (uint256)',
  'function gamma() view returns (uint256)',
  'function D() view returns (uint256)',
  'function price_scale() view returns (uint256)',
  'function price_oracle() view returns (uint256)',
  'function last_prices() view returns (uint256)',
  'function last_timestamp() view returns (uint256)',
  'function future_A_gamma_time() view returns (uint256)',
  'function mid_fee() view returns (uint256)',
  'function out_fee() view returns (uint256)',
  'function fee_gamma() view returns (uint256)',
  'function packed_rebalancing_params() view returns (uint256)',
  'function xcp_profit() view returns (uint256)',
  'function virtual_price() view returns (uint256)',
  'function totalSupply() view returns (uint256)',
  'function version() view returns (string)',
])
const multicall3Abi = parseAbi(['function getCurrentBlockTimestamp() view returns (uint256)'])

type ReadName = (typeof curveTwocryptoReadAbi)[number]['name']
/** Argument-less reads per pool, in this order, after `coins(0..1)` and `balances(0..1)`. */
const READS: readonly ReadName[] = ['precisions', 'A', 'gamma', 'D', 'price_scale', 'price_oracle', 'last_prices', 'last_timestamp', 'future_A_gamma_time', 'mid_fee', 'out_fee', 'fee_gamma', 'packed_rebalancing_params', 'xcp_profit', 'virtual_price', 'totalSupply', 'version']
const MASK64 = (1n << 64n) - 1n
/**
 * Releases of Curve's twocrypto-ng pool whose math (the CryptoSwap invariant, `CurveCryptoMathOptimized2`)
 * this model implements. Pools of the same ABI built on another math (the YieldBasis `Twocrypto` pools,
 * v2.1.0d and v3.0.0, run a StableSwap math) are left out rather than misquoted.
 */
const CRYPTOSWAP_VERSIONS = new Set(['v2.0.0', 'v2.1.0'])

type Read = { status: string; result?: unknown } | undefined
const ok = (r: Read): r is { status: 'success'; result: unknown } => r?.status === 'success'

/**
 * Reads the address book's Curve twocrypto-ng pools at one block in one Multicall3 batch through the
 * pools' own getters (`coins`, `balances`, `precisions`, `A`, `gamma`, `D`, `price_scale`, `price_oracle`,
 * `last_prices`, `last_timestamp`, `future_A_gamma_time`, the fee getters, `packed_rebalancing_params`,
 * `xcp_profit`, `virtual_price`, `totalSupply`, `version`) and the block timestamp, so it serves the real pools on
 * any node. `price_oracle()` is the EMA moved to the block; the snapshot records the block it is as of.
 * A pool is left out when a read fails, its coins differ from the book's, it is empty, or its `version()` is
 * not a CryptoSwap-math release of twocrypto-ng.
 * @returns one snapshot per usable pool
 */
export const loadCurveTwocrypto: LoadSnapshots<LoadContext, CurveTwocryptoSnapshot> = async ({ client, book }, { blockNumber, pools }) => {
  const wanted = pools ? new Set(pools.map((p) => p.toLowerCase())) : undefined
  const entries = (book.curve?.twocryptoPools ?? []).filter((p) => !wanted || wanted.has(p.address.toLowerCase()))
  if (entries.length === 0) return []
  const results = (await client.multicall({
    blockNumber,
    multicallAddress: book.multicall3,
    batchSize: SNAPSHOT_MULTICALL_BYTES,
    contracts: [
      { address: book.multicall3, abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' as const },
      ...entries.flatMap((p) => [
        ...[0n, 1n].flatMap((i) => [
          { address: p.address, abi: curveTwocryptoReadAbi, functionName: 'coins' as const, args: [i] as const },
          { address: p.address, abi: curveTwocryptoReadAbi, functionName: 'balances' as const, args: [i] as const },
        ]),
        ...READS.map((functionName) => ({ address: p.address, abi: curveTwocryptoReadAbi, functionName })),
      ]),
    ] as never,
  })) as Read[]
  const time = results[0]
  if (!ok(time)) return []
  const timestamp = time.result as bigint
  const out: CurveTwocryptoSnapshot[] = []
  let at = 1
  for (const p of entries) {
    const reads = results.slice(at, at + 4 + READS.length)
    at += 4 + READS.length
    if (!reads.every(ok)) continue
    const v = reads.map((r) => (r as { result: unknown }).result)
    const coins = [lower(v[0] as `0x${string}`), lower(v[2] as `0x${string}`)]
    if (coins.some((c, i) => c !== lower(p.coins[i]!))) continue
    const [precisions, A, gamma, D, priceScale, priceOracle, lastPrices, lastTimestamp, futureAGammaTime, midFee, outFee, feeGamma, rebalancing, xcpProfit, virtualPrice, totalSupply] = v.slice(4) as [readonly bigint[], ...bigint[]]
    if (!CRYPTOSWAP_VERSIONS.has(v[4 + READS.length - 1] as string)) continue
    if (D === 0n || totalSupply === 0n) continue
    out.push({
      protocol: 'curve',
      kind: 'twocrypto',
      address: lower(p.address),
      blockNumber,
      tokens: [...coins, lower(p.address)],
      balances: [v[1] as bigint, v[3] as bigint],
      precisions: [...precisions],
      A: A!, gamma: gamma!, D: D!,
      priceScale: priceScale!, priceOracle: priceOracle!, oracleTimestamp: timestamp, lastPrices: lastPrices!, lastTimestamp: lastTimestamp!,
      futureAGammaTime: futureAGammaTime!,
      midFee: midFee!, outFee: outFee!, feeGamma: feeGamma!,
      allowedExtraProfit: (rebalancing! >> 128n) & MASK64, adjustmentStep: (rebalancing! >> 64n) & MASK64, maTime: rebalancing! & MASK64,
      xcpProfit: xcpProfit!, virtualPrice: virtualPrice!, totalSupply: totalSupply!,
      adminLpVirtualBalance: 0n,
      timestamp,
    })
  }
  return out
}
