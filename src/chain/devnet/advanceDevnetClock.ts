import type { DevnetClient } from './createDevnetClient.js'

/**
 * Test helper: mines one block `seconds` after the devnet's head (its clock moves one second a block, see
 * `keepDevnetClock`, and anvil ignores `evm_increaseTime` there); later blocks continue one second apart.
 */
export async function advanceDevnetClock(client: Pick<DevnetClient, 'getBlock' | 'setNextBlockTimestamp' | 'mine'>, seconds: number): Promise<void> {
  const head = await client.getBlock({ blockTag: 'latest' })
  await client.setNextBlockTimestamp({ timestamp: head.timestamp + BigInt(seconds) })
  await client.mine({ blocks: 1 })
}
