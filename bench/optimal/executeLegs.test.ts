import { describe, expect, test } from 'vitest'
import type { BalancerV2WeightedPoolSnapshot } from '../../src/protocols/balancer-v2/types.js'
import { buildOptimalProblem } from './buildOptimalProblem.js'
import { executeLegs } from './executeLegs.js'
import { smallSnapshot, smallToken } from './testing/smallSnapshot.js'

describe('executeLegs', () => {
  const { snapshot, prices } = smallSnapshot({ seed: 4, tokens: 3, pools: [{ kind: 'v2', tokens: [0, 1] }, { kind: 'v2', tokens: [1, 2] }, { kind: 'v2', tokens: [2, 0] }, { kind: 'v2', tokens: [0, 2] }] })
  const problem = buildOptimalProblem(snapshot)
  const [a, b, c] = [0, 1, 2].map((i) => problem.tokenIndex.get(smallToken(i))!) as [number, number, number]
  const amountIn = BigInt(Math.floor(1e6 / prices[0]!))

  test('spends exactly amountIn, each token what it received, in an executable order; a cycle back to tokenIn is dropped', () => {
    const legs = [
      { pool: 0, from: a, to: b, weight: 3 },
      { pool: 3, from: a, to: c, weight: 1 },
      { pool: 1, from: b, to: c, weight: 1 },
      { pool: 2, from: c, to: a, weight: 1 },
    ]
    const run = executeLegs(problem, { legs, tokenIn: a, tokenOut: c, amountIn })
    expect(run.dropped).toBe(1)
    const held = new Map<string, bigint>([[smallToken(0), amountIn]])
    for (const t of run.trades) {
      expect(t.amountIn <= (held.get(t.tokenIn) ?? 0n)).toBe(true)
      held.set(t.tokenIn, held.get(t.tokenIn)! - t.amountIn)
      held.set(t.tokenOut, (held.get(t.tokenOut) ?? 0n) + t.amountOut)
    }
    expect(held.get(smallToken(0))).toBe(0n)
    expect(held.get(smallToken(1))).toBe(0n)
    expect(held.get(smallToken(2))).toBe(run.amountOut)
    // 3:1 by weight out of tokenIn.
    expect(Number(run.trades[0]!.amountIn) / Number(run.trades[1]!.amountIn)).toBeCloseTo(3, 9)
  })

  test('minOut leaves out a leg that would give too few units and gives its share to the others', () => {
    const legs = [
      { pool: 0, from: a, to: b, weight: 1 },
      { pool: 1, from: b, to: c, weight: 1 },
      { pool: 3, from: a, to: c, weight: 1e-6 },
    ]
    const all = executeLegs(problem, { legs, tokenIn: a, tokenOut: c, amountIn })
    expect(all.trades).toHaveLength(3)
    const thin = all.trades.find((t) => t.pool === snapshot.pools[3]!.address)!.amountOut
    expect(all.trades.filter((t) => t.amountOut <= thin)).toHaveLength(1)
    const pruned = executeLegs(problem, { legs, tokenIn: a, tokenOut: c, amountIn, minOut: thin + 1n })
    expect(pruned.trades).toHaveLength(2)
    expect(pruned.trades[0]!.amountIn).toBe(amountIn)
  })

  test('past Balancer’s 30 % in-ratio the trade runs as consecutive swaps', () => {
    const balancer: BalancerV2WeightedPoolSnapshot = {
      protocol: 'balancer-v2',
      address: '0x0400000000000000000000000000000000000001',
      blockNumber: 1n,
      tokens: [smallToken(0), smallToken(1)],
      poolId: '0x00',
      balances: [10n ** 20n, 10n ** 20n],
      weights: [5n * 10n ** 17n, 5n * 10n ** 17n],
      decimals: [18, 18],
      swapFee: 3n * 10n ** 15n,
    }
    const one = buildOptimalProblem({ ...snapshot, pools: [balancer] })
    const run = executeLegs(one, { legs: [{ pool: 0, from: 0, to: 1, weight: 1 }], tokenIn: 0, tokenOut: 1, amountIn: 10n ** 20n })
    expect(run.trades[0]).toMatchObject({ amountIn: 10n ** 20n, swaps: 3 })
  })
})
