import { performance, type EventLoopUtilization } from 'node:perf_hooks'
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { createIdleCollector, type CollectionKind, type CreateIdleCollectorParameters, type HeapReading, type IdleCollector } from './createIdleCollector.js'

/** V8's exposed collector. */
type Gc = (options: { type: CollectionKind; execution: 'sync' }) => void

/** Parameters of {@link startIdleCollector}: the collector's thresholds, and how often the loop is sampled. */
export type StartIdleCollectorParameters = Omit<CreateIdleCollectorParameters, 'collect' | 'readHeap'> & {
  /** Sampling interval of the event loop, ms. Default 50. */
  intervalMs?: number | undefined
}

/** A running {@link startIdleCollector}. */
export type RunningIdleCollector = IdleCollector & { stop(): void }

let gc: Gc | undefined

/**
 * V8's `gc`, exposed at run time when the process did not start with `--expose-gc`: the flag set, then
 * the function read from a fresh context (contexts made after the flag carry it). The heap is the
 * isolate's, whichever context asks.
 */
function exposedGc(): Gc {
  if (gc) return gc
  const own = (globalThis as { gc?: unknown }).gc
  if (typeof own === 'function') return (gc = own as Gc)
  setFlagsFromString('--expose-gc')
  return (gc = runInNewContext('gc') as Gc)
}

/** This thread's young and old generations in use, from V8's heap spaces. */
export function readHeap(): HeapReading {
  let young = 0
  let old = 0
  for (const space of getHeapSpaceStatistics()) {
    if (space.space_name === 'new_space' || space.space_name === 'new_large_object_space') young += space.space_used_size
    else old += space.space_used_size
  }
  return { young, old }
}

/**
 * Starts {@link createIdleCollector} on the calling thread (main, gateway or engine worker): its event
 * loop sampled every `intervalMs` by an unreferenced timer (it never keeps a thread alive), V8's
 * collector exposed for it.
 * @param params - {@link StartIdleCollectorParameters}
 * @returns the collector, with `stop`
 */
export function startIdleCollector(params: StartIdleCollectorParameters = {}): RunningIdleCollector {
  const run = exposedGc()
  const collector = createIdleCollector({ ...params, collect: (type) => run({ type, execution: 'sync' }), readHeap })
  let last: EventLoopUtilization = performance.eventLoopUtilization()
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization()
    const delta = performance.eventLoopUtilization(now, last)
    last = now
    collector.tick(delta.utilization)
  }, params.intervalMs ?? 50)
  timer.unref()
  return { ...collector, stop: () => clearInterval(timer) }
}
