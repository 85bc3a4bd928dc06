import type { Logger } from 'pino'
import { SlowReaderError } from '../../errors/watch.js'
import type { CallOptions, Caller, RouteAnswer } from '../types.js'
import { changesOf, type RouteChange, type WatchedOutcome } from './changesOf.js'
import type { SubscribeHeads } from '../../chain/subscribeNewHeads.js'
import { createHeadPoller, type HeadPoller } from './createHeadPoller.js'
import { createSubscriptionSlots } from './createSubscriptionSlots.js'

/** One event of a subscription. */
export type WatchEvent =
  | { kind: 'answer'; blockNumber: number; answer: RouteAnswer; /** Empty on the first answer. */ changed: RouteChange[] }
  | { kind: 'heartbeat'; blockNumber: number }
  | { kind: 'error'; blockNumber: number; error: unknown }

/** Where a subscription's events go: the transport's stream. */
export type WatchSink = {
  /**
   * Delivers one event. Returns false when the reader already has its most events unread
   * (`SWITCHYARD_WATCH_BUFFER`): the subscription then ends with SlowReaderError.
   */
  send(event: WatchEvent): boolean
  /** The server ended the subscription (slow reader, shutdown): close the stream with `error`. */
  end(error: Error): void
}

/** Parameters of {@link createRouteWatchRegistry}. */
export type CreateRouteWatchRegistryParameters = {
  /**
   * The single route use case (getRoute): identical requests on one block share its computation.
   * `at` is the new head that asked for the re-quote: every entry's re-quote for it is asked in the
   * same turn, so the caller can answer them together (one snapshot, JSON-RPC batches).
   */
  route(request: unknown, options: CallOptions, at: WatchHead): Promise<RouteAnswer>
  /** Reads a chain's head block number. */
  readHead(chainId: number): Promise<bigint>
  /** The chain's pushed heads, when its node announces them (then reads only back them up). */
  subscribeHeads?: ((chainId: number) => SubscribeHeads | undefined) | undefined
  logger: Logger
  /** Head polling interval per watched chain, ms. */
  pollMs: number
  /** Least gas move that counts as a change, basis points of the previous gas. */
  gasChangeBps: number
  /** Most subscriptions one API key holds at once. */
  maxPerKey: number
  /** Most subscriptions the server holds at once. */
  maxTotal: number
  /** Most events a reader may leave unread (the transports' bound; named in SlowReaderError). */
  buffer: number
  /** Longest one re-quote may take, ms; default 10 000. */
  computeTimeoutMs?: number | undefined
}

/** What {@link RouteWatchRegistry.subscribe} needs. */
export type SubscribeParameters = {
  /** Canonical request: subscribers with the same key share one computation per block. */
  key: string
  /** Chains whose new heads re-quote it: the route's own chain first, then a cross-chain route's destination. */
  chains: readonly number[]
  request: unknown
  caller: Caller
  /** The answer the subscriber already received. */
  first: RouteAnswer
  sink: WatchSink
}

/** Counters, for metrics, benchmarks and tests. */
export type RouteWatchStats = {
  subscribers: number
  /** Distinct requests watched (one computation each per block). */
  distinct: number
  /** Chains polled. */
  chains: number
  /** Re-quotes run since start. */
  computations: number
}

/** The subscriptions of one process; see {@link createRouteWatchRegistry}. */
export type RouteWatchRegistry = {
  /**
   * Takes a subscription slot of `keyId`'s before its first answer is computed.
   * @returns the release (idempotent)
   * @throws TooManySubscriptionsError when the key, or the server, holds its most
   */
  reserve(keyId: string): () => void
  /** Adds a subscriber; returns its removal (idempotent), which frees its computation when it was the last. */
  subscribe(params: SubscribeParameters): () => void
  stats(): RouteWatchStats
  /** Ends every subscription (shutdown): sinks get `end`, pollers stop, computations are aborted. */
  close(error: Error): void
}

/** `heads`: the newest head of each watched chain the subscriber has had an event for (the source chain's starts at its first answer). */
type Subscriber = { sink: WatchSink; last: WatchedOutcome; heads: Map<number, number>; removed: boolean }
type Entry = {
  key: string
  chains: readonly number[]
  request: unknown
  caller: Caller
  subscribers: Set<Subscriber>
  controller: AbortController
  running: boolean
  /** A head arrived while computing: compute again once done (the latest head only). */
  again: Head | undefined
}
/** A new head of one watched chain. */
export type WatchHead = { chainId: number; head: number }
type Head = WatchHead
type Outcome = { blockNumber: number; outcome: WatchedOutcome; answer?: RouteAnswer; error?: unknown }

/**
 * The registry of route subscriptions. Subscribers asking the same thing (the same canonical request
 * and account) share one entry; each watched chain has one head poller while any entry watches it. At
 * every new head each entry computes once (through the route use case, so the computation also joins
 * identical single requests on that block), then every subscriber of it gets the answer when something
 * it would act on changed since the answer it holds ({@link changesOf}), else a heartbeat; a failure
 * at one block is an `error` event (a repeated one a heartbeat). Heads that arrive during a computation
 * are coalesced: the entry computes once more, at the latest. The last subscriber to leave aborts the
 * entry's computation and, the last on its chain, stops the poller: a disconnect frees everything at
 * once. A sink that refuses an event (its reader's buffer is full) is dropped with SlowReaderError.
 * @param params - {@link CreateRouteWatchRegistryParameters}
 * @returns the registry
 */
