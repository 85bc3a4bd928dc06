/** Bounds concurrent work: a counter with refusal at admission, no queue. */
export type InflightLimiter = {
  /**
   * Takes a slot when one is free.
   * @returns a release function (idempotent), or `undefined` when every slot is taken
   */
  tryAcquire(): (() => void) | undefined
  /** Slots taken now. */
  readonly inflight: number
  /** Most slots. */
  readonly max: number
  /** Methods (`Service/Method`) the bound applies to. */
  covers(method: string): boolean
  /**
   * `[inflight, max]` as an Int32Array over shared memory, read with `Atomics.load`: another thread
   * (the REST gateway's) peeks at the bound without a message ({@link isInflightFull}).
   */
  readonly shared: Int32Array
}

/** The heavy RPCs: each runs a search, an encoding and a simulation (or several). */
export const ROUTE_WORK_METHODS: readonly string[] = [
  'RoutingService/Route',
  'RoutingService/Quote',
  'RoutingService/Bundle',
  'RoutingService/RouteNontokenized',
  // A batch holds one slot for all its items; a subscription holds one for its first answer only.
  'RouteStreamService/RouteBatch',
  'RouteStreamService/WatchRoute',
]

export type CreateInflightLimiterParameters = {
  /** Most calls running at once; past it calls are refused (OVERLOADED), never queued. */
  max: number
  /** Methods bounded; default {@link ROUTE_WORK_METHODS}. */
  methods?: readonly string[] | undefined
}

/**
 * Builds the admission bound on in-flight route work. The engine pool has its own queue
 * (`maxQueue: 'auto'`), but a route also waits on snapshots and simulations outside it; without a
 * bound at admission, 1,000 callers each wait out their deadline (504 after 10 s). With it, the
 * surplus is refused at once with 503 OVERLOADED and `Retry-After`.
 * @example
 * const inflight = createInflightLimiter({ max: threads * 16 })
 * const release = inflight.tryAcquire()
 * if (!release) throw new OverloadedError()
 * try { await work() } finally { release() }
 * @param params - {@link CreateInflightLimiterParameters}
 * @returns the limiter
 * @throws RangeError when `max` is not a positive integer
 */
export function createInflightLimiter({ max, methods = ROUTE_WORK_METHODS }: CreateInflightLimiterParameters): InflightLimiter {
  if (!Number.isSafeInteger(max) || max < 1) throw new RangeError(`max in-flight must be a positive integer, got ${max}`)
  const bounded = new Set(methods)
  // Only this thread writes the counter; Atomics make each write visible to the threads that peek.
  const shared = new Int32Array(new SharedArrayBuffer(8))
  Atomics.store(shared, MAX, max)
  return {
    get inflight() {
      return Atomics.load(shared, INFLIGHT)
    },
    max,
    shared,
    covers: (method) => bounded.has(method),
    tryAcquire() {
      if (Atomics.load(shared, INFLIGHT) >= max) return undefined
      Atomics.add(shared, INFLIGHT, 1)
      let released = false
      return () => {
        if (released) return
        released = true
        Atomics.sub(shared, INFLIGHT, 1)
      }
    },
  }
}

const INFLIGHT = 0
const MAX = 1

/**
 * Whether a route call sent now would be refused OVERLOADED, read from a limiter's
 * {@link InflightLimiter.shared} counter in any thread. A peek: nothing is taken.
 * @param shared - the limiter's `[inflight, max]`
 */
export function isInflightFull(shared: Int32Array): boolean {
  return Atomics.load(shared, INFLIGHT) >= Atomics.load(shared, MAX)
}
