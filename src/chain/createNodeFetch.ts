import { createNodeRequester, type CreateNodeRequesterParameters } from './createNodeRequester.js'

/** The slice of `Response` viem's http transport reads. */
type MinimalResponse = {
  ok: boolean
  status: number
  statusText: string
  headers: { get(name: string): string | null }
  body: null
  text(): Promise<string>
}

/**
 * A `fetch` for viem's http transport on {@link createNodeRequester} (node:http(s) with keep-alive
 * agents; the body's size limit enforced while reading). Supports what viem passes: method, headers,
 * body, signal. Give the transport `maxResponseBodySize: false`: the limit is checked here, and viem's
 * own check re-encodes every answer to count its bytes.
 * @param params - {@link CreateNodeRequesterParameters}
 * @returns a fetch-compatible function (use as `http(url, { fetchFn, maxResponseBodySize: false })`)
 */
export function createNodeFetch(params: CreateNodeRequesterParameters = {}): typeof fetch {
  const request = createNodeRequester(params)
  const nodeFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<MinimalResponse> => {
    const headers: Record<string, string> = {}
    const given = init.headers
    // viem passes a plain object: copy it (names lowercased, as Headers would) without building a
    // WHATWG Headers per call.
    if (given !== undefined && given !== null && Object.getPrototypeOf(given) === Object.prototype) {
      for (const [key, value] of Object.entries(given as Record<string, string>)) headers[key.toLowerCase()] = String(value)
    } else {
      new Headers(given).forEach((value, key) => {
        headers[key] = value
      })
    }
    const body = typeof init.body === 'string' ? init.body : init.body == null ? undefined : String(init.body)
    const res = await request(typeof input === 'string' || input instanceof URL ? input : input.url, { method: init.method ?? 'GET', headers, body, signal: init.signal })
    return {
      ok: res.status >= 200 && res.status < 300,
      status: res.status,
      statusText: res.statusText,
      headers: { get: (name) => { const v = res.headers[name.toLowerCase()]; return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v } },
      body: null,
      text: async () => res.text(),
    }
  }
  return nodeFetch as unknown as typeof fetch
}
