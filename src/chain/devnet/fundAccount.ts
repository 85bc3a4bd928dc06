import { toHex, type Address } from 'viem'
import type { ChainAddressBook } from '../addressBook.js'
import { findToken } from '../findToken.js'
import { balanceStorageKey, findBalanceSlot, type BalanceSlotLayout } from '../findBalanceSlot.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { loadProtocolArtifact } from './protocolArtifacts.js'
import { sendTx } from './sendTx.js'

/** The native coin placeholder (0xEeee…EEeE), as in the API. */
export const NATIVE_TOKEN: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/** Parameters of {@link fundAccount}. */
export type FundAccountParameters = {
  address: Address
  /** Token symbol or address from the chain's address book, or `ETH` / the 0xEeee… address for the native coin. */
  token: string
  /** Raw amount (wei / smallest unit) to add to the current balance. */
  amount: bigint
}

const slotCache = new Map<string, BalanceSlotLayout>()

/**
 * Gives an address native coin or any scenario token on a devnet (or any anvil, fork included).
 * - Native: raises the balance with `anvil_setBalance`.
 * - WETH: wraps real ETH from the unlocked deployer and transfers it, so WETH's `totalSupply` (its
 *   ETH balance) stays consistent.
 * - Any other ERC-20: finds the balance mapping slot by probing and writes the new balance.
 * @returns the new balance
 */
export async function fundAccount(client: DevnetClient, book: ChainAddressBook, { address, token, amount }: FundAccountParameters): Promise<bigint> {
  if (token.toUpperCase() === 'ETH' || token.toLowerCase() === NATIVE_TOKEN.toLowerCase()) {
    const balance = (await client.getBalance({ address })) + amount
    await client.setBalance({ address, value: balance })
    return balance
  }
  const entry = findToken(book, token)
  const tokenAddress = (entry?.address ?? token) as Address
  const weth = loadProtocolArtifact('WETH9').abi
  if (tokenAddress.toLowerCase() === book.weth.toLowerCase()) {
    // Wrap real ETH (from the unlocked deployer) and transfer it: WETH's totalSupply stays its ETH balance.
    const eth = await client.getBalance({ address: devnetDeployer })
    await client.setBalance({ address: devnetDeployer, value: eth + amount + 10n ** 18n })
    await sendTx(client, { address: tokenAddress, abi: weth, functionName: 'deposit', value: amount })
    await sendTx(client, { address: tokenAddress, abi: weth, functionName: 'transfer', args: [address, amount] })
    return (await client.readContract({ address: tokenAddress, abi: weth, functionName: 'balanceOf', args: [address] })) as bigint
  }
  const key = `${client.chain.id}:${tokenAddress.toLowerCase()}`
  let layout = slotCache.get(key)
  if (!layout) {
    layout = await findBalanceSlot(client, { token: tokenAddress })
    slotCache.set(key, layout)
  }
  const current = (await client.readContract({ address: tokenAddress, abi: weth, functionName: 'balanceOf', args: [address] })) as bigint
  const next = current + amount
  await client.setStorageAt({ address: tokenAddress, index: balanceStorageKey(address, layout), value: toHex(next, { size: 32 }) })
  return next
}
