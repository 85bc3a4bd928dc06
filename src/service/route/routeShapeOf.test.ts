import { describe, expect, test } from 'vitest'
import type { FindRouteReturnType } from '../../engine/types.js'
import { routeShapeOf } from './routeShapeOf.js'

const step = (protocol: string, primary: string) => ({ protocol, primary })
const routeOf = (paths: { protocol: string; primary: string }[][]) => ({ paths: paths.map((steps) => ({ steps })) }) as unknown as Pick<FindRouteReturnType, 'paths'>
const base = { chainId: 1, strategy: 'router', inputs: 1, outputs: 1 }

describe('routeShapeOf', () => {
  test('the same pools in the same order on the same chain and strategy: the same shape', () => {
    const r = routeOf([[step('uniswap-v2', '0xaa'), step('uniswap-v3', '0xbb')]])
    expect(routeShapeOf({ ...base, route: r })).toBe(routeShapeOf({ ...base, route: routeOf([[step('uniswap-v2', '0xaa'), step('uniswap-v3', '0xbb')]]) }))
  })

  test('every ingredient tells shapes apart: chain, strategy, input and output counts, protocol, pool, order, path split', () => {
    const r = routeOf([[step('uniswap-v2', '0xaa'), step('uniswap-v3', '0xbb')]])
    const shapes = [
      routeShapeOf({ ...base, route: r }),
      routeShapeOf({ ...base, chainId: 8453, route: r }),
      routeShapeOf({ ...base, strategy: 'delegate', route: r }),
      routeShapeOf({ ...base, inputs: 2, route: r }),
      routeShapeOf({ ...base, outputs: 2, route: r }),
      routeShapeOf({ ...base, route: routeOf([[step('balancer-v2', '0xaa'), step('uniswap-v3', '0xbb')]]) }),
      routeShapeOf({ ...base, route: routeOf([[step('uniswap-v2', '0xcc'), step('uniswap-v3', '0xbb')]]) }),
      routeShapeOf({ ...base, route: routeOf([[step('uniswap-v3', '0xbb'), step('uniswap-v2', '0xaa')]]) }),
      // one path of two steps against two paths of one step each
      routeShapeOf({ ...base, route: routeOf([[step('uniswap-v2', '0xaa')], [step('uniswap-v3', '0xbb')]]) }),
      routeShapeOf({ ...base, route: routeOf([[step('uniswap-v2', '0xaa')]]) }),
      routeShapeOf({ ...base, route: routeOf([]) }),
    ]
    expect(new Set(shapes).size).toBe(shapes.length)
  })

  test('readable: chain|strategy|inputs|outputs|protocol:pool>…,…', () => {
    expect(routeShapeOf({ chainId: 1, strategy: 'router', inputs: 2, outputs: 1, route: routeOf([[step('uniswap-v2', '0xaa'), step('uniswap-v3', '0xbb')], [step('curve', '0xcc')]]) }))
      .toBe('1|router|2|1|uniswap-v2:0xaa>uniswap-v3:0xbb,curve:0xcc')
  })

  test('the family leaves the pools out: the same protocols in the same order are one family, anything else is not', () => {
    const family = (paths: { protocol: string; primary: string }[][]) => routeShapeOf({ ...base, route: routeOf(paths) }, { pools: false })
    expect(family([[step('uniswap-v2', '0xaa'), step('uniswap-v3', '0xbb')]])).toBe(family([[step('uniswap-v2', '0xcc'), step('uniswap-v3', '0xdd')]]))
    expect(family([[step('uniswap-v2', '0xaa'), step('uniswap-v3', '0xbb')]])).toBe('1|router|1|1|uniswap-v2>uniswap-v3')
    expect(family([[step('uniswap-v3', '0xbb'), step('uniswap-v2', '0xaa')]])).not.toBe(family([[step('uniswap-v2', '0xaa'), step('uniswap-v3', '0xbb')]]))
    expect(family([[step('uniswap-v2', '0xaa')], [step('uniswap-v3', '0xbb')]])).not.toBe(family([[step('uniswap-v2', '0xaa'), step('uniswap-v3', '0xbb')]]))
  })
})
