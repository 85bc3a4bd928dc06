import fc from 'fast-check'
import type { Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { routeInputsOf } from './routeInputsOf.js'

const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const WETH: Address = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const DAI: Address = '0x6B175474E89094C44Da98b954EedeAC495271d0F'

describe('routeInputsOf', () => {
  test('the fee of each input is floor(amount × bps / 10 000); the engine routes the rest', () => {
    const r = routeInputsOf({ tokenIn: [USDC, DAI], amountIn: [1_000n, 10n ** 18n + 1n], feeBps: [25n, 100n], weth: WETH })
    expect(r.fees).toEqual([2n, 10n ** 16n]) // 2.5 → 2; 1e16 + 0.01 → 1e16
    expect(r.engineInputs).toEqual([
      { token: USDC.toLowerCase(), amount: 998n },
      { token: DAI.toLowerCase(), amount: 10n ** 18n + 1n - 10n ** 16n },
    ])
  })

  test('ETH and WETH route once as WETH, their net amounts summed; order of first appearance', () => {
    const r = routeInputsOf({ tokenIn: [USDC, NATIVE, WETH.toLowerCase() as Address], amountIn: [500n, 4_000n, 3_000n], feeBps: [0n, 50n, 10n], weth: WETH })
    expect(r.fees).toEqual([0n, 20n, 3n])
    expect(r.engineInputs).toEqual([
      { token: USDC.toLowerCase(), amount: 500n },
      { token: WETH.toLowerCase(), amount: 4_000n - 20n + 3_000n - 3n },
    ])
  })

  test('issue 24 item 6: ETH and WETH whose sum passes 2^256-1 are AMOUNT_TOO_LARGE, naming the input that passed it', () => {
    const max = 2n ** 256n - 1n
    expect(() => routeInputsOf({ tokenIn: [NATIVE, USDC, WETH], amountIn: [max, 1n, 1n], feeBps: [0n, 0n, 0n], weth: WETH })).toThrowErrorMatchingInlineSnapshot(`[InvalidRequestError: amountIn[2]: routed as one token with an earlier input (the native coin routes as its wrapped token), the amounts add up to more than 2^256-1]`)
    expect(routeInputsOf({ tokenIn: [NATIVE, WETH], amountIn: [max - 1n, 1n], feeBps: [0n, 0n], weth: WETH }).engineInputs).toEqual([{ token: WETH.toLowerCase(), amount: max }])
  })

  test('no fee: the engine routes exactly what was sent', () => {
    expect(routeInputsOf({ tokenIn: [NATIVE], amountIn: [7n], feeBps: [0n], weth: WETH })).toEqual({ fees: [0n], engineInputs: [{ token: WETH.toLowerCase(), amount: 7n }] })
  })

  test('property: fees plus routed amounts add up to what was sent, per engine token; each fee within its bps', () => {
    const token = fc.constantFrom(NATIVE, WETH, USDC, DAI)
    fc.assert(
      fc.property(fc.array(fc.tuple(token, fc.bigInt({ min: 1n, max: 10n ** 30n }), fc.bigInt({ min: 0n, max: 10_000n })), { minLength: 1, maxLength: 5 }), (inputs) => {
        const r = routeInputsOf({ tokenIn: inputs.map((x) => x[0]), amountIn: inputs.map((x) => x[1]), feeBps: inputs.map((x) => x[2]), weth: WETH })
        inputs.forEach(([, amount, bps], i) => {
          const fee = r.fees[i]!
          expect(fee * 10_000n <= amount * bps && (fee + 1n) * 10_000n > amount * bps).toBe(true)
        })
        const sent = new Map<string, bigint>()
        inputs.forEach(([t, amount], i) => {
          const key = (t === NATIVE ? WETH : t).toLowerCase()
          sent.set(key, (sent.get(key) ?? 0n) + amount - r.fees[i]!)
        })
        expect(new Map(r.engineInputs.map((x) => [x.token, x.amount]))).toEqual(sent)
        expect(r.engineInputs.map((x) => x.token)).toEqual([...sent.keys()])
      }),
      { numRuns: 200 },
    )
  })
})
