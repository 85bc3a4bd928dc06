import type { Abi, Address, Hex, TransactionReceipt } from 'viem'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'

/** Parameters of {@link sendTx}. */
export type SendTxParameters = {
  address: Address
  abi: Abi
  functionName: string
  args?: readonly unknown[] | undefined
  value?: bigint | undefined
  /** Sender; defaults to the devnet deployer (an unlocked anvil account). */
  account?: Address | undefined
}

/**
 * Sends a contract call from an unlocked devnet account and waits for a successful receipt.
 * @returns the receipt
 * @throws Error when the transaction reverts
 */
export async function sendTx(client: DevnetClient, params: SendTxParameters): Promise<TransactionReceipt> {
  const hash: Hex = await client.writeContract({
    address: params.address,
    abi: params.abi,
    functionName: params.functionName,
    args: params.args ?? [],
    account: params.account ?? devnetDeployer,
    chain: client.chain,
    // A fixed, generous limit: estimates taken before the block's timestamp moves can fall short
    // (Uniswap V3 writes an oracle observation only in a new block), and the devnet gas is free.
    gas: 15_000_000n,
    ...(params.value === undefined ? {} : { value: params.value }),
  } as never)
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  if (receipt.status !== 'success') {
    // Replay as a call on the parent block to surface the revert reason.
    const reason = await client
      .simulateContract({ ...(params as object), account: params.account ?? devnetDeployer, blockNumber: receipt.blockNumber - 1n } as never)
      .then(() => 'no reason (out of gas?)', (e: Error) => (e as { shortMessage?: string }).shortMessage ?? e.message)
    throw new Error(`${params.functionName} on ${params.address} reverted (gas used ${receipt.gasUsed}): ${reason}`)
  }
  return receipt
}
