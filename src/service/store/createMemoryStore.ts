import { createSharedRateLimiter } from '../auth/createSharedRateLimiter.js'
import type { Store } from './types.js'

/**
 * The in-process store, used when `SWITCHYARD_REDIS_URL` is unset: token buckets in shared memory (a
 * fixed table, so the gateway's thread and the gRPC server charge the same budgets) and no shared cache,
 * so every replica keeps its own budgets and its own single flight.
 * @returns a {@link Store} of kind `memory`
 */
export function createMemoryStore(): Store {
  return {
    kind: 'memory',
    createRateLimiter: (options) => createSharedRateLimiter(options),
    cache: undefined,
    close: async () => {},
  }
}
