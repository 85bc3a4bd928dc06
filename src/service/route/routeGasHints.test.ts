import { describe, expect, test } from 'vitest'
import type { FindRouteReturnType } from '../../engine/types.js'
import { createRouteGasHints } from './routeGasHints.js'

const context = { chainId: 1, strategy: 'router', inputs: 1, outputs: 1 }
const routeOf = (pools: [string, string][], gasEstimate: bigint) =>
  ({ gasEstimate, paths: [{ steps: pools.map(([protocol, primary]) => ({ protocol, primary })) }] }) as unknown as Pick<FindRouteReturnType, 'paths' | 'gasEstimate'>

describe('route gas hints', () => {
  test('nothing seen: no guess; the same pools again: the last gas × 1.27 + 1k', () => {
    const hints = createRouteGasHints()
    const r = routeOf([['uniswap-v2', '0xaa']], 60_000n)
    expect(hints.of(context, r).guess).toBeUndefined()
    hints.of(context, r).learn(100_000n)
    expect(hints.of(context, r).guess).toBe(128_000n)
  })

  test('a new shape of a known family: the estimate at the family\'s gas per unit of estimate; another family, chain or strategy: none', () => {
    const hints = createRouteGasHints()
    hints.of(context, routeOf([['uniswap-v2', '0xaa'], ['uniswap-v3', '0xbb']], 200_000n)).learn(300_000n)
    // Other pools, same protocols in order: 100k estimated × 1.5 = 150k, × 1.27 + 1k.
    expect(hints.of(context, routeOf([['uniswap-v2', '0xcc'], ['uniswap-v3', '0xdd']], 100_000n)).guess).toBe(191_500n)
    expect(hints.of(context, routeOf([['uniswap-v3', '0xdd'], ['uniswap-v2', '0xcc']], 100_000n)).guess).toBeUndefined()
    expect(hints.of({ ...context, chainId: 8453 }, routeOf([['uniswap-v2', '0xcc'], ['uniswap-v3', '0xdd']], 100_000n)).guess).toBeUndefined()
    expect(hints.of({ ...context, strategy: 'delegate' }, routeOf([['uniswap-v2', '0xcc'], ['uniswap-v3', '0xdd']], 100_000n)).guess).toBeUndefined()
  })
})
