import { describe, expect, it } from 'vitest'
import { protocolAdapters } from '../../protocols/registry.js'
import type { PoolEdge } from '../../protocols/types.js'
import { toProtoRouteStep } from './toProtoRouteStep.js'

const step = { tokenIn: ['0x3333333333333333333333333333333333333333'], tokenOut: ['0x4444444444444444444444444444444444444444'], protocol: 'uniswap-v3', action: 'swap', primary: '0x5555555555555555555555555555555555555555', internalRoutes: [], chainId: 1 }
const isHopValue = (v: unknown) => typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'))

/** A snapshot whose every field reads as a number: what a numeric pool field (fee, feeBps, tickSpacing) puts into a step's data. */
const numericSnapshot = new Proxy({}, { get: (_target, key) => (key === 'tokens' ? ['0x3333333333333333333333333333333333333333', '0x4444444444444444444444444444444444444444'] : 3000) })

describe('toProtoRouteStep', () => {
  it('sends args as the OpenAPI types them (Hop.args: strings or string arrays): a V3 fee, V4 fee/tickSpacing/zeroForOne, a V2 feeBps', () => {
    const args = { amountIn: 1000n, amountOut: '990', fee: 3000, tickSpacing: 60, zeroForOne: true, feeBps: 30, hooks: '0x0000000000000000000000000000000000000000' }
    expect(JSON.parse(toProtoRouteStep({ ...step, args }).args_json!)).toEqual({
      amountIn: '1000', amountOut: '990', fee: '3000', tickSpacing: '60', zeroForOne: 'true', feeBps: '30', hooks: '0x0000000000000000000000000000000000000000',
    })
  })

  // The class: every adapter's step data (what getRoute puts into args), in both directions of every action it declares.
  it.each(protocolAdapters.map((a) => [a.slug, a] as const))('every value of a %s step\'s args is a string or a list of strings', (_slug, adapter) => {
    for (const action of adapter.actions) {
      for (const [tokenInIndex, tokenOutIndex] of [[0, 1], [1, 0]] as const) {
        const edge: PoolEdge = { tokenInIndex, tokenOutIndex, action }
        const data = adapter.getStepData(numericSnapshot as never, edge)
        const args = JSON.parse(toProtoRouteStep({ ...step, protocol: adapter.slug, action, args: { amountIn: 1n, amountOut: 2n, ...data } }).args_json!) as Record<string, unknown>
        expect(Object.entries(args).filter(([, v]) => !isHopValue(v)), `${adapter.slug} ${action}`).toEqual([])
      }
    }
  })
})
