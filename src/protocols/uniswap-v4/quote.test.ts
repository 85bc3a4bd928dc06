import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { quoteExactInput } from '../uniswap-v3/quote.js'
import { uniswapV4Adapter } from './index.js'
import { quoteExactInputV4 } from './quote.js'
import { decodeLiquidityNet, decodeSlot0 } from './slots.js'
import { swapFeeOf } from './swapFeeOf.js'
import type { UniswapV4PoolSnapshot } from './types.js'

const L = 10n ** 21n
const pool: UniswapV4PoolSnapshot = {
  protocol: 'uniswap-v4',
  address: '0x00000000000000000000000000000000000000b4',
  blockNumber: 1n,
  tokens: ['0x01', '0x02'],
  id: `0x${'b4'.repeat(32)}`,
  currency0: '0x0000000000000000000000000000000000000000',
  currency1: '0x0000000000000000000000000000000000000002',
  keyFee: 3000,
  protocolFee: 0,
  sqrtPriceX96: 1n << 96n,
  tick: 0,
  liquidity: L + L / 2n,
  fee: 3000,
  tickSpacing: 60,
  ticks: [
    { index: -1200, liquidityNet: L },
    { index: -120, liquidityNet: L / 2n },
    { index: 120, liquidityNet: -L / 2n },
    { index: 1200, liquidityNet: -L },
  ],
  tickWindow: { lower: -887220, upper: 887220 },
}

describe('swapFeeOf', () => {
  test('the LP fee alone without a protocol fee; ProtocolFeeLibrary.calculateSwapFee per direction with one', () => {
    expect(swapFeeOf(pool, true)).toBe(3000)
    // zeroForOne 1000 pips (lower 12 bits), oneForZero 500 (upper 12 bits).
    const withProtocol = { fee: 3000, protocolFee: (500 << 12) | 1000 }
    expect(swapFeeOf(withProtocol, true)).toBe(1000 + 3000 - 3)
    expect(swapFeeOf(withProtocol, false)).toBe(500 + 3000 - 1)
    expect(swapFeeOf({ fee: 0, protocolFee: 1000 }, true)).toBe(1000)
  })

  test('ProtocolFeeLibrary: 12-bit direction fees, calculateSwapFee rounding the product down', () => {
    // Reference in uint arithmetic as the library's assembly: self & 0xfff (zeroForOne) or self >> 12.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 24 - 1 }), fc.integer({ min: 0, max: 1_000_000 }), fc.boolean(), (protocolFee, fee, zeroForOne) => {
        const self = BigInt(zeroForOne ? protocolFee % 4096 : Math.floor(protocolFee / 4096))
        const lpFee = BigInt(fee)
        const expected = self === 0n ? lpFee : self + lpFee - (self * lpFee) / 1_000_000n
        expect(swapFeeOf({ fee, protocolFee }, zeroForOne)).toBe(Number(expected))
      }),
      { numRuns: 300 },
    )
    // 1000 pips of protocol fee on a 100% LP fee leaves 100%; on 0.3% it is 0.3997% (3 pips of overlap).
    expect(swapFeeOf({ fee: 1_000_000, protocolFee: 1000 }, true)).toBe(1_000_000)
    expect(swapFeeOf({ fee: 3000, protocolFee: 1000 << 12 }, false)).toBe(3997)
    expect(swapFeeOf({ fee: 3000, protocolFee: 1000 << 12 }, true)).toBe(3000)
    expect(swapFeeOf({ fee: 3001, protocolFee: 999 }, true)).toBe(999 + 3001 - 2)
  })
})

describe('quoteExactInputV4', () => {
  test('is the V3 swap loop with the direction\'s swap fee, across initialized ticks, both directions', () => {
    for (const zeroForOne of [true, false]) {
      for (const amountIn of [1n, 10n ** 15n, 10n ** 19n, 3n * 10n ** 19n, 2n * 10n ** 20n]) {
        const v4 = quoteExactInputV4(pool, { zeroForOne, amountIn })
        expect(v4).toEqual(quoteExactInput(pool, { zeroForOne, amountIn }))
        expect(uniswapV4Adapter.quote(pool, { edge: uniswapV4Adapter.getEdges(pool)[zeroForOne ? 0 : 1]!, amountIn })).toBe(v4.amountOut)
      }
    }
    // 3e19 crosses the -120 tick; 2e20 would run past -1200, where the pool has no liquidity left.
    expect(quoteExactInputV4(pool, { zeroForOne: true, amountIn: 3n * 10n ** 19n }).tick).toBeLessThan(-120)
    expect(quoteExactInputV4(pool, { zeroForOne: true, amountIn: 2n * 10n ** 20n }).status).toBe('priceLimit')
    const taxed = { ...pool, protocolFee: 1000 }
    expect(quoteExactInputV4(taxed, { zeroForOne: true, amountIn: 10n ** 18n })).toEqual(quoteExactInput({ ...pool, fee: 3997 }, { zeroForOne: true, amountIn: 10n ** 18n }))
    // The other direction has no protocol fee.
    expect(quoteExactInputV4(taxed, { zeroForOne: false, amountIn: 10n ** 18n })).toEqual(quoteExactInput(pool, { zeroForOne: false, amountIn: 10n ** 18n }))
  })

  test('swap returns the post-swap state; the float model stays an upper estimate', () => {
    const edge = uniswapV4Adapter.getEdges(pool)[0]!
    const { amountOut, snapshot } = uniswapV4Adapter.swap(pool, { edge, amountIn: 3n * 10n ** 19n })
    expect(amountOut).toBe(quoteExactInputV4(pool, { zeroForOne: true, amountIn: 3n * 10n ** 19n }).amountOut)
    expect(snapshot.sqrtPriceX96).toBeLessThan(pool.sqrtPriceX96)
    expect(pool.sqrtPriceX96).toBe(1n << 96n)
    const model = uniswapV4Adapter.getFloatModel(pool, edge)
    if (model.kind !== 'custom') throw new Error('custom model expected')
    for (const a of [1e12, 1e18, 3e19, 6e19]) expect(Number(uniswapV4Adapter.quote(pool, { edge, amountIn: BigInt(a) }))).toBeLessThanOrEqual(model.quote(a) * (1 + 1e-9))
  })
})

describe('slots', () => {
  test('slot0 and liquidityNet decode signed fields', () => {
    const sqrt = (1n << 96n) + 12345n
    const tick = -196_251
    const word = sqrt | (BigInt(tick & 0xffffff) << 160n) | (BigInt((500 << 12) | 1000) << 184n) | (3000n << 208n)
    expect(decodeSlot0(`0x${word.toString(16).padStart(64, '0')}`)).toEqual({ sqrtPriceX96: sqrt, tick, protocolFee: (500 << 12) | 1000, lpFee: 3000 })
    const net = -(10n ** 20n)
    const tickWord = ((net & ((1n << 128n) - 1n)) << 128n) | 12n
    expect(decodeLiquidityNet(`0x${tickWord.toString(16).padStart(64, '0')}`)).toBe(net)
  })
})
