import { describe, expect, test } from 'vitest'
import { layoutRouteGraph } from '../graph/layoutRouteGraph.js'
import { toRouteGraph } from '../graph/toRouteGraph.js'
import { splitRoute } from '../testing/answers.js'
import { createTokenBook } from '../tokens/createTokenBook.js'
import type { Answer } from '../types.js'
import { renderRouteSvg } from './renderRouteSvg.js'

const tokens = createTokenBook({
  chainIds: [1],
  tokens: [
    { address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', chainId: 1, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 },
    { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', chainId: 1, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
  ],
})
const render = (answer: Answer) => {
  const graph = toRouteGraph({ answer, chainId: 1, tokenIn: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', amountIn: '1000000000000000000000', tokenOut: ['0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'] })
  return renderRouteSvg({ graph, layout: layoutRouteGraph(graph), tokens, chainNames: new Map([[1, 'Ethereum']]) })
}

describe('renderRouteSvg', () => {
  test('each step is an edge with its facts in data attributes and its amounts in words', () => {
    const svg = render(splitRoute)
    expect(svg.match(/<g class="edge[ "]/g)).toHaveLength(splitRoute.route.length)
    expect(svg).toContain('data-step="1" data-protocol="uniswap-v3" data-action="swap" data-pool="0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640"')
    expect(svg).toContain('data-amount-in="600000000000000000000" data-amount-out="1791724012695" data-amounts-from="answer"')
    expect(svg).toContain('600 WETH → 1,791,724.0126 USDC')
    expect(svg).toContain('>Ethereum · 1<')
    // Output and input tokens carry the answer's totals.
    expect(svg).toContain(`data-amount-out="${splitRoute.amountOut}"`)
  })

  test('text from the answer is escaped', () => {
    const hostile: Answer = { ...splitRoute, route: [{ ...splitRoute.route[1]!, protocol: '<script>alert(1)</script>', primary: '"><img src=x>' }] }
    const svg = render(hostile)
    expect(svg).not.toContain('<script>')
    expect(svg).not.toContain('"><img')
    expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })
})
