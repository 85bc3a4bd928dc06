import { erc20Abi, parseAbi, toHex, type Address, type PublicClient } from 'viem'
import { allowanceStorageKey, findAllowanceSlot, type AllowanceSlotLayout } from '../chain/findAllowanceSlot.js'
import { balanceStorageKey, findBalanceSlot, type BalanceSlotLayout } from '../chain/findBalanceSlot.js'
import { TokenBalanceSlotNotFoundError } from '../errors/chain.js'
import { isNativeAddress } from '../schemas/fields.js'
import type { AccountOverride } from '../simulate/simulateTransaction.js'

const multicall3Abi = parseAbi(['function getEthBalance(address) view returns (uint256)'])
/** A probe that completed without a slot is remembered (`null`); a node failure is not (retry later). */
function noSlot(error: unknown): null {
  if (error instanceof TokenBalanceSlotNotFoundError) return null
  throw error
}

/** Slot layouts per token; `null` remembers that a token has none (probing costs ~130 calls). */
const slotCache = new Map<string, { balance?: BalanceSlotLayout | null; allowance?: AllowanceSlotLayout | null }>()

/**
 * State overrides that let a route be simulated for a sender who lacks the funds or the approval
 * (spec: the route is still returned; executing it would fail). Only what is missing is overridden:
 * a funded, approved sender is simulated against real state.
 * @returns overrides keyed by account, and whether any were needed
 */
export async function prepareSenderOverrides(
  client: PublicClient,
  { blockNumber, from, spender, inputs, multicall3 }: {
    blockNumber: bigint
    from: Address
    spender: Address | undefined
    inputs: readonly { token: Address; amount: bigint }[]
    multicall3: Address
  },
): Promise<{ overrides: Record<Address, AccountOverride>; overridden: boolean }> {
  const overrides: Record<Address, AccountOverride> = {}
  let overridden = false
  const erc20Inputs = inputs.filter((i) => !isNativeAddress(i.token))
  const needEth = inputs.reduce((sum, i) => (isNativeAddress(i.token) ? sum + i.amount : sum), 0n)
  // One round trip: every balance and allowance, and the native balance, through Multicall3.
  const results = await client.multicall({
    blockNumber,
    multicallAddress: multicall3,
    allowFailure: true,
    contracts: [
      { address: multicall3, abi: multicall3Abi, functionName: 'getEthBalance', args: [from] },
      ...erc20Inputs.flatMap(({ token }) => [
        { address: token, abi: erc20Abi, functionName: 'balanceOf', args: [from] } as const,
        // Without a spender (delegate strategy: the wallet spends its own tokens) no allowance is needed.
        { address: token, abi: erc20Abi, functionName: 'allowance', args: [from, spender ?? from] } as const,
      ]),
    ] as never[],
  })
  const eth = results[0]?.status === 'success' ? (results[0].result as bigint) : 0n
  for (const [i, { token, amount }] of erc20Inputs.entries()) {
    const b = results[1 + 2 * i]
    const a = results[2 + 2 * i]
    const balance = b?.status === 'success' ? (b.result as bigint) : 0n
    const allowance = spender ? (a?.status === 'success' ? (a.result as bigint) : 0n) : amount
    if (balance >= amount && allowance >= amount) continue
    const key = `${client.chain?.id ?? 0}:${token.toLowerCase()}`
    const layouts = slotCache.get(key) ?? {}
    const diff: Record<`0x${string}`, `0x${string}`> = {}
    // Tokens whose balances are computed (rebasing, shares) have no slot to override: they are
    // simulated as they are, and a shortfall then shows as a simulation revert (NO_ROUTE with reason).
    if (balance < amount) {
      if (layouts.balance === undefined) layouts.balance = await findBalanceSlot(client, { token }).catch(noSlot)
      if (layouts.balance) diff[balanceStorageKey(from, layouts.balance)] = toHex(amount, { size: 32 })
    }
    if (spender && allowance < amount) {
      if (layouts.allowance === undefined) layouts.allowance = await findAllowanceSlot(client, { token }).catch(noSlot)
      if (layouts.allowance) diff[allowanceStorageKey(from, spender, layouts.allowance)] = toHex(amount, { size: 32 })
    }
    slotCache.set(key, layouts)
    if (Object.keys(diff).length === 0) continue
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
