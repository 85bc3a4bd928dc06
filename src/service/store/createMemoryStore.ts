import { createRateLimiter } from '../auth/createRateLimiter.js'
import type { Store } from './types.js'

/**
 * The in-process store, used when `SWITCHYARD_REDIS_URL` is unset: in-process token buckets (LRU
 * bounded) and no shared cache, so every replica keeps its own budgets and its own single flight.
 * @returns a {@link Store} of kind `memory`
 */
export function createMemoryStore(): Store {
  return {
    kind: 'memory',
    createRateLimiter: (options) => createRateLimiter(options),
    cache: undefined,
    close: async () => {},
  }
}
