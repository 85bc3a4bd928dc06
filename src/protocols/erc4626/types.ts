import type { PoolSnapshotBase } from '../types.js'

/** State of one ERC-4626 vault at a block. `tokens` is `[asset, share]`. */
export type Erc4626VaultSnapshot = PoolSnapshotBase & {
  protocol: 'erc4626'
  /** `totalAssets()`. */
  totalAssets: bigint
  /** `totalSupply()` of shares. */
  totalSupply: bigint
  /** OpenZeppelin's `_decimalsOffset()` (0 for a plain vault): virtual shares are 10^offset. */
  decimalsOffset: number
}
