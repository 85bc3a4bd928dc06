import type { Explanation } from '../../service/explain/explanation.js'
import { escapeHtml } from './escapeHtml.js'

/** The candidates the engine weighed, best first, and why the winner won. */
export function renderCandidates(explanation: Explanation | undefined): string {
  if (!explanation) return '<p class="muted">Candidates come with explained answers (<code>explain=true</code>); this server did not explain the answer.</p>'
  const winner = `<p class="winner">${escapeHtml(explanation.winner.reason)}${explanation.winner.marginBps === undefined ? '' : ` Margin: ${explanation.winner.marginBps} bps.`}${explanation.winner.gasDifference === undefined ? '' : ` Gas difference: ${explanation.winner.gasDifference}.`}</p>`
  if (explanation.candidates.length === 0) return `${winner}<p class="muted">No alternatives: the actions were taken as sent.</p>`
  const rows = explanation.candidates.map((c) => `<tr data-candidate="${c.rank}"${c.chosen ? ' class="chosen"' : ''}><td>${c.rank}${c.chosen ? ' ✓' : ''}</td><td>${escapeHtml(c.kind)}</td><td>${escapeHtml(c.description)}</td>`
    + `<td>${escapeHtml(c.estimatedAmountOut)}</td><td>${escapeHtml(c.simulatedAmountOut ?? '—')}</td><td>${escapeHtml(c.gas ?? '—')}</td><td>${escapeHtml(c.score ?? '—')}</td></tr>`).join('')
  return `${winner}<table class="candidates"><caption>Routes the engine weighed (base units)</caption><thead><tr>`
    + ['Rank', 'Kind', 'Paths', 'Estimate', 'Simulated', 'Gas', 'Score'].map((h) => `<th scope="col">${h}</th>`).join('')
    + `</tr></thead><tbody>${rows}</tbody></table>`
}
