import { parseAbi } from 'viem'
import { switchyardMathHelperAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'
import { addBalanceOfSelf, addForceApprove } from '../../encoding/planActions.js'
import type { Planner } from '../../encoding/planner.js'
import type { ReturnValue } from '../../encoding/value.js'
import type { EncodeStepContext, EncodeStepParameters } from '../types.js'

const router02Abi = parseAbi([
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
])

/**
 * A Uniswap V2 hop through Router02's fee-on-transfer-safe swap. The output is measured as the
 * executing contract's balance change of `tokenOut`, so taxed tokens are handled exactly.
 */
export function encodeUniswapV2Step(planner: Planner, context: EncodeStepContext, step: EncodeStepParameters): ReturnValue {
  const router = context.contracts.uniswapV2Router02
  const before = addBalanceOfSelf(planner, { helpers: context.helpers, token: step.tokenOut })
  addForceApprove(planner, { token: step.tokenIn, spender: router, amount: step.amountIn })
  planner.add(
    functionCall({
      address: router,
      abi: router02Abi,
      functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
      args: [step.amountIn, 0n, [step.tokenIn, step.tokenOut], context.self, context.deadline],
    }),
  )
  const after = addBalanceOfSelf(planner, { helpers: context.helpers, token: step.tokenOut })
  return planner.add(functionCall({ address: context.helpers.math, abi: switchyardMathHelperAbi, functionName: 'sub', args: [after, before] }).staticcall())
}
