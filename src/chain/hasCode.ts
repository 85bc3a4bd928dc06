import type { Address, PublicClient } from 'viem'

/** Whether `address` holds contract code at `blockNumber` (default: the latest block). */
export async function hasCode(client: Pick<PublicClient, 'getCode'>, address: Address, blockNumber?: bigint): Promise<boolean> {
  const code = await client.getCode(blockNumber === undefined ? { address } : { address, blockNumber })
  return code !== undefined && code !== '0x'
}
