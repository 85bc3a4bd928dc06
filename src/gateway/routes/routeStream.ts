import type { ClientReadableStream, Metadata } from '@grpc/grpc-js'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { BaseError } from '../../errors/base.js'
import { RateLimitedError } from '../../errors/request.js'
import { SlowReaderError, SubscriptionEndedError } from '../../errors/watch.js'
import type { WatchRouteResponse__Output } from '../../grpc/generated/switchyard/routing/v1/WatchRouteResponse.js'
import type { AuthContext } from '../../service/auth/authenticate.js'
import { chargeKey } from '../../service/auth/chargeKey.js'
import { parseRouteRequest } from '../../schemas/routeRequest.js'
import { normalizeQuery } from '../mapping/normalizeQuery.js'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { toErrorReply } from '../mapping/toErrorReply.js'
import { toProtoRouteRequest, type RestRouteRequest } from '../mapping/toProtoRouteRequest.js'
import { toRestRouteError } from '../mapping/toRestRouteError.js'
import { toRestRouteResponse } from '../mapping/toRestRouteResponse.js'
import { routeQueryShape } from './shortcuts.js'

/** Default of {@link RouteStreamRoutesOptions.buffer} (`SWITCHYARD_WATCH_BUFFER`'s default). */
export const DEFAULT_WATCH_BUFFER = 16

/** Options of {@link routeStreamRoutes}. */
export type RouteStreamRoutesOptions = {
  /** The key store and budgets the gateway charges (when it authenticates): each answer after the first is charged here. */
  auth?: AuthContext | undefined
  /** Most events a client may leave unread before it is dropped (SLOW_READER). */
  buffer?: number | undefined
}

/** One Server-Sent Event. */
function sse(event: string, data: unknown, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}

/** The REST event of one stream message. */
function eventOf(message: WatchRouteResponse__Output): { name: string; data: unknown; answer: boolean } {
  const blockNumber = Number(message.block_number)
  if (message.answer) return { name: 'answer', data: { blockNumber, changed: message.changed, answer: toRestRouteResponse(message.answer) }, answer: true }
  if (message.error) return { name: 'error', data: { blockNumber, error: toRestRouteError(message.error) }, answer: false }
  return { name: 'heartbeat', data: { blockNumber }, answer: false }
}

/** The first message of the stream (its first answer), or the call's error (a refusal before anything was streamed). */
function firstMessage(call: ClientReadableStream<WatchRouteResponse__Output>): Promise<{ message: WatchRouteResponse__Output; metadata: Metadata | undefined }> {
  return new Promise((resolve, reject) => {
    let metadata: Metadata | undefined
    const onMetadata = (m: Metadata) => {
      metadata = m
    }
    const done = () => {
      call.off('data', onData)
      call.off('error', onError)
      call.off('end', onEnd)
      call.off('metadata', onMetadata)
    }
    const onData = (message: WatchRouteResponse__Output) => {
      done()
      call.pause()
      resolve({ message, metadata })
    }
    const onError = (error: Error) => {
      done()
      reject(error)
    }
    const onEnd = () => {
      done()
      reject(new BaseError('The stream ended before its first answer.', { code: 'UNAVAILABLE' }))
    }
    call.on('metadata', onMetadata)
    call.on('data', onData)
    call.on('error', onError)
    call.on('end', onEnd)
  })
}

/**
 * Streams the call's later messages as events on the hijacked response, in order; each answer after
 * the first charged to the key when the gateway charges keys. Ends with an `end` event carrying the
 * error envelope when the server, the budget or a slow client ends the stream.
 */
function pipeEvents(p: { request: FastifyRequest; reply: FastifyReply; call: ClientReadableStream<WatchRouteResponse__Output>; auth: AuthContext | undefined; buffer: number; open: Set<(error: Error) => void> }): void {
  const { request, reply, call, auth, buffer, open } = p
  const res = reply.raw
  let ended = false
  let backlog = 0
  let chain = Promise.resolve()
  const finish = (error?: unknown) => {
    if (ended) return
    ended = true
    open.delete(finish)
    call.cancel()
    if (error !== undefined && !res.destroyed && !res.writableNeedDrain) {
      const { envelope } = toErrorReply(error, { requestId: request.id })
      res.write(sse('end', envelope))
    }
    if (error instanceof SlowReaderError) res.destroy()
    else res.end()
  }
  res.on('drain', () => {
    backlog = 0
  })
  res.on('close', () => finish())
  open.add(finish)
  call.on('data', (message: WatchRouteResponse__Output) => {
    chain = chain.then(async () => {
      if (ended) return
      const { name, data, answer } = eventOf(message)
      if (answer && auth !== undefined) {
        const budget = await chargeKey(auth, { authorization: request.headers.authorization })
        if (budget && !budget.allowed) return finish(new RateLimitedError({ retryAfterSeconds: budget.retryAfterSeconds }))
      }
      if (ended) return
      // The client reads slower than events come: at most `buffer` events wait in the socket's buffer.
      if (res.writableNeedDrain && ++backlog >= buffer) return finish(new SlowReaderError({ buffered: buffer }))
      res.write(sse(name, data, message.block_number))
    }).catch((error: unknown) => finish(error))
  })
  call.on('error', (error) => {
    chain = chain.then(() => finish(error))
  })
  call.on('end', () => {
    chain = chain.then(() => finish())
  })
  call.resume()
}

/**
 * `GET /shortcuts/route/stream`: Server-Sent Events re-quoting a route at every new head. Same query
 * and validation as GET /shortcuts/route; a refused request (invalid, no route, too many
 * subscriptions, rate limited) is answered with the normal HTTP error before the stream starts. Then
 * `text/event-stream` with events `answer` (`{ blockNumber, changed, answer }`, the first one at once),
 * `heartbeat` (`{ blockNumber }`: nothing a user would act on changed), `error` (`{ blockNumber, error }`:
 * the route failed at that block; the stream goes on) and a last `end` (`{ statusCode, error, message,
 * code }`) when the server ends it (also when the gateway closes). Closing the connection ends the
 * subscription at once.
 */
export const routeStreamRoutes: FastifyPluginAsync<RouteStreamRoutesOptions> = async (app, { auth, buffer = DEFAULT_WATCH_BUFFER }) => {
  // Streams never end on their own: closing the app ends them (an `end` event), or it would wait for them.
  const open = new Set<(error: Error) => void>()
  app.addHook('preClose', async () => {
    for (const finish of [...open]) finish(new SubscriptionEndedError())
  })
  app.get('/shortcuts/route/stream', async (request, reply) => {
    const input = normalizeQuery(request.query, routeQueryShape)
    parseRouteRequest(input, { requireVariableEstimates: false })
    const call = app.grpc.watchRoute(toCallContext(request, reply), toProtoRouteRequest(input as RestRouteRequest))
    if (call === undefined) throw new BaseError('Route streams are not served by this gateway.', { code: 'NOT_IMPLEMENTED' })
    const { message, metadata } = await firstMessage(call)
    reply.headers(rateLimitHeadersOf(metadata))
    reply.hijack()
    const headers = { ...reply.getHeaders(), 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' }
    reply.raw.writeHead(200, headers as Record<string, string>)
    const { name, data } = eventOf(message)
    reply.raw.write(sse(name, data, message.block_number))
    pipeEvents({ request, reply, call, auth, buffer, open })
  })
}
