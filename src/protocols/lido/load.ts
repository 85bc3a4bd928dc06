import { parseAbi } from 'viem'
import { lower, type LoadContext } from '../loadContext.js'
import type { LoadSnapshots } from '../types.js'
import type { LidoSnapshot } from './types.js'

const stETHAbi = parseAbi(['function getTotalPooledEther() view returns (uint256)', 'function getTotalShares() view returns (uint256)'])

/**
 * Reads the liquid-staking pair at one block (Multicall3): stETH's total pooled ether and shares.
 * @returns the staking and wrapper snapshots, or none when the chain has no staking pair
 */
export const loadLido: LoadSnapshots<LoadContext, LidoSnapshot> = async ({ client, book }, { blockNumber, pools }) => {
  const lido = book.lido
  const wanted = pools ? new Set(pools.map((p) => p.toLowerCase())) : undefined
  if (!lido || (wanted && !wanted.has(lido.stETH.toLowerCase()) && !wanted.has(lido.wstETH.toLowerCase()))) return []
  const [pooled, shares] = await client.multicall({
    blockNumber,
    multicallAddress: book.multicall3,
    contracts: [
      { address: lido.stETH, abi: stETHAbi, functionName: 'getTotalPooledEther' },
      { address: lido.stETH, abi: stETHAbi, functionName: 'getTotalShares' },
    ],
  })
  if (pooled?.status !== 'success' || shares?.status !== 'success') return []
  const common = { protocol: 'lido' as const, blockNumber, stETH: lower(lido.stETH), wstETH: lower(lido.wstETH), totalPooledEther: pooled.result, totalShares: shares.result }
  return [
    { ...common, kind: 'staking', address: lower(lido.stETH), tokens: [lower(book.weth), lower(lido.stETH)] },
    { ...common, kind: 'wrapper', address: lower(lido.wstETH), tokens: [lower(lido.stETH), lower(lido.wstETH)] },
  ]
}
