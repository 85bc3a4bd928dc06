import { createHash } from 'node:crypto'

/** A seeded source of randomness for the generated world: the same seed always gives the same world. */
export type WorldRandom = {
  /** Uniform in [0, 1). */
  next(): number
  /** Uniform integer in [0, n). */
  int(n: number): number
  /** Uniform in [lo, hi). */
  between(lo: number, hi: number): number
  /** True with probability p. */
  chance(p: number): boolean
  /** One of the items, uniformly. */
  pick<T>(items: readonly T[]): T
  /** An index drawn with the given cumulative weights (ascending, last = total). */
  weighted(cumulative: Float64Array | readonly number[]): number
}

/**
 * sfc32 (Chris Doty-Humphrey's small fast chaotic generator, 128 bits of state), seeded with the
 * first 16 bytes of sha-256(seed). Deterministic across platforms: only 32-bit integer operations.
 */
export function createWorldRandom(seed: string): WorldRandom {
  const digest = createHash('sha256').update(seed).digest()
  let a = digest.readUInt32LE(0)
  let b = digest.readUInt32LE(4)
  let c = digest.readUInt32LE(8)
  let d = digest.readUInt32LE(12)
  const u32 = (): number => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0
    const t = (a + b + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return t >>> 0
  }
  // Discard the first outputs: they still carry the seed's structure.
  for (let i = 0; i < 15; i++) u32()
  const next = () => u32() / 4_294_967_296
  const random: WorldRandom = {
    next,
    int: (n) => Math.floor(next() * n),
    between: (lo, hi) => lo + (hi - lo) * next(),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list')
      return items[Math.floor(next() * items.length)]!
    },
    weighted: (cumulative) => {
      const total = cumulative[cumulative.length - 1]!
      const x = next() * total
      let lo = 0
      let hi = cumulative.length - 1
      while (lo < hi) {
        const mid = (lo + hi) >>> 1
        if (cumulative[mid]! > x) hi = mid
        else lo = mid + 1
      }
      return lo
    },
  }
  return random
}
