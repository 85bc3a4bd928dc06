import { BaseError } from '../../errors/base.js'
import { EngineTaskError, QueueFullError, TaskAbortedError, WorkerCrashedError } from '../../errors/engine.js'
import { BatchControl, createBatchControl } from './batchControl.js'
import { type BatchAnswers, BatchStatus } from './runBatchItems.js'
import type { TaskFailure } from './taskFailure.js'

/** A batch handed to {@link CreateBatchQueueParameters.send}: requests of one kind on one version. */
export type OutgoingBatch<K extends string> = {
  kind: K
  version: string | undefined
  items: unknown[]
  /** Shared control words (batchControl.ts); the worker must run the items through `runBatchItems`. */
  control: Int32Array
}

/** Parameters of {@link createBatchQueue}. */
export type CreateBatchQueueParameters<K extends string> = {
  /** Batches in flight at once (workers × tasks each may have sent or queued). */
  slots: number
  /** Requests that may wait for a slot, beyond what the free slots take at once. */
  maxQueue: number
  /** Most requests in one batch. */
  maxBatch: number
  /**
   * Runs a batch in a worker and resolves with its answers. Rejects with the pool's raw error:
   * an `AbortError` after `signal` aborted, or a worker-exit error when the worker died.
   */
  send(batch: OutgoingBatch<K>, signal: AbortSignal): Promise<BatchAnswers>
  /** Turns a failed item's data back into our error class. */
  toError(failure: TaskFailure, task: string): Error
  /** Called for every batch sent (metrics, tests). */
  onBatch?: ((batch: { kind: K; version: string | undefined; size: number }) => void) | undefined
  /**
   * How long the request running when it is aborted may still run before its worker is stopped
   * (default {@link KILL_GRACE_MS}; 0 stops it at once). Its caller fails at once either way.
   */
  killGraceMs?: number | undefined
}

/**
 * Default grace of an aborted running request. Searches are capped in work (a quarter of a second at
 * worst) and most end within a few ms, while a stopped worker costs a restart: loading its modules and
 * receiving the chain's snapshot again (tens of ms on the devnet, far more on a mainnet-scale chain). A
 * burst of callers that go away would otherwise stop every worker at once.
 */
export const KILL_GRACE_MS = 200

/** One request for {@link BatchQueue.submit}. */
export type BatchRequest<K extends string> = {
  kind: K
  /** Requests coalesce per kind and version. */
  version: string | undefined
  item: unknown
  /** Task name used in errors (`findRoute`, `buildBundle`, ...). */
  task: string
}

/** Main-thread request coalescer; see {@link createBatchQueue}. */
export type BatchQueue<K extends string> = {
  /**
   * Queues a request; resolves with its answer's value.
   * @throws QueueFullError, TaskAbortedError, WorkerCrashedError, EngineTaskError, or the item's own error
   */
  submit(request: BatchRequest<K>, options: { signal?: AbortSignal | undefined; deadline?: number | undefined; admitted?: boolean | undefined }): Promise<unknown>
  /** Sends every waiting request now, ignoring the slot limit (before closing the pool). */
  flush(): void
}

type Batch = { entries: Entry[]; control: Int32Array; controller: AbortController; killed: boolean; settled: boolean }
type Entry = {
  request: BatchRequest<string>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
  settled: boolean
  deadline: number | undefined
  signal: AbortSignal | undefined
  onAbort: (() => void) | undefined
  /** Fails the request when its deadline passes; cleared when it settles. */
  timer: ReturnType<typeof setTimeout> | undefined
  /** Admitted upstream (`admitted`): waits instead of being refused, and is not counted by the bound. */
  admitted: boolean
  batch: Batch | undefined
  index: number
  /** Worker crashes this request was caught in without being the item running (it is then sent again). */
  crashes: number
}

/** Crashes after which a request fails even when it was not the item running (a batch that kills workers before any item runs). */
const MAX_CRASHES = 3

/** Piscina's error for every task of a worker that died (exit, OOM). */
const isWorkerCrash = (error: unknown): boolean => error instanceof Error && error.message.startsWith('worker exited with code')
/** Piscina's error for the other tasks of a worker the pool stopped (we stop one to cancel a running request). */
const isWorkerStopped = (error: unknown): boolean => error instanceof Error && error.message === 'Terminating worker thread'

/**
 * Whether an abort is the deadline's: the deadline's timer fired (its reason is a `TimeoutError`; a
 * timer can fire a millisecond before `Date.now()` reaches the deadline) or the deadline has passed.
 */
