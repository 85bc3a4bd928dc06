import type { Metadata } from '@grpc/grpc-js'
import { BaseError } from '../../errors/base.js'
import { RateLimitedError } from '../../errors/request.js'
import { SlowReaderError } from '../../errors/watch.js'
import { createSubscriptionSlots, type SubscriptionBounds } from '../../service/watch/createSubscriptionSlots.js'
import type { WatchRouteResponse__Output } from '../../grpc/generated/switchyard/routing/v1/WatchRouteResponse.js'
import { toRestRouteError } from '../mapping/toRestRouteError.js'
import { toRestRouteResponse } from '../mapping/toRestRouteResponse.js'

/**
 * The part of a WatchRoute call (grpc-js `ClientReadableStream`) the fanout reads: `metadata`, `data`,
 * `error` and `end` events, and `cancel()`. Listeners stay attached until the call is over, so an
 * `error` after the last subscriber left (grpc-js reports its own cancel as one) is never unhandled.
 */
export type WatchCall = {
  on(event: 'metadata', listener: (metadata: Metadata) => void): unknown
  on(event: 'data', listener: (message: WatchRouteResponse__Output) => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  on(event: 'end', listener: () => void): unknown
  cancel(): void
}

/** The HTTP response an SSE subscriber reads (`http.ServerResponse` after `reply.hijack()`). */
export type WatchConnection = {
  write(chunk: string): boolean
  end(): void
  destroy(): void
  readonly writableNeedDrain: boolean
  readonly destroyed: boolean
  on(event: 'drain' | 'close', listener: () => void): unknown
}

/** The budget state a charge answers (`chargeKey`'s); undefined when there was nothing to charge. */
export type WatchCharge = () => Promise<{ allowed: boolean; retryAfterSeconds: number } | undefined>

/** Parameters of {@link createWatchFanout}. */
export type CreateWatchFanoutParameters = {
  /** Most events a connection may leave unread before it is dropped (SLOW_READER); per connection. */
  buffer: number
  /**
   * Most SSE subscribers one API key, and the gateway, may hold at once (the service's
   * `SWITCHYARD_WATCH_MAX_PER_KEY` and `SWITCHYARD_WATCH_MAX_TOTAL`): needed when calls are shared,
   * since the service then sees one subscription per shared call. Unset: not bounded here.
   */
  bounds?: SubscriptionBounds | undefined
}

/** What {@link WatchFanout.subscribe} needs. */
export type WatchSubscribeParameters = {
  /**
   * Identity of the stream: subscribers with the same key share one call (same credentials and same
   * canonical request). Undefined: never shared (a call of its own).
   */
  key: string | undefined
  /** The API key the subscriber holds a slot of (with `bounds`). */
  keyId: string
  /** Opens the call, when no call with this key is open; may throw (then nothing is held). */
  open(): WatchCall
}

/** What {@link WatchTicket.start} needs: the subscriber's own connection and accounting. */
export type WatchStartParameters = {
  connection: WatchConnection
  /** Charges one answer after the first to the subscriber's key; a refusal ends this subscriber RATE_LIMITED. */
  charge?: WatchCharge | undefined
  /** The body of the subscriber's last `end` event for an error (the error envelope with its request id). */
  envelopeOf(error: unknown): unknown
}

/** One subscriber's place in a call, from before its first answer until it leaves. */
export type WatchTicket = {
  /**
   * Settles with the call's first message: resolves with the call's initial metadata and whether this
   * subscriber opened the call (only the opener reports the call's metadata); rejects with the call's
   * error when it failed before any message (then the subscriber holds nothing), or when
   * {@link WatchTicket.cancel} was called first.
   */
  ready: Promise<{ metadata: Metadata | undefined; opened: boolean }>
  /**
   * Starts streaming to `connection` once `ready` resolved: writes at once the call's latest answer as
   * a first answer (`changed: []`, and the error event that followed it, if any), then every later
   * event. A no-op after `cancel`.
   */
  start(params: WatchStartParameters): void
  /** Leaves (the client went away): idempotent; the last to leave a call cancels it. */
  cancel(): void
}

/** Counters, for tests and metrics. */
export type WatchFanoutStats = { subscribers: number; calls: number }

/** Shared WatchRoute calls; see {@link createWatchFanout}. */
export type WatchFanout = {
  /**
   * Takes a slot (with `bounds`) and joins the open call with `key`, or opens one.
   * @throws TooManySubscriptionsError when the key, or the gateway, holds its most subscribers
   * @throws whatever `open` throws
   */
  subscribe(params: WatchSubscribeParameters): WatchTicket
  stats(): WatchFanoutStats
  /** Ends every streaming subscriber with an `end` event for `error` (gateway shutdown). */
  close(error: Error): void
}

/** One Server-Sent Event. */
function sse(event: string, data: unknown, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}

type Subscriber = {
  group: Group
  connection: WatchConnection
  charge: WatchCharge | undefined
  envelopeOf: (error: unknown) => unknown
  /** Events written while the socket needed a drain. */
  backlog: number
  /** Deliveries waiting on a charge: later events queue behind them, so the order holds. */
  pending: number
  chain: Promise<void>
  ended: boolean
  release: () => void
}

type Group = {
  key: string | undefined
  call: WatchCall
  /** Tickets not started yet, and streaming subscribers: the call lives while either has one. */
  waiting: number
  subscribers: Set<Subscriber>
  ready: Promise<Metadata | undefined>
  /** The latest answer (its REST body and SSE id), and the error event that followed it. */
  latest: { data: { blockNumber: number; answer: unknown }; id: string; encoded?: string; errorAfter?: string } | undefined
  /** Set once the call ended after its first message: how it ended (`error` undefined: it ended cleanly). */
  ended: { error: unknown } | undefined
  over: boolean
}

/**
 * The gateway's WatchRoute calls, shared by SSE subscribers whose streams would be identical. The
 * first subscriber of a key opens the call; later ones join it: they get the call's latest answer at
 * once as their first answer (the answer the call's subscription on the service holds, so change
 * detection agrees for all), then the same events as everyone else. Each event is decoded, mapped and
 * encoded once per call; what stays per subscriber is its connection's slow-reader drop (`buffer`
 * events unread: an `end` SLOW_READER), the charge of each later answer (a refusal ends only that
 * subscriber RATE_LIMITED), and its disconnect, which removes only it. The last subscriber to leave
 * cancels the call (the service frees its work at once). The call ending ends every subscriber; its
 * error does so with an `end` event. With `bounds`, subscribers are counted per API key and in all,
 * and refused as the service would (TOO_MANY_SUBSCRIPTIONS).
 * @param params - {@link CreateWatchFanoutParameters}
 * @returns the fanout
 */
export function createWatchFanout(params: CreateWatchFanoutParameters): WatchFanout {
  const groups = new Map<string, Group>()
  let calls = 0
  const live = new Set<Subscriber>()

  // Without bounds the service counts every subscriber (each has a call of its own).
  const reserve = params.bounds === undefined ? () => () => {} : createSubscriptionSlots(params.bounds)

  /** The call is over for new subscribers: the next one with its key opens another. */
  function retire(group: Group): void {
    if (group.over) return
    group.over = true
    calls--
    if (group.key !== undefined && groups.get(group.key) === group) groups.delete(group.key)
  }

  function leave(group: Group): void {
    if (group.waiting > 0 || group.subscribers.size > 0 || group.over) return
    retire(group)
    group.call.cancel()
  }

  function finish(subscriber: Subscriber, error?: unknown): void {
    if (subscriber.ended) return
    const group = subscriber.group
    subscriber.ended = true
    live.delete(subscriber)
    group.subscribers.delete(subscriber)
    subscriber.release()
    leave(group)
    const res = subscriber.connection
    if (error !== undefined && !res.destroyed && !res.writableNeedDrain) res.write(sse('end', subscriber.envelopeOf(error)))
    if (error instanceof SlowReaderError) res.destroy()
    else res.end()
  }

  function write(subscriber: Subscriber, chunk: string): void {
    if (subscriber.ended) return
    // The client reads slower than events come: at most `buffer` events wait in the socket's buffer.
    if (subscriber.connection.writableNeedDrain && ++subscriber.backlog >= params.buffer) return finish(subscriber, new SlowReaderError({ buffered: params.buffer }))
    subscriber.connection.write(chunk)
  }

  /** Runs `step` after the subscriber's queued deliveries (at once when none waits on a charge). */
  function queue(subscriber: Subscriber, step: () => Promise<void> | void): void {
    if (subscriber.pending === 0) {
      const result = step()
      if (result === undefined) return
      subscriber.pending++
      subscriber.chain = result
    } else {
      subscriber.pending++
      subscriber.chain = subscriber.chain.then(step)
    }
    subscriber.chain = subscriber.chain
      .catch((error: unknown) => finish(subscriber, error))
      .finally(() => {
        subscriber.pending--
      })
  }

  function deliver(subscriber: Subscriber, chunk: string, answer: boolean): void {
    if (subscriber.ended) return
    const charge = answer ? subscriber.charge : undefined
    if (charge === undefined) return queue(subscriber, () => write(subscriber, chunk))
    queue(subscriber, async () => {
      if (subscriber.ended) return
      const budget = await charge()
      if (budget && !budget.allowed) return finish(subscriber, new RateLimitedError({ retryAfterSeconds: budget.retryAfterSeconds }))
      write(subscriber, chunk)
    })
  }

  function onMessage(group: Group, message: WatchRouteResponse__Output): void {
    const blockNumber = Number(message.block_number)
    let chunk: string
    if (message.answer) {
      const answer = toRestRouteResponse(message.answer)
      group.latest = { data: { blockNumber, answer }, id: message.block_number }
      chunk = sse('answer', { blockNumber, changed: message.changed, answer }, message.block_number)
    } else if (message.error) {
      chunk = sse('error', { blockNumber, error: toRestRouteError(message.error) }, message.block_number)
      if (group.latest) group.latest.errorAfter = chunk
    } else {
      chunk = sse('heartbeat', { blockNumber }, message.block_number)
    }
    for (const subscriber of [...group.subscribers]) deliver(subscriber, chunk, message.answer != null)
  }

  function onOver(group: Group, error?: unknown): void {
    retire(group)
    group.ended = { error }
    for (const subscriber of [...group.subscribers]) queue(subscriber, () => finish(subscriber, error))
  }

  function open(key: string | undefined, call: WatchCall): Group {
    let metadata: Metadata | undefined
    let settle: { resolve(m: Metadata | undefined): void; reject(e: unknown): void } | undefined
    const ready = new Promise<Metadata | undefined>((resolve, reject) => {
      settle = { resolve, reject }
    })
    // Rejections are read by the tickets; none may go unhandled when every ticket left first.
    ready.catch(() => {})
    const group: Group = { key, call, waiting: 0, subscribers: new Set(), ready, latest: undefined, ended: undefined, over: false }
    calls++
    call.on('metadata', (m) => {
      metadata = m
    })
    call.on('data', (message) => {
      if (settle) {
        settle.resolve(metadata)
        settle = undefined
      }
      onMessage(group, message)
    })
    call.on('error', (error) => {
      if (settle) {
        retire(group)
        settle.reject(error)
        settle = undefined
      } else onOver(group, error)
    })
    call.on('end', () => {
      if (settle) {
        retire(group)
        settle.reject(new BaseError('The stream ended before its first answer.', { code: 'UNAVAILABLE' }))
        settle = undefined
      } else onOver(group)
    })
    if (key !== undefined) groups.set(key, group)
    return group
  }

  function firstEvents(group: Group): string {
    const latest = group.latest
    if (latest === undefined) return ''
    latest.encoded ??= sse('answer', { blockNumber: latest.data.blockNumber, changed: [], answer: latest.data.answer }, latest.id)
    return latest.errorAfter === undefined ? latest.encoded : latest.encoded + latest.errorAfter
  }

  return {
    subscribe({ key, keyId, open: openCall }) {
      const release = reserve(keyId)
      let group: Group
      let opened = false
      try {
        const shared = key === undefined ? undefined : groups.get(key)
        if (shared) group = shared
        else {
          group = open(key, openCall())
          opened = true
        }
      } catch (error) {
        release()
        throw error
      }
      group.waiting++
      let state: 'waiting' | 'started' | 'gone' = 'waiting'
      let cancelled: (() => void) | undefined
      const gone = () => {
        if (state !== 'waiting') return false
        state = 'gone'
        group.waiting--
        release()
        leave(group)
        return true
      }
      const ready = new Promise<{ metadata: Metadata | undefined; opened: boolean }>((resolve, reject) => {
        cancelled = () => reject(new BaseError('The client closed the connection.', { code: 'CANCELLED' }))
        group.ready.then((metadata) => resolve({ metadata, opened }), (error: unknown) => {
          gone()
          reject(error)
        })
      })
      let subscriber: Subscriber | undefined
      return {
        ready,
        start({ connection, charge, envelopeOf }) {
          if (state !== 'waiting') return
          state = 'started'
          group.waiting--
          subscriber = { group, connection, charge, envelopeOf, backlog: 0, pending: 0, chain: Promise.resolve(), ended: false, release }
          const own = subscriber
          live.add(own)
          group.subscribers.add(own)
          connection.on('drain', () => {
            own.backlog = 0
          })
          connection.on('close', () => finish(own))
          if (connection.destroyed) return finish(own)
          const first = firstEvents(group)
          if (first !== '') connection.write(first)
          // The call ended between its first answer and this start: end as its other subscribers did.
          if (group.ended) finish(own, group.ended.error)
        },
        cancel() {
          if (gone()) cancelled?.()
          else if (subscriber) finish(subscriber)
        },
      }
    },
    stats: () => ({ subscribers: live.size, calls }),
    close(error) {
      for (const subscriber of [...live]) finish(subscriber, error)
    },
  }
}
