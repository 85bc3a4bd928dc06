import { describe, expect, test } from 'vitest'
import { buildOptimalProblem } from './buildOptimalProblem.js'
import { marginalPrices } from './marginalPrices.js'
import { smallSnapshot, smallToken } from './testing/smallSnapshot.js'

describe('marginalPrices', () => {
  test('a chain 0–1–2 plus an isolated pair: best rates along the chain, 0 outside the component', () => {
    const { snapshot, prices } = smallSnapshot({ seed: 1, tokens: 5, pools: [{ kind: 'v2', tokens: [0, 1] }, { kind: 'v2', tokens: [1, 2] }, { kind: 'v2', tokens: [3, 4] }] })
    const problem = buildOptimalProblem(snapshot)
    const out = problem.tokenIndex.get(smallToken(2))!
    const result = marginalPrices(problem, { tokenOut: out })
    expect(result.settled).toBe(true)
    expect(result.pools).toHaveLength(2)
    const at = (i: number): number => result.prices[problem.tokenIndex.get(smallToken(i))!]!
    // Token 1 → 2 at 0.997 of the pool price (within 0.1 % of the token prices), token 0 two fees away.
    expect(at(1) / (prices[1]! / prices[2]!)).toBeCloseTo(0.997, 2)
    expect(at(0) / (prices[0]! / prices[2]!)).toBeCloseTo(0.997 ** 2, 2)
    expect(at(3)).toBe(0)
    expect(result.nextToken[problem.tokenIndex.get(smallToken(0))!]).toBe(problem.tokenIndex.get(smallToken(1)))
  })

  test('parallel pools inside their bands settle; a cycle of rates above 1 does not', () => {
    const calm = smallSnapshot({ seed: 2, tokens: 2, pools: [{ kind: 'v2', tokens: [0, 1] }, { kind: 'v3', tokens: [0, 1] }] })
    expect(marginalPrices(buildOptimalProblem(calm.snapshot), { tokenOut: 1 }).settled).toBe(true)
    // A triangle whose pool prices multiply to 1.1 around the cycle: relaxation never settles.
    const pool = (i: number, tokens: [string, string], reserve0: bigint, reserve1: bigint) => ({ protocol: 'uniswap-v2', address: smallToken(100 + i), blockNumber: 1n, tokens, reserve0, reserve1, feeBps: 30 })
    const [a, b, c] = [smallToken(0), smallToken(1), smallToken(2)]
    const cyclic = buildOptimalProblem({ version: 'x', chainId: 1, blockNumber: 1n, pools: [pool(0, [a, b], 1000n, 1000n), pool(1, [b, c], 1000n, 1000n), pool(2, [c, a], 1000n, 1100n)] })
    expect(marginalPrices(cyclic, { tokenOut: 0, maxPasses: 50 }).settled).toBe(false)
  })
})
