import { InvalidRequestError } from '../../errors/request.js'

/** Strategies this deployment serves for routes; the others get a clear error. */
const served = new Set(['router', 'router-legacy', 'delegate', 'delegate-legacy'])

/**
 * Refuses a routing strategy this deployment does not serve yet.
 * @throws InvalidRequestError `INVALID_STRATEGY` on `routingStrategy`
 */
export function assertServedStrategy(routingStrategy: string): void {
  if (served.has(routingStrategy)) return
  throw new InvalidRequestError({
    code: 'INVALID_STRATEGY',
    message: `routingStrategy: ${routingStrategy} is not served yet; use router or router-legacy`,
    issues: [{ field: 'routingStrategy', reason: 'not served yet' }],
  })
}
