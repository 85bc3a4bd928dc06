import { type Address, type Hex, getAddress } from 'viem'
import type { DevnetClient } from '../../chain/devnet/createDevnetClient.js'

/**
 * Init code whose runtime is one STOP: the contract accepts every call and every native payment
 * (as a `receive()` would) and returns nothing. Deployed by a transaction, so it has code from the
 * next block on, like any freshly deployed contract no address book lists.
 */
const OPEN_CONTRACT_INIT_CODE: Hex = '0x6001600c60003960016000f300'

/**
 * Test-only: deploys a contract no address book knows, from `account` (impersonated and funded).
 * @returns its address, checksummed
 */
export async function deployOpenContract(client: DevnetClient, { account }: { account: Address }): Promise<Address> {
  const hash = await client.sendTransaction({ account, data: OPEN_CONTRACT_INIT_CODE, chain: client.chain })
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploying the open contract failed (${receipt.status})`)
  return getAddress(receipt.contractAddress)
}
