import type { PlanRouteParameters, RoutePlan } from './tasks/planRoute.js'
import { availableParallelism } from 'node:os'
import { Piscina } from 'piscina'
import { builtEntryOf } from '../threads/createThread.js'
import type { BaseError } from '../errors/base.js'
import {
  EngineTaskError,
  InvalidRouteParametersError,
  NoRouteError,
  type QueueFullError,
  TaskAbortedError,
  WorkerCrashedError,
} from '../errors/engine.js'
import type { EngineSnapshot, FindRouteParameters, FindRouteReturnType } from './types.js'
import type { BuildBundleParameters, BuildBundleReturnType } from './tasks/buildBundle.js'
import type { BatchKind, BatchTask, BatchTaskResult, EngineWorkerData, FindRouteItem, FindRouteItemResult, TaskFailure, TestItem } from './worker.js'
import { InvalidBundleError } from '../errors/bundle.js'
import { createBatchQueue, type OutgoingBatch } from './batch/createBatchQueue.js'
import { type BatchAnswers, BatchStatus } from './batch/runBatchItems.js'
import { createPlainDecoder } from './codec/createPlainDecoder.js'
import { createPlainEncoder } from './codec/createPlainEncoder.js'

/** Parameters of {@link createEnginePool}. */
export type CreateEnginePoolParameters = {
  /** Worker threads (fixed: min = max). Default: available parallelism. */
  threads?: number | undefined
  /**
   * Bound on requests waiting for a worker, beyond those the free batch slots take at once (a request
   * past it fails with QueueFullError). `'auto'` is threads² × `maxBatch`: Piscina's threads² tasks,
   * each a full batch. Default `'auto'`.
   */
  maxQueue?: number | 'auto' | undefined
  /** Most requests carried by one worker task. Default 32. */
  maxBatch?: number | undefined
  /** Called for every batch sent to a worker (metrics, tests). */
  onBatch?: ((batch: { kind: BatchKind; version: string | undefined; size: number }) => void) | undefined
  /** Enables `busyForTest`/`crashForTest` in the workers. Tests only. */
  enableTestTasks?: boolean | undefined
  /** Snapshot versions kept on the main side for resending (current and previous). Default 2. */
  keepVersions?: number | undefined
  /**
   * Each worker collects its garbage in the quiet after a burst of batches (src/threads/createIdleCollector.ts).
   * Its event loop then runs between tasks (Piscina's `atomics: 'disabled'`: a task arrives as a message
   * event, one per batch) instead of pausing in `Atomics.wait`, where no timer runs. Default false.
   */
  idleGc?: boolean | undefined
}

/** Per-call options: cancellation and deadline. */
export type RunOptions = {
  /**
   * Aborts the request: it fails at once with TaskAbortedError. Waiting or not yet started in its batch:
   * it is dropped. Running: its worker may finish it within a grace (KILL_GRACE_MS, its answer dropped);
   * a worker still on it after that is stopped and replaced, and the batch's other requests are sent again.
   */
  signal?: AbortSignal | undefined
  /** Absolute deadline (epoch ms); the task is aborted when it passes. */
  deadline?: number | undefined
  /**
   * The request belongs to a whole the service bounded before it reached the engine (a route batch's
   * items, a head's re-quotes of the watched requests): it waits for a worker instead of being refused
   * with QueueFullError when `maxQueue` requests wait, and does not count against that bound, which
   * sheds the requests that arrive one by one.
   */
  admitted?: boolean | undefined
}

/** Counters for tests and metrics. */
export type EnginePoolStats = {
  /** Tasks (installs and batches) that carried a snapshot (≈ once per worker per version). */
  snapshotSends: number
  /** Batches a worker answered with `needSnapshot`. */
  snapshotMisses: number
  /** Requests a worker answered (a route, or an error of the request's own). */
  completed: number
}

export type FindRouteErrorType = NoRouteError | InvalidRouteParametersError | QueueFullError | TaskAbortedError | WorkerCrashedError | EngineTaskError

