import { parseAbi } from 'viem'
import { lower, type LoadContext, SNAPSHOT_MULTICALL_BYTES } from '../loadContext.js'
import type { LoadSnapshots } from '../types.js'
import type { Erc4626VaultSnapshot } from './types.js'

const vaultAbi = parseAbi(['function totalAssets() view returns (uint256)', 'function totalSupply() view returns (uint256)', 'function decimals() view returns (uint8)'])
const erc20 = parseAbi(['function decimals() view returns (uint8)'])

/**
 * Reads ERC-4626 vaults at one block (Multicall3): total assets, total supply, and the decimals
 * offset (share decimals − asset decimals, OpenZeppelin's virtual-share exponent).
 * @returns one snapshot per vault that answered
 */
export const loadErc4626: LoadSnapshots<LoadContext, Erc4626VaultSnapshot> = async ({ client, book }, { blockNumber, pools }) => {
  const wanted = pools ? new Set(pools.map((p) => p.toLowerCase())) : undefined
  const vaults = (book.erc4626?.vaults ?? []).filter((v) => !wanted || wanted.has(v.address.toLowerCase()))
  if (vaults.length === 0) return []
  const results = await client.multicall({
    blockNumber,
    multicallAddress: book.multicall3,
    batchSize: SNAPSHOT_MULTICALL_BYTES,
    contracts: vaults.flatMap((v) => [
      { address: v.address, abi: vaultAbi, functionName: 'totalAssets' as const },
      { address: v.address, abi: vaultAbi, functionName: 'totalSupply' as const },
      { address: v.address, abi: vaultAbi, functionName: 'decimals' as const },
      { address: v.asset, abi: erc20, functionName: 'decimals' as const },
    ]),
  })
  const out: Erc4626VaultSnapshot[] = []
  vaults.forEach((v, i) => {
    const [assets, supply, shareDecimals, assetDecimals] = results.slice(4 * i, 4 * i + 4)
    if (assets?.status !== 'success' || supply?.status !== 'success' || shareDecimals?.status !== 'success' || assetDecimals?.status !== 'success') return
    out.push({
      protocol: 'erc4626',
      address: lower(v.address),
      blockNumber,
      tokens: [lower(v.asset), lower(v.address)],
      totalAssets: assets.result as bigint,
      totalSupply: supply.result as bigint,
      decimalsOffset: Math.max(0, Number(shareDecimals.result) - Number(assetDecimals.result)),
    })
  })
  return out
}
