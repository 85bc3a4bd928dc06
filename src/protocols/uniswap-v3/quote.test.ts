import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { uniswapV3Adapter } from './index.js'
import { quoteExactInput, type QuoteExactInputReturnType } from './quote.js'
import { quoteFloat } from './quoteFloat.js'
import { computeSwapStep } from './swapMath.js'
import { MAX_SQRT_RATIO, MAX_TICK, MIN_SQRT_RATIO, MIN_TICK, getSqrtRatioAtTick, getTickAtSqrtRatio } from './tickMath.js'
import type { ConcentratedLiquidityState, UniswapV3PoolSnapshot } from './types.js'
import { poolFromRanges } from './testing/poolFromRanges.js'

/**
 * Reference: `UniswapV3Pool.swap` (exact input, QuoterV2's default limit) over a real `TickBitmap` — words of
 * 256 bits keyed by `compressed >> 8`, searched with most/least significant bit as
 * `nextInitializedTickWithinOneWord` does — rather than the sorted tick list. It knows every tick and
 * records which bitmap words the swap read, so a window can be judged afterwards.
 */
function referenceSwap(pool: ConcentratedLiquidityState, zeroForOne: boolean, amountIn: bigint) {
  const spacing = pool.tickSpacing
  const bitmap = new Map<number, bigint>()
  const net = new Map<number, bigint>()
  for (const { index, liquidityNet } of pool.ticks) {
    const compressed = index / spacing
    bitmap.set(compressed >> 8, (bitmap.get(compressed >> 8) ?? 0n) | (1n << BigInt(compressed & 255)))
    net.set(index, liquidityNet)
  }
  const wordsRead = new Set<number>()
  const msb = (x: bigint): number => x.toString(2).length - 1
  const lsb = (x: bigint): number => msb(x & -x)
  const nextInitialized = (tick: number, lte: boolean): { next: number; initialized: boolean } => {
    let compressed = Math.trunc(tick / spacing)
    if (tick < 0 && tick % spacing !== 0) compressed--
    if (lte) {
      const wordPos = compressed >> 8
      const bitPos = BigInt(compressed & 255)
      wordsRead.add(wordPos)
      const masked = (bitmap.get(wordPos) ?? 0n) & ((1n << bitPos) - 1n + (1n << bitPos))
      return masked !== 0n
        ? { next: (compressed - Number(bitPos - BigInt(msb(masked)))) * spacing, initialized: true }
        : { next: (compressed - Number(bitPos)) * spacing, initialized: false }
    }
    const wordPos = (compressed + 1) >> 8
    const bitPos = BigInt((compressed + 1) & 255)
    wordsRead.add(wordPos)
    const masked = (bitmap.get(wordPos) ?? 0n) & ~((1n << bitPos) - 1n)
    return masked !== 0n
      ? { next: (compressed + 1 + Number(BigInt(lsb(masked)) - bitPos)) * spacing, initialized: true }
      : { next: (compressed + 1 + (255 - Number(bitPos))) * spacing, initialized: false }
  }
  const limit = zeroForOne ? MIN_SQRT_RATIO + 1n : MAX_SQRT_RATIO - 1n
  let remaining = amountIn
  let amountOut = 0n
  let { sqrtPriceX96, tick, liquidity } = pool
  while (remaining !== 0n && sqrtPriceX96 !== limit) {
    const start = sqrtPriceX96
    const step = nextInitialized(tick, zeroForOne)
    const tickNext = Math.max(MIN_TICK, Math.min(MAX_TICK, step.next))
    const priceNext = getSqrtRatioAtTick(tickNext)
    const target = (zeroForOne ? priceNext < limit : priceNext > limit) ? limit : priceNext
    const result = computeSwapStep(sqrtPriceX96, target, liquidity, remaining, pool.fee)
    sqrtPriceX96 = result.sqrtRatioNextX96
    remaining -= result.amountIn + result.feeAmount
    amountOut += result.amountOut
    if (sqrtPriceX96 === priceNext) {
      if (step.initialized) liquidity += zeroForOne ? -net.get(tickNext)! : net.get(tickNext)!
      tick = zeroForOne ? tickNext - 1 : tickNext
    } else if (sqrtPriceX96 !== start) tick = getTickAtSqrtRatio(sqrtPriceX96)
  }
  return { amountOut, filled: remaining === 0n, sqrtPriceX96, tick, liquidity, wordsRead }
}

