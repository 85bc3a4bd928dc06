import { parseAbi } from 'viem'
import { lower, type LoadContext, SNAPSHOT_MULTICALL_BYTES } from '../loadContext.js'
import type { LoadSnapshots } from '../types.js'
import type { BalancerV2WeightedPoolSnapshot } from './types.js'

const vaultAbi = parseAbi(['function getPoolTokens(bytes32 poolId) view returns (address[] tokens, uint256[] balances, uint256 lastChangeBlock)'])
const poolAbi = parseAbi([
  'function getNormalizedWeights() view returns (uint256[])',
  'function getSwapFeePercentage() view returns (uint256)',
  'function getPausedState() view returns (bool paused, uint256 pauseWindowEndTime, uint256 bufferPeriodEndTime)',
  'function getActualSupply() view returns (uint256)',
  'function totalSupply() view returns (uint256)',
])
/** Calls per pool in the batch. */
const CALLS = 6

/**
 * Reads Balancer V2 weighted pools at one block: Vault balances, normalized weights, swap fee and the
 * BPT supply joins and exits price against, in one Multicall3 batch. Paused pools are left out (their
 * swaps revert). The supply is `getActualSupply()` (weighted pools v3+: total supply plus the
 * protocol-fee BPT the next join or exit mints before pricing), else `totalSupply()` (older pools).
 * @returns one snapshot per live pool
 */
export const loadBalancerV2: LoadSnapshots<LoadContext, BalancerV2WeightedPoolSnapshot> = async ({ client, book }, { blockNumber, pools }) => {
  const wanted = pools ? new Set(pools.map((p) => p.toLowerCase())) : undefined
  const entries = book.balancerV2.pools.filter((p) => !wanted || wanted.has(p.address.toLowerCase()))
  const results = await client.multicall({
    blockNumber,
    multicallAddress: book.multicall3,
    batchSize: SNAPSHOT_MULTICALL_BYTES,
    contracts: entries.flatMap((p) => [
      { address: book.balancerV2.vault, abi: vaultAbi, functionName: 'getPoolTokens' as const, args: [p.poolId] as const },
      { address: p.address, abi: poolAbi, functionName: 'getNormalizedWeights' as const },
      { address: p.address, abi: poolAbi, functionName: 'getSwapFeePercentage' as const },
      { address: p.address, abi: poolAbi, functionName: 'getPausedState' as const },
      { address: p.address, abi: poolAbi, functionName: 'getActualSupply' as const },
      { address: p.address, abi: poolAbi, functionName: 'totalSupply' as const },
    ]),
  })
  const decimalsOf = new Map(Object.values(book.tokens).map((t) => [t.address.toLowerCase(), t.decimals]))
  const out: BalancerV2WeightedPoolSnapshot[] = []
  entries.forEach((p, i) => {
    const [tokensR, weightsR, feeR, pausedR, actualR, supplyR] = results.slice(CALLS * i, CALLS * i + CALLS)
    if (tokensR?.status !== 'success' || weightsR?.status !== 'success' || feeR?.status !== 'success') return
    if (pausedR?.status === 'success' && (pausedR.result as readonly unknown[])[0] === true) return
    const [tokens, balances] = tokensR.result as readonly [readonly `0x${string}`[], readonly bigint[], bigint]
    const decimals = tokens.map((t) => decimalsOf.get(t.toLowerCase()))
    if (decimals.some((d) => d === undefined)) return
    out.push({
      protocol: 'balancer-v2',
      address: lower(p.address),
      blockNumber,
      tokens: tokens.map((t) => lower(t)),
      poolId: p.poolId,
      balances: [...balances],
      weights: [...(weightsR.result as readonly bigint[])],
      decimals: decimals as number[],
      swapFee: feeR.result as bigint,
      totalSupply: actualR?.status === 'success' ? (actualR.result as bigint) : supplyR?.status === 'success' ? (supplyR.result as bigint) : undefined,
    })
  })
  return out
}
