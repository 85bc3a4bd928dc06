import type { InProcessRateLimiter, RateLimitOptions, RateLimitResult } from './createRateLimiter.js'

/** Parameters of {@link createSharedRateLimiter}. */
export type CreateSharedRateLimiterParameters = RateLimitOptions & {
  /**
   * Buckets the table is sized for (default 50 000): the table holds the next power of two at least
   * 1.25 times that, 24 bytes each (1.5 MiB by default), allocated once and never grown.
   */
  maxEntries?: number | undefined
  /**
   * The table of a limiter made in another thread (its {@link SharedRateLimiter.buffer}): both then
   * charge the same buckets. Its size must match `maxEntries`.
   */
  buffer?: SharedArrayBuffer | undefined
  /** Clock in ms, the same in every thread. Default `performance.timeOrigin + performance.now()`. */
  now?: (() => number) | undefined
}

/** A token-bucket limiter whose buckets live in shared memory, so that several threads charge the same budgets. */
export type SharedRateLimiter = InProcessRateLimiter & {
  /** The table; hand it to another thread's {@link createSharedRateLimiter} to share the buckets. */
  readonly buffer: SharedArrayBuffer
}

/** Whether a limiter keeps its buckets in shared memory (and so can be handed to another thread). */
export function isSharedRateLimiter(limiter: object): limiter is SharedRateLimiter {
  return 'buffer' in limiter && limiter.buffer instanceof SharedArrayBuffer
}

/** Slots a key may occupy, from its home slot on; past them the stalest bucket of the window is replaced. */
export const PROBE_WINDOW = 8
/** Bytes before the slots: the lock word (Int32) and padding, so the Float64 columns stay aligned. */
const HEADER_BYTES = 16
/** How long a caller waits for the lock before it takes it anyway (a holder that was terminated mid-check). */
const LOCK_STEAL_AFTER_MS = 50
const UNLOCKED = 0
const LOCKED = 1

/** Slots of a table sized for `maxEntries` buckets: a power of two, at least 1.25 × and at least the probe window. */
export function sharedRateLimiterSlots(maxEntries: number): number {
  let slots = PROBE_WINDOW
  while (slots < maxEntries * 1.25) slots *= 2
  return slots
}

/** Bytes of the table for `slots` slots: tokens and last-charge time (Float64) and a 64-bit key fingerprint. */
function bytesOf(slots: number): number {
  return HEADER_BYTES + slots * 24
}

/**
 * Two independent 32-bit FNV-1a hashes of the key's UTF-16 code units: the first picks the home slot,
 * both together (never 0, the empty mark) tell keys apart in the table.
 */
function hashKey(key: string): [number, number] {
  let a = 0x811c9dc5
  let b = 0x01000193 ^ key.length
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193)
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15)
  }
  return [a | 0, (b | 1) | 0]
}

/**
 * The in-process token-bucket limiter of {@link createRateLimiter}, with its buckets in a fixed table
 * of shared memory instead of an LRU map: the REST gateway's thread and the gRPC server's thread charge
 * the same budget per key, synchronously, without a message between them. Same rules: each bucket holds
 * up to `limit` tokens and refills at `limit / windowMs`; a request takes one.
 *
 * Bounded: the table never grows. A key lives in one of {@link PROBE_WINDOW} slots from its home slot;
 * when all are taken by other keys, the bucket that would be fullest now is replaced (a full bucket
 * carries no state, so replacing it loses nothing; otherwise the replaced key restarts full, as an LRU
 * eviction does). Each check costs at most `PROBE_WINDOW` slot reads under a lock held for those reads.
 *
 * @example
 * const limiter = createSharedRateLimiter({ limit: 600, windowMs: 60_000 })
 * // in another thread, with the buffer passed in workerData:
 * const same = createSharedRateLimiter({ limit: 600, windowMs: 60_000, buffer })
 * @param params - {@link CreateSharedRateLimiterParameters}
 * @returns the limiter and its table
 * @throws RangeError when `limit` is not a positive integer, `windowMs` not positive, or `buffer` has the wrong size
 */
