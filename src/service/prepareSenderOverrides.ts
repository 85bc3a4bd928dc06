import { LRUCache } from 'lru-cache'
import { concatHex, decodeAbiParameters, encodeAbiParameters, encodeFunctionData, erc20Abi, maxUint256, parseAbiItem, toFunctionSelector, toHex, type Address, type Hex, type PublicClient } from 'viem'
import { allowanceStorageKey, findAllowanceSlot, type AllowanceSlotLayout } from '../chain/findAllowanceSlot.js'
import { balanceStorageKey, findBalanceSlot, type BalanceSlotLayout } from '../chain/findBalanceSlot.js'
import { findTokenHolders } from '../chain/findTokenHolders.js'
import { TokenBalanceSlotNotFoundError } from '../errors/chain.js'
import { InvalidRequestError } from '../errors/request.js'
import { checkedAdd } from '../schemas/checkedAdd.js'
import { isNativeAddress, MAX_UINT256 } from '../schemas/fields.js'
import type { AccountOverride, SimulatedSetupCall } from '../simulate/simulateTransaction.js'

/** A probe that completed without a slot is remembered (`null`); a node failure is not (retry later). */
function noSlot(error: unknown): null {
  if (error instanceof TokenBalanceSlotNotFoundError) return null
  throw error
}

/**
 * Slot layouts per `chainId:token`; `null` remembers that a token has none (probing costs ~130 calls).
 * One address can be two different tokens on two chains (a CREATE2 deployment, a bridged OFT).
 */
const slotCache = new Map<string, { balance?: BalanceSlotLayout | null; allowance?: AllowanceSlotLayout | null }>()

/**
 * Rebasing and share-based tokens round each transfer by a wei or two (stETH moves shares, aTokens
 * scaled units): a sender funded by transfers gets this much more than it spends.
 */
const TRANSFER_ROUNDING_MARGIN = 16n

/** What a sender holds at one state: native balance, and per ERC-20 input its balance and allowance. */
type SenderState = { eth: bigint; tokens: { balance: bigint; allowance: bigint }[] }

/**
 * Sender reads in flight, per state version (a snapshot version names one block by number and hash):
 * concurrent requests on the same block from the same sender, for the same tokens, share one read.
 * Only while it is in flight: a devnet's state can change without a new block (`anvil_setStorageAt`,
 * `evm_revert` back to the same block), so a finished read is never reused.
 */
const senderStates = new Map<string, Promise<SenderState>>()

/** Storage keys of a sender's balance and allowance slots (two or three keccaks each), per layout. */
const storageKeys = new WeakMap<object, LRUCache<string, Hex>>()

function storageKeyOf(layout: object, key: string, derive: () => Hex): Hex {
  let keys = storageKeys.get(layout)
  if (!keys) storageKeys.set(layout, (keys = new LRUCache<string, Hex>({ max: 1_000 })))
  let hit = keys.get(key)
  if (hit === undefined) keys.set(key, (hit = derive()))
  return hit
}

const aggregate3 = parseAbiItem('function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)')
const AGGREGATE3 = toFunctionSelector(aggregate3)
/** Selectors of the reads: `getEthBalance(address)`, `balanceOf(address)`, `allowance(address,address)`. */
const GET_ETH_BALANCE = '0x4d2301cc'
const BALANCE_OF = '0x70a08231'
const ALLOWANCE = '0xdd62ed3e'
const UINT256_RETURN = /^0x[0-9a-fA-F]{64}/

/** An address as one ABI word. */
const word = (address: Address) => `000000000000000000000000${address.slice(2).toLowerCase()}`

/**
 * One round trip: every balance and allowance, and the native balance, through Multicall3's
 * `aggregate3` (each read may fail: it then counts as 0). Encoded here rather than through viem's
 * `multicall`, which hashes every function signature and decodes every result on each call.
 */
async function readSenderState(
  client: PublicClient,
  { blockNumber, from, spender, tokens, multicall3 }: { blockNumber: bigint; from: Address; spender: Address | undefined; tokens: readonly Address[]; multicall3: Address },
): Promise<SenderState> {
  const calls = [
    { target: multicall3, allowFailure: true, callData: `${GET_ETH_BALANCE}${word(from)}` as Hex },
    ...tokens.flatMap((token) => [
      { target: token, allowFailure: true, callData: `${BALANCE_OF}${word(from)}` as Hex },
      // Without a spender (delegate strategy: the wallet spends its own tokens) no allowance is needed.
      { target: token, allowFailure: true, callData: `${ALLOWANCE}${word(from)}${word(spender ?? from)}` as Hex },
    ]),
  ]
  const data = concatHex([AGGREGATE3, encodeAbiParameters(aggregate3.inputs, [calls])])
  const answer = await client.request({ method: 'eth_call', params: [{ to: multicall3, data }, toHex(blockNumber)] })
  const [results] = decodeAbiParameters(aggregate3.outputs, answer)
  const value = (i: number): bigint => {
    const r = results[i]
    return r?.success === true && UINT256_RETURN.test(r.returnData) ? BigInt(r.returnData.slice(0, 66)) : 0n
  }
  return { eth: value(0), tokens: tokens.map((_, i) => ({ balance: value(1 + 2 * i), allowance: value(2 + 2 * i) })) }
}

