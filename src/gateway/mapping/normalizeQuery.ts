import { InvalidRequestError } from '../../errors/request.js'
import { assertJsonDepth } from '../../schemas/assertJsonDepth.js'

/** How to read one endpoint's query string. */
export type QueryShape = {
  /** Array fields: `k[]=a&k[]=b` (axios, what @ensofinance/sdk sends), `k[0]=a&k[1]=b` (qs indices), `k=a&k=b`, or `k=a,b`. */
  lists?: readonly string[]
  /** List fields whose items are never split on commas (names, symbols: text that may hold one); still any of the other three styles. */
  unsplit?: readonly string[]
  /** Numeric fields: decimal strings become numbers (anything else stays a string for the validator to reject). */
  numbers?: readonly string[]
  /** Boolean fields: `true`/`false` become booleans. */
  booleans?: readonly string[]
  /** Object fields sent as a JSON string. */
  json?: readonly string[]
}

const NUMERIC = /^-?[0-9]{1,20}(\.[0-9]{1,20})?$/
/** `k[3]`: an indexed list entry (at most three digits; lists are far shorter). */
const INDEXED = /^(.+)\[([0-9]{1,3})\]$/

function fail(field: string, reason: string): never {
  throw new InvalidRequestError({ code: 'INVALID_ARGUMENT', message: `${field}: ${reason}`, issues: [{ field, reason }] })
}

/**
 * Turns a parsed query string into the REST body shape the shared validator expects. Everything
 * not named in `shape` stays as given (strings, or arrays of strings when repeated), so the
 * validator still rejects repeated scalars, unknown keys (`fromAddress[]`, `__proto__`) and bad values.
 * @param query - Fastify's parsed query (`fast-querystring`: repeated keys become arrays)
 * @param shape - the endpoint's list, number, boolean and JSON fields
 * @returns a fresh plain object
 * @throws InvalidRequestError when one list is given in two styles (`k=a&k[]=b`) or a JSON field is malformed or too deep
 */
export function normalizeQuery(query: unknown, shape: QueryShape): Record<string, unknown> {
  const entries = new Map<string, unknown>()
  const indexed = new Map<string, [number, unknown][]>()
  const source = typeof query === 'object' && query !== null ? Object.entries(query) : []
  for (const [rawKey, value] of source) {
    const index = INDEXED.exec(rawKey)
    if (index && shape.lists?.includes(index[1]!)) {
      const key = index[1]!
      if (entries.has(key)) fail(key, `given both as ${key} and ${key}[n]; use one style`)
      if (Array.isArray(value)) fail(rawKey, 'given twice')
      indexed.set(key, [...(indexed.get(key) ?? []), [Number(index[2]), value]])
      continue
    }
    const bracketed = rawKey.endsWith('[]')
    const key = bracketed ? rawKey.slice(0, -2) : rawKey
    if (shape.lists?.includes(key)) {
      if (entries.has(key) || indexed.has(key)) fail(key, `given both as ${key} and ${key}[]; use one style`)
      const split = !shape.unsplit?.includes(key)
      const items = (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' && split ? v.split(',') : [v]))
      entries.set(key, items)
    } else if (bracketed) {
      entries.set(rawKey, value)
    } else if (shape.numbers?.includes(key) && typeof value === 'string' && NUMERIC.test(value)) {
      entries.set(key, Number(value))
    } else if (shape.booleans?.includes(key) && (value === 'true' || value === 'false')) {
      entries.set(key, value === 'true')
    } else if (shape.json?.includes(key) && typeof value === 'string') {
      let parsed: unknown
      try {
        parsed = JSON.parse(value)
      } catch {
        fail(key, 'must be a JSON object')
      }
      assertJsonDepth(parsed, { field: key })
      entries.set(key, parsed)
    } else {
      entries.set(key, value)
    }
  }
  // Indexed entries in index order (gaps closed: `k[0]=a&k[2]=b` is [a, b]).
  for (const [key, items] of indexed) entries.set(key, items.sort((a, b) => a[0] - b[0]).map(([, v]) => v))
  // fromEntries defines own properties, so a `__proto__` key stays a key (and the validator rejects it).
  return Object.fromEntries(entries)
}
