import { CurrencyAmount, Token } from '@uniswap/sdk-core'
import { Pair } from '@uniswap/v2-sdk'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { uniswapV2Adapter } from './index.js'
import { getAmountOut } from './quote.js'

describe('getAmountOut', () => {
  test('matches UniswapV2Library at 30 bps (hand-computed vector)', () => {
    // 1e18 * 997 * 1e21 / (1e21 * 1000 + 1e18 * 997), floored.
    expect(getAmountOut({ amountIn: 10n ** 18n, reserveIn: 10n ** 21n, reserveOut: 10n ** 21n, feeBps: 30 })).toBe(996006981039903216n)
  })

  test('bps form equals the 997/1000 form at 30 bps', () => {
    fc.assert(
      fc.property(fc.bigInt(1n, 10n ** 30n), fc.bigInt(1n, 10n ** 30n), fc.bigInt(1n, 10n ** 30n), (amountIn, reserveIn, reserveOut) => {
        const library = (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)
        expect(getAmountOut({ amountIn, reserveIn, reserveOut, feeBps: 30 })).toBe(library)
      }),
    )
  })

  test('equals @uniswap/v2-sdk Pair.getOutputAmount', () => {
    const a = new Token(1, '0x0000000000000000000000000000000000000001', 18)
    const b = new Token(1, '0x0000000000000000000000000000000000000002', 18)
    fc.assert(
      fc.property(fc.bigInt(1n, 10n ** 27n), fc.bigInt(10n ** 3n, 10n ** 30n), fc.bigInt(10n ** 3n, 10n ** 30n), (amountIn, r0, r1) => {
        const pair = new Pair(CurrencyAmount.fromRawAmount(a, r0.toString()), CurrencyAmount.fromRawAmount(b, r1.toString()))
        let expected: bigint
        try {
          expected = BigInt(pair.getOutputAmount(CurrencyAmount.fromRawAmount(a, amountIn.toString()))[0].quotient.toString())
        } catch {
          expected = 0n
        }
        expect(getAmountOut({ amountIn, reserveIn: r0, reserveOut: r1, feeBps: 30 })).toBe(expected)
      }),
      { numRuns: 200 },
    )
  })

  test('returns 0n where the library reverts', () => {
    expect(getAmountOut({ amountIn: 0n, reserveIn: 1n, reserveOut: 1n, feeBps: 30 })).toBe(0n)
    expect(getAmountOut({ amountIn: 1n, reserveIn: 0n, reserveOut: 1n, feeBps: 30 })).toBe(0n)
    expect(getAmountOut({ amountIn: 1n, reserveIn: 1n, reserveOut: 0n, feeBps: 30 })).toBe(0n)
  })

  test('out-of-domain (negative) amounts or reserves give 0n, never a negative or positive output', () => {
    const r = 10n ** 21n
    expect(getAmountOut({ amountIn: -(10n ** 18n), reserveIn: r, reserveOut: r, feeBps: 30 })).toBe(0n)
    expect(getAmountOut({ amountIn: 10n ** 18n, reserveIn: -r, reserveOut: r, feeBps: 30 })).toBe(0n)
    expect(getAmountOut({ amountIn: 10n ** 18n, reserveIn: r, reserveOut: -r, feeBps: 30 })).toBe(0n)
  })
})

describe('uniswapV2Adapter', () => {
  const snapshot = {
    protocol: 'uniswap-v2' as const,
    address: '0x00000000000000000000000000000000000000aa' as const,
    blockNumber: 1n,
    tokens: ['0x01', '0x02'],
    reserve0: 10n ** 21n,
    reserve1: 2n * 10n ** 21n,
    feeBps: 30,
  }
  test('swap updates reserves with the full input and matches quote', () => {
    const edge = uniswapV2Adapter.getEdges(snapshot)[0]!
    const { amountOut, snapshot: next } = uniswapV2Adapter.swap(snapshot, { edge, amountIn: 10n ** 18n })
    expect(amountOut).toBe(uniswapV2Adapter.quote(snapshot, { edge, amountIn: 10n ** 18n }))
    expect(next.reserve0).toBe(snapshot.reserve0 + 10n ** 18n)
    expect(next.reserve1).toBe(snapshot.reserve1 - amountOut)
    expect(snapshot.reserve0).toBe(10n ** 21n)
  })
  test('float model is an upper estimate within 1e-9', () => {
    const edge = uniswapV2Adapter.getEdges(snapshot)[1]!
    const model = uniswapV2Adapter.getFloatModel(snapshot, edge)
    if (model.kind !== 'constantProduct') throw new Error('expected constant product')
    for (const amountIn of [10n ** 6n, 10n ** 15n, 10n ** 20n, 10n ** 24n]) {
      const exact = Number(uniswapV2Adapter.quote(snapshot, { edge, amountIn }))
      const a = Number(amountIn)
      const float = (model.reserveOut * model.gamma * a) / (model.reserveIn + model.gamma * a)
      expect(exact).toBeLessThanOrEqual(float * (1 + 1e-12))
      expect(exact).toBeGreaterThanOrEqual(float * (1 - 1e-9) - 1)
    }
  })
})
