import { parseAbi } from 'viem'
import { functionCall } from '../../encoding/call.js'
import { addForceApprove } from '../../encoding/planActions.js'
import type { Planner } from '../../encoding/planner.js'
import type { ReturnValue } from '../../encoding/value.js'
import type { EncodeStepContext, EncodeStepParameters } from '../types.js'

const vaultAbi = parseAbi([
  'function deposit(uint256 assets, address receiver) returns (uint256 shares)',
  'function redeem(uint256 shares, address receiver, address owner) returns (uint256 assets)',
])

/**
 * An ERC-4626 step: `deposit(assets, self)` after approving exactly the assets (returns the shares),
 * or `redeem(shares, self, self)` (returns the assets; the owner is the executing contract, so no
 * allowance is involved).
 */
export function encodeErc4626Step(planner: Planner, context: EncodeStepContext, step: EncodeStepParameters): ReturnValue {
  if (step.data.action === 'redeem') {
    return planner.add(functionCall({ address: step.primary, abi: vaultAbi, functionName: 'redeem', args: [step.amountIn, context.self, context.self] }))
  }
  addForceApprove(planner, { token: step.tokenIn, spender: step.primary, amount: step.amountIn })
  return planner.add(functionCall({ address: step.primary, abi: vaultAbi, functionName: 'deposit', args: [step.amountIn, context.self] }))
}
