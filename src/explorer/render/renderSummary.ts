import type { RouteGraph } from '../graph/toRouteGraph.js'
import type { TokenBook } from '../tokens/createTokenBook.js'
import type { Answer } from '../types.js'
import { escapeHtml } from './escapeHtml.js'
import { amountLabel } from './renderRouteSvg.js'

/** Price impact in basis points as a percentage, or "no USD price". */
export function priceImpactLabel(bps: number | null): string {
  return bps === null ? 'no USD price' : `${(bps / 100).toFixed(2)} % (${bps} bps)`
}

/**
 * The answer's headline figures as a definition list: what arrives, the minimum, gas, price impact,
 * the block simulated on (and its hash when explained) and what the transaction sends.
 */
export function renderSummary({ answer, graph, tokens }: { answer: Answer; graph: RouteGraph; tokens: TokenBook }): string {
  const outputs = graph.nodes.filter((n) => n.amountOut !== undefined)
  const inputs = graph.nodes.filter((n) => n.amountIn !== undefined)
  const block = answer.explanation ? `${answer.explanation.blockNumber} (${answer.explanation.blockHash.slice(0, 10)}…)` : String(answer.blockNumber ?? answer.createdAt)
  const rows: [string, string, string][] = [
    ...inputs.map((n) => ['amount-in', 'You send', amountLabel({ tokens, chainId: n.chainId, token: n.token, amount: n.amountIn })] as [string, string, string]),
    ...outputs.map((n) => ['amount-out', `Arrives${graph.chains.length > 1 ? ` on chain ${n.chainId}` : ''}`, amountLabel({ tokens, chainId: n.chainId, token: n.token, amount: n.amountOut })] as [string, string, string]),
    ['gas', 'Gas limit', Number(answer.gas).toLocaleString('en-US')],
    ['price-impact', 'Price impact', priceImpactLabel(answer.priceImpact)],
    ['block', 'Simulated on block', block],
    ['tx-to', 'Transaction to', answer.tx.to],
  ]
  if (answer.bridgingEstimates?.length) {
    rows.push(['bridging', 'Bridging', answer.bridgingEstimates.map((b) => `${b.bridge ?? 'bridge'} ${b.fromChainId} → ${b.toChainId}: ~${b.estimatedSeconds} s`).join('; ')])
  }
  return `<dl class="summary">${rows.map(([key, term, value]) => `<div data-summary="${key}"><dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd></div>`).join('')}</dl>`
}
