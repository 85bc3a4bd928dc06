import { describe, expect, test } from 'vitest'
import { bridgeBundle, crossChainRoute, splitRoute } from '../testing/answers.js'
import type { Answer, ExplanationStep } from '../types.js'
import { toRouteGraph } from './toRouteGraph.js'

const ETH = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'

describe('toRouteGraph', () => {
  test('a split route: one edge per step with the quoted amounts, legs between the same tokens side by side', () => {
    const g = toRouteGraph({ answer: splitRoute, chainId: 1, tokenIn: ETH, amountIn: '1000000000000000000000', tokenOut: [USDC] })
    expect(g.chains).toEqual([1])
    expect(g.edges.map((e) => [e.protocol, e.pool, e.amountIn, e.amountOut, e.amountsFrom])).toEqual(splitRoute.route.map((s) => [s.protocol, s.primary, s.args.amountIn, s.args.amountOut, 'answer']))
    expect(g.nodes.map((n) => n.id)).toEqual([`1:${ETH.toLowerCase()}`, '1:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', `1:${USDC.toLowerCase()}`, '1:0xdac17f958d2ee523a2206206994597c13d831ec7'])
    expect(g.nodes[0]).toMatchObject({ token: ETH, amountIn: '1000000000000000000000' })
    expect(g.nodes[2]).toMatchObject({ token: USDC, amountOut: splitRoute.amountOut })
    // What reaches USDC adds up to the answer's amountOut (the devnet's quote is exact).
    const intoUsdc = g.edges.filter((e) => e.to === `1:${USDC.toLowerCase()}`).reduce((s, e) => s + BigInt(e.amountOut!), 0n)
    expect(intoUsdc).toBe(BigInt(splitRoute.amountOut as string))
  })

  test('a cross-chain route: the bridge step arrives on the destination lane, the output is marked there', () => {
    const g = toRouteGraph({ answer: crossChainRoute, chainId: 1, tokenIn: ETH, amountIn: '1000000000000000000', tokenOut: [USDC_BASE], destinationChainId: 8453 })
    expect(g.chains).toEqual([1, 8453])
    const bridge = g.edges.find((e) => e.protocol === 'across')!
    expect(bridge).toMatchObject({ bridge: true, chainId: 1, from: `1:${USDC.toLowerCase()}`, to: `8453:${USDC_BASE.toLowerCase()}`, amountsFrom: 'none' })
    expect(g.nodes.find((n) => n.id === `8453:${USDC_BASE.toLowerCase()}`)!.amountOut).toBe(crossChainRoute.amountOut)
    // The route starts at WETH (the native coin enters wrapped): the amount sent is marked there, no orphan ETH node.
    expect(g.nodes.find((n) => n.amountIn !== undefined)!.token).toBe('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2')
    expect(g.nodes.some((n) => n.token === ETH)).toBe(false)
  })

  test('a bridge bundle: bundle steps carry their own amounts; the callback runs on the destination chain', () => {
    const g = toRouteGraph({ answer: bridgeBundle, chainId: 1 })
    expect(g.chains).toEqual([1, 8453])
    expect(g.edges.map((e) => [e.chainId, e.protocol, e.amountIn, e.amountOut, e.bridge])).toEqual([
      [1, 'stargate', '1000000000', '999300000', true],
      [8453, 'uniswap-v3', '999399999', '332864881794903691', false],
    ])
    expect(g.nodes.find((n) => n.amountOut !== undefined)).toMatchObject({ id: '8453:0x4200000000000000000000000000000000000006', amountOut: '332864881794903691' })
  })

  test('with an explanation, its steps and simulated amounts win over the answer\'s', () => {
    const steps: ExplanationStep[] = splitRoute.route.map((s, index) => ({
      index, protocol: s.protocol, action: s.action, pool: s.primary, tokenIn: s.tokenIn[0]!, tokenOut: s.tokenOut[0]!,
      amountIn: String(BigInt((s.args.amountIn as string) ?? '0') + 1n), amountOut: `${index}000`, amountsFrom: 'simulation',
      estimatedAmountIn: (s.args.amountIn as string) ?? '0', estimatedAmountOut: (s.args.amountOut as string) ?? '0', gas: '1234', chainId: 1,
    }))
    const explained: Answer = { ...splitRoute, explanation: { quoteId: 'q', chainId: 1, blockNumber: '342', blockHash: '0xab', steps, plan: [], candidates: [], winner: { reason: 'best' } } }
    const g = toRouteGraph({ answer: explained, chainId: 1, tokenIn: ETH, amountIn: '1', tokenOut: [USDC] })
    expect(g.edges.map((e) => [e.amountOut, e.amountsFrom, e.estimatedAmountOut, e.gas])).toEqual(steps.map((s) => [s.amountOut, 'simulation', s.estimatedAmountOut, '1234']))
  })
})

describe('toRouteGraph with a route answer that also lists amountsOut (as the service does)', () => {
  test('the route\'s outputs are read by tokenOut, never as a bundle\'s map', () => {
    const answer = { ...splitRoute, amountsOut: [splitRoute.amountOut as string] } as unknown as Answer
    const g = toRouteGraph({ answer, chainId: 1, tokenIn: ETH, amountIn: '1', tokenOut: [USDC] })
    expect(g.nodes.filter((n) => n.amountOut !== undefined).map((n) => [n.token, n.amountOut])).toEqual([[USDC, splitRoute.amountOut]])
  })
})

describe('toRouteGraph with a real explanation (the service on the devnet)', () => {
  test('edges carry the simulated amounts; the steps delivering USDC add up to amountOut', async () => {
    const { explainedSplitRoute } = await import('../testing/answers.js')
    const g = toRouteGraph({ answer: explainedSplitRoute, chainId: 1, tokenIn: ETH, amountIn: '1000000000000000000000', tokenOut: [USDC] })
    expect(g.edges.map((e) => e.amountsFrom)).toEqual(explainedSplitRoute.explanation!.steps.map(() => 'simulation'))
    expect(g.edges.map((e) => [e.pool, e.amountIn, e.amountOut])).toEqual(explainedSplitRoute.explanation!.steps.map((s) => [s.pool, s.amountIn, s.amountOut]))
    const delivered = g.edges.filter((e) => e.tokenOut === USDC).reduce((sum, e) => sum + BigInt(e.amountOut!), 0n)
    expect(delivered).toBe(BigInt(explainedSplitRoute.amountOut as string))
    // The wrap's output, missing from the route's own step, is what the simulation moved.
    expect(g.edges[0]).toMatchObject({ protocol: 'wrapped-native', amountOut: '1000000000000000000000' })
  })
})
