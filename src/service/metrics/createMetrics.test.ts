import { describe, expect, it } from 'vitest'
import type { DiscoveryStatus } from '../../chain/discovery/discoveryStatus.js'
import { emptyDiscoveredCounts } from '../../chain/discovery/discoveryStatus.js'
import { createMetrics } from './createMetrics.js'

const status: DiscoveryStatus = {
  chainId: 1, indexFile: '/state/index/1.json', indexedBlock: 21_000_000n, startBlock: 10_000_835n, firstBlockRead: undefined, minPoolTvlUsd: 10_000, tokens: 42,
  pools: { ...emptyDiscoveredCounts(), 'uniswap-v2': { indexed: 400_000, aboveFloor: 3_000 }, 'balancer-v2': { indexed: 5, aboveFloor: 4 } },
  logRequests: 0, logRefusals: 0, ms: 900,
}

describe('createMetrics: pool discovery', () => {
  it('reports the floor, the indexed block, tokens and pools indexed and above the floor per chain and family', async () => {
    const text = await createMetrics({ discovery: () => [status] }).registry.metrics()
    expect(text).toContain('switchyard_discovery_pools{chain_id="1",protocol="uniswap-v2",state="indexed"} 400000')
    expect(text).toContain('switchyard_discovery_pools{chain_id="1",protocol="uniswap-v2",state="above_floor"} 3000')
    expect(text).toContain('switchyard_discovery_pools{chain_id="1",protocol="balancer-v2",state="above_floor"} 4')
    expect(text).toContain('switchyard_discovery_pools{chain_id="1",protocol="morpho-blue",state="indexed"} 0')
    expect(text).toContain('switchyard_discovery_min_pool_tvl_usd{chain_id="1"} 10000')
    expect(text).toContain('switchyard_discovery_indexed_block{chain_id="1"} 21000000')
    expect(text).toContain('switchyard_discovery_tokens{chain_id="1"} 42')
  })

  it('has no discovery series without external chains', async () => {
    expect(await createMetrics({ discovery: () => [] }).registry.metrics()).not.toMatch(/^switchyard_discovery_\w+\{/m)
    expect(await createMetrics().registry.metrics()).not.toContain('switchyard_discovery_')
  })
})
