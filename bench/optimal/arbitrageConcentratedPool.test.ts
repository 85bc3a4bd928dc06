import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { PoolEdge } from '../../src/protocols/types.js'
import { uniswapV3Adapter } from '../../src/protocols/uniswap-v3/index.js'
import { quoteFloat } from '../../src/protocols/uniswap-v3/quoteFloat.js'
import type { UniswapV3PoolSnapshot } from '../../src/protocols/uniswap-v3/types.js'
import { uniswapV4Adapter } from '../../src/protocols/uniswap-v4/index.js'
import type { UniswapV4PoolSnapshot } from '../../src/protocols/uniswap-v4/types.js'
import { arbitrageConcentratedPool } from './arbitrageConcentratedPool.js'
import { buildOptimalProblem } from './buildOptimalProblem.js'
import { smallSnapshot } from './testing/smallSnapshot.js'
import type { ConcentratedModel } from './types.js'

const { snapshot, prices } = smallSnapshot({ seed: 3, tokens: 2, pools: [{ kind: 'v3', tokens: [0, 1] }] })
const v3 = snapshot.pools[0] as UniswapV3PoolSnapshot
const model = buildOptimalProblem(snapshot).pools[0] as ConcentratedModel
// Prices as the problem indexes tokens (token0 first).
const [p0, p1] = [prices[0]!, prices[1]!]

/** Best c_out·quoteFloat(x) − c_in·x over a log grid of inputs plus golden-section refinement. */
function bruteForce(zeroForOne: boolean, cIn: number, cOut: number, scale: number): number {
  const worth = (x: number): number => cOut * quoteFloat(v3, { zeroForOne, amountIn: x }) - cIn * x
  let best = 0
  let at = 0
  for (let k = -10; k <= 4; k += 0.002) {
    const x = scale * 10 ** k
    if (worth(x) > best) [best, at] = [worth(x), x]
  }
  let lo = at / 1.01
  let hi = at * 1.01
  for (let i = 0; i < 200; i++) {
    const a = lo + (hi - lo) * 0.382
    const b = lo + (hi - lo) * 0.618
    if (worth(a) > worth(b)) hi = b
    else lo = a
  }
  return Math.max(best, worth((lo + hi) / 2))
}

describe('arbitrageConcentratedPool', () => {
  test('no trade inside the fee band', () => {
    const price = model.sqrtPrice ** 2
    expect(arbitrageConcentratedPool(model, { prices: [price, 1] }).value).toBe(0)
    expect(arbitrageConcentratedPool(model, { prices: [price * 0.998, 1] }).value).toBe(0)
    expect(arbitrageConcentratedPool(model, { prices: [price * 1.002, 1] }).value).toBe(0)
  })

  test('equals the brute-force maximum over the pool float quote, within a range and across ticks, both ways', () => {
    for (const move of [0.99, 0.9, 0.5, 0.01, 1.01, 1.1, 2, 100]) {
      // Relative move of token0's price: < 1 sells token0 (price down), > 1 buys it.
      const c: [number, number] = [p0 * move, p1]
      const result = arbitrageConcentratedPool(model, { prices: c })
      const zeroForOne = move < 1
      const brute = zeroForOne ? bruteForce(true, c[0], c[1], Number(v3.liquidity) / model.sqrtPrice) : bruteForce(false, c[1], c[0], Number(v3.liquidity) * model.sqrtPrice)
      expect(result.value).toBeGreaterThan(0)
      expect(Math.abs(result.value - brute) / result.value, `move ${move}`).toBeLessThan(1e-6)
    }
  })

  test('past the loaded liquidity the trade stops at the window', () => {
    const result = arbitrageConcentratedPool(model, { prices: [p0 * 1e-9, p1] })
    const all = quoteFloat(v3, { zeroForOne: true, amountIn: 1e40 })
    expect(result.lambda[1]! / all).toBeCloseTo(1, 6)
  })

  // The bound needs every sequence of exact swaps (either direction, either fee) to be worth no more than the
  // subproblem: fees stay outside the liquidity, so a sequence is a single trade less fees and rounding.
  test('property: no sequence of exact swaps beats the subproblem value (V3 and V4 with a protocol fee)', () => {
    const v4: UniswapV4PoolSnapshot = { ...v3, protocol: 'uniswap-v4', id: '0x00', currency0: '0x0000000000000000000000000000000000000001', currency1: '0x0000000000000000000000000000000000000002', keyFee: 3000, protocolFee: 500 | (100 << 12) }
    const v4Model = buildOptimalProblem({ ...snapshot, pools: [v4] }).pools[0] as ConcentratedModel
    fc.assert(
      fc.property(
        fc.double({ min: -2, max: 2, noNaN: true }),
        fc.boolean(),
        fc.array(fc.record({ zeroForOne: fc.boolean(), amount: fc.double({ min: 1e-8, max: 3, noNaN: true }) }), { minLength: 1, maxLength: 6 }),
        (logMove, useV4, steps) => {
          const c: [number, number] = [p0 * 10 ** logMove, p1]
          let state: UniswapV3PoolSnapshot | UniswapV4PoolSnapshot = useV4 ? v4 : v3
          const net = [0n, 0n]
          for (const step of steps) {
            const edge: PoolEdge = { tokenInIndex: step.zeroForOne ? 0 : 1, tokenOutIndex: step.zeroForOne ? 1 : 0, action: 'swap' }
            const scale = step.zeroForOne ? Number(state.liquidity) / model.sqrtPrice : Number(state.liquidity) * model.sqrtPrice
            const amountIn = BigInt(Math.floor(scale * step.amount)) + 1n
            const swapped = useV4 ? uniswapV4Adapter.swap(state as UniswapV4PoolSnapshot, { edge, amountIn }) : uniswapV3Adapter.swap(state as UniswapV3PoolSnapshot, { edge, amountIn })
            if (swapped.amountOut === 0n) continue
            state = swapped.snapshot
            net[edge.tokenInIndex] = net[edge.tokenInIndex]! - amountIn
            net[edge.tokenOutIndex] = net[edge.tokenOutIndex]! + swapped.amountOut
          }
          const result = arbitrageConcentratedPool(useV4 ? v4Model : model, { prices: c })
          const worth = Number(net[0]!) * c[0] + Number(net[1]!) * c[1]
          const scale = Number(v3.liquidity) * (c[0] / model.sqrtPrice + c[1] * model.sqrtPrice)
          expect(worth).toBeLessThanOrEqual(result.value + 1e-12 * scale)
        },
      ),
      { numRuns: 300, seed: 29 },
    )
  })
})
