import { getAddress, pad, toHex, type Address, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import type { SimulatedLog } from '../../simulate/simulateTransaction.js'
import { explainSteps, type PlannedStep } from './explainSteps.js'

const a = (n: number) => getAddress(`0x${n.toString(16).padStart(40, '0')}`)
const self = a(0x5e1f)
const user = a(0x05e1)
const receiver = a(0x7ec)
const [usdc, weth, dai] = [a(0xa1), a(0xa2), a(0xa3)]
const [pairA, poolB, pairC] = [a(0xb1), a(0xb2), a(0xb3)]
const NATIVE = getAddress('0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE')
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const DEPOSIT = '0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c'
const WITHDRAWAL = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65'
const word = (v: bigint) => pad(toHex(v), { size: 32 })
const topic = (x: Address) => pad(x.toLowerCase() as Hex, { size: 32 })
const transfer = (token: Address, from: Address, to: Address, amount: bigint): SimulatedLog => ({ address: token, topics: [TRANSFER, topic(from), topic(to)], data: word(amount) })
const step = (p: Partial<PlannedStep> & Pick<PlannedStep, 'pool' | 'tokenIn' | 'tokenOut'>): PlannedStep => ({ protocol: 'uniswap-v2', action: 'swap', estimatedAmountIn: 1n, estimatedAmountOut: 2n, ...p })

describe('explainSteps: the amounts the simulated call moved, step by step', () => {
  test('a split route (two legs, a V3 pool paying out before it is paid): each step reads its own transfers, legs sum to what the receiver got', () => {
    const steps = [
      step({ pool: pairA, tokenIn: usdc, tokenOut: weth, leg: 0, estimatedAmountIn: 600n, estimatedAmountOut: 30n }),
      step({ pool: poolB, tokenIn: usdc, tokenOut: weth, leg: 1, protocol: 'uniswap-v3', estimatedAmountIn: 400n, estimatedAmountOut: 20n }),
    ]
    const logs = [
      transfer(usdc, user, self, 1000n),
      transfer(usdc, self, pairA, 600n),
      transfer(weth, pairA, self, 31n),
      // V3: the pool pays first, then takes its input in the callback.
      transfer(weth, poolB, self, 19n),
      transfer(usdc, self, poolB, 400n),
      transfer(weth, self, receiver, 50n),
    ]
    const explained = explainSteps({ steps, logs, self, payees: [receiver] })
    expect(explained.map((s) => [s.amountIn, s.amountOut, s.amountsFrom, s.estimatedAmountOut, s.leg])).toEqual([
      ['600', '31', 'simulation', '30', 0],
      ['400', '19', 'simulation', '20', 1],
    ])
    expect(explained.reduce((sum, s) => sum + BigInt(s.amountOut), 0n)).toBe(50n)
  })

  test('a native input wrapped, two hops, a native output unwrapped; a fee paid to a payee is not a step', () => {
    const steps = [
      step({ protocol: 'wrapped-native', action: 'deposit', pool: weth, tokenIn: NATIVE, tokenOut: weth }),
      step({ pool: pairA, tokenIn: weth, tokenOut: usdc }),
      step({ pool: pairC, tokenIn: usdc, tokenOut: dai }),
    ]
    const logs: SimulatedLog[] = [
      { address: weth, topics: [DEPOSIT, topic(self)], data: word(1000n) },
      transfer(weth, self, receiver, 10n),
      transfer(weth, self, pairA, 990n),
      transfer(usdc, pairA, self, 5000n),
      transfer(usdc, self, pairC, 5000n),
      transfer(dai, pairC, self, 4990n),
    ]
    const explained = explainSteps({ steps, logs, self, payees: [receiver], chainId: 1 })
    expect(explained.map((s) => [s.tokenIn, s.amountIn, s.amountOut, s.chainId])).toEqual([[NATIVE, '1000', '1000', 1], [weth, '990', '5000', 1], [usdc, '5000', '4990', 1]])
    const unwrap = explainSteps({
      steps: [step({ protocol: 'wrapped-native', action: 'redeem', pool: weth, tokenIn: weth, tokenOut: NATIVE })],
      logs: [{ address: weth, topics: [WITHDRAWAL, topic(self)], data: word(77n) }],
      self,
      payees: [],
    })
    expect(unwrap[0]).toMatchObject({ amountIn: '77', amountOut: '77', amountsFrom: 'simulation' })
  })

  test('a step no log names keeps the estimate, marked as such; later steps still read theirs', () => {
    const steps = [step({ pool: pairA, tokenIn: usdc, tokenOut: weth, estimatedAmountIn: 5n, estimatedAmountOut: 6n }), step({ pool: pairC, tokenIn: weth, tokenOut: dai })]
    const logs = [transfer(weth, self, pairC, 8n), transfer(dai, pairC, self, 9n)]
    const explained = explainSteps({ steps, logs, self, payees: [] })
    expect(explained[0]).toMatchObject({ amountIn: '5', amountOut: '6', amountsFrom: 'estimate' })
    expect(explained[1]).toMatchObject({ amountIn: '8', amountOut: '9', amountsFrom: 'simulation' })
  })
})
