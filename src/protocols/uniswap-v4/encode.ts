import { switchyardUniswapV4HelperAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'
import { addForceApprove } from '../../encoding/planActions.js'
import type { Planner } from '../../encoding/planner.js'
import type { ReturnValue } from '../../encoding/value.js'
import { MissingHelperContractError } from '../../errors/encoding.js'
import type { Address } from 'viem'
import type { EncodeStepContext, EncodeStepParameters } from '../types.js'

export type EncodeUniswapV4StepErrorType = MissingHelperContractError

/**
 * A Uniswap V4 hop through our `SwitchyardUniswapV4Helper.swapExactIn`: the executing contract approves the
 * helper for exactly `amountIn` (consumed in full by its `transferFrom`), the helper swaps in the PoolManager's
 * unlock callback and sends the whole output back; its return value is the exact output. The native currency is
 * paid and received as WETH (`tokenIn`/`tokenOut` are WETH for it). The PoolKey comes from the step data.
 * @throws {@link EncodeUniswapV4StepErrorType} when the chain has no V4 helper
 */
export function encodeUniswapV4Step(planner: Planner, context: EncodeStepContext, step: EncodeStepParameters): ReturnValue {
  const helper = context.helpers.uniswapV4
  if (!helper) throw new MissingHelperContractError({ helper: 'SwitchyardUniswapV4Helper', protocol: 'uniswap-v4' })
  const key = {
    currency0: step.data.currency0 as Address,
    currency1: step.data.currency1 as Address,
    fee: Number(step.data.fee),
    tickSpacing: Number(step.data.tickSpacing),
    hooks: step.data.hooks as Address,
  }
  addForceApprove(planner, { token: step.tokenIn, spender: helper, amount: step.amountIn })
  return planner.add(
    functionCall({
      address: helper,
      abi: switchyardUniswapV4HelperAbi,
      functionName: 'swapExactIn',
      args: [key, step.data.zeroForOne === true, step.amountIn, 0n],
    }),
  )
}
