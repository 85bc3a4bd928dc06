import { describe, expect, test } from 'vitest'
import { balancerV2Adapter } from '../../protocols/balancer-v2/index.js'
import type { AnyProtocolAdapter } from '../../protocols/types.js'
import { uniswapV2Adapter } from '../../protocols/uniswap-v2/index.js'
import { buildGraph } from '../graph/buildGraph.js'
import { testAddress } from '../testing/randomSnapshot.js'
import { createSearchMask } from './createSearchMask.js'

/** An aggregator adapter (same math as V2, flagged as aggregator). */
const aggregator: AnyProtocolAdapter = { ...uniswapV2Adapter, slug: 'test-aggregator', standard: 'test-aggregator-standard', isAggregator: true }
const adapters: readonly AnyProtocolAdapter[] = [uniswapV2Adapter, balancerV2Adapter, aggregator]

const pool = (protocol: string, i: number) => ({
  protocol, address: testAddress(2, i), blockNumber: 1n, tokens: [testAddress(1, 0), testAddress(1, 1)], reserve0: 10n ** 9n, reserve1: 10n ** 9n, feeBps: 30,
})
const graph = buildGraph({ adapters }, { version: 'mask', chainId: 1, blockNumber: 1n, pools: [pool('uniswap-v2', 0), pool('test-aggregator', 1), pool('uniswap-v2', 2)] })

describe('createSearchMask', () => {
  test('no filters: every adapter enabled, no pool banned', () => {
    expect(createSearchMask(graph, {})).toEqual({ adapterEnabled: new Uint8Array([1, 1, 1]) })
  })
  test('ignoreStandards matches slugs and standards, case-insensitively', () => {
    expect(createSearchMask(graph, { ignoreStandards: ['Uniswap-V2'] }).adapterEnabled).toEqual(new Uint8Array([0, 1, 1]))
    expect(createSearchMask(graph, { ignoreStandards: ['BALANCER-V2-WEIGHTED'] }).adapterEnabled).toEqual(new Uint8Array([1, 0, 1]))
    expect(createSearchMask(graph, { ignoreStandards: ['test-aggregator-standard', 'curve'] }).adapterEnabled).toEqual(new Uint8Array([1, 1, 0]))
  })
  test('ignoreAggregators disables aggregators only', () => {
    expect(createSearchMask(graph, { ignoreAggregators: true }).adapterEnabled).toEqual(new Uint8Array([1, 1, 0]))
    expect(createSearchMask(graph, { ignoreAggregators: false }).adapterEnabled).toEqual(new Uint8Array([1, 1, 1]))
  })
  test('onlyPools bans every other pool, addresses compared case-insensitively', () => {
    const mask = createSearchMask(graph, { onlyPools: [testAddress(2, 2).toUpperCase().replace('0X', '0x')] })
    expect(mask).toEqual({ adapterEnabled: new Uint8Array([1, 1, 1]), poolBanned: new Uint8Array([1, 1, 0]) })
    expect(createSearchMask(graph, { onlyPools: [] }).poolBanned).toEqual(new Uint8Array([1, 1, 1]))
  })
})
