import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { protocolAdapters } from '../../protocols/registry.js'
import { buildGraph } from '../graph/buildGraph.js'
import { createSearchContext } from '../search/searchContext.js'
import { findRoute } from '../tasks/findRoute.js'
import { randomSnapshot } from '../testing/randomSnapshot.js'
import { createPlainDecoder } from './createPlainDecoder.js'
import { createPlainEncoder } from './createPlainEncoder.js'

const encoder = createPlainEncoder()
const decoder = createPlainDecoder()
/** Through the tape and through structured clone, as a batch travels between threads. */
const roundTrip = (value: unknown): unknown => decoder.decode(structuredClone(encoder.encode(value)))

describe('plain tape codec', () => {
  test('edge values survive: bigints of any size and sign, -0, NaN, undefined fields, key order, awkward keys', () => {
    const value = {
      zero: 0n,
      limb: 2n ** 64n - 1n,
      twoLimbs: 2n ** 64n,
      big: 2n ** 256n - 1n,
      negative: -(2n ** 130n) - 7n,
      negativeZero: -0,
      nan: Number.NaN,
      missing: undefined,
      nothing: null,
      flags: [true, false],
      '2': 'integer keys first',
      '': 'empty key',
      'a"b\\c\u2028': 'quoted key',
      unicode: 'ünï — 💱',
      nested: { empty: {}, list: [[], [1, [2, [3n]]]] },
    }
    // A shape gets a compiled builder from its third tape on: check both builders.
    for (let round = 0; round < 4; round++) {
      const decoded = roundTrip(value) as Record<string, unknown>
      expect(decoded).toStrictEqual(value)
      expect(Object.keys(decoded)).toEqual(Object.keys(value))
      expect(Object.is(decoded.negativeZero, -0)).toBe(true)
    }
  })

  test('objects keyed by data (a new shape per tape) decode right past the caches’ bounds', () => {
    for (let i = 0; i < 2_500; i++) {
      const value = { gasPriceInTokenOutWad: { [`0x${i.toString(16).padStart(40, '0')}`]: BigInt(i) } }
      expect(roundTrip(value)).toStrictEqual(value)
    }
  })

  test('a `__proto__` own key stays data and does not set the prototype', () => {
    const value = Object.fromEntries([['__proto__', { polluted: true }], ['x', 1]]) as Record<string, unknown>
    for (let round = 0; round < 4; round++) {
      const decoded = roundTrip(value) as Record<string, unknown>
      expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype)
      expect(Object.getOwnPropertyDescriptor(decoded, '__proto__')?.value).toEqual({ polluted: true })
      expect((decoded as { polluted?: boolean }).polluted).toBeUndefined()
    }
  })

  test('values that are not plain travel by structured clone', () => {
    const value = { when: new Date(0), map: new Map([['k', 1n]]), bytes: new Uint8Array([1, 2, 3]) }
    expect(roundTrip(value)).toEqual(value)
  })

  test('any tree of plain values round-trips (property-based)', () => {
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small' },
        fc.bigInt(),
        fc.double(),
        fc.string(),
        fc.boolean(),
        fc.constant(null),
        fc.constant(undefined),
        fc.array(tie('tree')),
        fc.array(fc.tuple(fc.string(), tie('tree'))).map((entries) => Object.fromEntries(entries)),
      ),
    }))
    fc.assert(
      fc.property(tree, (value) => {
        expect(roundTrip(value)).toStrictEqual(value)
      }),
    )
  })

  test('routes (with and without a plan) decode equal to the worker’s objects, across reused encoders', () => {
    const snapshot = randomSnapshot({ seed: 3, tokens: 20, v2Pools: 60, v3Pools: 6, balancerPools: 4, minExp: 16, maxExp: 24 })
    const context = createSearchContext(buildGraph({ adapters: protocolAdapters }, snapshot))
    const tokens = context.graph.tokens
    const routes = []
    for (let i = 0; i < 40 && routes.length < 12; i++) {
      try {
        const result = findRoute(context, { tokensIn: [{ token: tokens[i % tokens.length]!, amount: 10n ** 18n + BigInt(i) }], tokensOut: [{ token: tokens[(i * 7 + 3) % tokens.length]! }], maxSplits: 3 })
        routes.push({ result, plan: i % 2 === 0 ? undefined : { commands: [`0x${'ab'.repeat(32)}`], state: ['0x', `0x${'00'.repeat(31)}01`], minAmountsOut: [result.amountsOut[0]!.amount] } })
      } catch {
        // no route for this pair
      }
    }
    expect(routes.length).toBeGreaterThan(5)
    expect(roundTrip(routes)).toStrictEqual(routes)
    expect(roundTrip(routes.slice(2))).toStrictEqual(routes.slice(2))
  })
})
