import type { Question } from '../types.js'

/** base64url of UTF-8 text. */
function encode(text: string): string {
  const bytes = new TextEncoder().encode(text)
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function decode(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
}

/** What a page address asks for: a question to ask again, an answer to replay, or nothing. */
export type LinkState = { question: Question } | { replay: string } | Record<string, never>

/** `/explorer#q=…`: a link that asks the same question again (no key in it). */
export function questionLink(question: Question, base: string): string {
  return `${base}#q=${encode(JSON.stringify(question))}`
}

/** `/explorer#replay=<quoteId>`: a link that replays an explained answer on its block. */
export function replayLink(quoteId: string, base: string): string {
  return `${base}#replay=${encodeURIComponent(quoteId)}`
}

/** Reads a page address's fragment; anything unreadable is nothing. */
export function readLink(hash: string): LinkState {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const replay = params.get('replay')
  if (replay) return { replay }
  const q = params.get('q')
  if (!q) return {}
  try {
    const question = JSON.parse(decode(q)) as Question
    return question && (question.kind === 'route' || question.kind === 'bundle') ? { question } : {}
  } catch {
    return {}
  }
}
