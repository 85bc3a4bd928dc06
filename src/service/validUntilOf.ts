import type { EngineSnapshot } from '../engine/types.js'

/** How long an answer stays good: pools move every block, so a minute past the simulated block. */
export const QUOTE_VALID_FOR_SECONDS = 60

/**
 * Unix seconds after which an answer simulated on `snapshot` should be fetched again (the OpenAPI's
 * `validUntil`): the block's timestamp plus {@link QUOTE_VALID_FOR_SECONDS}. Every plan's own
 * deadlines (router swaps) lie well past it.
 */
export function validUntilOf(snapshot: Pick<EngineSnapshot, 'timestamp'>): number {
  return Number(snapshot.timestamp ?? BigInt(Math.floor(Date.now() / 1000))) + QUOTE_VALID_FOR_SECONDS
}