/** Main-thread handle of the engine's worker pool. */
export type EnginePool = {
  /** Worker threads. */
  readonly threads: number
  /** Effective queue bound. */
  readonly maxQueue: number
  /** Latest published snapshot version, if any. */
  readonly version: string | undefined
  /**
   * Publishes a snapshot (a new block); routes without an explicit version use it from now on.
   * Unless `warm: false`, it is pushed to every worker (one install task each) and routes for it wait
   * for that. A worker that still lacks it (replaced after a crash or an abort) answers `needSnapshot`
   * and gets it attached to the retried batch, so each worker receives each version about once.
   */
  setSnapshot(snapshot: EngineSnapshot, options?: { warm?: boolean | undefined }): Promise<void>
  /**
   * Finds a route in a worker. Concurrent calls are carried to the workers in batches (one task per
   * batch); each call still succeeds, fails, is aborted or times out on its own.
   * @throws {FindRouteErrorType}
   */
  findRoute(
    parameters: FindRouteParameters & { version?: string | undefined; plan?: PlanRouteParameters | undefined },
    options?: RunOptions,
  ): Promise<FindRouteReturnType & { plan?: RoutePlan | undefined }>
  /**
   * Builds a bundle's plan in a worker, on the latest (or the given) snapshot version.
   * @throws InvalidBundleError, NoRouteError, and the pool's errors
   */
  buildBundle(parameters: BuildBundleParameters & { version?: string | undefined }, options?: RunOptions): Promise<BuildBundleReturnType>
  /** Runs a test-only request (`busyForTest`, `crashForTest`, `idleGcStatsForTest`), batched like routes; requires `enableTestTasks`. */
  runTestTask(name: TestItem['name'], task: { ms?: number }, options?: RunOptions): Promise<unknown>
  stats(): EnginePoolStats
  /** Waits for running tasks, then stops the workers. */
  close(): Promise<void>
}

/**
 * Where the worker module is: beside this file. Under tsx or vitest this file is `.ts` and Node 20
 * cannot load `.ts` in worker threads by itself, so the workers get `--import tsx`. Built, the build's
 * one-file bundle of the worker (`worker.bundle.js`, see scripts/build.mjs) when it is there: a worker
 * then loads one module instead of hundreds.
 */
export function workerLocation(self = import.meta.url): { filename: string; execArgv: string[] | undefined } {
  if (self.endsWith('.ts')) return { filename: new URL('./worker.ts', self).href, execArgv: ['--import', 'tsx'] }
  return { filename: builtEntryOf(new URL('./worker.js', self)).href, execArgv: undefined }
}



function fromFailure(failure: TaskFailure, task = 'findRoute'): BaseError {
  if (failure.name === 'NoRouteError') return new NoRouteError(failure.reason === undefined ? {} : { reason: failure.reason })
  if (failure.name === 'InvalidRouteParametersError') return new InvalidRouteParametersError({ reason: failure.reason ?? failure.message })
  if (failure.name === 'InvalidBundleError') {
    const field = failure.field ?? 'actions'
    const message = failure.message.startsWith(`${field}: `) ? failure.message.slice(field.length + 2) : failure.message
    return new InvalidBundleError({ code: failure.code, field, message })
  }
  return new EngineTaskError({ task, message: failure.message })
}

/** Batches in flight per worker: one running, one waiting in its port, so a worker never waits for the main thread between batches. */
const BATCHES_PER_WORKER = 2

/**
 * Starts the engine's Piscina pool: a fixed number of worker threads, a bounded queue, and requests
 * coalesced into batches (batch/createBatchQueue.ts) encoded as plain tapes (codec/plainTape.ts).
 *
 * @example
 * const engine = createEnginePool({ threads: 2 })
 * await engine.setSnapshot(snapshot)
 * const route = await engine.findRoute({ tokensIn: [{ token, amount }], tokensOut: [{ token: out }] }, { deadline: Date.now() + 200 })
 */
