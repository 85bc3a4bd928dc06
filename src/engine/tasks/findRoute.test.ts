import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { NoRouteError } from '../../errors/engine.js'
import { protocolAdapters } from '../../protocols/registry.js'
import { buildGraph } from '../graph/buildGraph.js'
import { createSearchContext } from '../search/searchContext.js'
import { randomSnapshot } from '../testing/randomSnapshot.js'
import type { FindRouteReturnType } from '../types.js'
import { findRoute } from './findRoute.js'

function contextFor(seed: number, extra: { v3?: number; balancer?: number } = {}) {
  const snapshot = randomSnapshot({ seed, tokens: 12, v2Pools: 40, v3Pools: extra.v3, balancerPools: extra.balancer, minExp: 15, maxExp: 24 })
  return createSearchContext(buildGraph({ adapters: protocolAdapters }, snapshot))
}

/** Every path is a chain (each step spends what the previous produced) and totals add up. */
function expectConserved(route: FindRouteReturnType): void {
  for (const path of route.paths) {
    if (path.steps.length === 0) {
      expect(path.amountOut).toBe(path.amountIn)
      continue
    }
    expect(path.steps[0]!.amountIn).toBe(path.amountIn)
    expect(path.steps[0]!.tokenIn).toBe(path.tokenIn)
    for (let i = 1; i < path.steps.length; i++) {
      expect(path.steps[i]!.amountIn).toBe(path.steps[i - 1]!.amountOut)
      expect(path.steps[i]!.tokenIn).toBe(path.steps[i - 1]!.tokenOut)
    }
    expect(path.steps.at(-1)!.amountOut).toBe(path.amountOut)
    expect(path.steps.at(-1)!.tokenOut).toBe(path.tokenOut)
  }
  for (const input of route.amountsIn) {
    const spent = route.paths.filter((p) => p.tokenIn === input.token).reduce((sum, p) => sum + p.amountIn, 0n)
    expect(spent).toBe(input.amount)
  }
  for (const output of route.amountsOut) {
    const received = route.paths.filter((p) => p.tokenOut === output.token).reduce((sum, p) => sum + p.amountOut, 0n)
    expect(received).toBe(output.amount)
  }
}

