import { parseAbi } from 'viem'
import { lower, type LoadContext, SNAPSHOT_MULTICALL_BYTES } from '../loadContext.js'
import type { LoadSnapshots } from '../types.js'
import type { UniswapV2PoolSnapshot } from './types.js'

const pairAbi = parseAbi(['function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)', 'function totalSupply() view returns (uint256)'])

/**
 * Reads every Uniswap V2 pair of the address book (or the given ones) at one block, in one
 * Multicall3 batch: reserves, LP supply (for zap quotes) and fee.
 * @returns one snapshot per pair that answered
 */
export const loadUniswapV2: LoadSnapshots<LoadContext, UniswapV2PoolSnapshot> = async ({ client, book }, { blockNumber, pools }) => {
  const wanted = pools ? new Set(pools.map((p) => p.toLowerCase())) : undefined
  const pairs = book.uniswapV2.pairs.filter((p) => !wanted || wanted.has(p.address.toLowerCase()))
  const results = await client.multicall({
    contracts: pairs.flatMap((p) => [
      { address: p.address, abi: pairAbi, functionName: 'getReserves' as const },
      { address: p.address, abi: pairAbi, functionName: 'totalSupply' as const },
    ]),
    blockNumber,
    multicallAddress: book.multicall3,
    batchSize: SNAPSHOT_MULTICALL_BYTES,
  })
  const out: UniswapV2PoolSnapshot[] = []
  pairs.forEach((p, i) => {
    const r = results[2 * i] as { status: string; result: readonly [bigint, bigint, number] } | undefined
    const supply = results[2 * i + 1] as { status: string; result: bigint } | undefined
    if (!r || r.status !== 'success') return
    out.push({
      protocol: 'uniswap-v2',
      address: lower(p.address),
      blockNumber,
      tokens: [lower(p.token0), lower(p.token1)],
      reserve0: r.result[0],
      reserve1: r.result[1],
      feeBps: p.feeBps,
      totalSupply: supply?.status === 'success' ? supply.result : undefined,
    })
  })
  return out
}
