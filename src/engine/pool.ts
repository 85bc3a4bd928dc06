import type { PlanRouteParameters, RoutePlan } from './tasks/planRoute.js'
import { availableParallelism } from 'node:os'
import { Piscina } from 'piscina'
import { BaseError } from '../errors/base.js'
import {
  EngineTaskError,
  InvalidRouteParametersError,
  NoRouteError,
  QueueFullError,
  TaskAbortedError,
  WorkerCrashedError,
} from '../errors/engine.js'
import type { EngineSnapshot, FindRouteParameters, FindRouteReturnType } from './types.js'
import type { BuildBundleParameters, BuildBundleReturnType } from './tasks/buildBundle.js'
import type { BuildBundleTask, BuildBundleTaskResult, EngineWorkerData, FindRouteTask, FindRouteTaskResult, TaskFailure } from './worker.js'
import { InvalidBundleError } from '../errors/bundle.js'

/** Parameters of {@link createEnginePool}. */
export type CreateEnginePoolParameters = {
  /** Worker threads (fixed: min = max). Default: available parallelism. */
  threads?: number | undefined
  /** Bounded queue; `'auto'` is threads². Default `'auto'`. */
  maxQueue?: number | 'auto' | undefined
  /** Enables `busyForTest`/`crashForTest` in the workers. Tests only. */
  enableTestTasks?: boolean | undefined
  /** Snapshot versions kept on the main side for resending (current and previous). Default 2. */
  keepVersions?: number | undefined
}

/** Per-call options: cancellation and deadline. */
export type RunOptions = {
  /** Aborts the task (queued: removed; running: its worker is stopped and replaced). */
  signal?: AbortSignal | undefined
  /** Absolute deadline (epoch ms); the task is aborted when it passes. */
  deadline?: number | undefined
}

/** Counters for tests and metrics. */
export type EnginePoolStats = {
  /** Tasks that carried a snapshot (≈ once per worker per version). */
  snapshotSends: number
  /** Tasks a worker answered with `needSnapshot`. */
  snapshotMisses: number
  /** Tasks completed. */
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
   * and gets it attached to the retried task, so each worker receives each version about once.
   */
  setSnapshot(snapshot: EngineSnapshot, options?: { warm?: boolean | undefined }): Promise<void>
  /**
   * Finds a route in a worker.
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
  /** Runs a test-only task (`busyForTest`, `crashForTest`); requires `enableTestTasks`. */
  runTestTask(name: 'busyForTest' | 'crashForTest', task: { ms?: number }, options?: RunOptions): Promise<unknown>
  stats(): EnginePoolStats
  /** Waits for running tasks, then stops the workers. */
  close(): Promise<void>
}

/**
 * Where the worker module is: beside this file. Under tsx or vitest this file is `.ts` and Node 20
 * cannot load `.ts` in worker threads by itself, so the workers get `--import tsx`.
 */
function workerLocation(): { filename: string; execArgv: string[] | undefined } {
  const self = import.meta.url
  if (self.endsWith('.ts')) return { filename: new URL('./worker.ts', self).href, execArgv: ['--import', 'tsx'] }
  return { filename: new URL('./worker.js', self).href, execArgv: undefined }
}

