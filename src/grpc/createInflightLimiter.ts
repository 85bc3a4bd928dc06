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
}

/** The heavy RPCs: each runs a search, an encoding and a simulation (or several). */
export const ROUTE_WORK_METHODS: readonly string[] = [
  'RoutingService/Route',
  'RoutingService/Quote',
  'RoutingService/Bundle',
  'RoutingService/RouteNontokenized',
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
  let inflight = 0
  return {
    get inflight() {
      return inflight
    },
    max,
    covers: (method) => bounded.has(method),
    tryAcquire() {
      if (inflight >= max) return undefined
      inflight++
      let released = false
      return () => {
        if (released) return
        released = true
        inflight--
      }
    },
  }
}
