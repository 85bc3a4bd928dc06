/**
 * Share ↔ asset conversions of Morpho Blue's `SharesMathLib`, in bigint and bit-exact: the virtual
 * shares and assets make an empty market start at 1e6 shares per asset and stop share-price
 * inflation. Supply positions round against the user (`toSharesDown` on supply, `toSharesUp` on
 * withdraw by assets), borrow positions too (`toSharesUp` on borrow, `toSharesDown` on repay by assets).
 */

/** `SharesMathLib.VIRTUAL_SHARES`. */
export const VIRTUAL_SHARES = 10n ** 6n
/** `SharesMathLib.VIRTUAL_ASSETS`. */
export const VIRTUAL_ASSETS = 1n
/** Morpho's fixed-point unit (`MathLib.WAD`). */
export const WAD = 10n ** 18n

/** `MathLib.mulDivDown`: ⌊x · y / d⌋. */
export function mulDivDown(x: bigint, y: bigint, d: bigint): bigint {
  return (x * y) / d
}

/** `MathLib.mulDivUp`: ⌈x · y / d⌉. */
export function mulDivUp(x: bigint, y: bigint, d: bigint): bigint {
  return (x * y + (d - 1n)) / d
}

/** `MathLib.wMulDown`: ⌊x · y / WAD⌋. */
export function wMulDown(x: bigint, y: bigint): bigint {
  return mulDivDown(x, y, WAD)
}

/**
 * Assets → shares, rounded down (`SharesMathLib.toSharesDown`).
 * @param assets - amount of the loan token
 * @param totalAssets - the market's total supply (or borrow) assets
 * @param totalShares - the market's total supply (or borrow) shares
 * @returns the shares `assets` is worth
 */
export function toSharesDown(assets: bigint, totalAssets: bigint, totalShares: bigint): bigint {
  return mulDivDown(assets, totalShares + VIRTUAL_SHARES, totalAssets + VIRTUAL_ASSETS)
}

/**
 * Shares → assets, rounded down (`SharesMathLib.toAssetsDown`).
 * @returns the assets `shares` is worth
 */
export function toAssetsDown(shares: bigint, totalAssets: bigint, totalShares: bigint): bigint {
  return mulDivDown(shares, totalAssets + VIRTUAL_ASSETS, totalShares + VIRTUAL_SHARES)
}

/**
 * Assets → shares, rounded up (`SharesMathLib.toSharesUp`).
 * @returns the shares `assets` is worth, rounded up
 */
export function toSharesUp(assets: bigint, totalAssets: bigint, totalShares: bigint): bigint {
  return mulDivUp(assets, totalShares + VIRTUAL_SHARES, totalAssets + VIRTUAL_ASSETS)
}

/**
 * Shares → assets, rounded up (`SharesMathLib.toAssetsUp`).
 * @returns the assets `shares` is worth, rounded up
 */
export function toAssetsUp(shares: bigint, totalAssets: bigint, totalShares: bigint): bigint {
  return mulDivUp(shares, totalAssets + VIRTUAL_ASSETS, totalShares + VIRTUAL_SHARES)
}
