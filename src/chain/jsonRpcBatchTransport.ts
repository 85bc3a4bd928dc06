import { createTransport, type EIP1193RequestFn, HttpRequestError, RpcRequestError, stringify, TimeoutError, type Transport } from 'viem'
import type { NodeRequester } from './createNodeRequester.js'
import { parseJsonRpcBatch } from './parseJsonRpcBatch.js'

/** Parameters of {@link jsonRpcBatchTransport}. */
export type JsonRpcBatchTransportParameters = {
  /** The HTTP layer (`createNodeRequester`), shared by the transports of one process. */
  request: NodeRequester
  /** Most calls one HTTP request carries. Default 100. */
  batchSize?: number | undefined
  /**
   * Most HTTP requests of this transport in flight at once; the calls made meanwhile wait, in order, and
   * leave as the earlier requests are answered. Default unbounded. A node that runs one call at a time
   * (anvil) runs concurrent batches interleaved, so every one of them is answered near the end of the
   * whole; bounded, the first calls are answered first.
   */
  maxInFlight?: number | undefined
  /** Longest one HTTP request may take, ms. Default: the client's (viem: 10 s). */
  timeout?: number | undefined
  /** Retries of a failed call (viem's rules). Default: the client's (viem: 3). */
  retryCount?: number | undefined
  /**
   * Methods sent at once, each alone, past the batches and the in-flight bound. Default
   * {@link IMMEDIATE_METHODS}: answers the node holds in memory, which callers await before any other
   * work (a route's search waits for the block's gas price), so they never wait behind simulations.
   */
  immediate?: ReadonlySet<string> | undefined
}

/**
 * Methods a node answers from memory, without running the EVM: sent at once, alone (see
 * {@link JsonRpcBatchTransportParameters.immediate}).
 */
export const IMMEDIATE_METHODS: ReadonlySet<string> = new Set(['eth_gasPrice', 'eth_maxPriorityFeePerGas', 'eth_blockNumber', 'eth_chainId', 'net_version'])

type Pending = { method: string; params: unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void }
type Answer = { id?: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } }

const isAnswer = (value: unknown): value is Answer => typeof value === 'object' && value !== null && !Array.isArray(value)
const isRpcError = (value: unknown): value is Required<Pick<Answer, 'error'>> => isAnswer(value) && isAnswer(value.error) && typeof value.error.code === 'number'

let nextId = 0

/**
 * A viem transport that sends the calls made in one turn of the event loop as JSON-RPC batches (at
 * most `batchSize` calls an HTTP request), as viem's `http` transport with `batch` does, and fails
 * them with the same errors (`RpcRequestError` for a call the node refused, `HttpRequestError` for a
 * failed request or an HTTP error, `TimeoutError`), so viem's retries and error mapping apply
 * unchanged. What differs is the bytes: a batch of simulations is a few hundred kilobytes each way,
 * and here neither the request nor the answer is ever one string — the request is written call by
 * call, the answer parsed answer by answer ({@link parseJsonRpcBatch}) — nor re-encoded to count its
 * size (checked while reading), nor stringified with a replacer. Answers are matched to calls by id;
 * a call the node left unanswered fails alone. With `maxInFlight`, the calls queue in order behind the
 * requests in flight and leave at most `batchSize` at a time as those are answered. Calls of the
 * `immediate` methods leave at once, alone.
 * @param url - the node's HTTP URL
 * @param params - {@link JsonRpcBatchTransportParameters}
 * @returns the transport
 */
