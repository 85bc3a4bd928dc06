import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { balancerV2Adapter } from '../../src/protocols/balancer-v2/index.js'
import type { BalancerV2WeightedPoolSnapshot } from '../../src/protocols/balancer-v2/types.js'
import type { PoolEdge } from '../../src/protocols/types.js'
import { uniswapV2Adapter } from '../../src/protocols/uniswap-v2/index.js'
import type { UniswapV2PoolSnapshot } from '../../src/protocols/uniswap-v2/types.js'
import { arbitrageWeightedPool } from './arbitrageWeightedPool.js'
import type { WeightedModel } from './types.js'

const pair = (r0: number, r1: number, gamma = 0.997): WeightedModel => ({ kind: 'weighted', tokens: [0, 1], reserves: [r0, r1], weights: [0.5, 0.5], gamma })

/** Best c1·out − c0·in over a fine log grid of inputs, then golden-section refinement (real V2 math). */
function bruteForcePair(model: WeightedModel, c: [number, number]): number {
  const [r0, r1] = model.reserves as [number, number]
  const worth = (x: number): number => c[1] * ((model.gamma * x * r1) / (r0 + model.gamma * x)) - c[0] * x
  let best = 0
  let at = 0
  for (let k = -12; k <= 3; k += 0.001) {
    const x = r0 * 10 ** k
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

describe('arbitrageWeightedPool', () => {
  test('no trade inside the fee band, on both edges', () => {
    const model = pair(1000, 2000)
    // Pool price: 2 token1 per token0. Band: c0/c1 in [2γ, 2/γ].
    expect(arbitrageWeightedPool(model, { prices: [2 * 0.997, 1] }).value).toBe(0)
    expect(arbitrageWeightedPool(model, { prices: [2 / 0.997, 1] }).value).toBe(0)
    expect(arbitrageWeightedPool(model, { prices: [2, 1] })).toEqual({ value: 0, delta: [0, 0], lambda: [0, 0] })
  })

  test('a V2 pair equals the brute-force maximum, in both directions', () => {
    for (const c of [[1, 2], [1, 0.3], [5, 1], [1e-6, 1e-3], [0.4, 1]] as [number, number][]) {
      const model = pair(1000, 800)
      const result = arbitrageWeightedPool(model, { prices: c })
      const flipped = arbitrageWeightedPool(pair(800, 1000), { prices: [c[1], c[0]] })
      const brute = c[0] / c[1] < 0.8 ? bruteForcePair(model, c) : bruteForcePair(pair(800, 1000), [c[1], c[0]])
      expect(result.value).toBeCloseTo(brute, 9)
      expect(flipped.value).toBeCloseTo(result.value, 9)
      // The maximizer lies on the curve: (R0 + γΔ0 − Λ0)(R1 + γΔ1 − Λ1) = R0·R1.
      const [d0, d1] = result.delta as [number, number]
      const [l0, l1] = result.lambda as [number, number]
      expect((1000 + 0.997 * d0 - l0) * (800 + 0.997 * d1 - l1)).toBeCloseTo(800_000, 3)
    }
  })

  test('a 3-token weighted pool: the closed form beats every sampled feasible trade and is reached', () => {
    const model: WeightedModel = { kind: 'weighted', tokens: [0, 1, 2], reserves: [100, 300, 50], weights: [0.5, 0.3, 0.2], gamma: 0.99 }
    const prices = [1.2, 0.2, 1.6]
    const result = arbitrageWeightedPool(model, { prices })
    const invariant = (r: number[]): number => r.reduce((s, x, i) => s + model.weights[i]! * Math.log(x), 0)
    const k = invariant(model.reserves)
    expect(invariant(model.reserves.map((r, i) => r + model.gamma * result.delta[i]! - result.lambda[i]!))).toBeCloseTo(k, 9)
    // Random trades on the curve: pick the new balances of two tokens, solve the third, price the trade.
    const random = (() => {
      let s = 7
      return () => ((s = (s * 16807) % 2147483647) / 2147483647)
    })()
    let sampled = 0
    for (let n = 0; n < 20_000; n++) {
      const r = model.reserves.map((x) => x * (0.3 + 1.4 * random()))
      const j = Math.floor(random() * 3)
      r[j] = Math.exp((k - invariant(r) + model.weights[j]! * Math.log(r[j]!)) / model.weights[j]!)
      const worth = r.reduce((s, x, i) => s + (x < model.reserves[i]! ? prices[i]! * (model.reserves[i]! - x) : (-prices[i]! * (x - model.reserves[i]!)) / model.gamma), 0)
      sampled = Math.max(sampled, worth)
    }
    expect(result.value).toBeGreaterThanOrEqual(sampled)
    expect(result.value).toBeLessThan(sampled * 1.01)
  })

  test('a zero price drains the pool', () => {
    expect(arbitrageWeightedPool(pair(10, 20), { prices: [0, 3] })).toEqual({ value: 60, delta: [Infinity, 0], lambda: [0, 20] })
  })

  // The dual bound is valid for any routing only if no sequence of exact swaps through one pool is worth more at
  // prices ν than the pool's subproblem value: checked on the adapters' own bigint math.
  test('property: no sequence of exact swaps beats the subproblem value (V2 and Balancer)', () => {
    const sequence = fc.array(fc.record({ edge: fc.nat(5), amount: fc.double({ min: 1e-9, max: 0.5, noNaN: true }) }), { minLength: 1, maxLength: 6 })
    fc.assert(
      fc.property(
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.boolean(),
        sequence,
        (logA, logB, balancer, steps) => {
          const v2: UniswapV2PoolSnapshot = { protocol: 'uniswap-v2', address: '0x0000000000000000000000000000000000000001', blockNumber: 1n, tokens: ['a', 'b'], reserve0: 10n ** 21n, reserve1: 3n * 10n ** 20n, feeBps: 30 }
          const bal: BalancerV2WeightedPoolSnapshot = {
            protocol: 'balancer-v2',
            address: '0x0000000000000000000000000000000000000002',
            blockNumber: 1n,
            tokens: ['a', 'b', 'c'],
            poolId: '0x00',
            balances: [10n ** 21n, 3n * 10n ** 20n, 7n * 10n ** 19n],
            weights: [5n * 10n ** 17n, 3n * 10n ** 17n, 2n * 10n ** 17n],
            decimals: [18, 18, 18],
            swapFee: 3n * 10n ** 15n,
          }
          const model: WeightedModel = balancer
            ? { kind: 'weighted', tokens: [0, 1, 2], reserves: bal.balances.map(Number), weights: [0.5, 0.3, 0.2], gamma: 0.997 }
            : { kind: 'weighted', tokens: [0, 1], reserves: [1e21, 3e20], weights: [0.5, 0.5], gamma: 0.997 }
          const prices = balancer ? [1, 10 ** logA, 10 ** logB] : [1, 10 ** logA]
          const pairs: [number, number][] = balancer ? [[0, 1], [1, 0], [0, 2], [2, 0], [1, 2], [2, 1]] : [[0, 1], [1, 0]]
          const net = model.tokens.map(() => 0n)
          let state: UniswapV2PoolSnapshot | BalancerV2WeightedPoolSnapshot = balancer ? bal : v2
          for (const step of steps) {
            const [i, o] = pairs[step.edge % pairs.length]!
            const edge: PoolEdge = { tokenInIndex: i, tokenOutIndex: o, action: 'swap' }
            const reserve = balancer ? (state as BalancerV2WeightedPoolSnapshot).balances[i]! : i === 0 ? (state as UniswapV2PoolSnapshot).reserve0 : (state as UniswapV2PoolSnapshot).reserve1
            const amountIn = BigInt(Math.floor(Number(reserve) * step.amount)) + 1n
            const swapped = balancer ? balancerV2Adapter.swap(state as BalancerV2WeightedPoolSnapshot, { edge, amountIn }) : uniswapV2Adapter.swap(state as UniswapV2PoolSnapshot, { edge, amountIn })
            if (swapped.amountOut === 0n) continue
            state = swapped.snapshot
            net[i] = net[i]! - amountIn
            net[o] = net[o]! + swapped.amountOut
          }
          const result = arbitrageWeightedPool(model, { prices })
          const worth = net.reduce((s, x, k) => s + Number(x) * prices[k]!, 0)
          const scale = model.reserves.reduce((s, r, k) => s + r * prices[k]!, 0)
          expect(worth).toBeLessThanOrEqual(result.value + 1e-12 * scale)
        },
      ),
      { numRuns: 400, seed: 29 },
    )
  })
})
