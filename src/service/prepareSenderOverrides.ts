import { encodeFunctionData, erc20Abi, maxUint256, parseAbi, toHex, type Address, type PublicClient } from 'viem'
import { allowanceStorageKey, findAllowanceSlot, type AllowanceSlotLayout } from '../chain/findAllowanceSlot.js'
import { balanceStorageKey, findBalanceSlot, type BalanceSlotLayout } from '../chain/findBalanceSlot.js'
import { findTokenHolders } from '../chain/findTokenHolders.js'
import { TokenBalanceSlotNotFoundError } from '../errors/chain.js'
import { isNativeAddress } from '../schemas/fields.js'
import type { AccountOverride, SimulatedSetupCall } from '../simulate/simulateTransaction.js'

const multicall3Abi = parseAbi(['function getEthBalance(address) view returns (uint256)'])
/** A probe that completed without a slot is remembered (`null`); a node failure is not (retry later). */
function noSlot(error: unknown): null {
  if (error instanceof TokenBalanceSlotNotFoundError) return null
  throw error
}

/** Slot layouts per token; `null` remembers that a token has none (probing costs ~130 calls). */
const slotCache = new Map<string, { balance?: BalanceSlotLayout | null; allowance?: AllowanceSlotLayout | null }>()

/**
 * Rebasing and share-based tokens round each transfer by a wei or two (stETH moves shares, aTokens
 * scaled units): a sender funded by transfers gets this much more than it spends.
 */
const TRANSFER_ROUNDING_MARGIN = 16n

/**
 * State overrides (and setup calls) that let a route be simulated for a sender who lacks the funds or
 * the approval (spec: the route is still returned; executing it would fail). Only what is missing is
 * provided: a funded, approved sender is simulated against real state.
 * - A plain token: its balance and allowance slots are written.
 * - A token whose balances are computed (`computedBalanceTokens`: stETH's shares, aTokens' scaled
 *   balances, where a written balance is not backed by the total supply), or one without a findable
 *   slot: holders without code transfer it to the sender in setup calls, ahead of the transaction in
 *   the same simulated block; the sender approves the spender in a setup call when no allowance slot
 *   can be written.
 * @returns overrides keyed by account, setup calls to run first, and whether anything was needed
 */
export async function prepareSenderOverrides(
  client: PublicClient,
  { blockNumber, from, spender, inputs, multicall3, computedBalanceTokens }: {
    blockNumber: bigint
    from: Address
    spender: Address | undefined
    inputs: readonly { token: Address; amount: bigint }[]
    multicall3: Address
    /** Lowercase addresses of tokens whose balances must not be written to storage. */
    computedBalanceTokens?: ReadonlySet<string> | undefined
  },
): Promise<{ overrides: Record<Address, AccountOverride>; setup: SimulatedSetupCall[]; overridden: boolean }> {
  const overrides: Record<Address, AccountOverride> = {}
  const setup: SimulatedSetupCall[] = []
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
    if (balance < amount) {
      const computed = computedBalanceTokens?.has(token.toLowerCase()) === true
      if (!computed && layouts.balance === undefined) layouts.balance = await findBalanceSlot(client, { token }).catch(noSlot)
      if (!computed && layouts.balance) diff[balanceStorageKey(from, layouts.balance)] = toHex(amount, { size: 32 })
      else {
        // Borrow the state of holders: their transfers run first in the simulated block.
        const deficit = amount - balance + TRANSFER_ROUNDING_MARGIN
        const shares = await findTokenHolders(client, { token, blockNumber, amount: deficit, exclude: [from, ...(spender ? [spender] : [])], multicall3 })
        for (const share of shares) setup.push({ from: share.holder, to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [from, share.amount] }) })
        // Holders that cannot cover it: simulated as it is; the shortfall shows as a revert (NO_ROUTE with reason).
        overridden ||= shares.length > 0
      }
    }
    if (spender && allowance < amount) {
      if (layouts.allowance === undefined) layouts.allowance = await findAllowanceSlot(client, { token }).catch(noSlot)
      if (layouts.allowance) diff[allowanceStorageKey(from, spender, layouts.allowance)] = toHex(amount, { size: 32 })
      else {
        setup.push({ from, to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] }) })
        overridden = true
      }
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
  return { overrides, setup, overridden }
}
