import type { Address } from 'viem'

/** Morpho Blue `MarketParams`: the five words whose keccak is the market id. */
export type MorphoMarketParams = {
  loanToken: Address
  collateralToken: Address
  /** `IOracle`: price of 1 collateral unit in loan units, scaled by 1e36. */
  oracle: Address
  /** Interest rate model (`IIrm`); the zero address means no interest. */
  irm: Address
  /** Liquidation loan-to-value, WAD (1e18 = 100%). */
  lltv: bigint
}

/** Morpho Blue `Market`: a market's totals, as `market(id)` returns them. */
export type MorphoMarketState = {
  totalSupplyAssets: bigint
  totalSupplyShares: bigint
  totalBorrowAssets: bigint
  totalBorrowShares: bigint
  /** Timestamp of the last interest accrual. */
  lastUpdate: bigint
  /** Share of the interest paid to the fee recipient, WAD. */
  fee: bigint
}
