import { ApiError, createApiClient } from '../api/createApiClient.js'
import { parseUnits } from '../format/parseUnits.js'
import { escapeHtml } from '../render/escapeHtml.js'
import { renderReplay } from '../render/renderReplay.js'
import { createTokenBook, type TokenBook } from '../tokens/createTokenBook.js'
import type { NetworkInfo, Question, TokenInfo } from '../types.js'
import { askQuestion } from './askQuestion.js'
import { exampleBundle } from './exampleBundle.js'
import { readLink } from './questionLink.js'
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

  const readRoute = (): Question => {
    const chainId = routeChain()
    const destination = destinationChain()
    const tokenIn = book.resolve(chainId, rf('tokenIn').value)
    const tokenOut = book.resolve(destination, rf('tokenOut').value)
    if (!tokenIn) throw new Error(`Token in: "${rf('tokenIn').value}" is not a token of chain ${chainId} (pick one from the list, or paste its address).`)
    if (!tokenOut) throw new Error(`Token out: "${rf('tokenOut').value}" is not a token of chain ${destination}.`)
    const from = rf('fromAddress').value.trim()
    const receiver = rf('receiver').value.trim()
    return {
      kind: 'route', chainId, fromAddress: from, tokenIn: tokenIn.address, tokenOut: tokenOut.address,
      amountIn: parseUnits({ text: rf('amount').value, decimals: tokenIn.decimals }),
      slippage: rf('slippage').value.trim(), routingStrategy: rf('strategy').value,
      ...(destination === chainId ? {} : { destinationChainId: destination, receiver: receiver || from }),
      ...(destination === chainId && receiver ? { receiver } : {}),
    }
  }
  const readBundle = (): Question => {
    let actions: unknown
    try {
      actions = JSON.parse(bf('actions').value)
    } catch (err) {
      throw new Error(`The bundle is not JSON: ${(err as Error).message}`)
    }
    if (!Array.isArray(actions)) throw new Error('The bundle must be a JSON array of {protocol, action, args}.')
    return { kind: 'bundle', chainId: Number(bf('chain').value), fromAddress: bf('fromAddress').value.trim(), routingStrategy: bf('strategy').value, actions }
  }

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

  const selectTab = (tab: 'route' | 'bundle') => {
    for (const t of ['route', 'bundle'] as const) {
      $<HTMLButtonElement>(`tab-${t}`).setAttribute('aria-selected', String(t === tab))
      $<HTMLButtonElement>(`tab-${t}`).tabIndex = t === tab ? 0 : -1
      $(`${t}-form`).hidden = t !== tab
    }
  }
  for (const t of ['route', 'bundle'] as const) $(`tab-${t}`).addEventListener('click', () => selectTab(t))
  $('tabs').addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return
    const next = $('tab-route').getAttribute('aria-selected') === 'true' ? 'bundle' : 'route'
    selectTab(next)
    $(`tab-${next}`).focus()
  })
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
