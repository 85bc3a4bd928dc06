import type { RouteGraph } from '../graph/toRouteGraph.js'
import type { TokenBook } from '../tokens/createTokenBook.js'
import { escapeHtml } from './escapeHtml.js'
import { amountLabel } from './renderRouteSvg.js'

/**
 * The steps as a table, in execution order: protocol, pool, tokens, the amounts (simulated when the
 * answer is explained, with the engine's estimate beside them), gas per step when known.
 */
export function renderStepsTable({ graph, tokens }: { graph: RouteGraph; tokens: TokenBook }): string {
  const explained = graph.edges.some((e) => e.amountsFrom === 'simulation' || e.estimatedAmountOut !== undefined)
  const head = ['#', 'Chain', 'Protocol', 'Action', 'Pool', 'In', 'Out', ...(explained ? ['Engine estimate', 'Gas'] : []), 'Amounts']
  const rows = graph.edges.map((e) => {
    const destination = Number(e.to.split(':')[0])
    const cells = [
      String(e.index + 1),
      e.bridge ? `${e.chainId} → ${destination}` : String(e.chainId),
      e.protocol,
      e.action,
      e.pool,
      amountLabel({ tokens, chainId: e.chainId, token: e.tokenIn, amount: e.amountIn }),
      amountLabel({ tokens, chainId: destination, token: e.tokenOut, amount: e.amountOut }),
      ...(explained ? [amountLabel({ tokens, chainId: destination, token: e.tokenOut, amount: e.estimatedAmountOut }), e.gas ?? '—'] : []),
      e.amountsFrom,
    ]
    return `<tr data-step="${e.index}">${cells.map((c, i) => (i === 4 ? `<td><code>${escapeHtml(c)}</code></td>` : `<td>${escapeHtml(c)}</td>`)).join('')}</tr>`
  }).join('')
  return `<table class="steps"><caption>Steps in execution order</caption><thead><tr>${head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table>`
}
