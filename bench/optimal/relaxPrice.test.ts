import { describe, expect, test } from 'vitest'
import { buildOptimalProblem } from './buildOptimalProblem.js'
import { evaluateDual } from './evaluateDual.js'
import { marginalPrices } from './marginalPrices.js'
import { relaxPrice } from './relaxPrice.js'
import { smallSnapshot, smallToken } from './testing/smallSnapshot.js'

describe('relaxPrice', () => {
  const { snapshot, prices } = smallSnapshot({ seed: 6, tokens: 3, pools: [{ kind: 'v2', tokens: [0, 1] }, { kind: 'v2', tokens: [0, 2] }, { kind: 'v3', tokens: [2, 1] }] })
  const problem = buildOptimalProblem(snapshot)
  const [tIn, tOut] = [problem.tokenIndex.get(smallToken(0))!, problem.tokenIndex.get(smallToken(1))!]
  const amountIn = 1e8 / prices[0]!
  const start = marginalPrices(problem, { tokenOut: tOut }).prices

  test('balances the token’s net flow and lowers the dual, from far above and from near 0', () => {
    for (const factor of [1, 1e-30]) {
      const from = Float64Array.from(start)
      from[tIn] = start[tIn]! * factor
      const price = relaxPrice(problem, { prices: from, token: tIn, tokenIn: tIn, amountIn })
      const at = Float64Array.from(from)
      at[tIn] = price
      const pools = [0, 1, 2]
      const before = evaluateDual(problem, { prices: from, tokenIn: tIn, amountIn, pools })
      const after = evaluateDual(problem, { prices: at, tokenIn: tIn, amountIn, pools })
      expect(after.value).toBeLessThan(before.value)
      // The pools take amountIn of tokenIn at that price (to float precision).
      expect(Math.abs(after.gradient[tIn]!) / amountIn).toBeLessThan(1e-9)
    }
  })
})
