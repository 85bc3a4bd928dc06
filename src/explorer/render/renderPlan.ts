import type { ExplanationCommand, ExplanationCommandArgument } from '../../service/explain/explanation.js'
import { escapeHtml } from './escapeHtml.js'

function argumentText(a: ExplanationCommandArgument): string {
  const value = a.value === null ? (a.fromCommand === undefined ? 'set at run time' : `output of command ${a.fromCommand}`) : JSON.stringify(a.value)
  return `${a.name ? `${a.name}: ` : ''}${a.type} = ${value}${a.slot === undefined ? '' : ` [slot ${a.slot}]`}`
}

/**
 * The decoded weiroll plan: each command's target, function, arguments with the state slots they
 * read, the slot it writes and its gas. An empty plan renders a note.
 */
export function renderPlan(plan: readonly ExplanationCommand[] | undefined): string {
  if (!plan || plan.length === 0) return '<p class="muted">No decoded plan in this answer.</p>'
  const rows = plan.map((c) => `<tr data-command="${c.index}"><td>${c.index}</td><td>${c.chainId ?? ''}</td><td><code>${escapeHtml(c.target)}</code></td>`
    + `<td><code>${escapeHtml(c.function)}</code> <span class="muted">${escapeHtml(c.callType)}</span></td>`
    + `<td><ul class="args">${c.args.map((a) => `<li>${escapeHtml(argumentText(a))}</li>`).join('')}</ul></td>`
    + `<td>${escapeHtml(c.reads.join(', ') || '—')}</td><td>${escapeHtml(c.writes === null ? '—' : c.writes === -1 ? 'whole state' : String(c.writes))}</td><td>${escapeHtml(c.gas ?? '—')}</td></tr>`).join('')
  return '<table class="plan"><caption>Weiroll commands as the router runs them</caption><thead><tr>'
    + ['#', 'Chain', 'Target', 'Function', 'Arguments', 'Reads', 'Writes', 'Gas'].map((h) => `<th scope="col">${h}</th>`).join('')
    + `</tr></thead><tbody>${rows}</tbody></table>`
}
