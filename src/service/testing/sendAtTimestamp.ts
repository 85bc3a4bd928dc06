import type { Address, Hex } from 'viem'
import type { DevnetClient } from '../../chain/devnet/createDevnetClient.js'

/**
 * Test-only: sends an answer's transaction from `account` (impersonated) in a block stamped
 * `timestamp`, or one second after the head when that is earlier (anvil refuses going back), with
 * 100k gas over the answer's limit.
 * @returns the mined receipt's status
 */
export async function sendAtTimestamp(
  client: DevnetClient,
  { account, tx, gas, timestamp }: { account: Address; tx: { to: string; data: Hex; value: string }; gas: string; timestamp: bigint },
): Promise<'success' | 'reverted'> {
  const head = await client.getBlock()
  await client.setNextBlockTimestamp({ timestamp: timestamp > head.timestamp ? timestamp : head.timestamp + 1n })
  const hash = await client.sendTransaction({ account, to: tx.to as Address, data: tx.data, value: BigInt(tx.value), chain: client.chain, gas: BigInt(gas) + 100_000n })
  return (await client.waitForTransactionReceipt({ hash })).status
}
