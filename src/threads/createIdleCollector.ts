/** A garbage collection the collector can ask for (the shape of V8's exposed `gc` options). */
export type CollectionKind = 'minor' | 'major'

/** The heap figures the collector decides on, bytes. */
export type HeapReading = {
  /** Bytes in use in the young generation (new space). */
  young: number
  /** Bytes in use in the old generation (every other space). */
  old: number
}

/** Parameters of {@link createIdleCollector}. */
export type CreateIdleCollectorParameters = {
  /** Runs one collection, synchronously. */
  collect(kind: CollectionKind): void
  /** The thread's heap, now. */
  readHeap(): HeapReading
  /** A tick whose event loop was busy at least this share of its time is a burst. Default 0.25. */
  busyShare?: number | undefined
  /** A tick busy less than this share is quiet. Default 0.1. */
  quietShare?: number | undefined
  /** Quiet ticks in a row after a burst before collecting. Default 2. */
  quietTicks?: number | undefined
  /** Least young-generation use worth a minor collection, bytes. Default 1 MiB. */
  minorBytes?: number | undefined
  /** Least old-generation growth since the last full collection worth a major one, bytes. Default 16 MiB. */
  majorBytes?: number | undefined
  /** …and least growth as a share of the old generation after that collection. Default 0.25. */
  majorShare?: number | undefined
  /**
   * Largest old generation a full collection is forced on, bytes. Default 256 MiB. A forced collection
   * marks the whole heap in one pause (~0.5 ms a MiB here: ~35 ms for the devnet service's 70 MiB, hundreds
   * of ms for a mainnet-scale world's); past this V8's own incremental, concurrent marking does it.
   */
  majorMaxBytes?: number | undefined
}

/** What one {@link IdleCollector.tick} did. */
export type IdleTickResult = { collected: CollectionKind[] }

/** Counters, for logs and tests: bursts whose end was seen, and the collections run after them. */
export type IdleCollectorStats = { bursts: number; minor: number; major: number }

/** See {@link createIdleCollector}. */
export type IdleCollector = {
  /**
   * One sample of the event loop: `busy` is the share of the last tick the loop spent running (its
   * event-loop utilization). Collects when a burst has just ended.
   */
  tick(busy: number): IdleTickResult
  stats(): IdleCollectorStats
}

const MIB = 1024 * 1024

/**
 * Moves a thread's garbage collections from its bursts of work into the quiet that follows them. A
 * service that follows a chain works in bursts: every new head re-quotes every watched route at once
 * (~100 ms of work on each thread), then idles until the next block (2–12 s). V8 collects when a space
 * fills, which, with such a rhythm, lands inside a burst: its pauses and, in a young generation full of
 * in-flight work, a scavenge that copies and promotes that work (which later costs a full collection,
 * again inside some burst).
 *
 * At the end of each burst (a tick at least `busyShare` busy, then `quietTicks` ticks under
 * `quietShare`), the collector runs a minor collection when the young generation holds `minorBytes`
 * (cheap: what the burst left is garbage by then) and a major one when the old generation grew past the
 * last full collection by `majorBytes` and `majorShare` of it (V8 would have collected soon anyway), while
 * it is small enough (`majorMaxBytes`) for one pause. At most one pair of collections a burst; none while
 * the thread stays busy, so under steady load V8 keeps its own schedule. Pure: the caller supplies the
 * collections, the heap readings and the ticks.
 * @param params - {@link CreateIdleCollectorParameters}
 * @returns the collector
 */
export function createIdleCollector(params: CreateIdleCollectorParameters): IdleCollector {
  const busyShare = params.busyShare ?? 0.25
  const quietShare = params.quietShare ?? 0.1
  const quietTicks = params.quietTicks ?? 2
  const minorBytes = params.minorBytes ?? MIB
  const majorBytes = params.majorBytes ?? 16 * MIB
  const majorShare = params.majorShare ?? 0.25
  const majorMaxBytes = params.majorMaxBytes ?? 256 * MIB
  const stats: IdleCollectorStats = { bursts: 0, minor: 0, major: 0 }
  let burst = false
  let quiet = 0
  /** The old generation after the last full collection (V8's own lower it too). */
  let oldBase = params.readHeap().old

  return {
    tick(busy) {
      if (busy >= busyShare) {
        burst = true
        quiet = 0
        return { collected: [] }
      }
      quiet = busy < quietShare ? quiet + 1 : 0
      if (!burst || quiet < quietTicks) return { collected: [] }
      burst = false
      stats.bursts++
      const collected: CollectionKind[] = []
      const heap = params.readHeap()
      oldBase = Math.min(oldBase, heap.old)
      if (heap.young >= minorBytes) {
        params.collect('minor')
        stats.minor++
        collected.push('minor')
      }
      const growth = heap.old - oldBase
      if (growth >= majorBytes && growth >= oldBase * majorShare && heap.old <= majorMaxBytes) {
        params.collect('major')
        stats.major++
        collected.push('major')
        oldBase = params.readHeap().old
      }
      return { collected }
    },
    stats: () => ({ ...stats }),
  }
}
