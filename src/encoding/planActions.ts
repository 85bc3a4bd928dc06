import { type Address, erc20Abi, isAddressEqual } from 'viem'
import { switchyardBalanceHelperAbi, switchyardCheckHelperAbi, switchyardMathHelperAbi } from '../contracts/generated/abis.js'
import { functionCall, rawCall } from './call.js'
import { nativeTokenAddress } from './legacyCalldata.js'
import type { Planner } from './planner.js'
import type { ReturnValue } from './value.js'

/** Addresses of the stateless helper contracts (see `deploySwitchyardContracts`). */
export type SwitchyardHelperAddresses = {
  /** SwitchyardBalanceHelper. */
  balance: Address
  /** SwitchyardMathHelper. */
  math: Address
  /** SwitchyardCheckHelper. */
  check: Address
  /** SwitchyardUniswapV4Helper (chains with a Uniswap V4 PoolManager only). */
  uniswapV4?: Address
  /** SwitchyardUniswapV3ForkHelper (chains with Uniswap V3 forks of `uniswapV3Forks` only). */
  uniswapV3Forks?: Address
}

/** An amount known when planning, or a handle on one computed on-chain. */
export type PlanAmount = bigint | ReturnValue

function isNative(token: Address): boolean {
  return isAddressEqual(token, nativeTokenAddress)
}

/**
 * Plans a transfer of `amount` of `token` (native: {@link nativeTokenAddress}) from the executing contract
 * (the executor, or the wallet under the delegate strategy) to `receiver`. Native coin goes as a plain value
 * call with empty calldata, so it reaches `receive()`.
 */
export function addTransfer(planner: Planner, params: { token: Address; receiver: Address; amount: PlanAmount }): void {
  const { token, receiver, amount } = params
  if (isNative(token)) planner.add(rawCall({ address: receiver, data: '0x' }).withValue(amount))
  else planner.add(functionCall({ address: token, abi: erc20Abi, functionName: 'transfer', args: [receiver, amount] }))
}

/**
 * Plans a read of the executing contract's own balance of `token` (native included).
 * @returns the handle of the balance
 */
export function addBalanceOfSelf(planner: Planner, params: { helpers: SwitchyardHelperAddresses; token: Address }): ReturnValue {
  return planner.add(
    functionCall({ address: params.helpers.balance, abi: switchyardBalanceHelperAbi, functionName: 'balanceOfCaller', args: [params.token] }).staticcall(),
  )
}

/**
 * Plans a sweep: the executing contract's whole balance of `token` goes to `receiver`. This is how leftovers
 * reach the refund receiver and how outputs reach the receiver: the executor itself makes the transfer, so no
 * helper ever needs an allowance. The balance is read at execution time, so whatever rounding or taxes did
 * upstream, nothing is left. A token with a sweep declared on the planner ({@link Planner.setSweep}: rebasing
 * share tokens such as stETH, whose balance transfer can leave a share behind) is moved that way instead.
 * Tokens that revert on zero transfers need the sweep omitted when the simulated leftover is zero.
 * @returns the handle of the swept amount
 */
export function addSweep(planner: Planner, params: { helpers: SwitchyardHelperAddresses; token: Address; receiver: Address }): ReturnValue {
  const declared = planner.sweepOf(params.token)
  if (declared) return declared(planner, params.receiver)
  const amount = addBalanceOfSelf(planner, params)
  addTransfer(planner, { token: params.token, receiver: params.receiver, amount })
  return amount
}

/**
 * Plans a fee: `floor(amount * feeBps / 10000)` of `token` goes to `feeReceiver` from the executing contract.
 * @returns handles of the fee and of the amount left after it
 */
export function addFeeTransfer(
  planner: Planner,
  params: { helpers: SwitchyardHelperAddresses; token: Address; amount: PlanAmount; feeBps: bigint; feeReceiver: Address },
): { fee: ReturnValue; amountAfterFee: ReturnValue } {
  const math = { address: params.helpers.math, abi: switchyardMathHelperAbi } as const
  const fee = planner.add(functionCall({ ...math, functionName: 'feeAmount', args: [params.amount, params.feeBps] }).staticcall())
  addTransfer(planner, { token: params.token, receiver: params.feeReceiver, amount: fee })
  const amountAfterFee = planner.add(functionCall({ ...math, functionName: 'sub', args: [params.amount, fee] }).staticcall())
  return { fee, amountAfterFee }
}

/**
 * Plans `approve(spender, 0)` then `approve(spender, amount)`, which works for USDT-style tokens that refuse
 * to change a non-zero allowance. Return values are ignored, so tokens returning nothing are fine.
 */
export function addForceApprove(planner: Planner, params: { token: Address; spender: Address; amount: PlanAmount }): void {
  const approve = (amount: PlanAmount) =>
    functionCall({ address: params.token, abi: erc20Abi, functionName: 'approve', args: [params.spender, amount] })
  planner.add(approve(0n))
  planner.add(approve(params.amount))
}

/**
 * Plans an in-plan minimum: reverts `MinAmountOutNotMet` when `amount < minAmountOut`.
 * @returns a handle on `amount`, usable after the check
 */
export function addMinAmountOutCheck(
  planner: Planner,
  params: { helpers: SwitchyardHelperAddresses; amount: PlanAmount; minAmountOut: PlanAmount },
): ReturnValue {
  return planner.add(
    functionCall({
      address: params.helpers.check,
      abi: switchyardCheckHelperAbi,
      functionName: 'checkMinAmountOut',
      args: [params.amount, params.minAmountOut],
    }).staticcall(),
  )
}
