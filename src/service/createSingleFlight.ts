import { LRUCache } from 'lru-cache'
import type { CallOptions } from './types.js'

/** Shares one computation between identical requests; see {@link createSingleFlight}. */
export type SingleFlight<T> = (key: string, compute: () => Promise<T>, options: Pick<CallOptions, 'signal' | 'deadline'>) => Promise<T>

/**
 * Single flight with a short memory: the first request for a key computes, identical requests wait for
 * the same promise, and the result is kept for `ttl` (keys carry the block version, so a new block
 * computes again). A failure is forgotten at once. The shared computation runs under the deadline of
 * the request that started it; if that request was cancelled while this one still has time, this one
 * computes again under its own.
 * @param p.max - most keys kept
 * @param p.ttl - how long a result is kept, ms
 */
export function createSingleFlight<T>(p: { max: number; ttl: number }): SingleFlight<T> {
  const computations = new LRUCache<string, Promise<T>>({ max: p.max, ttl: p.ttl })
  return async (key, compute, options) => {
    const shared = (): Promise<T> => {
      let pending = computations.get(key)
      if (!pending) {
        pending = compute()
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