function passedDeadline(signal: AbortSignal | undefined, deadline: number | undefined): boolean {
  return (signal?.reason as { name?: unknown } | undefined)?.name === 'TimeoutError' || (deadline !== undefined && Date.now() >= deadline)
}

/**
 * Coalesces requests into batches: requests that arrive in the same turn of the event loop, or while
 * every slot is busy, travel to a worker together (one task, one message each way), grouped by kind
 * and snapshot version. When `n` requests wait and `k` slots are free, each batch takes ⌈n / k⌉ of
 * them (at most `maxBatch`), so both workers get work. Each request keeps its own fate:
 * - abort or deadline (`deadline`, its own timer): the request fails at once with TaskAbortedError; the worker skips it if it has
 *   not started it; if it is the item running, the worker may finish it within `killGraceMs` (its answer
 *   is dropped), else the worker is stopped and the batch's other live requests are sent again (the
 *   tasks are pure, so the answers are the same);
 * - worker crash: only the request that was running fails with WorkerCrashedError; the others (also those
 *   of a batch queued on that worker) are sent again;
 * - bounded: a request finding `maxQueue` requests already waiting beyond the free slots fails with QueueFullError;
 *   a request submitted `admitted` (part of a whole bounded upstream: a route batch's items, a head's
 *   re-quotes) waits instead, and is not counted against the others.
 *
 * @returns the queue
 */