export function createSharedRateLimiter(params: CreateSharedRateLimiterParameters): SharedRateLimiter {
  const { limit, windowMs, maxEntries = 50_000, now = () => performance.timeOrigin + performance.now() } = params
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`rate limit must be a positive integer, got ${limit}`)
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new RangeError(`rate limit window must be positive, got ${windowMs}`)
  if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) throw new RangeError(`rate limit entries must be a positive integer, got ${maxEntries}`)
  const slots = sharedRateLimiterSlots(maxEntries)
  const buffer = params.buffer ?? new SharedArrayBuffer(bytesOf(slots))
  if (buffer.byteLength !== bytesOf(slots)) throw new RangeError(`shared rate-limit table of ${buffer.byteLength} bytes, expected ${bytesOf(slots)} for ${maxEntries} entries`)
  const lock = new Int32Array(buffer, 0, 1)
  const tokens = new Float64Array(buffer, HEADER_BYTES, slots)
  const at = new Float64Array(buffer, HEADER_BYTES + slots * 8, slots)
  const fingerprints = new Int32Array(buffer, HEADER_BYTES + slots * 16, slots * 2)
  const mask = slots - 1
  const perMs = limit / windowMs

  const acquire = () => {
    if (Atomics.compareExchange(lock, 0, UNLOCKED, LOCKED) === UNLOCKED) return
    const deadline = performance.now() + LOCK_STEAL_AFTER_MS
    while (Atomics.compareExchange(lock, 0, UNLOCKED, LOCKED) !== UNLOCKED) {
      // Sleep until the holder releases (it notifies), at most 1 ms at a time.
      Atomics.wait(lock, 0, LOCKED, 1)
      if (performance.now() > deadline) return
    }
  }
  const release = () => {
    Atomics.store(lock, 0, UNLOCKED)
    Atomics.notify(lock, 0, 1)
  }
  /** The slot holding `key`, or the one to give it (empty, else the bucket fullest by now). */
  const slotOf = (h1: number, h2: number, t: number): { slot: number; found: boolean } => {
    let victim = -1
    let victimTokens = -1
    for (let i = 0; i < PROBE_WINDOW; i++) {
      const slot = (h1 + i) & mask
      const f1 = fingerprints[slot * 2]!
      const f2 = fingerprints[slot * 2 + 1]!
      if (f1 === h1 && f2 === h2) return { slot, found: true }
      if (f2 === 0) {
        if (victimTokens < Number.POSITIVE_INFINITY) {
          victim = slot
          victimTokens = Number.POSITIVE_INFINITY
        }
        continue
      }
      const refilled = tokens[slot]! + Math.max(0, t - at[slot]!) * perMs
      if (refilled > victimTokens) {
        victim = slot
        victimTokens = refilled
      }
    }
    return { slot: victim, found: false }
  }

  return {
    limit,
    windowMs,
    buffer,
    check(key): RateLimitResult {
      const [h1, h2] = hashKey(key)
      let left: number
      let allowed: boolean
      acquire()
      try {
        const t = now()
        const { slot, found } = slotOf(h1, h2, t)
        let current = limit
        if (found) current = Math.min(limit, tokens[slot]! + Math.max(0, t - at[slot]!) * perMs)
        else {
          fingerprints[slot * 2] = h1
          fingerprints[slot * 2 + 1] = h2
        }
        allowed = current >= 1
        left = allowed ? current - 1 : current
        tokens[slot] = left
        at[slot] = t
      } finally {
        release()
      }
      const seconds = (n: number) => Math.ceil(n / perMs / 1000)
      return {
        allowed,
        limit,
        remaining: Math.floor(left),
        resetSeconds: seconds(limit - left),
        retryAfterSeconds: allowed ? 0 : Math.max(1, seconds(1 - left)),
      }
    },
  }
}
