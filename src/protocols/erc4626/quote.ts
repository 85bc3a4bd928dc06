import type { Erc4626VaultSnapshot } from './types.js'

/**
 * Shares minted for `assets`, as OpenZeppelin's ERC4626 `previewDeposit` computes it:
 * `assets × (totalSupply + 10^offset) / (totalAssets + 1)`, rounded down.
 * @returns shares (0n for a zero or negative input)
 */
export function previewDeposit(vault: Pick<Erc4626VaultSnapshot, 'totalAssets' | 'totalSupply' | 'decimalsOffset'>, assets: bigint): bigint {
  if (assets <= 0n) return 0n
  return (assets * (vault.totalSupply + 10n ** BigInt(vault.decimalsOffset))) / (vault.totalAssets + 1n)
}

/**
 * Assets paid for `shares`, as OpenZeppelin's ERC4626 `previewRedeem` computes it:
 * `shares × (totalAssets + 1) / (totalSupply + 10^offset)`, rounded down. Redeeming more shares than
 * exist is impossible (0n).
 * @returns assets
 */
export function previewRedeem(vault: Pick<Erc4626VaultSnapshot, 'totalAssets' | 'totalSupply' | 'decimalsOffset'>, shares: bigint): bigint {
  if (shares <= 0n || shares > vault.totalSupply) return 0n
  return (shares * (vault.totalAssets + 1n)) / (vault.totalSupply + 10n ** BigInt(vault.decimalsOffset))
}
