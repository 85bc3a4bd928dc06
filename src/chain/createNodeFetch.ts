import { Agent as HttpAgent, request as httpRequest } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import type { Socket } from 'node:net'

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
 * A `fetch` for viem's http transport built on node:http(s) with keep-alive agents. JSON-RPC calls
 * are small and frequent; Node 20's global fetch spends more CPU on web streams per call than on the
 * call itself, and a route makes several. Supports what viem passes: method, headers, body, signal.
 * @returns a fetch-compatible function (use as `http(url, { fetchFn })`)
 */
export function createNodeFetch({ maxSockets = 64 }: { maxSockets?: number } = {}): typeof fetch {
  const agents = { http: new HttpAgent({ keepAlive: true, maxSockets }), https: new HttpsAgent({ keepAlive: true, maxSockets }) }
  // A node may answer before it has read the whole body (a request it refuses) and reset the connection;
  // the rest of the write then fails on a socket whose request already settled, where no listener waits,
  // and an error event nobody listens to is an uncaught exception. While a request runs, Node hands its
  // socket's errors to the request (rejecting the call); this listener only catches those that come later.
  const listened = new WeakSet<Socket>()
  const onSocket = (socket: Socket) => {
    if (listened.has(socket)) return
    listened.add(socket)
    socket.on('error', ignoreLateSocketError)
  }
  // Every call of a transport goes to the same URL: parse it once.
  let last: { input: string; url: URL } | undefined
  const urlOf = (input: string | URL): URL => {
    if (typeof input !== 'string') return input
    if (last?.input !== input) last = { input, url: new URL(input) }
    return last.url
  }
  const nodeFetch = (input: string | URL | Request, init: RequestInit = {}): Promise<MinimalResponse> =>
    new Promise((resolve, reject) => {
      const url = urlOf(typeof input === 'string' || input instanceof URL ? input : input.url)
      const secure = url.protocol === 'https:'
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
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body))
      const req = (secure ? httpsRequest : httpRequest)(url, { method: init.method ?? 'GET', headers, agent: secure ? agents.https : agents.http }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('error', reject)
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          const status = res.statusCode ?? 0
          resolve({
            ok: status >= 200 && status < 300,
            status,
            statusText: res.statusMessage ?? '',
            headers: { get: (name) => { const v = res.headers[name.toLowerCase()]; return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v } },
            body: null,
            text: async () => text,
          })
        })
      })
      req.on('error', reject)
      req.on('socket', onSocket)
      const signal = init.signal
      if (signal) {
        if (signal.aborted) req.destroy(signal.reason as Error)
        else signal.addEventListener('abort', () => req.destroy(signal.reason as Error), { once: true })
      }
      req.end(body)
    })
  return nodeFetch as unknown as typeof fetch
}

/** A socket error after its request settled: the socket is already destroyed and leaves the agent's pool. */
function ignoreLateSocketError(): void {}
