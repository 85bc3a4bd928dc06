import { parseAbi, type Address } from 'viem'
import { switchyardMathHelperAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'
import { addBalanceOfSelf, addForceApprove } from '../../encoding/planActions.js'
import type { Planner } from '../../encoding/planner.js'
import type { ReturnValue } from '../../encoding/value.js'
import type { EncodeStepContext, EncodeStepParameters } from '../types.js'

const poolAbi = parseAbi([
  'function supply(address asset, uint256 amount, address onBehalfOf, uint16 referralCode)',
  'function withdraw(address asset, uint256 amount, address to) returns (uint256)',
])

function math(planner: Planner, context: EncodeStepContext, functionName: 'sub' | 'min', args: readonly [ReturnValue | bigint, ReturnValue | bigint]): ReturnValue {
  return planner.add(functionCall({ address: context.helpers.math, abi: switchyardMathHelperAbi, functionName, args }).staticcall())
}

/**
 * An Aave V3 step. `supply`: approve exactly the amount, `supply(asset, amount, self, 0)`; the output
 * is the executing contract's aToken balance change (`supply` returns nothing, and aToken balances
 * are scaled by the liquidity index, so the minted amount may differ from the input by 1 wei).
 * `withdraw`: `withdraw(asset, min(amount, aToken balance), self)`, which returns the asset paid: an
 * aToken transfer into the executor rounds at the index and can leave it 1 wei short of `amount`.
 */
export function encodeAaveV3Step(planner: Planner, context: EncodeStepContext, step: EncodeStepParameters): ReturnValue {
  const pool = step.data.pool as Address
  if (step.data.action === 'withdraw') {
    const held = addBalanceOfSelf(planner, { helpers: context.helpers, token: step.tokenIn })
    const amount = math(planner, context, 'min', [step.amountIn, held])
    return planner.add(functionCall({ address: pool, abi: poolAbi, functionName: 'withdraw', args: [step.tokenOut, amount, context.self] }))
  }
  addForceApprove(planner, { token: step.tokenIn, spender: pool, amount: step.amountIn })
  const before = addBalanceOfSelf(planner, { helpers: context.helpers, token: step.tokenOut })
  planner.add(functionCall({ address: pool, abi: poolAbi, functionName: 'supply', args: [step.tokenIn, step.amountIn, context.self, 0] }))
  const after = addBalanceOfSelf(planner, { helpers: context.helpers, token: step.tokenOut })
  return math(planner, context, 'sub', [after, before])
}
