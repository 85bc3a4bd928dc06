import type { ReplayResult } from '../types.js'
import { escapeHtml } from './escapeHtml.js'

/** A replay's verdict: the same amounts on the same block, or each difference with its reason. */
export function renderReplay(result: ReplayResult): string {
  const verdict = result.same
    ? `<p class="replay-same" data-replay="same">Reproduced: block ${escapeHtml(result.blockNumber)} on chain ${result.chainId} gives exactly ${escapeHtml(result.amountOut ?? result.expectedAmountsOut.join(', '))} again${result.gasUsed ? ` (gas used ${escapeHtml(result.gasUsed)})` : ''}.</p>`
    : `<p class="replay-differs" data-replay="differs">Not reproduced on block ${escapeHtml(result.blockNumber)}:</p><ul>${result.differences.map((d) => `<li><strong>${escapeHtml(d.code)}</strong>${d.field ? ` <code>${escapeHtml(d.field)}</code>` : ''}: ${escapeHtml(d.message)}${d.expected !== undefined ? ` (expected ${escapeHtml(d.expected)}, got ${escapeHtml(d.actual ?? '—')})` : ''}</li>`).join('')}</ul>`
  return `${verdict}<details><summary>Replay answer (JSON)</summary><pre class="replay-json">${escapeHtml(JSON.stringify(result, null, 2))}</pre></details>`
}