function toSignal({ signal, deadline }: RunOptions): AbortSignal | undefined {
  const signals: AbortSignal[] = []
  if (signal !== undefined) signals.push(signal)
  if (deadline !== undefined) signals.push(AbortSignal.timeout(Math.max(0, deadline - Date.now())))
  if (signals.length === 0) return undefined
  return signals.length === 1 ? signals[0] : AbortSignal.any(signals)
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

/**
 * Starts the engine's Piscina pool: a fixed number of worker threads, a bounded queue, named tasks.
 *
 * @example
 * const engine = createEnginePool({ threads: 2 })
 * await engine.setSnapshot(snapshot)
 * const route = await engine.findRoute({ tokensIn: [{ token, amount }], tokensOut: [{ token: out }] }, { deadline: Date.now() + 200 })
 */
export function createEnginePool(parameters: CreateEnginePoolParameters = {}): EnginePool {
  const threads = parameters.threads ?? availableParallelism()
  const keepVersions = parameters.keepVersions ?? 2
  const { filename, execArgv } = workerLocation()
  const workerData: EngineWorkerData = { enableTestTasks: parameters.enableTestTasks ?? false }
  const piscina = new Piscina({
    filename,
    ...(execArgv === undefined ? {} : { execArgv }),
    minThreads: threads,
    maxThreads: threads,
    // Workers hold graphs; keep them alive while idle.
    idleTimeout: 60 * 60 * 1000,
    maxQueue: parameters.maxQueue ?? 'auto',
    workerData,
  })
  const snapshots = new Map<string, EngineSnapshot>()
  const warming = new Map<string, Promise<void>>()
  let latest: string | undefined
  const stats: EnginePoolStats = { snapshotSends: 0, snapshotMisses: 0, completed: 0 }

  const run = async <T>(name: string, task: unknown, options: RunOptions): Promise<T> => {
    const signal = toSignal(options)
    const deadlineExceeded = (): boolean => options.deadline !== undefined && Date.now() >= options.deadline
    if (signal?.aborted) throw new TaskAbortedError({ task: name, reason: String(signal.reason), deadlineExceeded: deadlineExceeded() })
    try {
      return (await piscina.run(task, { name, ...(signal === undefined ? {} : { signal }) })) as T
    } catch (error) {
      if (error instanceof Error) {
        if (error.name === 'AbortError')
          throw new TaskAbortedError({ task: name, reason: String(signal?.reason ?? error.message), deadlineExceeded: deadlineExceeded(), cause: error })
        if (error.message === 'Task queue is at limit' || error.message.startsWith('No task queue available'))
          throw new QueueFullError({ maxQueue: piscina.options.maxQueue, cause: error })
        if (error.message.startsWith('worker exited with code') || error.message === 'Terminating worker thread')
          throw new WorkerCrashedError({ task: name, cause: error })
      }
      throw new EngineTaskError({ task: name, message: error instanceof Error ? error.message : String(error), cause: error })
    }
  }

  /**
   * Runs a snapshot-bound task on `requested` (default: the latest version). A worker that lacks the
   * version answers `needSnapshot` and gets the task again with the snapshot attached, so each worker
   * receives each version about once. Expected failures become our typed errors.
   */
  const onSnapshot = async <R extends { status: string }>(
    name: 'findRoute' | 'buildBundle',
    requested: string | undefined,
    task: (version: string, snapshot: EngineSnapshot | undefined) => unknown,
    options: RunOptions,
  ): Promise<Extract<R, { status: 'ok' }>> => {
    const version = requested ?? latest
    const snapshot = version === undefined ? undefined : snapshots.get(version)
    // Requests arriving while a new version is being installed wait for it instead of all missing.
    if (version !== undefined) await warming.get(version)
    if (version === undefined || snapshot === undefined)
      throw new InvalidRouteParametersError({ reason: `snapshot version ${version ?? '(none published)'} is not available` })
    let answer = await run<R | { status: 'needSnapshot' } | { status: 'error'; error: TaskFailure }>(name, task(version, undefined), options)
    if (answer.status === 'needSnapshot') {
      stats.snapshotMisses++
      stats.snapshotSends++
      answer = await run(name, task(version, snapshot), options)
    }
    stats.completed++
    if (answer.status === 'ok') return answer as Extract<R, { status: 'ok' }>
    if (answer.status === 'error') throw fromFailure((answer as { error: TaskFailure }).error, name)
    throw new EngineTaskError({ task: name, message: 'worker did not accept the snapshot' })
  }

  return {
    threads,
    get maxQueue() {
      return piscina.options.maxQueue
    },
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
      // second is a cache hit there and the other worker installs on its first route (miss path).
      const done = Promise.allSettled(Array.from({ length: threads }, () => run('installSnapshot', { snapshot }, {}))).then(() => undefined)
      warming.set(snapshot.version, done)
      await done
    },
    async findRoute({ version: requested, plan, ...routeParameters }, options = {}) {
      const answer = await onSnapshot<FindRouteTaskResult>('findRoute', requested, (version, snapshot) => ({ version, snapshot, parameters: routeParameters, plan }) satisfies FindRouteTask, options)
      return answer.plan === undefined ? answer.result : { ...answer.result, plan: answer.plan }
    },
    async buildBundle({ version: requested, ...parameters }, options = {}) {
      const answer = await onSnapshot<BuildBundleTaskResult>('buildBundle', requested, (version, snapshot) => ({ version, snapshot, parameters }) satisfies BuildBundleTask, options)
      return answer.result
    },
    runTestTask(name, task, options = {}) {
      return run(name, task, options)
    },
    stats: () => ({ ...stats }),
    close: () => piscina.close(),
  }
}
