import { parseAbi, type Address } from 'viem'
import { functionCall } from '../../encoding/call.js'
import { addForceApprove } from '../../encoding/planActions.js'
import type { Planner } from '../../encoding/planner.js'
import type { ReturnValue } from '../../encoding/value.js'
import { InvalidPlannerCallError, MissingHelperContractError } from '../../errors/encoding.js'
import type { EncodeStepContext, EncodeStepParameters } from '../types.js'

const forkHelperAbi = parseAbi([
  'function swapExactIn(address deployer, address tokenIn, address tokenOut, uint24 fee, uint256 amountIn, uint256 amountOutMin) returns (uint256 amountOut)',
])

/** Errors {@link encodeUniswapV3ForkStep} throws. */
export type EncodeUniswapV3ForkStepErrorType = MissingHelperContractError | InvalidPlannerCallError

/**
 * A hop through a Uniswap V3 fork's pool (SushiSwap V3, PancakeSwap V3, ...): force-approves
 * `SwitchyardUniswapV3ForkHelper` for exactly `amountIn`, then `swapExactIn(poolDeployer, tokenIn, tokenOut,
 * fee, amountIn, 0)`, whose return value is the exact output (sent straight to the executing contract). The
 * helper derives the pool from the pool deployer, so the plan never names it; the minimum is checked once,
 * at the end of the route.
 * @throws {@link EncodeUniswapV3ForkStepErrorType} without the helper on the chain, or without the step's pool deployer
 */
export function encodeUniswapV3ForkStep(planner: Planner, context: EncodeStepContext, step: EncodeStepParameters): ReturnValue {
  const helper = context.helpers.uniswapV3Forks
  if (!helper) throw new MissingHelperContractError({ helper: 'SwitchyardUniswapV3ForkHelper', protocol: 'uniswap-v3 fork' })
  const { fee, poolDeployer } = step.data as { fee?: unknown; poolDeployer?: unknown }
  if (typeof poolDeployer !== 'string' || typeof fee !== 'number') {
    throw new InvalidPlannerCallError({ functionName: 'swapExactIn', reason: 'the step data of a Uniswap V3 fork hop needs its fee and its fork\'s poolDeployer' })
  }
  addForceApprove(planner, { token: step.tokenIn, spender: helper, amount: step.amountIn })
  return planner.add(
    functionCall({
      address: helper,
      abi: forkHelperAbi,
      functionName: 'swapExactIn',
      args: [poolDeployer as Address, step.tokenIn, step.tokenOut, fee, step.amountIn, 0n],
    }),
  )
}
