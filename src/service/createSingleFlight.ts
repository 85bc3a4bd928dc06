import { LRUCache } from 'lru-cache'
import { OverloadedError } from '../errors/admission.js'
import type { SharedCache } from './store/types.js'
import type { CallOptions } from './types.js'

/** Per call: the caller's cancellation, and the cache shared with other replicas, when there is one. */
export type SingleFlightOptions = Pick<CallOptions, 'signal' | 'deadline' | 'joinOnly'> & {
  /** `ServiceContext.sharedCache`: when set, one replica computes and the others reuse its answer. */
  shared?: SharedCache | undefined
}

/** Shares one computation between identical requests; see {@link createSingleFlight}. */
export type SingleFlight<T> = (key: string, compute: () => Promise<T>, options: SingleFlightOptions) => Promise<T>

/**
 * Single flight with a short memory: the first request for a key computes, identical requests wait for
 * the same promise, and the result is kept for `ttl` (keys carry the block version, so a new block
 * computes again). A failure is forgotten at once. The shared computation runs under the deadline of
 * the request that started it; if that request was cancelled while this one still has time, this one
 * computes again under its own.
 *
 * A call that holds no in-flight slot (`joinOnly`: it arrived at the bound) only joins: when nothing
 * for its key is running or kept here, or the computation it joined was cancelled, it is refused
 * OVERLOADED rather than computing beyond the bound. Identical requests therefore share one slot.
 *
 * With a shared cache (Redis, several replicas) the in-process flight still comes first, and its one
 * computation goes through {@link SharedCache.getOrCompute} under `name|key`: a replica that finds
 * another's answer for the same block and request uses it, one that finds another computing waits
 * for it, and answers are kept there for `sharedTtl`.
 * @param p.max - most keys kept
 * @param p.ttl - how long a result is kept, ms
 * @param p.name - namespace of the keys in the shared cache
 * @param p.sharedTtl - how long a result is kept in the shared cache, ms; default 15 000
 */
export function createSingleFlight<T>(p: { max: number; ttl: number; name: string; sharedTtl?: number | undefined }): SingleFlight<T> {
  const computations = new LRUCache<string, Promise<T>>({ max: p.max, ttl: p.ttl })
  return async (key, compute, options) => {
    const shared = (): Promise<T> => {
      let pending = computations.get(key)
      if (!pending && options.joinOnly === true) return Promise.reject(new OverloadedError({ retryAfterSeconds: 1 }))
      if (!pending) {
        pending = options.shared === undefined
          ? compute()
          : options.shared.getOrCompute({ key: `${p.name}|${key}`, ttlMs: p.sharedTtl ?? 15_000, compute, deadline: options.deadline })
        computations.set(key, pending)
        pending.catch(() => computations.delete(key))
      }
      return pending
    }
    const ownAbort = () => options.signal?.aborted === true || (options.deadline !== undefined && Date.now() >= options.deadline)
    return shared().catch((error: unknown) => {
      const code = (error as { code?: string }).code
      if ((code === 'CANCELLED' || code === 'DEADLINE_EXCEEDED') && !ownAbort()) return shared()
      throw error
    })
  }
}
