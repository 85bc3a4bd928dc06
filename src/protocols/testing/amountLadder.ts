/**
 * Test-only: deterministic pseudo-random amounts spread log-uniformly from dust to `max`
 * (a mulberry32 stream, so a failing amount is reproducible from the printed seed).
 */
export function amountLadder({ max, count, seed }: { max: bigint; count: number; seed: number }): bigint[] {
  let s = seed >>> 0
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const digits = max.toString().length
  const out: bigint[] = []
  for (let i = 0; i < count; i++) {
    const exp = 1 + next() * (digits - 1)
    const mantissa = BigInt(Math.floor(10 ** (exp - Math.floor(exp)) * 1e6))
    const amount = (mantissa * 10n ** BigInt(Math.floor(exp))) / 1_000_000n
    out.push(amount > max ? max : amount < 1n ? 1n : amount)
  }
  return out
}
