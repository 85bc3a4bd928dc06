/** Test-only: builds a weiroll plan that swaps through a MockSwapPool and sweeps outputs and leftovers. */
import type { Address } from 'viem'
import { Planner, functionCall, addForceApprove, addSweep, addBalanceOfSelf, addFeeTransfer, type PlanAmount, type SwitchyardHelperAddresses } from '../../encoding/index.js'
import { mockSwapPoolAbi } from '../generated/testAbis.js'
import { NATIVE } from './contractsTestEnv.js'

export type PlanSwapParameters = {
  helpers: SwitchyardHelperAddresses
  /** Where the swap output lands first: the executor (router strategy) or the wallet (delegate strategy). */
  self: Address
  pool: Address
  tokenIn: Address
  tokenOut: Address
  /** Amount to swap, or 'balance' to swap the whole balance the executor holds (fee-on-transfer safe). */
  amountSwap: bigint | 'balance'
  receiver: Address
  refundReceiver: Address
  /** Optional fee on the input, taken before the swap. */
  fee?: { bps: bigint; receiver: Address } | undefined
  /** Skip sweeping the input token (e.g. it is also the output). */
  sweepInput?: boolean
  /** Append to this planner instead of a new one. */
  planner?: Planner
}

export function planSwap(p: PlanSwapParameters): Planner {
  const planner = p.planner ?? new Planner()
  let amount: PlanAmount = p.amountSwap === 'balance' ? addBalanceOfSelf(planner, { helpers: p.helpers, token: p.tokenIn }) : p.amountSwap
  if (p.fee) {
    amount = addFeeTransfer(planner, { helpers: p.helpers, token: p.tokenIn, amount, feeBps: p.fee.bps, feeReceiver: p.fee.receiver }).amountAfterFee
  }
  const swap = functionCall({ address: p.pool, abi: mockSwapPoolAbi, functionName: 'swap', args: [p.tokenIn, amount, 0n, p.self] })
  if (p.tokenIn === NATIVE) {
    planner.add(swap.withValue(amount))
  } else {
    addForceApprove(planner, { token: p.tokenIn, spender: p.pool, amount })
    planner.add(swap)
  }
  addSweep(planner, { helpers: p.helpers, token: p.tokenOut, receiver: p.receiver })
  if (p.sweepInput !== false) addSweep(planner, { helpers: p.helpers, token: p.tokenIn, receiver: p.refundReceiver })
  return planner
}