describe('findRoute', () => {
  test('splits are never below the single path, and conserve amounts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 15, max: 24 }), (seed, exp) => {
        const context = contextFor(seed, { v3: 3, balancer: 3 })
        const tokens = context.graph.tokens
        const tokenIn = tokens[seed % tokens.length]!
        const tokenOut = tokens[(seed + 5) % tokens.length]!
        if (tokenIn === tokenOut) return
        const request = { tokensIn: [{ token: tokenIn, amount: 10n ** BigInt(exp) + BigInt(seed) }], tokensOut: [{ token: tokenOut }], maxHops: 3 }
        let single: FindRouteReturnType
        try {
          single = findRoute(context, { ...request, maxSplits: 1 })
        } catch (error) {
          expect(error).toBeInstanceOf(NoRouteError)
          return
        }
        const split = findRoute(context, { ...request, maxSplits: 4 })
        expect(single.paths).toHaveLength(1)
        expect(split.paths.length).toBeLessThanOrEqual(4)
        expect(split.amountsOut[0]!.amount >= single.amountsOut[0]!.amount, `seed=${seed} exp=${exp}`).toBe(true)
        expectConserved(split)
      }),
      { numRuns: 40, seed: 4242 },
    )
  })

  test('multi-input, multi-output: shares split each input, totals are conserved', () => {
    const context = contextFor(11)
    const [a, b, c, d] = context.graph.tokens as [string, string, string, string]
    const route = findRoute(context, {
      tokensIn: [
        { token: a, amount: 10n ** 20n },
        { token: b, amount: 3n * 10n ** 19n + 7n },
      ],
      tokensOut: [{ token: c, share: 3 }, { token: d }, { token: a }],
      maxHops: 3,
    })
    expectConserved(route)
    // a → a passes through untouched: 1/5 of a's amount.
    const passthrough = route.paths.find((p) => p.tokenIn === a && p.tokenOut === a)!
    expect(passthrough.steps).toHaveLength(0)
    expect(passthrough.amountIn).toBe(10n ** 20n - (10n ** 20n * 3n) / 5n - 10n ** 20n / 5n)
    const fromAtoC = route.paths.filter((p) => p.tokenIn === a && p.tokenOut === c).reduce((s, p) => s + p.amountIn, 0n)
    expect(fromAtoC).toBe((10n ** 20n * 3n) / 5n)
  })

  test('ignoreStandards removes a family', () => {
    const context = contextFor(5, { v3: 6, balancer: 6 })
    const tokens = context.graph.tokens
    const ignoreStandards = ['uniswap-v2', 'balancer-v2-weighted']
    // Pairs of seed 5 that the uniswap-v3 pools alone connect, and whose unrestricted best route uses the ignored families.
    const pairs: [number, number][] = [
      [6, 10],
      [9, 11],
      [10, 6],
      [11, 6],
    ]
    for (const [a, b] of pairs) {
      const request = { tokensIn: [{ token: tokens[a]!, amount: 10n ** 18n }], tokensOut: [{ token: tokens[b]! }] }
      const unrestricted = findRoute(context, request)
      const unrestrictedProtocols = new Set(unrestricted.paths.flatMap((p) => p.steps.map((s) => s.protocol)))
      expect(unrestrictedProtocols.has('uniswap-v2'), `${a}->${b} unrestricted`).toBe(true)
      const route = findRoute(context, { ...request, ignoreStandards })
      expect(route.paths.length, `${a}->${b}`).toBeGreaterThan(0)
      expect(route.amountsOut[0]!.amount, `${a}->${b}`).toBeGreaterThan(0n)
      for (const path of route.paths) {
        expect(path.steps.length, `${a}->${b}`).toBeGreaterThan(0)
        for (const step of path.steps) expect(step.protocol, `${a}->${b}`).toBe('uniswap-v3')
      }
      expectConserved(route)
    }
    // Token 0 has no uniswap-v3 pool: with the other families ignored it has no route at all.
    expect(() => findRoute(context, { tokensIn: [{ token: tokens[0]!, amount: 10n ** 18n }], tokensOut: [{ token: tokens[9]! }], ignoreStandards })).toThrow(NoRouteError)
  })

  test('gas-aware: a high gas price prefers fewer hops', () => {
    const context = contextFor(21)
    const tokens = context.graph.tokens
    let compared = 0
    for (let i = 1; i < tokens.length; i++) {
      const request = { tokensIn: [{ token: tokens[0]!, amount: 10n ** 18n }], tokensOut: [{ token: tokens[i]! }], maxHops: 3, maxSplits: 1 }
      let gross: FindRouteReturnType
      try {
        gross = findRoute(context, request)
      } catch {
        continue
      }
      const out = gross.amountsOut[0]!.amount
      // One gas unit worth out/60000 tokenOut: every extra hop costs about as much as the whole output.
      const net = findRoute(context, { ...request, gasPriceInTokenOutWad: { [tokens[i]!]: (out * 10n ** 18n) / 60_000n } })
      expect(net.paths[0]!.steps.length).toBeLessThanOrEqual(gross.paths[0]!.steps.length)
      expect(net.amountsOut[0]!.amount).toBeLessThanOrEqual(out)
      compared++
    }
    expect(compared).toBeGreaterThan(0)
  })

  test('no route: NoRouteError with the spec message', () => {
    const context = contextFor(3)
    expect(() =>
      findRoute(context, { tokensIn: [{ token: context.graph.tokens[0]!, amount: 1n }], tokensOut: [{ token: '0x000000000000000000000000000000000000dead' }] }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [NoRouteError: Could not build shortcuts for route

      Details: token 0x000000000000000000000000000000000000dead has no pool in snapshot test:3]
    `)
  })
})
