import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import type { Socket } from 'node:net'
import { ResponseBodyTooLargeError } from 'viem'

/** What {@link NodeRequester} sends. */
export type NodeRequestInit = {
  method?: string | undefined
  /** Header names as given (node:http takes them case-insensitively). */
  headers?: Readonly<Record<string, string>> | undefined
  /**
   * The body, whole or in pieces written one after the other: a JSON-RPC batch of simulations is a
   * few hundred kilobytes, and written as its calls it never becomes one large string.
   */
  body?: string | readonly string[] | undefined
  signal?: AbortSignal | null | undefined
}

/** A node's HTTP answer, its body as received: the chunks, never joined unless the reader joins them. */
export type NodeResponse = {
  status: number
  statusText: string
  headers: IncomingHttpHeaders
  chunks: readonly Buffer[]
  /** Bytes in `chunks`. */
  size: number
  /** The body as one UTF-8 string (joined on each call: for readers that want it whole). */
  text(): string
}

/** Sends one HTTP request to a node; see {@link createNodeRequester}. */
export type NodeRequester = (url: string | URL, init?: NodeRequestInit) => Promise<NodeResponse>

/** Parameters of {@link createNodeRequester}. */
export type CreateNodeRequesterParameters = {
  /** Sockets kept per host. Default 64. */
  maxSockets?: number | undefined
  /** Largest body read; a longer one fails the call with viem's `ResponseBodyTooLargeError`. Default 10 MiB (viem's). */
  maxResponseBytes?: number | undefined
}

/** viem's default limit on a JSON-RPC answer. */
const DEFAULT_MAX_RESPONSE_BYTES = 10_485_760

/**
 * HTTP requests to a JSON-RPC node on node:http(s) with keep-alive agents. JSON-RPC calls are small and
 * frequent, and Node 20's global fetch spends more CPU on web streams per call than on the call itself.
 * The body comes back as its chunks: a caller that parses a large answer piece by piece
 * (`parseJsonRpcBatch`) never allocates it whole. The size limit is enforced while reading.
 * @param params - {@link CreateNodeRequesterParameters}
 * @returns the requester
 */
export function createNodeRequester({ maxSockets = 64, maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES }: CreateNodeRequesterParameters = {}): NodeRequester {
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
  return (input, init = {}) =>
    new Promise((resolve, reject) => {
      const url = urlOf(input)
      const secure = url.protocol === 'https:'
      const headers: Record<string, string> = { ...init.headers }
      const pieces = init.body === undefined ? undefined : typeof init.body === 'string' ? [init.body] : init.body
      if (pieces !== undefined) {
        let length = 0
        for (const piece of pieces) length += Buffer.byteLength(piece)
        headers['content-length'] = String(length)
      }
      const req = (secure ? httpsRequest : httpRequest)(url, { method: init.method ?? 'GET', headers, agent: secure ? agents.https : agents.http }, (res) => {
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > maxResponseBytes) {
            // Settled first: the destroyed socket's own error comes after and is ignored.
            reject(new ResponseBodyTooLargeError({ maxSize: maxResponseBytes, size }))
            req.destroy()
            return
          }
          chunks.push(chunk)
        })
        res.on('error', reject)
        res.on('end', () => resolve({
          status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers: res.headers, chunks, size,
          text: () => (chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, size).toString('utf8')),
        }))
      })
      req.on('error', reject)
      req.on('socket', onSocket)
      const signal = init.signal
      if (signal) {
        if (signal.aborted) req.destroy(signal.reason as Error)
        else signal.addEventListener('abort', () => req.destroy(signal.reason as Error), { once: true })
      }
      if (pieces !== undefined) for (const piece of pieces) req.write(piece)
      req.end()
    })
}

/** A socket error after its request settled: the socket is already destroyed and leaves the agent's pool. */
function ignoreLateSocketError(): void {}
