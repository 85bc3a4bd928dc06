import { decodeFunctionResult, encodeFunctionData, getAddress, parseAbi, size, type Address, type Hex, type PublicClient } from 'viem'
import { aggregateCalls, type RawResult } from './aggregateCalls.js'
import { decodeTokenDecimals } from './decodeTokenText.js'
import type { PoolIndex } from './poolIndex.js'

const vaultAbi = parseAbi([
  'function asset() view returns (address)',
  'function totalAssets() view returns (uint256)',
  'function totalSupply() view returns (uint256)',
  'function decimals() view returns (uint8)',
  'function previewDeposit(uint256 assets) view returns (uint256)',
  'function previewRedeem(uint256 shares) view returns (uint256)',
])
const call = (target: Address, functionName: 'asset' | 'totalAssets' | 'totalSupply' | 'decimals') => ({ target, data: encodeFunctionData({ abi: vaultAbi, functionName }) })
const uint = (r: RawResult | undefined): bigint | undefined => (r?.success && size(r.returnData) >= 32 ? BigInt(r.returnData.slice(0, 66)) : undefined)

/**
 * Judges the index's vault candidates (emitters of the ERC-4626 `Deposit` topic) and moves each to
 * `erc4626` or `notVaults` (with the reason). The rule: a candidate is a vault we serve when
 * - `asset()` answers an address other than its own, and that token answers `decimals()`;
 * - `totalAssets()`, `totalSupply()` and `decimals()` answer;
 * - `previewDeposit(10^assetDecimals)` and `previewRedeem(10^shareDecimals)` equal OpenZeppelin's
 *   ERC4626 formulas on those totals (virtual offset 10^(shareDecimals − assetDecimals)), which is
 *   what the erc4626 adapter quotes: a vault that charges fees, caps deposits or rounds otherwise
 *   would be quoted wrong, so it is left out.
 * Read at the latest block, in two Multicall3 rounds.
 */
export async function verifyVaults(client: PublicClient, { index, multicall3 }: { index: PoolIndex; multicall3: Address }): Promise<void> {
  const candidates = [...index.vaultCandidates]
  index.vaultCandidates.clear()
  if (candidates.length === 0) return
  const first = await aggregateCalls(client, { multicall3, calls: candidates.flatMap((v) => (['asset', 'totalAssets', 'totalSupply', 'decimals'] as const).map((f) => call(v as Address, f))) })
  type Probe = { vault: string; asset: Address; totalAssets: bigint; totalSupply: bigint; shareDecimals: number }
  const probes: Probe[] = []
  candidates.forEach((vault, i) => {
    const [assetR, assetsR, supplyR, decimalsR] = first.slice(4 * i, 4 * i + 4)
    const asset = assetR?.success && size(assetR.returnData) >= 32 ? decodeAddress(assetR.returnData) : undefined
    const totalAssets = uint(assetsR)
    const totalSupply = uint(supplyR)
    const shareDecimals = decimalsR ? decodeTokenDecimals(decimalsR) : undefined
    if (!asset || asset.toLowerCase() === vault) return index.notVaults.set(vault, 'asset() reverts or is not another address')
    if (totalAssets === undefined || totalSupply === undefined || shareDecimals === undefined) return index.notVaults.set(vault, 'totalAssets(), totalSupply() or decimals() reverts')
    probes.push({ vault, asset, totalAssets, totalSupply, shareDecimals })
  })
  if (probes.length === 0) return
  const second = await aggregateCalls(client, {
    multicall3,
    calls: probes.flatMap((p) => [
      { target: p.asset, data: encodeFunctionData({ abi: vaultAbi, functionName: 'decimals' }) },
      // The asset's decimals are not known yet: probe deposits at the share decimals and check below.
      { target: p.vault as Address, data: encodeFunctionData({ abi: vaultAbi, functionName: 'previewDeposit', args: [10n ** BigInt(p.shareDecimals)] }) },
      { target: p.vault as Address, data: encodeFunctionData({ abi: vaultAbi, functionName: 'previewRedeem', args: [10n ** BigInt(p.shareDecimals)] }) },
    ]),
  })
  probes.forEach((p, i) => {
    const [assetDecimalsR, depositR, redeemR] = second.slice(3 * i, 3 * i + 3)
    const assetDecimals = assetDecimalsR ? decodeTokenDecimals(assetDecimalsR) : undefined
    if (assetDecimals === undefined) return index.notVaults.set(p.vault, 'its asset answers no decimals()')
    const virtual = 10n ** BigInt(Math.max(0, p.shareDecimals - assetDecimals))
    const amount = 10n ** BigInt(p.shareDecimals)
    const deposit = (amount * (p.totalSupply + virtual)) / (p.totalAssets + 1n)
    const redeem = (amount * (p.totalAssets + 1n)) / (p.totalSupply + virtual)
    if (p.shareDecimals < assetDecimals || uint(depositR) !== deposit || uint(redeemR) !== redeem) {
      return index.notVaults.set(p.vault, 'previewDeposit/previewRedeem differ from OpenZeppelin ERC4626 (fees, limits or other rounding): its quotes would not be exact')
    }
    index.erc4626.set(p.vault, { address: getAddress(p.vault), asset: p.asset })
  })
}

function decodeAddress(data: Hex): Address | undefined {
  try {
    return getAddress(decodeFunctionResult({ abi: vaultAbi, functionName: 'asset', data: data.slice(0, 66) as Hex }))
  } catch {
    return undefined
  }
}
