import { aaveV3Adapter } from './aave-v3/index.js'
import { aerodromeAdapter } from './aerodrome/index.js'
import { balancerV2Adapter } from './balancer-v2/index.js'
import { curveAdapter } from './curve/index.js'
import { erc4626Adapter } from './erc4626/index.js'
import { lidoAdapter } from './lido/index.js'
import { pendleAdapter } from './pendle/index.js'
import type { AnyProtocolAdapter } from './types.js'
import { uniswapV2Adapter } from './uniswap-v2/index.js'
import { uniswapV3Adapter, uniswapV3ForkAdapters } from './uniswap-v3/index.js'
import { uniswapV4Adapter } from './uniswap-v4/index.js'

/** Every protocol family the engine knows, listed explicitly (no discovery). */
export const protocolAdapters: readonly AnyProtocolAdapter[] = [uniswapV2Adapter, uniswapV3Adapter, ...uniswapV3ForkAdapters, uniswapV4Adapter, balancerV2Adapter, curveAdapter, aerodromeAdapter, erc4626Adapter, lidoAdapter, aaveV3Adapter, pendleAdapter]

/** The adapters by slug, for snapshot dispatch. */
export const protocolAdaptersBySlug: ReadonlyMap<string, AnyProtocolAdapter> = new Map(protocolAdapters.map((a) => [a.slug, a]))
