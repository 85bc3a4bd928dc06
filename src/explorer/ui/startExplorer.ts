import { ApiError, createApiClient } from '../api/createApiClient.js'
import { escapeHtml } from '../render/escapeHtml.js'
import { renderReplay } from '../render/renderReplay.js'
import { createTokenBook, type TokenBook } from '../tokens/createTokenBook.js'
import type { NetworkInfo, Question, TokenInfo } from '../types.js'
import { askQuestion } from './askQuestion.js'
import { exampleBundle } from './exampleBundle.js'
import { readLink } from './questionLink.js'
import { readBundleQuestion, readRouteQuestion } from './readQuestion.js'
import { bindTabs } from './bindTabs.js'
import { findResultView, showAnswer } from './showAnswer.js'

/** Where the key is kept between visits (this browser only). */
export const KEY_STORAGE = 'switchyard.explorer.apiKey'

/** Timing marks the browser tests read: the answer's first byte, then the first frame drawn with it. */
export const MARKS = { answer: 'explorer:answer', rendered: 'explorer:rendered', measure: 'explorer:first-render' } as const

/** A form's control by name (inputs, selects and text areas all have `value`). */
function control(form: HTMLFormElement, name: string): HTMLInputElement {
  const el = form.elements.namedItem(name)
  if (!el) throw new Error(`index.html: form #${form.id} has no control "${name}"`)
  return el as HTMLInputElement
}

/**
 * Wires the page: the key field, chains and tokens from the API, the route and bundle forms, links
 * that ask again or replay, and the timing of each first render (`performance.measure`
 * {@link MARKS}.measure, also `data-render-ms` on the result).
 */
