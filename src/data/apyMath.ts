/** Seconds in a 365-day year: Aave's `SECONDS_PER_YEAR`, and the year every APY here is scaled to. */
export const SECONDS_PER_YEAR = 31_536_000

const RAY = 10n ** 27n
const WAD = 10n ** 18n

/**
 * Aave's per-year liquidity rate (ray) compounded every second into an APY, as Aave's own UI does:
 * `(1 + rate / SECONDS_PER_YEAR) ^ SECONDS_PER_YEAR - 1`.
 * @param rate - `ReserveData.currentLiquidityRate` (ray)
 * @returns the APY in percent
 */
export function rayRateToApy(rate: bigint): number {
  const perSecond = Number((rate * WAD) / RAY) / 1e18 / SECONDS_PER_YEAR
  return Math.expm1(SECONDS_PER_YEAR * Math.log1p(perSecond)) * 100
}

/** Parameters of {@link growthToApy}. */
export type GrowthToApyParameters = {
  /** Value of one unit (share, LP token) at the window's start; must be positive. */
  from: bigint
  /** Value of the same unit at the window's end. */
  to: bigint
  /** Seconds between the two; must be positive. */
  seconds: number
}

/**
 * Growth of a unit's value over a window, compounded to a year: `(to / from) ^ (year / seconds) - 1`.
 * @returns the APY in percent, or `undefined` when the window is empty or the start value is 0
 */
export function growthToApy({ from, to, seconds }: GrowthToApyParameters): number | undefined {
  if (from <= 0n || seconds <= 0) return undefined
  const growth = Number(((to - from) * WAD) / from) / 1e18
  if (growth <= -1) return -100
  return Math.expm1((SECONDS_PER_YEAR / seconds) * Math.log1p(growth)) * 100
}

/** Integer square root (floor), for Uniswap V2's `sqrt(k)` per LP share. */
export function sqrtBigint(value: bigint): bigint {
  if (value < 2n) return value
  let x = BigInt(Math.floor(Math.sqrt(Number(value))))
  while (x * x > value) x = (x + value / x) >> 1n
  while ((x + 1n) * (x + 1n) <= value) x += 1n
  return x
}
