/** Test support: a fresh world of mock contracts for plans run on the reference VM. */
import type { Address } from 'viem'
import { mockTarget } from './mockTarget.js'
import type { MockTarget, MockWorld } from './mockWorld.js'

/** The address plans call by default; it has {@link mockTarget} code. */
export const MOCK_TARGET: Address = '0x4444444444444444444444444444444444444444'
/** A second address with {@link mockTarget} code (subplan calls go there). */
export const MOCK_OTHER: Address = '0x5555555555555555555555555555555555555555'
/** A third address with {@link mockTarget} code, the receiver of plain native transfers. */
export const MOCK_RECEIVER: Address = '0x3333333333333333333333333333333333333333'

/**
 * A world where {@link MOCK_TARGET}, {@link MOCK_OTHER} and {@link MOCK_RECEIVER} run {@link mockTarget},
 * with an empty call log.
 */
export function createMockWorld(): MockWorld {
  const targets = new Map<string, MockTarget>()
  for (const a of [MOCK_TARGET, MOCK_OTHER, MOCK_RECEIVER]) targets.set(a.toLowerCase(), mockTarget)
  return { targets, log: [] }
}
