import type { PublicClient } from 'viem'
import { isMissingHistoryError } from './isMissingHistoryError.js'

/** Parameters of {@link findBlockAtOrBefore}. */
export type FindBlockAtOrBeforeParameters = {
  /** Unix seconds: the block sought is the last one at or before it. */
  timestamp: bigint
  /** The newest block to consider (the snapshot's). */
  head: bigint
  /** Its timestamp. */
  headTimestamp: bigint
}

/** A block and its timestamp. */
export type BlockAt = { number: bigint; timestamp: bigint }

/**
 * The last block whose timestamp is at or before `timestamp`: gallops back from the head (1, 2, 4 ...
 * blocks) until it passes the time, then bisects, so it reads about 2·log2(distance) headers and
 * never asks for blocks older than it must (a node started from a state dump keeps no headers before
 * it). Used to pin the start of an APY window.
 * @returns the block, or `undefined` when the chain is younger than `timestamp` or the node keeps no
 *   header that old
 * @throws the client's errors other than a missing-history answer
 */
export async function findBlockAtOrBefore(client: PublicClient, { timestamp, head, headTimestamp }: FindBlockAtOrBeforeParameters): Promise<BlockAt | undefined> {
  if (headTimestamp <= timestamp) return { number: head, timestamp: headTimestamp }
  const timeOf = async (number: bigint): Promise<bigint | undefined> => {
    try {
      return (await client.getBlock({ blockNumber: number })).timestamp
    } catch (error) {
      if (isMissingHistoryError(error)) return undefined
      throw error
    }
  }
  // Invariant: `after` is a block known to be later than `timestamp`.
  let after = head
  let step = 1n
  let found: BlockAt
  for (;;) {
    const candidate = after - step < 0n ? 0n : after - step
    const time = await timeOf(candidate)
    if (time === undefined) return undefined
    if (time <= timestamp) {
      found = { number: candidate, timestamp: time }
      break
    }
    if (candidate === 0n) return undefined
    after = candidate
    step *= 2n
  }
  while (after - found.number > 1n) {
    const mid: bigint = (after + found.number) / 2n
    const time = await timeOf(mid)
    if (time === undefined) return undefined
    if (time <= timestamp) found = { number: mid, timestamp: time }
    else after = mid
  }
  return found
}
