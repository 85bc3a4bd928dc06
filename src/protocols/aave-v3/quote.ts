import type { AaveV3ReserveSnapshot } from './types.js'

const RAY = 10n ** 27n
const HALF_RAY = RAY / 2n
const SECONDS_PER_YEAR = 365n * 24n * 3600n

/** WadRayMath `rayMul`: `a × b / 1e27`, rounded half up. */
export function rayMul(a: bigint, b: bigint): bigint {
  return (a * b + HALF_RAY) / RAY
}

/** WadRayMath `rayDiv`: `a × 1e27 / b`, rounded half up. */
export function rayDiv(a: bigint, b: bigint): bigint {
  return (a * RAY + b / 2n) / b
}

type Reserve = Pick<AaveV3ReserveSnapshot, 'liquidityIndex' | 'currentLiquidityRate' | 'lastUpdateTimestamp' | 'timestamp'>

/**
 * `Pool.getReserveNormalizedIncome` at the snapshot's timestamp: the liquidity index grown by linear
 * interest since the last update (`MathUtils.calculateLinearInterest`). This is the index a supply or
 * withdrawal in that block mints and burns at.
 */
export function normalizedIncome(reserve: Reserve): bigint {
  if (reserve.timestamp <= reserve.lastUpdateTimestamp) return reserve.liquidityIndex
  const linear = RAY + (reserve.currentLiquidityRate * (reserve.timestamp - reserve.lastUpdateTimestamp)) / SECONDS_PER_YEAR
  return rayMul(linear, reserve.liquidityIndex)
}

/** How much more the reserve accepts before its supply cap (`undefined` = no cap). */
export function supplyRoom(reserve: AaveV3ReserveSnapshot): bigint | undefined {
  if (reserve.supplyCap === 0n) return undefined
  const supplied = rayMul(reserve.scaledTotalSupply + reserve.accruedToTreasury, normalizedIncome(reserve))
  const cap = reserve.supplyCap * 10n ** BigInt(reserve.decimals)
  return cap > supplied ? cap - supplied : 0n
}

/**
 * aToken balance gained by a holder with no prior aTokens from `supply(asset, amount)`: the pool mints
 * `amount.rayDiv(index)` scaled units and the balance is `scaled.rayMul(index)` (within 1 wei of
 * `amount`). 0n when the reserve is inactive, paused or frozen, the cap is exceeded, or the scaled
 * amount rounds to zero (the pool reverts with INVALID_MINT_AMOUNT).
 */
export function quoteSupply(reserve: AaveV3ReserveSnapshot, amount: bigint): bigint {
  if (amount <= 0n || !reserve.active || reserve.paused || reserve.frozen) return 0n
  const room = supplyRoom(reserve)
  if (room !== undefined && amount > room) return 0n
  const index = normalizedIncome(reserve)
  const scaled = rayDiv(amount, index)
  return scaled === 0n ? 0n : rayMul(scaled, index)
}

/**
 * Asset paid by `withdraw(asset, amount)`: exactly `amount`, when the aToken holds that much of the
 * asset. 0n when the reserve is inactive or paused, the liquidity is short, or the burnt scaled
 * amount rounds to zero (INVALID_BURN_AMOUNT).
 */
export function quoteWithdraw(reserve: AaveV3ReserveSnapshot, amount: bigint): bigint {
  if (amount <= 0n || !reserve.active || reserve.paused || amount > reserve.availableLiquidity) return 0n
  return rayDiv(amount, normalizedIncome(reserve)) === 0n ? 0n : amount
}
