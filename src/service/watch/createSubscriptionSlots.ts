import { TooManySubscriptionsError } from '../../errors/watch.js'

/** The bounds of {@link createSubscriptionSlots} (`SWITCHYARD_WATCH_MAX_PER_KEY`, `SWITCHYARD_WATCH_MAX_TOTAL`). */
export type SubscriptionBounds = { maxPerKey: number; maxTotal: number }

/**
 * Subscription slots counted per API key and in all: the service's registry holds one per
 * subscription, the gateway one per SSE subscriber of a shared call.
 * @param bounds - {@link SubscriptionBounds}
 * @returns `reserve(keyId)`: takes a slot and returns its release (idempotent)
 * @throws TooManySubscriptionsError (from `reserve`) when the key, or the whole, holds its most
 */
export function createSubscriptionSlots({ maxPerKey, maxTotal }: SubscriptionBounds): (keyId: string) => () => void {
  const perKey = new Map<string, number>()
  let total = 0
  return (keyId) => {
    const held = perKey.get(keyId) ?? 0
    if (held >= maxPerKey) throw new TooManySubscriptionsError({ max: maxPerKey, scope: 'key' })
    if (total >= maxTotal) throw new TooManySubscriptionsError({ max: maxTotal, scope: 'server' })
    perKey.set(keyId, held + 1)
    total++
    let released = false
    return () => {
      if (released) return
      released = true
      total--
      const left = (perKey.get(keyId) ?? 1) - 1
      if (left > 0) perKey.set(keyId, left)
      else perKey.delete(keyId)
    }
  }
}
