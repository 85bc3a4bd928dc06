import type { EnsoClient } from '@ensofinance/sdk'
import { erc20Abi, type Address, type Hex, type TransactionReceipt } from 'viem'
import { expect } from 'vitest'
import type { DevnetClient } from '../devnet/createDevnetClient.js'
import { setNextBlockOneSecondLater } from '../devnet/setNextBlockOneSecondLater.js'

/** A devnet account (impersonated) that sends what the API answers, as the SDK e2e tests do. */
export type DevnetTrader = {
  /** An ERC-20 balance. */
  balanceOf(token: Address, who: Address): Promise<bigint>
  /** Waits for the transaction and expects it to succeed. */
  mined(hash: Hex): Promise<TransactionReceipt>
  /** Sends a transaction as it is (an approval), mined and successful. */
  sendRaw(tx: { to: string; data: string }): Promise<TransactionReceipt>
  /** Sends an answer's transaction with the answer's `gas` as its limit, in a block one second after the last (the simulation's time). */
  send(tx: { to: string; data: string; value?: string | number | undefined }, gas: string | number): Promise<TransactionReceipt>
  /** Approves the router for `amount` of `token` with the transaction the API's `/wallet/approve` answers. */
  approve(token: Address, amount: bigint): Promise<void>
}

/**
 * The trader helpers every SDK e2e test wrote for itself. `account` must be funded and impersonated.
 * @example
 * const trader = createDevnetTrader({ client, account: '0x…', enso, chainId: 1 })
 * await trader.approve(USDC, amountIn)
 */
export function createDevnetTrader({ client, account, enso, chainId }: { client: DevnetClient; account: Address; enso: EnsoClient; chainId: number }): DevnetTrader {
  const mined = async (hash: Hex) => {
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    return receipt
  }
  const sendRaw = async (tx: { to: string; data: string }) => mined(await client.sendTransaction({ account, to: tx.to as Address, data: tx.data as Hex, chain: client.chain }))
  return {
    balanceOf: (token, who) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] }),
    mined,
    sendRaw,
    async send(tx, gas) {
      await setNextBlockOneSecondLater(client)
      return mined(await client.sendTransaction({ account, to: tx.to as Address, data: tx.data as Hex, value: BigInt(tx.value ?? '0'), chain: client.chain, gas: BigInt(gas) }))
    },
    async approve(token, amount) {
      const approval = await enso.getApprovalData({ chainId, fromAddress: account, tokenAddress: token, amount: amount.toString() })
      await sendRaw(approval.tx)
    },
  }
}