export function jsonRpcBatchTransport(url: string, { request, batchSize = 100, maxInFlight = Number.POSITIVE_INFINITY, timeout: timeout_, retryCount: retryCount_, immediate = IMMEDIATE_METHODS }: JsonRpcBatchTransportParameters): Transport {
  return ({ retryCount: clientRetryCount, timeout: clientTimeout }) => {
    const timeout = timeout_ ?? clientTimeout ?? 10_000
    let queue: Pending[] = []
    let scheduled = false
    let inFlight = 0

    const send = async (calls: readonly Pending[]): Promise<void> => {
      const ids = calls.map(() => ++nextId)
      const bodies = calls.map((c, i) => ({ jsonrpc: '2.0', id: ids[i], method: c.method, params: c.params }))
      // Each call its own flat string (no concatenation: the writer measures and copies each as it is).
      const pieces: string[] = ['[']
      bodies.forEach((body, i) => {
        if (i > 0) pieces.push(',')
        pieces.push(encode(body))
      })
      pieces.push(']')
      const failAll = (error: unknown) => {
        for (const call of calls) call.reject(error)
      }
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), timeout)
      let data: unknown
      let status = 0
      try {
        const res = await request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: pieces, signal: controller.signal })
        status = res.status
        try {
          data = parseJsonRpcBatch(res.chunks)
        } catch (cause) {
          const ok = status >= 200 && status < 300
          if (ok) throw new HttpRequestError({ body: bodies, cause: cause as Error, details: 'the answer is not JSON', status, url })
          data = { error: res.text().slice(0, 500) }
        }
        if (status < 200 || status >= 300) {
          const single = Array.isArray(data) && data.length === 1 ? data[0] : data
          if (isRpcError(single)) throw new RpcRequestError({ body: bodies, error: single.error, status, url })
          throw new HttpRequestError({ body: bodies, details: stringify(isAnswer(data) ? data.error : data) || res.statusText, status, url })
        }
      } catch (error) {
        clearTimeout(timer)
        if (controller.signal.aborted) return failAll(new TimeoutError({ body: bodies, url }))
        if (error instanceof HttpRequestError || error instanceof RpcRequestError || (error as Error).name === 'ResponseBodyTooLargeError') return failAll(error)
        return failAll(new HttpRequestError({ body: bodies, cause: error as Error, url }))
      }
      clearTimeout(timer)
      // A node that refuses the whole batch answers one error, bare or in a one-element array.
      const single = Array.isArray(data) && data.length === 1 && calls.length > 1 ? data[0] : data
      if (!Array.isArray(data) || (isRpcError(single) && (single as Answer).id == null)) {
        if (isRpcError(single)) return failAll(new RpcRequestError({ body: bodies, error: single.error, url }))
        return failAll(new HttpRequestError({ body: bodies, details: `expected ${calls.length} answers to a JSON-RPC batch`, status, url }))
      }
      const byId = new Map<unknown, Answer>()
      for (const answer of data) if (isAnswer(answer)) byId.set(answer.id, answer)
      calls.forEach((call, i) => {
        const answer = byId.get(ids[i])
        if (answer === undefined) call.reject(new HttpRequestError({ body: bodies[i], details: 'the node left this call of the batch unanswered', status, url }))
        else if (answer.error !== undefined) call.reject(new RpcRequestError({ body: bodies[i]!, error: answer.error, url }))
        else call.resolve(answer.result)
      })
    }

    const flush = () => {
      scheduled = false
      while (queue.length > 0 && inFlight < maxInFlight) {
        const calls = queue.length <= batchSize ? queue : queue.slice(0, batchSize)
        queue = calls === queue ? [] : queue.slice(batchSize)
        inFlight++
        void send(calls).catch((error: unknown) => {
          for (const call of calls) call.reject(error)
        }).then(() => {
          inFlight--
          // After the answered calls' continuations had their turn: the calls they make leave with the waiting ones.
          if (queue.length > 0 && !scheduled) {
            scheduled = true
            setImmediate(flush)
          }
        })
      }
    }

    return createTransport(
      {
        key: 'http',
        name: 'JSON-RPC batch',
        type: 'http',
        retryCount: retryCount_ ?? clientRetryCount,
        timeout,
        request: (({ method, params }: { method: string; params?: unknown }) =>
          new Promise<unknown>((resolve, reject) => {
            if (immediate.has(method)) {
              const call = { method, params, resolve, reject }
              return void send([call]).catch(reject)
            }
            queue.push({ method, params, resolve, reject })
            if (!scheduled) {
              scheduled = true
              setTimeout(flush, 0)
            }
          })) as EIP1193RequestFn,
      },
      { url },
    )
  }
}

/** One call as JSON: plain `JSON.stringify` (fast), viem's bigint-aware `stringify` if a bigint slipped in. */
function encode(body: object): string {
  try {
    return JSON.stringify(body)
  } catch {
    return stringify(body)
  }
}
