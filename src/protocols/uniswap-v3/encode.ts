import { parseAbi } from 'viem'
import { functionCall } from '../../encoding/call.js'
import { addForceApprove } from '../../encoding/planActions.js'
import type { Planner } from '../../encoding/planner.js'
import type { ReturnValue } from '../../encoding/value.js'
import type { EncodeStepContext, EncodeStepParameters } from '../types.js'

const swapRouter02Abi = parseAbi([
  'struct ExactInputSingleParams { address tokenIn; address tokenOut; uint24 fee; address recipient; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }',
  'function exactInputSingle(ExactInputSingleParams params) payable returns (uint256 amountOut)',
])

/** A Uniswap V3 hop through SwapRouter02 `exactInputSingle`; its return value is the exact output. */
export function encodeUniswapV3Step(planner: Planner, context: EncodeStepContext, step: EncodeStepParameters): ReturnValue {
  const router = context.contracts.uniswapV3SwapRouter02
  addForceApprove(planner, { token: step.tokenIn, spender: router, amount: step.amountIn })
  return planner.add(
    functionCall({
      address: router,
      abi: swapRouter02Abi,
      functionName: 'exactInputSingle',
      args: [{
        tokenIn: step.tokenIn, tokenOut: step.tokenOut, fee: Number(step.data.fee), recipient: context.self,
        amountIn: step.amountIn, amountOutMinimum: 0n, sqrtPriceLimitX96: 0n,
      }],
    }),
  )
}
