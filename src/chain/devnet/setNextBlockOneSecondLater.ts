import type { Hex } from 'viem'
import type { DevnetClient } from './createDevnetClient.js'

/**
 * Test helper for sending a returned transaction: the next block is stamped one second after the
 * chain's head, as on a live chain and as switchyard simulates it (anvil can otherwise mine two
 * blocks within one second, and time-dependent paths then cost less than simulated). Reads the head
 * raw, so no client-side cache can hand back an older block. When anvil's clock is already past that
 * second (it refuses an earlier stamp), the next block is later anyway and nothing is set.
 */
export async function setNextBlockOneSecondLater(client: DevnetClient): Promise<void> {
  const head = (await client.request({ method: 'eth_getBlockByNumber' as never, params: ['latest', false] as never })) as { timestamp: Hex }
  try {
    await client.setNextBlockTimestamp({ timestamp: BigInt(head.timestamp) + 1n })
  } catch (error) {
    if (!String((error as { details?: unknown }).details ?? error).includes('lower than previous')) throw error
  }
}
