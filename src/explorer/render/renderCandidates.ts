import type { Explanation } from '../../service/explain/explanation.js'
import { escapeHtml } from './escapeHtml.js'

/** Formats a candidate's amount of the token its paths end in (base units when it cannot). */
export type CandidateAmountFormat = (amount: string, token: string | undefined) => string

/**
 * The candidates the engine weighed, best first, and why the winner won.
 * @param format - amounts in the output token's units (default: base units as they are)
 */
export function renderCandidates(explanation: Explanation | undefined, format: CandidateAmountFormat = (amount) => amount): string {
  if (!explanation) return '<p class="muted">Candidates come with explained answers (<code>explain=true</code>); this server did not explain the answer.</p>'
  const winner = `<p class="winner">${escapeHtml(explanation.winner.reason)}${explanation.winner.marginBps === undefined ? '' : ` Margin: ${explanation.winner.marginBps} bps.`}${explanation.winner.gasDifference === undefined ? '' : ` Gas difference: ${explanation.winner.gasDifference}.`}</p>`
  if (explanation.candidates.length === 0) return `${winner}<p class="muted">No alternatives: the actions were taken as sent.</p>`
  const rows = explanation.candidates.map((c) => {
    const out = c.paths[0]?.tokens.at(-1)
    const f = (amount: string | undefined) => (amount === undefined ? '—' : format(amount, out))
    return `<tr data-candidate="${c.rank}"${c.chosen ? ' class="chosen"' : ''}><td>${c.rank}${c.chosen ? ' ✓' : ''}</td><td>${escapeHtml(c.kind)}</td><td>${escapeHtml(c.description)}</td>`
      + `<td>${escapeHtml(f(c.estimatedAmountOut))}</td><td>${escapeHtml(f(c.simulatedAmountOut))}</td><td>${escapeHtml(c.gas ?? '—')}</td><td>${escapeHtml(f(c.score))}</td></tr>`
  }).join('')
  return `${winner}<table class="candidates"><caption>Routes the engine weighed: its estimate, the simulation (the chosen one), gas, and the score it compares (output net of gas)</caption><thead><tr>`
    + ['Rank', 'Kind', 'Paths', 'Estimate', 'Simulated', 'Gas', 'Score'].map((h) => `<th scope="col">${h}</th>`).join('')
    + `</tr></thead><tbody>${rows}</tbody></table>`
}