export function startExplorer(doc: Document): void {
  const $ = <T extends HTMLElement>(id: string) => doc.getElementById(id) as T
  const keyInput = $<HTMLInputElement>('api-key')
  const status = $<HTMLElement>('status')
  const routeForm = $<HTMLFormElement>('route-form')
  const bundleForm = $<HTMLFormElement>('bundle-form')
  const rf = (name: string) => control(routeForm, name)
  const bf = (name: string) => control(bundleForm, name)
  const view = findResultView(doc)
  const base = `${location.origin}${location.pathname}`
  keyInput.value = localStorage.getItem(KEY_STORAGE) ?? ''
  let answers = 0
  const api = createApiClient({
    baseUrl: location.origin,
    key: () => keyInput.value.trim(),
    onAnswer: (path) => {
      if (path.startsWith('/shortcuts/route') || path.startsWith('/shortcuts/bundle')) performance.mark(MARKS.answer)
    },
  })
  const say = (text: string, kind: 'info' | 'error' | 'busy' = 'info') => {
    status.textContent = text
    status.dataset.kind = kind
  }
  const fail = (err: unknown) => say(err instanceof ApiError ? `${err.status} ${err.code}: ${err.message}` : err instanceof Error ? err.message : String(err), 'error')

  let networks: NetworkInfo[] = []
  const tokensByChain = new Map<number, TokenInfo[]>()
  let book: TokenBook = createTokenBook({ tokens: [], chainIds: [] })
  const chainNames = () => new Map(networks.map((n) => [n.id, n.name]))
  const loadTokens = async (chainIds: number[]) => {
    for (const id of chainIds) if (!tokensByChain.has(id)) tokensByChain.set(id, await api.tokens(id))
    book = createTokenBook({ tokens: [...tokensByChain.values()].flat(), chainIds: networks.map((n) => n.id) })
  }
  const fillTokenList = (listId: string, chainId: number) => {
    $<HTMLDataListElement>(listId).innerHTML = book.list(chainId).map((t) => `<option value="${escapeHtml(t.symbol)}">${escapeHtml(`${t.name} · ${t.address}`)}</option>`).join('')
  }
  const routeChain = () => Number(rf('chain').value)
  const destinationChain = () => (rf('destination').value ? Number(rf('destination').value) : routeChain())
  const refreshTokens = async () => {
    await loadTokens([...new Set([routeChain(), destinationChain()])])
    fillTokenList('tokens-in', routeChain())
    fillTokenList('tokens-out', destinationChain())
  }

  const loadNetworks = async () => {
    if (!keyInput.value.trim()) return say('Type your API key (npm start prints one) to begin.')
    say('Loading chains and tokens…', 'busy')
    networks = (await api.networks()).filter((n) => n.isConnected)
    const options = networks.map((n) => `<option value="${n.id}">${escapeHtml(n.name)} (${n.id})</option>`).join('')
    rf('chain').innerHTML = options
    bf('chain').innerHTML = options
    rf('destination').innerHTML = `<option value="">Same chain</option>${options}`
    await refreshTokens()
    say('Ready.')
  }

  const readRoute = () => readRouteQuestion({
    chainId: routeChain(), destinationChainId: destinationChain(), tokenIn: rf('tokenIn').value, tokenOut: rf('tokenOut').value, amount: rf('amount').value,
    slippage: rf('slippage').value, strategy: rf('strategy').value, fromAddress: rf('fromAddress').value, receiver: rf('receiver').value,
  }, book)
  const readBundle = () => readBundleQuestion({ chainId: Number(bf('chain').value), fromAddress: bf('fromAddress').value, strategy: bf('strategy').value, actions: bf('actions').value })

  const ask = async (question: Question) => {
    say(question.kind === 'route' ? 'Routing and simulating…' : 'Building and simulating the bundle…', 'busy')
    const answer = await askQuestion(api, question)
    if (question.kind === 'bundle') await loadTokens([...new Set(answer.route.flatMap((s) => [s.chainId, s.destinationChainId ?? s.chainId]))])
    showAnswer({ view, question, answer, tokens: book, chainNames: chainNames(), base })
    bindReplay(answer.explanation?.quoteId)
    // The first frame drawn with the answer: after layout and paint of this task's DOM.
    requestAnimationFrame(() => setTimeout(() => {
      performance.mark(MARKS.rendered)
      const m = performance.measure(MARKS.measure, MARKS.answer, MARKS.rendered)
      view.section.dataset.renderMs = m.duration.toFixed(1)
      view.section.dataset.answer = String(++answers)
      say(`Answer drawn in ${m.duration.toFixed(0)} ms after it arrived.`)
    }, 0))
  }
  const replay = async (quoteId: string, target: HTMLElement) => {
    target.textContent = 'Replaying…'
    try {
      target.innerHTML = renderReplay(await api.replay({ quoteId }))
    } catch (err) {
      target.textContent = err instanceof ApiError ? `${err.status} ${err.code}: ${err.message}` : String(err)
    }
  }
  const bindReplay = (quoteId: string | undefined) => {
    const button = doc.getElementById('replay-now')
    if (quoteId && button) button.addEventListener('click', () => void replay(quoteId, $('replay-result')))
  }

  const selectTab = bindTabs(doc)
  $('key-form').addEventListener('submit', (e) => {
    e.preventDefault()
    keyInput.dispatchEvent(new Event('change'))
  })
  keyInput.addEventListener('change', () => {
    localStorage.setItem(KEY_STORAGE, keyInput.value.trim())
    loadNetworks().catch(fail)
  })
  rf('chain').addEventListener('change', () => void refreshTokens().catch(fail))
  rf('destination').addEventListener('change', () => void refreshTokens().catch(fail))
  routeForm.addEventListener('submit', (e) => {
    e.preventDefault()
    Promise.resolve().then(readRoute).then(ask).catch(fail)
  })
  bundleForm.addEventListener('submit', (e) => {
    e.preventDefault()
    Promise.resolve().then(readBundle).then(ask).catch(fail)
  })
  $('bundle-example').addEventListener('click', () => {
    bf('actions').value = JSON.stringify(exampleBundle, null, 2)
  })

  const link = readLink(location.hash)
  loadNetworks().then(async () => {
    if ('replay' in link && link.replay) {
      view.section.hidden = false
      view.links.innerHTML = `<p>Replaying quote <code>${escapeHtml(link.replay)}</code>:</p><div id="replay-result" aria-live="polite"></div>`
      await replay(link.replay, $('replay-result'))
    } else if ('question' in link && link.question) {
      const q = link.question
      if (q.kind === 'bundle') {
        selectTab('bundle')
        bf('chain').value = String(q.chainId)
        bf('fromAddress').value = q.fromAddress
        bf('strategy').value = q.routingStrategy
        bf('actions').value = JSON.stringify(q.actions, null, 2)
      }
      await ask(q)
    }
  }).catch(fail)
}