export function createRouteWatchRegistry(params: CreateRouteWatchRegistryParameters): RouteWatchRegistry {
  const entries = new Map<string, Entry>()
  const chains = new Map<number, { poller: HeadPoller; entries: Set<Entry> }>()
  let subscribers = 0
  let computations = 0

  const reserve = createSubscriptionSlots(params)

  function watchChain(chainId: number, entry: Entry): void {
    let chain = chains.get(chainId)
    if (!chain) {
      const poller = createHeadPoller({
        readHead: () => params.readHead(chainId),
        intervalMs: params.pollMs,
        subscribe: params.subscribeHeads?.(chainId),
        onHead: (head) => {
          for (const e of chains.get(chainId)?.entries ?? []) void refresh(e, { chainId, head: Number(head) })
        },
        onError: (err) => params.logger.warn({ err, chainId }, 'route watch: head read failed'),
      })
      chain = { poller, entries: new Set() }
      chains.set(chainId, chain)
    }
    chain.entries.add(entry)
  }

  function unwatch(entry: Entry): void {
    entries.delete(entry.key)
    entry.controller.abort()
    for (const chainId of entry.chains) {
      const chain = chains.get(chainId)
      chain?.entries.delete(entry)
      if (chain && chain.entries.size === 0) {
        chain.poller.stop()
        chains.delete(chainId)
      }
    }
  }

  function remove(entry: Entry, subscriber: Subscriber): void {
    if (subscriber.removed) return
    subscriber.removed = true
    subscribers--
    entry.subscribers.delete(subscriber)
    if (entry.subscribers.size === 0) unwatch(entry)
  }

  async function compute(entry: Entry, at: Head): Promise<Outcome | undefined> {
    const { head } = at
    computations++
    try {
      const answer = await params.route(entry.request, { caller: entry.caller, signal: entry.controller.signal, deadline: Date.now() + (params.computeTimeoutMs ?? 10_000) }, at)
      return { blockNumber: answer.blockNumber ?? answer.createdAt, outcome: { answer }, answer }
    } catch (error) {
      if (entry.controller.signal.aborted) return undefined
      return { blockNumber: head, outcome: { errorCode: (error as { code?: unknown }).code === undefined ? 'INTERNAL' : String((error as { code?: unknown }).code) }, error }
    }
  }

  function deliver(entry: Entry, result: Outcome, { chainId, head }: Head): void {
    // On the route's own chain the answer may be newer than the head that asked for it.
    const at = chainId === entry.chains[0] ? Math.max(head, result.blockNumber) : head
    for (const subscriber of [...entry.subscribers]) {
      const seen = subscriber.heads.get(chainId)
      subscriber.heads.set(chainId, Math.max(at, seen ?? at))
      // Its first answer (or an earlier event) is already at this head or later; the first head seen of
      // a cross-chain route's destination is only recorded (the first answer was computed on it).
      if (seen === undefined ? chainId !== entry.chains[0] : at <= seen) continue
      const changed = changesOf(subscriber.last, result.outcome, { gasChangeBps: params.gasChangeBps })
      let event: WatchEvent
      if (changed.length === 0) event = { kind: 'heartbeat', blockNumber: result.blockNumber }
      else if (result.answer) event = { kind: 'answer', blockNumber: result.blockNumber, answer: result.answer, changed }
      else event = { kind: 'error', blockNumber: result.blockNumber, error: result.error }
      if (changed.length > 0) subscriber.last = result.outcome
      if (!subscriber.sink.send(event)) {
        remove(entry, subscriber)
        subscriber.sink.end(new SlowReaderError({ buffered: params.buffer }))
      }
    }
  }

  async function refresh(entry: Entry, head: Head): Promise<void> {
    if (entry.running) {
      entry.again = head
      return
    }
    entry.running = true
    let next: Head | undefined = head
    while (next !== undefined && entry.subscribers.size > 0) {
      entry.again = undefined
      const result = await compute(entry, next)
      if (result && entry.subscribers.size > 0) deliver(entry, result, next)
      next = entry.again
    }
    entry.running = false
  }

  return {
    reserve,
    subscribe({ key, chains: watched, request, caller, first, sink }) {
      let entry = entries.get(key)
      if (!entry) {
        entry = { key, chains: [...new Set(watched)], request, caller, subscribers: new Set(), controller: new AbortController(), running: false, again: undefined }
        entries.set(key, entry)
        for (const chainId of entry.chains) watchChain(chainId, entry)
      }
      const subscriber: Subscriber = { sink, last: { answer: first }, heads: new Map([[entry.chains[0]!, first.blockNumber ?? first.createdAt]]), removed: false }
      entry.subscribers.add(subscriber)
      subscribers++
      const owner = entry
      return () => remove(owner, subscriber)
    },
    stats: () => ({ subscribers, distinct: entries.size, chains: chains.size, computations }),
    close(error) {
      for (const entry of [...entries.values()]) {
        for (const subscriber of [...entry.subscribers]) {
          remove(entry, subscriber)
          subscriber.sink.end(error)
        }
      }
    },
  }
}
