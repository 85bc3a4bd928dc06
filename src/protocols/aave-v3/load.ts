import { parseAbi } from 'viem'
import { lower, type LoadContext, SNAPSHOT_MULTICALL_BYTES } from '../loadContext.js'
import type { LoadSnapshots } from '../types.js'
import type { AaveV3ReserveSnapshot } from './types.js'

const poolAbi = parseAbi([
  'struct ReserveConfigurationMap { uint256 data; }',
  'struct ReserveData { ReserveConfigurationMap configuration; uint128 liquidityIndex; uint128 currentLiquidityRate; uint128 variableBorrowIndex; uint128 currentVariableBorrowRate; uint128 currentStableBorrowRate; uint40 lastUpdateTimestamp; uint16 id; address aTokenAddress; address stableDebtTokenAddress; address variableDebtTokenAddress; address interestRateStrategyAddress; uint128 accruedToTreasury; uint128 unbacked; uint128 isolationModeTotalDebt; }',
  'function getReserveData(address asset) view returns (ReserveData)',
])
const tokenAbi = parseAbi(['function scaledTotalSupply() view returns (uint256)', 'function balanceOf(address) view returns (uint256)'])
const multicall3Abi = parseAbi(['function getCurrentBlockTimestamp() view returns (uint256)'])

/** A field of the reserve configuration bitmap (`ReserveConfiguration.sol`). */
const bits = (data: bigint, from: number, width: number) => (data >> BigInt(from)) & ((1n << BigInt(width)) - 1n)

/**
 * Reads Aave V3 reserves at one block (Multicall3): `getReserveData(asset)` (index, rate, last
 * update, configuration flags and cap), the aToken's scaled supply, the asset it holds, and the
 * block's timestamp (quotes accrue interest to it, as the pool does).
 * @returns one snapshot per reserve that answered
 */
export const loadAaveV3: LoadSnapshots<LoadContext, AaveV3ReserveSnapshot> = async ({ client, book }, { blockNumber, pools }) => {
  const market = book.aaveV3
  const wanted = pools ? new Set(pools.map((p) => p.toLowerCase())) : undefined
  const reserves = (market?.reserves ?? []).filter((r) => !wanted || wanted.has(r.aToken.toLowerCase()))
  if (!market || reserves.length === 0) return []
  const [time, ...results] = await client.multicall({
    blockNumber,
    multicallAddress: book.multicall3,
    batchSize: SNAPSHOT_MULTICALL_BYTES,
    contracts: [
      { address: book.multicall3, abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' as const },
      ...reserves.flatMap((r) => [
        { address: market.pool, abi: poolAbi, functionName: 'getReserveData' as const, args: [r.asset] as const },
        { address: r.aToken, abi: tokenAbi, functionName: 'scaledTotalSupply' as const },
        { address: r.asset, abi: tokenAbi, functionName: 'balanceOf' as const, args: [r.aToken] as const },
      ]),
    ] as never[],
  })
  if (time?.status !== 'success') return []
  const out: AaveV3ReserveSnapshot[] = []
  reserves.forEach((r, i) => {
    const [data, scaled, held] = results.slice(3 * i, 3 * i + 3)
    if (data?.status !== 'success' || scaled?.status !== 'success' || held?.status !== 'success') return
    const d = data.result as { configuration: { data: bigint }; liquidityIndex: bigint; currentLiquidityRate: bigint; lastUpdateTimestamp: number; accruedToTreasury: bigint }
    const config = d.configuration.data
    out.push({
      protocol: 'aave-v3',
      address: lower(r.aToken),
      blockNumber,
      tokens: [lower(r.asset), lower(r.aToken)],
      pool: lower(market.pool),
      asset: lower(r.asset),
      aToken: lower(r.aToken),
      timestamp: time.result as bigint,
      liquidityIndex: d.liquidityIndex,
      currentLiquidityRate: d.currentLiquidityRate,
      lastUpdateTimestamp: BigInt(d.lastUpdateTimestamp),
      scaledTotalSupply: scaled.result as bigint,
      accruedToTreasury: d.accruedToTreasury,
      availableLiquidity: held.result as bigint,
      supplyCap: bits(config, 116, 36),
      decimals: Number(bits(config, 48, 8)),
      active: bits(config, 56, 1) === 1n,
      frozen: bits(config, 57, 1) === 1n,
      paused: bits(config, 60, 1) === 1n,
    })
  })
  return out
}
