import { describe, expect, test } from 'vitest'
import { aggregatorIntegrations } from '../protocols/aggregatorRegistry.js'
import { listAggregators } from './listAggregators.js'

const ctx = { chains: { 1: {}, 8453: {} } } as unknown as Parameters<typeof listAggregators>[0]

describe('listAggregators', () => {
  test('we integrate no aggregator: the registry is empty and so is the answer', () => {
    expect(aggregatorIntegrations).toEqual([])
    expect(listAggregators(ctx, {})).toEqual([])
    expect(listAggregators(ctx, { chainId: 1 })).toEqual([])
  })

  test('answers the registry’s slugs live on a served chain (or on chainId)', () => {
    const registry = [{ slug: 'a', chains: [1] }, { slug: 'b', chains: [10] }, { slug: 'c', chains: [8453, 1] }]
    expect(listAggregators(ctx, {}, registry)).toEqual(['a', 'c'])
    expect(listAggregators(ctx, { chainId: 8453 }, registry)).toEqual(['c'])
  })

  test('an unserved or invalid chainId is refused', () => {
    expect(() => listAggregators(ctx, { chainId: 10 })).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_CHAIN', shortMessage: 'Chain 10 is not supported. Supported chains: 1, 8453.' }))
    expect(() => listAggregators(ctx, { chainId: 0 })).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_CHAIN', shortMessage: 'Chain 0 is not supported. Supported chains: 1, 8453.' }))
    expect(() => listAggregators(ctx, { chainId: 1.5 })).toThrow(expect.objectContaining({ code: 'INVALID_TYPE' }))
  })
})
