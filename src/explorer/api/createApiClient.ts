import type { Answer, ApiErrorBody, NetworkInfo, ReplayResult, TokenInfo } from '../types.js'

/** An answer other than 2xx, with the API's stable code and message. */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: number
  readonly code: string
  constructor({ status, code, message }: { status: number; code: string; message: string }) {
    super(message)
    this.status = status
    this.code = code
  }
}

/** The public API as the page calls it: only `/api/v1`, with the key the person typed. */
export type ApiClient = {
  networks(): Promise<NetworkInfo[]>
  /** Every token of a chain (all pages, at most 20 of 1,000). */
  tokens(chainId: number): Promise<TokenInfo[]>
  route(body: Record<string, unknown>): Promise<Answer>
  bundle(query: Record<string, string>, actions: unknown[]): Promise<Answer>
  /** The same without `explain=true`, for servers that refuse it on bundles. */
  bundleWithoutExplain(query: Record<string, string>, actions: unknown[]): Promise<Answer>
  /** `POST /shortcuts/replay`: the answer simulated again on its block. */
  replay(body: Record<string, unknown>): Promise<ReplayResult>
}

/** Called when an answer's first byte arrives (the page times its first render from here). */
export type OnAnswer = (path: string) => void

/**
 * A small client of `/api/v1`: `Authorization: Bearer <key>` on every call, JSON in and out,
 * `explain: true` in route bodies and `explain=true` on bundle queries, errors as {@link ApiError}.
 * @param params.baseUrl - the gateway's origin (the page's own)
 * @param params.key - read at each call (the person may change it)
 */
export function createApiClient({ baseUrl, key, onAnswer }: { baseUrl: string; key: () => string; onAnswer?: OnAnswer }): ApiClient {
  const call = async <T>(method: 'GET' | 'POST', path: string, query: Record<string, string> = {}, body?: unknown): Promise<T> => {
    const url = new URL(`/api/v1${path}`, baseUrl)
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
    const headers: Record<string, string> = { authorization: `Bearer ${key()}` }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(url, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
    onAnswer?.(path)
    const text = await res.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw new ApiError({ status: res.status, code: 'INVALID_RESPONSE', message: `${res.status} ${res.statusText}: ${text.slice(0, 200)}` })
    }
    if (!res.ok) {
      const e = json as Partial<ApiErrorBody>
      throw new ApiError({ status: res.status, code: e.code ?? 'HTTP_ERROR', message: e.message ?? `${res.status} ${res.statusText}` })
    }
    return json as T
  }
  return {
    networks: () => call<NetworkInfo[]>('GET', '/networks'),
    async tokens(chainId) {
      const all: TokenInfo[] = []
      for (let page = 1; page <= 20; page++) {
        const r = await call<{ data: TokenInfo[]; meta: { lastPage: number } }>('GET', '/tokens', { chainId: String(chainId), includeMetadata: 'true', pageSize: '1000', page: String(page) })
        all.push(...r.data.map((t) => ({ address: t.address, chainId: t.chainId, symbol: t.symbol ?? t.address, name: t.name ?? '', decimals: t.decimals })))
        if (page >= r.meta.lastPage) break
      }
      return all
    },
    route: (body) => call<Answer>('POST', '/shortcuts/route', {}, { ...body, explain: true }),
    bundle: (query, actions) => call<Answer>('POST', '/shortcuts/bundle', { ...query, explain: 'true' }, actions),
    bundleWithoutExplain: (query, actions) => call<Answer>('POST', '/shortcuts/bundle', query, actions),
    replay: (body) => call<ReplayResult>('POST', '/shortcuts/replay', {}, body),
  }
}