/** Random pool: positions of random ranges and liquidity, price anywhere inside the current tick. */
const randomPool = fc
  .record({
    spacing: fc.constantFrom(1, 10, 60, 200),
    positions: fc.array(fc.record({ a: fc.integer({ min: -3000, max: 3000 }), width: fc.integer({ min: 1, max: 2000 }), liquidity: fc.bigInt(1n, 10n ** 24n) }), {
      minLength: 1,
      maxLength: 6,
    }),
    // Wide positions, some reaching the price bounds.
    wide: fc.array(fc.record({ lower: fc.integer({ min: MIN_TICK, max: 0 }), upper: fc.integer({ min: 1, max: MAX_TICK }), liquidity: fc.bigInt(1n, 10n ** 20n) }), {
      maxLength: 2,
    }),
    tick: fc.integer({ min: -5000, max: 5000 }),
    offset: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
    fee: fc.constantFrom(100, 500, 3000, 10_000),
  })
  .map(({ spacing, positions, wide, tick, offset, fee }): ConcentratedLiquidityState => {
    const minUsable = Math.ceil(MIN_TICK / spacing) * spacing
    const maxUsable = Math.floor(MAX_TICK / spacing) * spacing
    const ranges = [
      ...positions.map(({ a, width, liquidity }) => ({ lower: a * spacing, upper: (a + width) * spacing, liquidity })),
      ...wide.map(({ lower, upper, liquidity }) => ({ lower: Math.max(minUsable, Math.floor(lower / spacing) * spacing), upper: Math.min(maxUsable, Math.ceil(upper / spacing) * spacing), liquidity })),
    ].filter(({ lower, upper }) => lower >= minUsable && upper <= maxUsable && lower < upper)
    return poolFromRanges({ spacing, ranges, tick, offset, fee })
  })

const amountArb = fc.oneof(fc.bigInt(1n, 10n ** 6n), fc.bigInt(1n, 10n ** 18n), fc.bigInt(1n, 10n ** 24n), fc.bigInt(1n, 10n ** 30n))

function expectReference(pool: ConcentratedLiquidityState, zeroForOne: boolean, amountIn: bigint, result: QuoteExactInputReturnType) {
  const reference = referenceSwap(pool, zeroForOne, amountIn)
  if (!reference.filled) {
    expect(result).toEqual({ amountOut: 0n, status: 'priceLimit', sqrtPriceX96: pool.sqrtPriceX96, tick: pool.tick, liquidity: pool.liquidity })
    return reference
  }
  expect(result).toEqual({ amountOut: reference.amountOut, status: 'ok', sqrtPriceX96: reference.sqrtPriceX96, tick: reference.tick, liquidity: reference.liquidity })
  return reference
}

