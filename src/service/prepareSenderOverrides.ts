import { erc20Abi, toHex, type Address, type PublicClient } from 'viem'
import { allowanceStorageKey, findAllowanceSlot, type AllowanceSlotLayout } from '../chain/findAllowanceSlot.js'
import { balanceStorageKey, findBalanceSlot, type BalanceSlotLayout } from '../chain/findBalanceSlot.js'
import { NATIVE_ADDRESS } from '../schemas/fields.js'
import type { AccountOverride } from '../simulate/simulateTransaction.js'

const slotCache = new Map<string, { balance?: BalanceSlotLayout; allowance?: AllowanceSlotLayout }>()

/**
 * State overrides that let a route be simulated for a sender who lacks the funds or the approval
 * (spec: the route is still returned; executing it would fail). Only what is missing is overridden:
 * a funded, approved sender is simulated against real state.
 * @returns overrides keyed by account, and whether any were needed
 */
export async function prepareSenderOverrides(
  client: PublicClient,
  { blockNumber, from, spender, inputs }: { blockNumber: bigint; from: Address; spender: Address | undefined; inputs: readonly { token: Address; amount: bigint }[] },
): Promise<{ overrides: Record<Address, AccountOverride>; overridden: boolean }> {
  const overrides: Record<Address, AccountOverride> = {}
  let overridden = false
  const eth = await client.getBalance({ address: from, blockNumber })
  let needEth = 0n
  for (const { token, amount } of inputs) {
    if (token.toLowerCase() === NATIVE_ADDRESS.toLowerCase()) {
      needEth += amount
      continue
    }
    // Without a spender (delegate strategy: the wallet spends its own tokens) no allowance is needed.
    const [balance, allowance] = await Promise.all([
      client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [from], blockNumber }),
      spender ? client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [from, spender], blockNumber }) : Promise.resolve(amount),
    ])
    if (balance >= amount && allowance >= amount) continue
    const key = `${client.chain?.id ?? 0}:${token.toLowerCase()}`
    const layouts = slotCache.get(key) ?? {}
    const diff: Record<`0x${string}`, `0x${string}`> = {}
    if (balance < amount) {
      layouts.balance ??= await findBalanceSlot(client, { token })
      diff[balanceStorageKey(from, layouts.balance)] = toHex(amount, { size: 32 })
    }
    if (spender && allowance < amount) {
      layouts.allowance ??= await findAllowanceSlot(client, { token })
      diff[allowanceStorageKey(from, spender, layouts.allowance)] = toHex(amount, { size: 32 })
    }
    slotCache.set(key, layouts)
    overrides[token] = { stateDiff: { ...(overrides[token]?.stateDiff ?? {}), ...diff } }
    overridden = true
  }
  // Gas is not charged with validation off, but a value transfer still needs the coins.
  if (eth < needEth) {
    overrides[from] = { balance: toHex(needEth) }
    overridden = true
  }
  return { overrides, overridden }
}
