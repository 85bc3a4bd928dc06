import { mulDivDown, toSharesDown, wMulDown, WAD } from './sharesMath.js'
import type { MorphoMarketState } from './types.js'

/** Parameters of {@link accrueInterest}. */
export type AccrueInterestParameters = {
  /** Borrow rate per second (WAD), as the market's IRM returns it for the totals *before* accrual (`borrowRateView`). */
  borrowRate: bigint
  /** The block timestamp to accrue to. */
  timestamp: bigint
}

/** What {@link accrueInterest} returns: the market after accrual, the interest and the fee shares minted. */
export type AccrueInterestReturnType = { market: MorphoMarketState; interest: bigint; feeShares: bigint }

/**
 * `MathLib.wTaylorCompounded`: e^(x·n) − 1 to the third Taylor term, the compounding Morpho applies.
 * @param x - rate per second, WAD
 * @param n - seconds elapsed
 * @returns the growth factor minus one, WAD
 */
export function wTaylorCompounded(x: bigint, n: bigint): bigint {
  const firstTerm = x * n
  const secondTerm = mulDivDown(firstTerm, firstTerm, 2n * WAD)
  const thirdTerm = mulDivDown(secondTerm, firstTerm, 3n * WAD)
  return firstTerm + secondTerm + thirdTerm
}

/**
 * Replays Morpho Blue's `_accrueInterest` on a market's totals: borrow and supply assets grow by
 * the compounded interest since `lastUpdate`, and the fee recipient's cut is minted as supply shares.
 * Pure; what `market(id)` reads after an `accrueInterest` (or any supply, withdraw, borrow or repay)
 * in a block at `timestamp`. A market with no IRM (`irm` = 0) only moves `lastUpdate`: pass a
 * `borrowRate` of 0 for it. A `timestamp` at or before `lastUpdate` changes nothing.
 *
 * @example
 * const { market: now } = accrueInterest(market, { borrowRate, timestamp: block.timestamp })
 * const shares = toSharesDown(assets, now.totalSupplyAssets, now.totalSupplyShares)
 *
 * @returns the accrued market, the interest added and the fee shares minted
 */
export function accrueInterest(market: MorphoMarketState, { borrowRate, timestamp }: AccrueInterestParameters): AccrueInterestReturnType {
  const elapsed = timestamp - market.lastUpdate
  if (elapsed <= 0n) return { market, interest: 0n, feeShares: 0n }
  const interest = wMulDown(market.totalBorrowAssets, wTaylorCompounded(borrowRate, elapsed))
  const totalSupplyAssets = market.totalSupplyAssets + interest
  let feeShares = 0n
  if (market.fee !== 0n) {
    const feeAmount = wMulDown(interest, market.fee)
    // As Morpho: the fee is priced against the supply without it (the supply already includes the whole interest).
    feeShares = toSharesDown(feeAmount, totalSupplyAssets - feeAmount, market.totalSupplyShares)
  }
  return {
    market: {
      ...market,
      totalSupplyAssets,
      totalBorrowAssets: market.totalBorrowAssets + interest,
      totalSupplyShares: market.totalSupplyShares + feeShares,
      lastUpdate: timestamp,
    },
    interest,
    feeShares,
  }
}