function tooLarge(token: Address): never {
  const reason = `the sender would need more than 2^256-1 of ${token}`
  throw new InvalidRequestError({ code: 'AMOUNT_TOO_LARGE', message: `amountIn: ${reason}`, issues: [{ field: 'amountIn', reason }] })
}

/**
 * State overrides (and setup calls) that let a route be simulated for a sender who lacks the funds or
 * the approval (spec: the route is still returned; executing it would fail). Only what is missing is
 * provided: a funded, approved sender is simulated against real state.
 * With `stateVersion`, concurrent calls for the same version, sender, spender and tokens share one
 * read of the sender's balances and allowances (the reads do not depend on the amounts).
 * - A plain token: its balance and allowance slots are written.
 * - A token whose balances are computed (`computedBalanceTokens`: stETH's shares, aTokens' scaled
 *   balances, where a written balance is not backed by the total supply), or one without a findable
 *   slot: holders without code transfer it to the sender in setup calls, ahead of the transaction in
 *   the same simulated block; the sender approves the spender in a setup call when no allowance slot
 *   can be written.
 * @returns overrides keyed by account, setup calls to run first, and whether anything was needed
 * @throws InvalidRequestError AMOUNT_TOO_LARGE when what the sender needs of a token passes 2^256-1
 */
export async function prepareSenderOverrides(
  client: PublicClient,
  { chainId, blockNumber, stateVersion, from, spender, inputs, multicall3, computedBalanceTokens }: {
    /** The chain `client` talks to: slot layouts and token holders are remembered per chain. */
    chainId: number
    blockNumber: bigint
    /** Names the state at `blockNumber` (a snapshot version: chain, number and hash); shares reads in flight. */
    stateVersion?: string | undefined
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
  // The amounts come from the caller: one no balance can hold is their mistake (400), not a failure
  // of the node that would be asked to write it.
  const needEth = inputs.reduce((sum, i) => (isNativeAddress(i.token) ? checkedAdd(sum, i.amount) ?? tooLarge(i.token) : sum), 0n)
  for (const i of erc20Inputs) if (i.amount > MAX_UINT256) tooLarge(i.token)
  const tokens = erc20Inputs.map((i) => i.token)
  const read = () => readSenderState(client, { blockNumber, from, spender, tokens, multicall3 })
  let state: Promise<SenderState>
  if (stateVersion === undefined) state = read()
  else {
    const key = `${stateVersion}|${from.toLowerCase()}|${spender?.toLowerCase() ?? ''}|${tokens.join(',').toLowerCase()}`
    const hit = senderStates.get(key)
    if (hit) state = hit
    else {
      state = read()
      senderStates.set(key, state)
      const forget = () => senderStates.delete(key)
      state.then(forget, forget)
    }
  }
  const { eth, tokens: held } = await state
  for (const [i, { token, amount }] of erc20Inputs.entries()) {
    const balance = held[i]!.balance
    const allowance = spender ? held[i]!.allowance : amount
    if (balance >= amount && allowance >= amount) continue
    const key = `${chainId}:${token.toLowerCase()}`
    const layouts = slotCache.get(key) ?? {}
    const diff: Record<`0x${string}`, `0x${string}`> = {}
    if (balance < amount) {
      const computed = computedBalanceTokens?.has(token.toLowerCase()) === true
      if (!computed && layouts.balance === undefined) layouts.balance = await findBalanceSlot(client, { token }).catch(noSlot)
      const balanceLayout = layouts.balance
      if (!computed && balanceLayout) diff[storageKeyOf(balanceLayout, from.toLowerCase(), () => balanceStorageKey(from, balanceLayout))] = toHex(amount, { size: 32 })
      else {
        // Borrow the state of holders: their transfers run first in the simulated block.
        const deficit = amount - balance + TRANSFER_ROUNDING_MARGIN
        const shares = await findTokenHolders(client, { chainId, token, blockNumber, amount: deficit, exclude: [from, ...(spender ? [spender] : [])], multicall3 })
        for (const share of shares) setup.push({ from: share.holder, to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [from, share.amount] }) })
        // Holders that cannot cover it: simulated as it is; the shortfall shows as a revert (NO_ROUTE with reason).
        overridden ||= shares.length > 0
      }
    }
    if (spender && allowance < amount) {
      if (layouts.allowance === undefined) layouts.allowance = await findAllowanceSlot(client, { token }).catch(noSlot)
      const allowanceLayout = layouts.allowance
      if (allowanceLayout) diff[storageKeyOf(allowanceLayout, `${from}|${spender}`.toLowerCase(), () => allowanceStorageKey(from, spender, allowanceLayout))] = toHex(amount, { size: 32 })
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
