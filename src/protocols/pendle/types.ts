import type { PoolSnapshotBase } from '../types.js'
import type { PendleMarketState } from './marketMath.js'

/**
 * One Pendle V2 market with its SY, at a block. `tokens` is `[asset, SY, PT, LP]` (the LP token is the
 * market itself): SY deposit/redeem edges between the asset and SY, swap edges between SY and PT.
 */
export type PendleMarketSnapshot = PoolSnapshotBase & {
  protocol: 'pendle'
  /** The block's timestamp; quotes price at the next block, one second later (the devnet's clock). */
  timestamp: bigint
  /** `readState(address(0))`: the state any caller without a router fee override trades against. */
  market: PendleMarketState
  /** The YT's `pyIndexStored()`; the market trades at `max(SY.exchangeRate(), pyIndexStored)`. */
  pyIndexStored: bigint
  sy: `0x${string}`
  pt: `0x${string}`
  /** The SY's yield token, an ERC-4626 vault whose asset is `tokens[0]`. */
  vault: `0x${string}`
  /** The vault's state (the SY's exchange rate is the vault's `convertToAssets(1e18)`). */
  vaultTotalAssets: bigint
  vaultTotalSupply: bigint
  vaultDecimalsOffset: number
}
