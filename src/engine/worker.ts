/**
 * Piscina worker entry: named tasks over the worker's snapshot cache. Pure CPU: no I/O, no timers.
 * A task names the snapshot version it needs; when this worker lacks it and the task does not carry
 * the snapshot, the task answers `needSnapshot` and the main thread resends it with the snapshot.
 * So each worker receives each version once, whichever worker Piscina picks.
 */
import { workerData } from 'piscina'
import { BaseError } from '../errors/base.js'
import { protocolAdapters } from '../protocols/registry.js'
import type { SearchContext } from './search/searchContext.js'
import { createSnapshotCache } from './snapshotCache.js'
import { buildBundle as buildBundleTask, type BuildBundleParameters, type BuildBundleReturnType } from './tasks/buildBundle.js'
import { findRoute as findRouteTask } from './tasks/findRoute.js'
import { planRoute, type PlanRouteParameters, type RoutePlan } from './tasks/planRoute.js'
import type { EngineSnapshot, FindRouteParameters, FindRouteReturnType } from './types.js'

/** Options the pool passes as `workerData`. */
export type EngineWorkerData = { enableTestTasks?: boolean }

/** Payload of the `findRoute` task. */
export type FindRouteTask = {
  version: string
  /** Attached only when this worker reported it lacks `version`. */
  snapshot?: EngineSnapshot | undefined
  parameters: FindRouteParameters
  /** When given, the worker also encodes the route as a weiroll plan (search and encoding both run here). */
  plan?: PlanRouteParameters | undefined
}

/** An expected failure, carried as data (classes do not survive the thread boundary). */
export type TaskFailure = { name: string; code: string; message: string; reason?: string | undefined; field?: string | undefined }

/** Answer of the `findRoute` task. */
export type FindRouteTaskResult =
  | { status: 'ok'; result: FindRouteReturnType; plan?: RoutePlan | undefined; installed: boolean }
  | { status: 'needSnapshot' }
  | { status: 'error'; error: TaskFailure }

const cache = createSnapshotCache({ adapters: protocolAdapters })
const data = (workerData ?? {}) as EngineWorkerData

/** Installs a snapshot in this worker (warm-up). */
export function installSnapshot({ snapshot }: { snapshot: EngineSnapshot }): { version: string } {
  cache.install(snapshot)
  return { version: snapshot.version }
}

/**
 * Runs `work` on the search context of the task's snapshot version, installing the attached snapshot
 * when this worker lacks it; expected failures come back as data (classes do not cross threads).
 */
function onSnapshot<T>(task: { version: string; snapshot?: EngineSnapshot | undefined }, work: (context: SearchContext) => T):
  | { status: 'ok'; result: T; installed: boolean } | { status: 'needSnapshot' } | { status: 'error'; error: TaskFailure } {
  let context = cache.get(task.version)
  let installed = false
  if (context === undefined) {
    if (task.snapshot === undefined || task.snapshot.version !== task.version) return { status: 'needSnapshot' }
    context = cache.install(task.snapshot)
    installed = true
  }
  try {
    return { status: 'ok', result: work(context), installed }
  } catch (error) {
    if (error instanceof BaseError) return { status: 'error', error: toFailure(error) }
    throw error
  }
}

/** Routes on the requested snapshot version. */
export function findRoute(task: FindRouteTask): FindRouteTaskResult {
  const answer = onSnapshot(task, (context) => {
    const result = findRouteTask(context, task.parameters)
    return { result, plan: task.plan === undefined ? undefined : planRoute(result, task.plan) }
  })
  return answer.status === 'ok' ? { status: 'ok', result: answer.result.result, plan: answer.result.plan, installed: answer.installed } : answer
}

/** Payload of the `buildBundle` task. */
export type BuildBundleTask = { version: string; snapshot?: EngineSnapshot | undefined; parameters: BuildBundleParameters }

/** Answer of the `buildBundle` task. */
export type BuildBundleTaskResult =
  | { status: 'ok'; result: BuildBundleReturnType; installed: boolean }
  | { status: 'needSnapshot' }
  | { status: 'error'; error: TaskFailure }

/** Builds a bundle's plan on the requested snapshot version. */
export function buildBundle(task: BuildBundleTask): BuildBundleTaskResult {
  return onSnapshot(task, (context) => buildBundleTask(context, task.parameters))
}

function toFailure(error: BaseError): TaskFailure {
  return { name: error.name, code: error.code, message: error.shortMessage, reason: (error as { reason?: string }).reason, field: (error as { field?: string }).field }
}

/** Test-only: spins the CPU for `ms` milliseconds (a long search stand-in). */
export function busyForTest({ ms }: { ms: number }): { spun: number } {
  if (data.enableTestTasks !== true) throw new Error('test tasks are disabled')
  const end = performance.now() + ms
  let spun = 0
  while (performance.now() < end) spun++
  return { spun }
}

/** Test-only: kills this worker thread, as a crash would. */
export function crashForTest(): never {
  if (data.enableTestTasks !== true) throw new Error('test tasks are disabled')
  process.exit(1)
}

export default findRoute
