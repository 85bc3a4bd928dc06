import { describe, expect, test } from 'vitest'
import { bridgeBundle, splitRoute } from '../testing/answers.js'
import { LAYOUT, layoutRouteGraph } from './layoutRouteGraph.js'
import { toRouteGraph } from './toRouteGraph.js'

const ETH = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

describe('layoutRouteGraph', () => {
  const graph = toRouteGraph({ answer: splitRoute, chainId: 1, tokenIn: ETH, amountIn: '1', tokenOut: [USDC] })
  const layout = layoutRouteGraph(graph)
  const at = (token: string) => layout.nodes.find((n) => n.id === `1:${token.toLowerCase()}`)!

  test('columns follow the steps: ETH, then WETH, then USDT, then USDC', () => {
    expect([ETH, '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', '0xdAC17F958D2ee523a2206206994597C13D831ec7', USDC].map((t) => at(t).column)).toEqual([0, 1, 2, 3])
    expect(layout.width).toBe(2 * LAYOUT.margin + LAYOUT.nodeWidth + 3 * LAYOUT.columnStep)
  })

  test('split legs between the same tokens run side by side, one fan apart, and pass USDT\'s column beside it', () => {
    const direct = graph.edges.filter((e) => e.from.endsWith('0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2') && e.to.endsWith(USDC.toLowerCase())).map((e) => layout.edges.find((p) => p.index === e.index)!)
    expect(direct).toHaveLength(3)
    const ys = direct.map((e) => e.labelY).sort((a, b) => a - b)
    expect(ys[1]! - ys[0]!).toBe(LAYOUT.fan)
    expect(ys[2]! - ys[1]!).toBe(LAYOUT.fan)
    // Their labels sit in USDT's column, clear of USDT's box.
    const usdt = at('0xdAC17F958D2ee523a2206206994597C13D831ec7')
    for (const e of direct) {
      expect(e.labelX).toBe(usdt.x)
      expect(Math.abs(e.labelY - usdt.y)).toBeGreaterThanOrEqual(LAYOUT.nodeHeight / 2 + LAYOUT.fan / 2)
    }
  })

  test('every edge starts at its token\'s right side and ends at the next one\'s left side', () => {
    for (const placed of layout.edges) {
      const e = graph.edges.find((x) => x.index === placed.index)!
      const from = layout.nodes.find((n) => n.id === e.from)!
      const to = layout.nodes.find((n) => n.id === e.to)!
      expect(placed.d.startsWith(`M${(from.x + LAYOUT.nodeWidth / 2).toFixed(1)},${from.y.toFixed(1)}`)).toBe(true)
      expect(placed.d.endsWith(`${(to.x - LAYOUT.nodeWidth / 2).toFixed(1)},${to.y.toFixed(1)}`)).toBe(true)
    }
  })

  test('a bundle across two chains gets a lane per chain, the destination below', () => {
    const g = toRouteGraph({ answer: bridgeBundle, chainId: 1 })
    const l = layoutRouteGraph(g)
    expect(l.lanes.map((x) => x.chainId)).toEqual([1, 8453])
    const [source, destination] = l.lanes
    for (const n of l.nodes) {
      const lane = n.id.startsWith('1:') ? source! : destination!
      expect(n.y).toBeGreaterThan(lane.y)
      expect(n.y).toBeLessThan(lane.y + lane.height)
    }
  })
})