export function createEnginePool(parameters: CreateEnginePoolParameters = {}): EnginePool {
  const threads = parameters.threads ?? availableParallelism()
  const keepVersions = parameters.keepVersions ?? 2
  const maxBatch = parameters.maxBatch ?? 32
  const maxQueue = parameters.maxQueue === undefined || parameters.maxQueue === 'auto' ? threads ** 2 * maxBatch : parameters.maxQueue
  const { filename, execArgv } = workerLocation()
  const workerData: EngineWorkerData = { enableTestTasks: parameters.enableTestTasks ?? false, idleGc: parameters.idleGc ?? false }
  const piscina = new Piscina({
    filename,
    ...(execArgv === undefined ? {} : { execArgv }),
    minThreads: threads,
    maxThreads: threads,
    // Workers hold graphs; keep them alive while idle.
    idleTimeout: 60 * 60 * 1000,
    // The batch queue bounds the requests; Piscina only ever holds the batches in flight and installs.
    maxQueue: Infinity,
    // The next batch waits in the worker's port, not on the main thread: no round trip between batches.
    concurrentTasksPerWorker: BATCHES_PER_WORKER,
    ...(parameters.idleGc === true ? { atomics: 'disabled' as const } : {}),
    workerData,
  })
  const snapshots = new Map<string, EngineSnapshot>()
  const warming = new Map<string, Promise<void>>()
  let latest: string | undefined
  const stats: EnginePoolStats = { snapshotSends: 0, snapshotMisses: 0, completed: 0 }
  const encoder = createPlainEncoder()
  const decoder = createPlainDecoder()

  /** One batch through Piscina; a worker lacking the version answers `needSnapshot` and gets it attached once. */
  const send = async ({ kind, version, items, control }: OutgoingBatch<BatchKind>, signal: AbortSignal): Promise<BatchAnswers> => {
    const task: BatchTask = { kind, version, items: encoder.encode(items), control }
    let answer = (await piscina.run(task, { name: 'runBatch', signal })) as BatchTaskResult
    if (answer.status === 'needSnapshot') {
      const snapshot = version === undefined ? undefined : snapshots.get(version)
      if (snapshot === undefined) throw new InvalidRouteParametersError({ reason: `snapshot version ${version ?? '(none)'} is not available` })
      stats.snapshotMisses++
      stats.snapshotSends++
      answer = (await piscina.run({ ...task, snapshot }, { name: 'runBatch', signal })) as BatchTaskResult
      if (answer.status === 'needSnapshot') throw new EngineTaskError({ task: kind, message: 'worker did not accept the snapshot' })
    }
    for (const status of answer.statuses) if (status !== BatchStatus.skipped) stats.completed++
    return { statuses: answer.statuses, values: decoder.decode(answer.values) as unknown[] }
  }
  const queue = createBatchQueue<BatchKind>({ slots: threads * BATCHES_PER_WORKER, maxQueue, maxBatch, send, toError: fromFailure, onBatch: parameters.onBatch })

  /**
   * Queues a snapshot-bound request on `requested` (default: the latest version). Requests arriving
   * while that version is being installed wait for it instead of all missing; otherwise no extra
   * promise is made (this is the per-request path).
   */
  const onSnapshot = (kind: 'findRoute' | 'buildBundle', requested: string | undefined, item: unknown, options: RunOptions): Promise<unknown> => {
    const version = requested ?? latest
    const submit = (): Promise<unknown> => {
      if (version === undefined || !snapshots.has(version))
        return Promise.reject(new InvalidRouteParametersError({ reason: `snapshot version ${version ?? '(none published)'} is not available` }))
      return queue.submit({ kind, version, item, task: kind }, { signal: options.signal, deadline: options.deadline, admitted: options.admitted })
    }
    const installing = version === undefined ? undefined : warming.get(version)
    return installing === undefined ? submit() : installing.then(submit)
  }

  /** Runs the install task (not batched: one per worker per version). A worker that failed to install answers needSnapshot later and gets the snapshot then. */
  const install = (snapshot: EngineSnapshot): Promise<unknown> => piscina.run({ snapshot }, { name: 'installSnapshot' }).catch(() => undefined)

  return {
    threads,
    maxQueue,
    get version() {
      return latest
    },
    async setSnapshot(snapshot, options = {}) {
      // Idempotent per version: callers may publish on every request; workers get each version once.
      if (snapshots.has(snapshot.version)) {
        await warming.get(snapshot.version)
        return
      }
      snapshots.set(snapshot.version, snapshot)
      latest = snapshot.version
      while (snapshots.size > keepVersions) {
        const oldest = snapshots.keys().next().value!
        snapshots.delete(oldest)
        warming.delete(oldest)
      }
      if (options.warm === false) return
      stats.snapshotSends += threads
      // One install per worker: idle workers take one task each. If two land on one worker, the
      // second is a cache hit there and the other worker installs on its first batch (miss path).
      const done = Promise.all(Array.from({ length: threads }, () => install(snapshot))).then(() => {
        if (warming.get(snapshot.version) === done) warming.delete(snapshot.version)
      })
      warming.set(snapshot.version, done)
      await done
    },
    findRoute({ version: requested, plan, ...routeParameters }, options = {}) {
      const item: FindRouteItem = { parameters: routeParameters, plan }
      return onSnapshot('findRoute', requested, item, options) as Promise<FindRouteItemResult>
    },
    buildBundle({ version: requested, ...bundleParameters }, options = {}) {
      return onSnapshot('buildBundle', requested, bundleParameters, options) as Promise<BuildBundleReturnType>
    },
    runTestTask(name, task, options = {}) {
      const item: TestItem = { name, ms: task.ms }
      return queue.submit({ kind: 'test', version: undefined, item, task: name }, { signal: options.signal, deadline: options.deadline })
    },
    stats: () => ({ ...stats }),
    close: () => {
      queue.flush()
      return piscina.close()
    },
  }
}
