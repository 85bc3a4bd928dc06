import { parseAbi } from 'viem'
import { switchyardMathHelperAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'
import { addBalanceOfSelf, addTransfer } from '../../encoding/planActions.js'
import type { Planner } from '../../encoding/planner.js'
import type { ReturnValue } from '../../encoding/value.js'
import type { EncodeStepContext, EncodeStepParameters } from '../types.js'

/** Aerodrome's Pool write and quote functions, as its ABI names them. */
export const aerodromePoolSwapAbi = parseAbi([
  'function getAmountOut(uint256 amountIn, address tokenIn) view returns (uint256)',
  'function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes data)',
])

/**
 * One Aerodrome step, on the pool itself as a V2 pair is traded: the pool's own `getAmountOut(amountIn,
 * tokenIn)` read at execution time (so the amount is priced on the reserves the trade meets), the input
 * transferred to the pool, then `swap` for exactly that output to the executing contract with empty
 * `data` (no callback). No approval is given to anyone, and the pool the engine loaded from the book
 * (created by the factory) is the only contract called besides the input token. The output is the
 * executing contract's balance change of `tokenOut`. A taxed input token arrives short and the pool's k
 * check reverts, which the simulation reports (no route is answered through it).
 */
export function encodeAerodromeStep(planner: Planner, context: EncodeStepContext, step: EncodeStepParameters): ReturnValue {
  const zeroForOne = step.data.zeroForOne === true
  const before = addBalanceOfSelf(planner, { helpers: context.helpers, token: step.tokenOut })
  const out = planner.add(functionCall({ address: step.primary, abi: aerodromePoolSwapAbi, functionName: 'getAmountOut', args: [step.amountIn, step.tokenIn] }).staticcall())
  addTransfer(planner, { token: step.tokenIn, receiver: step.primary, amount: step.amountIn })
  planner.add(functionCall({ address: step.primary, abi: aerodromePoolSwapAbi, functionName: 'swap', args: zeroForOne ? [0n, out, context.self, '0x'] : [out, 0n, context.self, '0x'] }))
  const after = addBalanceOfSelf(planner, { helpers: context.helpers, token: step.tokenOut })
  return planner.add(functionCall({ address: context.helpers.math, abi: switchyardMathHelperAbi, functionName: 'sub', args: [after, before] }).staticcall())
}