export function createBatchQueue<K extends string>(parameters: CreateBatchQueueParameters<K>): BatchQueue<K> {
  const { slots, maxQueue, maxBatch, send, toError, onBatch } = parameters
  const killGraceMs = parameters.killGraceMs ?? KILL_GRACE_MS
  /** Waiting entries by `kind|version`, oldest group first; settled entries are dropped when reached. */
  const groups = new Map<string, Entry[]>()
  let waiting = 0
  /** Of `waiting`, the requests admitted upstream: the queue's bound refuses only the others. */
  let waitingAdmitted = 0
  let inFlight = 0
  let scheduled = false

  const settle = (entry: Entry): void => {
    entry.settled = true
    if (entry.onAbort !== undefined) entry.signal?.removeEventListener('abort', entry.onAbort)
    if (entry.timer !== undefined) clearTimeout(entry.timer)
  }
  const fail = (entry: Entry, error: unknown): void => {
    settle(entry)
    entry.reject(error)
  }
  const keyOf = (request: BatchRequest<string>): string => `${request.kind}|${request.version ?? ''}`

  const abort = (entry: Entry, byDeadline = false): void => {
    if (entry.settled) return
    const deadlineExceeded = byDeadline || passedDeadline(entry.signal, entry.deadline)
    fail(entry, new TaskAbortedError({ task: entry.request.task, reason: byDeadline ? 'the deadline passed' : String(entry.signal?.reason), deadlineExceeded }))
    const batch = entry.batch
    if (batch === undefined) {
      waiting--
      if (entry.admitted) waitingAdmitted--
      return
    }
    Atomics.store(batch.control, 1 + entry.index, BatchControl.cancelled)
    // The running request gets a grace to finish (its answer is dropped); a worker still on it after that is stopped.
    const stop = () => {
      if (batch.killed || batch.settled || Atomics.load(batch.control, BatchControl.running) !== entry.index) return
      batch.killed = true
      batch.controller.abort()
    }
    if (Atomics.load(batch.control, BatchControl.running) !== entry.index) return
    if (killGraceMs <= 0) stop()
    else setTimeout(stop, killGraceMs).unref()
  }

  const requeue = (entries: readonly Entry[]): void => {
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i]!
      entry.batch = undefined
      const key = keyOf(entry.request)
      const group = groups.get(key)
      if (group === undefined) groups.set(key, [entry])
      else group.unshift(entry)
      waiting++
      if (entry.admitted) waitingAdmitted++
    }
  }

  const complete = (batch: Batch, { statuses, values }: BatchAnswers): void => {
    batch.entries.forEach((entry, i) => {
      if (entry.settled) return
      const status = statuses[i]
      if (status === BatchStatus.ok) {
        settle(entry)
        entry.resolve(values[i])
      } else if (status === BatchStatus.error) fail(entry, toError(values[i] as TaskFailure, entry.request.task))
      else fail(entry, new EngineTaskError({ task: entry.request.task, message: 'the worker skipped a live request' }))
    })
  }

  const failBatch = (batch: Batch, error: unknown): void => {
    const live = batch.entries.filter((entry) => !entry.settled)
    // We stopped the worker: to cancel this batch's running request, or another batch's on the same worker.
    if (batch.killed || isWorkerStopped(error)) return requeue(live)
    if (isWorkerCrash(error)) {
      // The item running when the worker died is the suspect; the others did nothing wrong (a batch
      // that never started was only sharing the worker) and go again, a bounded number of times.
      const running = Atomics.load(batch.control, BatchControl.running)
      const culprit = running === BatchControl.none ? undefined : batch.entries[running]
      const again: Entry[] = []
      for (const entry of live) {
        entry.crashes++
        if (entry === culprit || entry.crashes >= MAX_CRASHES) fail(entry, new WorkerCrashedError({ task: entry.request.task, cause: error }))
        else again.push(entry)
      }
      return requeue(again)
    }
    for (const entry of live)
      fail(entry, error instanceof BaseError ? error : new EngineTaskError({ task: entry.request.task, message: error instanceof Error ? error.message : String(error), cause: error }))
  }

  const take = (size: number): Entry[] => {
    for (const [key, group] of groups) {
      const taken: Entry[] = []
      while (taken.length < size && group.length > 0) {
        const entry = group.shift()!
        if (!entry.settled) taken.push(entry)
      }
      if (group.length === 0) groups.delete(key)
      if (taken.length > 0) return taken
    }
    return []
  }

  const launch = (entries: Entry[]): void => {
    const first = entries[0]!.request
    const batch: Batch = { entries, control: createBatchControl(entries.length), controller: new AbortController(), killed: false, settled: false }
    entries.forEach((entry, i) => {
      entry.batch = batch
      entry.index = i
      if (entry.admitted) waitingAdmitted--
    })
    waiting -= entries.length
    inFlight++
    onBatch?.({ kind: first.kind as K, version: first.version, size: entries.length })
    const outgoing: OutgoingBatch<K> = { kind: first.kind as K, version: first.version, items: entries.map((entry) => entry.request.item), control: batch.control }
    send(outgoing, batch.controller.signal).then(
      (answers) => {
        inFlight--
        batch.settled = true
        complete(batch, answers)
        schedule()
      },
      (error: unknown) => {
        inFlight--
        batch.settled = true
        failBatch(batch, error)
        schedule()
      },
    )
  }

  const dispatch = (all: boolean): void => {
    scheduled = false
    while (waiting > 0 && (all || inFlight < slots)) {
      const free = Math.max(1, slots - inFlight)
      const entries = take(Math.min(maxBatch, Math.ceil(waiting / free)))
      if (entries.length === 0) break
      launch(entries)
    }
  }

  // setImmediate, not a microtask: it runs after every continuation of the batch just answered has
  // had its turn, so the requests those continuations make travel together.
  const schedule = (): void => {
    if (scheduled || waiting === 0 || inFlight >= slots) return
    scheduled = true
    setImmediate(dispatch, false)
  }

  return {
    submit(request, { signal, deadline, admitted = false }) {
      if (signal?.aborted) {
        const deadlineExceeded = passedDeadline(signal, deadline)
        return Promise.reject(new TaskAbortedError({ task: request.task, reason: String(signal.reason), deadlineExceeded }))
      }
      if (deadline !== undefined && Date.now() >= deadline) return Promise.reject(new TaskAbortedError({ task: request.task, reason: 'the deadline passed', deadlineExceeded: true }))
      if (!admitted && waiting - waitingAdmitted >= maxQueue + Math.max(0, slots - inFlight)) return Promise.reject(new QueueFullError({ maxQueue }))
      return new Promise((resolve, reject) => {
        const entry: Entry = { request, resolve, reject, settled: false, deadline, signal, onAbort: undefined, timer: undefined, admitted, batch: undefined, index: -1, crashes: 0 }
        if (signal !== undefined) {
          entry.onAbort = () => abort(entry)
          signal.addEventListener('abort', entry.onAbort, { once: true })
        }
        // The deadline is a plain timer cleared when the request settles (an `AbortSignal.timeout` per
        // request would fire for every finished one too, building a DOMException each time).
        if (deadline !== undefined) {
          entry.timer = setTimeout(() => abort(entry, true), Math.max(0, deadline - Date.now()))
          entry.timer.unref()
        }
        const key = keyOf(request)
        const group = groups.get(key)
        if (group === undefined) groups.set(key, [entry])
        else group.push(entry)
        waiting++
        if (admitted) waitingAdmitted++
        schedule()
      })
    },
    flush: () => dispatch(true),
  }
}
