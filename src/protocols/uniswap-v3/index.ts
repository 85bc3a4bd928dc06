import type { ProtocolAdapter } from '../types.js'
import { uniswapV3Forks } from './config.js'
import { createUniswapV3Adapter } from './createUniswapV3Adapter.js'
import type { UniswapV3PoolSnapshot } from './types.js'

export type { UniswapV3PoolSnapshot, UniswapV3Tick } from './types.js'

/** Uniswap V3 concentrated-liquidity pools: the `uniswap-v3` row of the fork table. */
export const uniswapV3Adapter: ProtocolAdapter<UniswapV3PoolSnapshot> = createUniswapV3Adapter(uniswapV3Forks.find((f) => f.slug === 'uniswap-v3')!)

/**
 * One adapter per other row of the fork table (SushiSwap V3, PancakeSwap V3, ...), in `protocols/registry.ts`.
 * They route only pools whose snapshots carry their slug, which no loader produces yet (issue 21 item 4).
 */
export const uniswapV3ForkAdapters: readonly ProtocolAdapter<UniswapV3PoolSnapshot>[] = uniswapV3Forks.filter((f) => f.slug !== 'uniswap-v3').map(createUniswapV3Adapter)
