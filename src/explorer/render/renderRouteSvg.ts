import { formatUnits } from '../format/formatUnits.js'
import { LAYOUT, type RouteLayout } from '../graph/layoutRouteGraph.js'
import type { RouteEdge, RouteGraph } from '../graph/toRouteGraph.js'
import { shortAddress, type TokenBook } from '../tokens/createTokenBook.js'
import { escapeHtml } from './escapeHtml.js'

/** Fraction digits in the diagram's labels (the tables and `data-*` attributes keep more, and base units). */
const DIAGRAM_DIGITS = 4

/** The amount with its token's symbol, or `—` when the answer does not say. */
export function amountLabel({ tokens, chainId, token, amount, maxFractionDigits = 6 }: { tokens: TokenBook; chainId: number; token: string; amount: string | undefined; maxFractionDigits?: number }): string {
  if (amount === undefined) return '—'
  const info = tokens.find(chainId, token)
  return info ? `${formatUnits({ amount, decimals: info.decimals, maxFractionDigits })} ${info.symbol}` : `${amount} units`
}

const SOURCE_NAMES: Record<RouteEdge['amountsFrom'], string> = {
  simulation: 'simulated',
  estimate: 'engine estimate',
  answer: 'from the answer',
  none: 'amounts not in the answer',
}

function edgeMarkup(edge: RouteEdge, placed: RouteLayout['edges'][number], tokens: TokenBook, destination: number): string {
  const moved = edge.amountsFrom === 'none'
    ? `${edge.action} ${tokens.label(edge.chainId, edge.tokenIn)} → ${tokens.label(destination, edge.tokenOut)}`
    : `${amountLabel({ tokens, chainId: edge.chainId, token: edge.tokenIn, amount: edge.amountIn, maxFractionDigits: DIAGRAM_DIGITS })} → ${amountLabel({ tokens, chainId: destination, token: edge.tokenOut, amount: edge.amountOut, maxFractionDigits: DIAGRAM_DIGITS })}`
  const title = `Step ${edge.index + 1}: ${edge.protocol} ${edge.action} at ${edge.pool} on chain ${edge.chainId}${edge.bridge ? ` to chain ${destination}` : ''}; ${moved} (${SOURCE_NAMES[edge.amountsFrom]})`
  const data = [
    ['step', edge.index], ['protocol', edge.protocol], ['action', edge.action], ['pool', edge.pool], ['chain-id', edge.chainId],
    ['destination-chain-id', destination], ['token-in', edge.tokenIn], ['token-out', edge.tokenOut],
    ['amount-in', edge.amountIn ?? ''], ['amount-out', edge.amountOut ?? ''], ['amounts-from', edge.amountsFrom],
  ].map(([k, v]) => `data-${k}="${escapeHtml(v)}"`).join(' ')
  const x = placed.labelX.toFixed(1)
  return `<g class="edge${edge.bridge ? ' edge-bridge' : ''}" ${data} tabindex="0" role="listitem" aria-label="${escapeHtml(title)}">`
    + `<title>${escapeHtml(title)}</title>`
    + `<path class="edge-line" d="${placed.d}" marker-end="url(#arrow)"/>`
    + `<text class="edge-label" x="${x}" y="${(placed.labelY - 9).toFixed(1)}" text-anchor="middle">`
    + `<tspan class="edge-protocol">${escapeHtml(edge.protocol)}</tspan> <tspan class="edge-pool">${escapeHtml(shortAddress(edge.pool))}</tspan></text>`
    + `<text class="edge-amounts" x="${x}" y="${(placed.labelY + 17).toFixed(1)}" text-anchor="middle">${escapeHtml(moved)}</text>`
    + '</g>'
}

/**
 * The route diagram as SVG markup: one lane per chain, tokens as boxes (inputs and outputs with their
 * amounts), each step an arrow labelled with its protocol, pool and amounts. Every edge carries its
 * step's facts as `data-*` attributes (raw base units) and a sentence for assistive technology.
 * @param params.graph - {@link toRouteGraph}
 * @param params.layout - {@link layoutRouteGraph} of that graph
 * @param params.chainNames - `chainId → name`, for the lane titles
 */
export function renderRouteSvg({ graph, layout, tokens, chainNames }: { graph: RouteGraph; layout: RouteLayout; tokens: TokenBook; chainNames: ReadonlyMap<number, string> }): string {
  const { nodeWidth, nodeHeight, margin } = LAYOUT
  const lanes = layout.lanes.map((l, i) => `<g class="lane lane-${i % 2}" data-chain-id="${l.chainId}">`
    + `<rect class="lane-band" x="${margin / 2}" y="${l.y}" width="${layout.width - margin}" height="${l.height}" rx="10"/>`
    + `<text class="lane-title" x="${margin}" y="${l.y + 22}">${escapeHtml(chainNames.get(l.chainId) ?? `Chain ${l.chainId}`)} · ${l.chainId}</text></g>`).join('')
  const nodes = layout.nodes.map((p) => {
    const n = graph.nodes.find((x) => x.id === p.id)!
    const symbol = tokens.label(n.chainId, n.token)
    const amount = n.amountOut ?? n.amountIn
    const role = n.amountOut !== undefined ? ' node-output' : n.amountIn !== undefined ? ' node-input' : ''
    const caption = amount === undefined ? shortAddress(n.token) : amountLabel({ tokens, chainId: n.chainId, token: n.token, amount, maxFractionDigits: DIAGRAM_DIGITS })
    const label = `${symbol} on chain ${n.chainId}${n.amountIn !== undefined ? `, in: ${caption}` : ''}${n.amountOut !== undefined ? `, out: ${caption}` : ''}`
    return `<g class="node${role}" data-node="${escapeHtml(n.id)}" data-chain-id="${n.chainId}" data-token="${escapeHtml(n.token)}" data-amount-in="${escapeHtml(n.amountIn ?? '')}" data-amount-out="${escapeHtml(n.amountOut ?? '')}" role="listitem" aria-label="${escapeHtml(label)}">`
      + `<title>${escapeHtml(`${label} (${n.token})`)}</title>`
      + `<rect x="${(p.x - nodeWidth / 2).toFixed(1)}" y="${(p.y - nodeHeight / 2).toFixed(1)}" width="${nodeWidth}" height="${nodeHeight}" rx="12"/>`
      + `<text class="node-symbol" x="${p.x.toFixed(1)}" y="${(p.y - 4).toFixed(1)}" text-anchor="middle">${escapeHtml(symbol)}</text>`
      + `<text class="node-caption" x="${p.x.toFixed(1)}" y="${(p.y + 15).toFixed(1)}" text-anchor="middle">${escapeHtml(caption)}</text></g>`
  }).join('')
  const byIndex = new Map(graph.edges.map((e) => [e.index, e]))
  const edges = layout.edges.map((placed) => {
    const edge = byIndex.get(placed.index)!
    const destination = Number(edge.to.split(':')[0])
    return edgeMarkup(edge, placed, tokens, destination)
  }).join('')
  const title = `Route diagram: ${graph.edges.length} step${graph.edges.length === 1 ? '' : 's'} across ${graph.chains.length} chain${graph.chains.length === 1 ? '' : 's'}`
  return `<svg class="route-svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${layout.width} ${layout.height}" width="${layout.width}" height="${layout.height}" role="group" aria-label="${escapeHtml(title)}">`
    + '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>'
    + lanes
    + `<g class="edges" role="list" aria-label="Steps">${edges}</g>`
    + `<g class="nodes" role="list" aria-label="Tokens">${nodes}</g>`
    + '</svg>'
}
