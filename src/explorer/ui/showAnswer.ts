import { layoutRouteGraph } from '../graph/layoutRouteGraph.js'
import { toRouteGraph, type RouteGraph } from '../graph/toRouteGraph.js'
import { escapeHtml } from '../render/escapeHtml.js'
import { renderCandidates } from '../render/renderCandidates.js'
import { renderPlan } from '../render/renderPlan.js'
import { amountLabel, renderRouteSvg } from '../render/renderRouteSvg.js'
import { renderStepsTable } from '../render/renderStepsTable.js'
import { renderSummary } from '../render/renderSummary.js'
import type { TokenBook } from '../tokens/createTokenBook.js'
import type { Answer, Question } from '../types.js'
import { questionLink, replayLink } from './questionLink.js'

/** The elements an answer is drawn into (ids of index.html). */
export type ResultView = {
  section: HTMLElement
  summary: HTMLElement
  diagram: HTMLElement
  steps: HTMLElement
  plan: HTMLElement
  candidates: HTMLElement
  links: HTMLElement
  raw: HTMLElement
}

/** Looks the result view's elements up by id. */
export function findResultView(doc: Document): ResultView {
  const get = (id: string) => {
    const el = doc.getElementById(id)
    if (!el) throw new Error(`index.html has no #${id}`)
    return el
  }
  return { section: get('result'), summary: get('summary'), diagram: get('diagram'), steps: get('steps'), plan: get('plan'), candidates: get('candidates'), links: get('links'), raw: get('raw') }
}

/** The graph of an answer to a question (routes mark what was sent on the input token). */
export function graphOf(question: Question, answer: Answer): RouteGraph {
  if (question.kind === 'bundle') return toRouteGraph({ answer, chainId: question.chainId })
  return toRouteGraph({
    answer, chainId: question.chainId, tokenIn: question.tokenIn, amountIn: question.amountIn, tokenOut: [question.tokenOut],
    ...(question.destinationChainId === undefined ? {} : { destinationChainId: question.destinationChainId }),
  })
}

/**
 * Draws an answer: headline figures, the diagram, the steps, the decoded plan and candidates (when
 * explained), a link that asks the same question again and, for explained answers, a replay link.
 * @returns the graph drawn
 */
export function showAnswer({ view, question, answer, tokens, chainNames, base }: {
  view: ResultView; question: Question; answer: Answer; tokens: TokenBook; chainNames: ReadonlyMap<number, string>; base: string
}): RouteGraph {
  const graph = graphOf(question, answer)
  const layout = layoutRouteGraph(graph)
  view.summary.innerHTML = renderSummary({ answer, graph, tokens })
  view.diagram.innerHTML = renderRouteSvg({ graph, layout, tokens, chainNames })
  view.steps.innerHTML = renderStepsTable({ graph, tokens })
  view.plan.innerHTML = renderPlan(answer.explanation?.plan)
  const chainId = answer.explanation?.chainId ?? question.chainId
  view.candidates.innerHTML = renderCandidates(answer.explanation, (amount, token) => (token === undefined ? amount : amountLabel({ tokens, chainId, token, amount })))
  const quoteId = answer.explanation?.quoteId
  view.links.innerHTML = `<p><a id="permalink" href="${escapeHtml(questionLink(question, base))}">Ask this again</a> (the question in a link; the key is not in it)</p>`
    + (quoteId
      ? `<p><a id="replay-link" href="${escapeHtml(replayLink(quoteId, base))}">Replay this answer</a> — re-simulates the same transaction on block ${escapeHtml(answer.explanation?.blockNumber ?? '')} (<code>POST /api/v1/shortcuts/replay</code> with quoteId <code>${escapeHtml(quoteId)}</code>). <button type="button" id="replay-now">Replay now</button></p><div id="replay-result" aria-live="polite"></div>`
      : '<p class="muted">Replay needs an explained answer (a quoteId); this server did not explain the answer.</p>')
  view.raw.textContent = JSON.stringify(answer, null, 2)
  view.section.hidden = false
  return graph
}
