import type { Address, PublicClient } from 'viem'

/** Whether `address` holds contract code at the latest block. */
export async function hasCode(client: Pick<PublicClient, 'getCode'>, address: Address): Promise<boolean> {
  const code = await client.getCode({ address })
  return code !== undefined && code !== '0x'
}
