/**
 * Piscina worker entry: named tasks over the worker's snapshot cache. Pure CPU: no I/O, and no timer
 * but the idle collector's when the pool asks for it (`idleGc`).
 * The pool sends requests in batches (`runBatch`): many requests of one kind on one snapshot version
 * in one task, encoded as a plain tape (see codec/plainTape.ts), answered the same way. A batch names
 * the snapshot version it needs; when this worker lacks it and the batch does not carry the snapshot,
 * the batch answers `needSnapshot` and the main thread resends it with the snapshot. So each worker
 * receives each version about once, whichever worker Piscina picks.
 */
import { workerData } from 'piscina'
import { protocolAdapters } from '../protocols/registry.js'
import { type BatchAnswers, runBatchItems } from './batch/runBatchItems.js'
import type { TaskFailure } from './batch/taskFailure.js'
import { createPlainDecoder } from './codec/createPlainDecoder.js'
import { createPlainEncoder } from './codec/createPlainEncoder.js'
import type { PlainTape } from './codec/plainTape.js'
import type { SearchContext } from './search/searchContext.js'
import { createSnapshotCache } from './snapshotCache.js'
import { startIdleCollector } from '../threads/startIdleCollector.js'
import { buildBundle as buildBundleTask, type BuildBundleParameters } from './tasks/buildBundle.js'
import { findRoute as findRouteTask } from './tasks/findRoute.js'
import { planRoute, type PlanRouteParameters, type RoutePlan } from './tasks/planRoute.js'
import type { EngineSnapshot, FindRouteParameters, FindRouteReturnType } from './types.js'

export type { TaskFailure }

/** Options the pool passes as `workerData`. */
export type EngineWorkerData = {
  enableTestTasks?: boolean
  /** Collect garbage in the quiet after each burst of batches (the pool then keeps the event loop running between tasks). */
  idleGc?: boolean
}

/** One request of a `findRoute` batch. */
export type FindRouteItem = {
  parameters: FindRouteParameters
  /** When given, the worker also encodes the route as a weiroll plan (search and encoding both run here). */
  plan?: PlanRouteParameters | undefined
}

/** The value of one answered `findRoute` item: the route, with its plan when one was asked for. */
export type FindRouteItemResult = FindRouteReturnType & { plan?: RoutePlan | undefined }

/** Kinds of batched requests; `test` items run only with `enableTestTasks`. */
export type BatchKind = 'findRoute' | 'buildBundle' | 'test'

/** One request of a `test` batch. */
export type TestItem = { name: 'busyForTest' | 'crashForTest' | 'idleGcStatsForTest'; ms?: number | undefined }

/** Payload of the `runBatch` task. */
export type BatchTask = {
  kind: BatchKind
  /** Snapshot version the items run on (`test` batches have none). */
  version?: string | undefined
  /** Attached only when this worker reported it lacks `version`. */
  snapshot?: EngineSnapshot | undefined
  /** The items (`FindRouteItem[]`, `BuildBundleParameters[]`, `TestItem[]`), encoded. */
  items: PlainTape
  /** Shared control words (batch/batchControl.ts). */
  control: Int32Array
}

/** Answer of the `runBatch` task: `statuses` and the encoded `values` form the batch's {@link BatchAnswers}. */
export type BatchTaskResult = { status: 'ok'; installed: boolean; statuses: Uint8Array; values: PlainTape } | { status: 'needSnapshot' }

const cache = createSnapshotCache({ adapters: protocolAdapters })
const data = (workerData ?? {}) as EngineWorkerData
const collector = data.idleGc === true ? startIdleCollector() : undefined
const encoder = createPlainEncoder()
const decoder = createPlainDecoder()

/** Installs a snapshot in this worker (warm-up). */
export function installSnapshot({ snapshot }: { snapshot: EngineSnapshot }): { version: string } {
  cache.install(snapshot)
  return { version: snapshot.version }
}

/** The search context of `version`, installing the attached snapshot when this worker lacks it. */
function contextOf(task: { version?: string | undefined; snapshot?: EngineSnapshot | undefined }): { context: SearchContext; installed: boolean } | undefined {
  if (task.version === undefined) return undefined
  const context = cache.get(task.version)
  if (context !== undefined) return { context, installed: false }
  if (task.snapshot === undefined || task.snapshot.version !== task.version) return undefined
  return { context: cache.install(task.snapshot), installed: true }
}

function routeOn(context: SearchContext, { parameters, plan }: FindRouteItem): FindRouteItemResult {
  const result = findRouteTask(context, parameters)
  return plan === undefined ? result : { ...result, plan: planRoute(result, plan) }
}

/** Runs a batch of one kind on one snapshot version; each item fails or succeeds on its own. */
export function runBatch(task: BatchTask): BatchTaskResult {
  let run: (item: unknown) => unknown
  let installed = false
  if (task.kind === 'test') run = (item) => runTestItem(item as TestItem)
  else {
    const found = contextOf(task)
    if (found === undefined) return { status: 'needSnapshot' }
    const { context } = found
    installed = found.installed
    run = task.kind === 'findRoute' ? (item) => routeOn(context, item as FindRouteItem) : (item) => buildBundleTask(context, item as BuildBundleParameters)
  }
  const items = decoder.decode(task.items) as unknown[]
  const { statuses, values }: BatchAnswers = runBatchItems({ items, control: task.control, run })
  return { status: 'ok', installed, statuses, values: encoder.encode(values) }
}

function runTestItem(item: TestItem): unknown {
  if (item.name === 'crashForTest') return crashForTest()
  if (item.name === 'idleGcStatsForTest') return idleGcStatsForTest()
  return busyForTest({ ms: item.ms ?? 0 })
}

/** Test-only: spins the CPU for `ms` milliseconds, allocating as a search does (a long search stand-in). */
export function busyForTest({ ms }: { ms: number }): { spun: number } {
  if (data.enableTestTasks !== true) throw new Error('test tasks are disabled')
  const end = performance.now() + ms
  let spun = 0
  while (performance.now() < end) spun += String(spun).length > 0 ? 1 : 0
  return { spun }
}

/** Test-only: this worker's idle collections so far (`idleGc`), or null without a collector. */
export function idleGcStatsForTest(): { bursts: number; minor: number; major: number } | null {
  if (data.enableTestTasks !== true) throw new Error('test tasks are disabled')
  return collector?.stats() ?? null
}

/** Test-only: kills this worker thread, as a crash would. */
export function crashForTest(): never {
  if (data.enableTestTasks !== true) throw new Error('test tasks are disabled')
  process.exit(1)
}

export default runBatch
