/**
 * An allocation of `from` (amounts per candidate) carried to `to`: each share scaled by `to / from`,
 * rounded down, the rounding left over given to the largest share, so that the shares add up to `to`.
 * An allocation that does not place all of `from` (a greedy allocation some chunk could not be placed
 * in) is returned as it is: it stays short of `to`, which the caller treats as no split.
 */
export function scaleAllocation(allocation: readonly bigint[], from: bigint, to: bigint): bigint[] {
  let placed = 0n
  for (const a of allocation) placed += a
  if (from === to || placed !== from || from === 0n) return [...allocation]
  const scaled = allocation.map((a) => (a * to) / from)
  let largest = 0
  let sum = 0n
  scaled.forEach((a, i) => {
    sum += a
    if (a > scaled[largest]!) largest = i
  })
  scaled[largest]! += to - sum
  return scaled
}
