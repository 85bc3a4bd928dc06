import { decodeErrorResult, type Abi, type Address, type Hex } from 'viem'
import { switchyardCheckHelperAbi, switchyardDelegateAbi } from '../contracts/generated/abis.js'

/**
 * Whether a route's revert is its own in-plan minimum check failing: the executing VM's
 * `ExecutionFailed(index, target, message)` where `target` is our check helper and `message` is the
 * helper's `MinAmountOutNotMet(amount, minAmountOut)`. A delegate plan derives that minimum from the
 * engine's quote, which cannot see a transfer tax; any other revert (a pool, a token, a caller's
 * minimum checked elsewhere) is not this.
 * @param revertData - the simulation's revert data
 * @param checkHelper - the chain's SwitchyardCheckHelper
 */
export function missedPlanMinimum(revertData: Hex | undefined, checkHelper: Address): boolean {
  if (revertData === undefined || revertData.length < 10) return false
  try {
    const outer = decodeErrorResult({ abi: switchyardDelegateAbi as Abi, data: revertData })
    if (outer.errorName !== 'ExecutionFailed') return false
    const [, target, message] = outer.args as readonly [bigint, Address, Hex]
    if (target.toLowerCase() !== checkHelper.toLowerCase()) return false
    return decodeErrorResult({ abi: switchyardCheckHelperAbi as Abi, data: message }).errorName === 'MinAmountOutNotMet'
  } catch {
    return false
  }
}