const L = 10n ** 21n
const pool: UniswapV3PoolSnapshot = {
  protocol: 'uniswap-v3',
  address: '0x00000000000000000000000000000000000000b3',
  blockNumber: 1n,
  tokens: ['0x01', '0x02'],
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

describe('quoteExactInput', () => {
  test('equals UniswapV3Pool.swap over a tick bitmap, on random pools, both directions, to the wei', () => {
    fc.assert(
      fc.property(randomPool, fc.boolean(), amountArb, (snapshot, zeroForOne, amountIn) => {
        expectReference(snapshot, zeroForOne, amountIn, quoteExactInput(snapshot, { zeroForOne, amountIn }))
      }),
      { numRuns: 80 },
    )
  })

  test('with a window of whole bitmap words: exact while the swap reads only loaded words, windowExhausted past them', () => {
    fc.assert(
      fc.property(randomPool, fc.boolean(), amountArb, fc.integer({ min: -3, max: 1 }), fc.integer({ min: -1, max: 3 }), (full, zeroForOne, amountIn, below, above) => {
        const word = Math.floor(Math.floor(full.tick / full.tickSpacing) / 256)
        const [wordLo, wordHi] = [word + below, word + above]
        const snapshot = {
          ...full,
          tickWindow: {
            lower: Math.max(wordLo * 256 * full.tickSpacing, full.tickWindow.lower),
            upper: Math.min((wordHi * 256 + 255) * full.tickSpacing, full.tickWindow.upper),
          },
        }
        const result = quoteExactInput(snapshot, { zeroForOne, amountIn })
        const { wordsRead } = referenceSwap(full, zeroForOne, amountIn)
        const inside = [...wordsRead].every((w) => w >= wordLo && w <= wordHi)
        if (inside) expectReference(full, zeroForOne, amountIn, result)
        else expect(result).toEqual({ amountOut: 0n, status: 'windowExhausted', sqrtPriceX96: full.sqrtPriceX96, tick: full.tick, liquidity: full.liquidity })
      }),
      { numRuns: 80 },
    )
  })

  test('word boundaries and exact tick prices: the swap stops at each uninitialized word end, as the contract does', () => {
    // Spacing 1: a word is 256 ticks; 1e22 of input crosses several empty words on the way.
    const flat: ConcentratedLiquidityState = {
      sqrtPriceX96: getSqrtRatioAtTick(0),
      tick: 0,
      liquidity: 10n ** 24n,
      fee: 500,
      tickSpacing: 1,
      ticks: [
        { index: -20_000, liquidityNet: 10n ** 24n },
        { index: 20_000, liquidityNet: -(10n ** 24n) },
      ],
      tickWindow: { lower: MIN_TICK, upper: MAX_TICK },
    }
    for (const zeroForOne of [true, false]) {
      for (const amountIn of [1n, 10n ** 12n, 10n ** 21n, 10n ** 22n, 5n * 10n ** 22n, 10n ** 30n]) {
        const reference = expectReference(flat, zeroForOne, amountIn, quoteExactInput(flat, { zeroForOne, amountIn }))
        if (amountIn === 5n * 10n ** 22n) expect(reference.wordsRead.size).toBeGreaterThan(2)
      }
    }
    // Starting exactly on an initialized tick's price, with the tick one below (as after a downward cross).
    const onTick = { ...flat, sqrtPriceX96: getSqrtRatioAtTick(-20_000), tick: -20_001, liquidity: 0n }
    expectReference(onTick, false, 10n ** 18n, quoteExactInput(onTick, { zeroForOne: false, amountIn: 10n ** 18n }))
    expect(quoteExactInput(onTick, { zeroForOne: false, amountIn: 10n ** 18n }).status).toBe('ok')
  })

  test('ticks on word starts and ends, starts on and next to them, both directions (spacing 1 and 60)', () => {
    for (const spacing of [1, 60]) {
      const w = 256 * spacing
      const indices = [-2 * w, -w - spacing, -w, -spacing, 0, w - spacing, w, w + spacing, 2 * w - spacing]
      const ticks = indices.map((index, k) => ({ index, liquidityNet: k < indices.length / 2 ? 10n ** 22n : -(10n ** 22n) }))
      ticks[4]!.liquidityNet = 0n
      const liquidityAt = (t: number) => ticks.filter((x) => x.index <= t).reduce((sum, x) => sum + x.liquidityNet, 10n ** 20n)
      for (const tick of [-w - 1, -w, -1, 0, 1, spacing - 1, spacing, w - 1, w, w + spacing]) {
        const base: ConcentratedLiquidityState = {
          sqrtPriceX96: getSqrtRatioAtTick(tick),
          tick,
          liquidity: liquidityAt(tick),
          fee: 3000,
          tickSpacing: spacing,
          ticks: ticks.filter((x) => x.liquidityNet !== 0n).map((x) => ({ ...x })),
          tickWindow: { lower: Math.ceil(MIN_TICK / spacing) * spacing, upper: Math.floor(MAX_TICK / spacing) * spacing },
        }
        // Also the price just below the tick's price with the tick one below, as a downward cross leaves it.
        const below = { ...base, tick: tick - 1, liquidity: liquidityAt(tick - 1) }
        for (const snapshot of [base, below, { ...base, sqrtPriceX96: base.sqrtPriceX96 + 1n }]) {
          for (const zeroForOne of [true, false]) {
            for (const amountIn of [1n, 10n ** 19n, 10n ** 22n]) expectReference(snapshot, zeroForOne, amountIn, quoteExactInput(snapshot, { zeroForOne, amountIn }))
          }
        }
      }
    }
  })

  test('to the price limit through the last words (ticks past MIN_TICK/MAX_TICK are clamped): a partial fill, not a revert', () => {
    for (const spacing of [1, 60, 200]) {
      const lowest = Math.ceil(MIN_TICK / spacing) * spacing
      const highest = Math.floor(MAX_TICK / spacing) * spacing
      const snapshot: ConcentratedLiquidityState = {
        sqrtPriceX96: getSqrtRatioAtTick(0),
        tick: 0,
        liquidity: 10n ** 6n,
        fee: 500,
        tickSpacing: spacing,
        ticks: [
          { index: lowest, liquidityNet: 10n ** 6n },
          { index: highest, liquidityNet: -(10n ** 6n) },
        ],
        tickWindow: { lower: lowest, upper: highest },
      }
      for (const zeroForOne of [true, false]) {
        // 10^60 cannot be absorbed by 10^6 of liquidity; 10^20 moves the sqrt price 10^14-fold, within the ticks.
        expect(quoteExactInput(snapshot, { zeroForOne, amountIn: 10n ** 60n }).status).toBe('priceLimit')
        const filled = quoteExactInput(snapshot, { zeroForOne, amountIn: 10n ** 20n })
        expect(filled.status).toBe('ok')
        expectReference(snapshot, zeroForOne, 10n ** 20n, filled)
        // One tick short of the full bottom (top) word: the swap needs ticks it does not know.
        const short = { ...snapshot, tickWindow: zeroForOne ? { lower: lowest + spacing, upper: highest } : { lower: lowest, upper: highest - spacing } }
        expect(quoteExactInput(short, { zeroForOne, amountIn: 10n ** 60n }).status).toBe('windowExhausted')
      }
    }
  })

  test('a current tick outside the loaded window cannot be quoted', () => {
    const snapshot: ConcentratedLiquidityState = { ...pool, tickSpacing: 1, tick: -5, sqrtPriceX96: getSqrtRatioAtTick(-5), tickWindow: { lower: 0, upper: 255 }, ticks: [] }
    expect(quoteExactInput(snapshot, { zeroForOne: false, amountIn: 10n })).toMatchObject({ status: 'windowExhausted', amountOut: 0n })
    expect(quoteExactInput({ ...snapshot, tickWindow: { lower: -256, upper: -1 } }, { zeroForOne: false, amountIn: 10n }).status).toBe('ok')
    const above = { ...snapshot, tick: 300, sqrtPriceX96: getSqrtRatioAtTick(300) }
    expect(quoteExactInput(above, { zeroForOne: true, amountIn: 10n })).toMatchObject({ status: 'windowExhausted', amountOut: 0n })
    expect(quoteExactInput({ ...above, tickWindow: { lower: 256, upper: 511 } }, { zeroForOne: true, amountIn: 10n }).status).toBe('ok')
    // Just below the window, swapping up: the search starts at the next tick, the window's first one, so the
    // unloaded word of the current tick is not needed (and the mirror image at the window's top tick).
    const justBelow = { ...snapshot, tick: -1, sqrtPriceX96: getSqrtRatioAtTick(-1) }
    const up = quoteExactInput(justBelow, { zeroForOne: false, amountIn: 10n })
    expect(up.status).toBe('ok')
    expectReference({ ...justBelow, tickWindow: { lower: MIN_TICK, upper: MAX_TICK } }, false, 10n, up)
    const top = { ...snapshot, tick: 255, sqrtPriceX96: getSqrtRatioAtTick(255) + 1n }
    const down = quoteExactInput(top, { zeroForOne: true, amountIn: 10n })
    expect(down.status).toBe('ok')
    expectReference({ ...top, tickWindow: { lower: MIN_TICK, upper: MAX_TICK } }, true, 10n, down)
    // A window of one word away from tick 0 (spacing 60: ticks 15360..30719), the price inside it.
    for (const tick of [15_400, 30_000]) {
      const far: ConcentratedLiquidityState = { ...pool, tickSpacing: 60, tick, sqrtPriceX96: getSqrtRatioAtTick(tick), tickWindow: { lower: 15_360, upper: 30_719 }, ticks: [] }
      for (const zeroForOne of [true, false]) {
        const result = quoteExactInput(far, { zeroForOne, amountIn: 10n ** 9n })
        expect(result.status).toBe('ok')
        expectReference({ ...far, tickWindow: { lower: -887_220, upper: 887_220 } }, zeroForOne, 10n ** 9n, result)
      }
    }
  })

  test('invalid requests and inconsistent pools revert', () => {
    expect(quoteExactInput(pool, { zeroForOne: true, amountIn: 0n })).toEqual({ amountOut: 0n, status: 'revert', sqrtPriceX96: pool.sqrtPriceX96, tick: 0, liquidity: pool.liquidity })
    expect(quoteExactInput(pool, { zeroForOne: false, amountIn: -1n }).status).toBe('revert')
    // Already at the price limit of the direction.
    const atMin = { ...pool, sqrtPriceX96: MIN_SQRT_RATIO + 1n, tick: MIN_TICK }
    expect(quoteExactInput(atMin, { zeroForOne: true, amountIn: 1n }).status).toBe('revert')
    expect(quoteExactInput({ ...atMin, sqrtPriceX96: MIN_SQRT_RATIO }, { zeroForOne: true, amountIn: 1n }).status).toBe('revert')
    const atMax = { ...pool, sqrtPriceX96: MAX_SQRT_RATIO - 1n, tick: MAX_TICK - 1 }
    expect(quoteExactInput(atMax, { zeroForOne: false, amountIn: 1n }).status).toBe('revert')
    expect(quoteExactInput({ ...atMax, sqrtPriceX96: MAX_SQRT_RATIO }, { zeroForOne: false, amountIn: 1n }).status).toBe('revert')
    // Crossing a tick whose liquidityNet takes liquidity below zero (LS) or past uint128 (LA).
    const broken = { ...pool, ticks: [{ index: -120, liquidityNet: 2n * L }, { index: 120, liquidityNet: 2n ** 128n }] }
    expect(quoteExactInput(broken, { zeroForOne: true, amountIn: 3n * 10n ** 19n })).toMatchObject({ status: 'revert', amountOut: 0n, sqrtPriceX96: pool.sqrtPriceX96 })
    expect(quoteExactInput(broken, { zeroForOne: false, amountIn: 3n * 10n ** 19n })).toMatchObject({ status: 'revert', amountOut: 0n, tick: 0 })
    const full = { ...pool, liquidity: 2n ** 128n - 1n - L, ticks: [{ index: 120, liquidityNet: L + 1n }] }
    expect(quoteExactInput(full, { zeroForOne: false, amountIn: 10n ** 37n }).status).toBe('revert')
    const exactlyFull = { ...pool, liquidity: 2n ** 128n - 1n - L, ticks: [{ index: 120, liquidityNet: L }] }
    expect(quoteExactInput(exactlyFull, { zeroForOne: false, amountIn: 10n ** 37n }).status).not.toBe('revert')
    // Only contract reverts become a status: a malformed snapshot (a number where a bigint belongs) throws.
    expect(() => quoteExactInput({ ...pool, liquidity: 1 as unknown as bigint }, { zeroForOne: true, amountIn: 10n ** 18n })).toThrow(TypeError)
    const toZero = { ...pool, liquidity: L, ticks: [{ index: -120, liquidityNet: L }] }
    expect(quoteExactInput(toZero, { zeroForOne: true, amountIn: 3n * 10n ** 19n }).status).not.toBe('revert')
  })

  test('inside one range it equals a single computeSwapStep', () => {
    for (const zeroForOne of [true, false]) {
      const amountIn = 10n ** 18n
      const target = getSqrtRatioAtTick(zeroForOne ? -120 : 120)
      const step = computeSwapStep(pool.sqrtPriceX96, target, pool.liquidity, amountIn, pool.fee)
      expect(step.sqrtRatioNextX96).not.toBe(target)
      const result = quoteExactInput(pool, { zeroForOne, amountIn })
      expect(result.status).toBe('ok')
      expect(result.amountOut).toBe(step.amountOut)
      expect(result.sqrtPriceX96).toBe(step.sqrtRatioNextX96)
    }
  })

  test('crossing ticks: below the real-valued model, within 1e-9 of it', () => {
    for (const zeroForOne of [true, false]) {
      for (const amountIn of [10n ** 15n, 10n ** 19n, 3n * 10n ** 19n, 6n * 10n ** 19n]) {
        const exact = quoteExactInput(pool, { zeroForOne, amountIn })
        expect(exact.status).toBe('ok')
        const float = quoteFloat(pool, { zeroForOne, amountIn: Number(amountIn) })
        expect(Number(exact.amountOut)).toBeLessThanOrEqual(float * (1 + 1e-12))
        expect(Number(exact.amountOut)).toBeGreaterThan(float * (1 - 1e-9))
      }
    }
  })

  test('crossing a tick updates liquidity and tick', () => {
    const result = quoteExactInput(pool, { zeroForOne: true, amountIn: 2n * 10n ** 19n })
    expect(result.tick).toBeLessThan(-120)
    expect(result.liquidity).toBe(L)
    const back = quoteExactInput(pool, { zeroForOne: false, amountIn: 2n * 10n ** 19n })
    expect(back.tick).toBeGreaterThanOrEqual(120)
    expect(back.liquidity).toBe(L)
  })

  test('needing ticks outside the loaded window gives windowExhausted and 0n', () => {
    const narrow = { ...pool, tickWindow: { lower: -15360, upper: 15359 } }
    expect(quoteExactInput(narrow, { zeroForOne: true, amountIn: 10n ** 18n }).status).toBe('ok')
    const result = quoteExactInput(narrow, { zeroForOne: true, amountIn: 10n ** 24n })
    expect(result).toMatchObject({ status: 'windowExhausted', amountOut: 0n })
  })

  test('running out of liquidity is a price-limit partial fill and gives 0n', () => {
    const result = quoteExactInput(pool, { zeroForOne: false, amountIn: 10n ** 30n })
    expect(result).toMatchObject({ status: 'priceLimit', amountOut: 0n })
  })

  test('adapter swap returns the moved state', () => {
    const edge = uniswapV3Adapter.getEdges(pool)[1]!
    const { amountOut, snapshot } = uniswapV3Adapter.swap(pool, { edge, amountIn: 10n ** 18n })
    expect(amountOut).toBeGreaterThan(0n)
    expect(snapshot.sqrtPriceX96 > pool.sqrtPriceX96).toBe(true)
    expect(uniswapV3Adapter.getStepData(pool, edge)).toEqual({ fee: 3000 })
  })
})
