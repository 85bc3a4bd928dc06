import type { Address } from 'viem'
import type { UniswapV2PoolSnapshot } from '../src/protocols/uniswap-v2/types.js'
import type { EngineSnapshot } from '../src/engine/types.js'
import type { BenchGraph } from './types.js'

/** Converts a bench graph file into an engine snapshot of Uniswap V2 pools. */
export function toEngineSnapshot(graph: BenchGraph, version = 'bench'): EngineSnapshot {
  const pools: UniswapV2PoolSnapshot[] = graph.pools.map((p) => ({
    protocol: 'uniswap-v2',
    address: p.address.toLowerCase() as Address,
    blockNumber: 0n,
    tokens: [p.token0.toLowerCase(), p.token1.toLowerCase()],
    reserve0: BigInt(p.reserve0),
    reserve1: BigInt(p.reserve1),
    feeBps: p.feeBps,
  }))
  return { version, chainId: 1, blockNumber: 0n, pools }
}
