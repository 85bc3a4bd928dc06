import { parseAbi, type Address } from 'viem'
import { switchyardMathHelperAbi } from '../../contracts/abis.js'
import { functionCall } from '../../encoding/call.js'
import { addBalanceOfSelf, addForceApprove } from '../../encoding/planActions.js'
import type { Planner } from '../../encoding/planner.js'
import type { ReturnValue } from '../../encoding/value.js'
import type { EncodeStepContext, EncodeStepParameters } from '../types.js'

const wethAbi = parseAbi(['function withdraw(uint256 wad)'])
const stETHAbi = parseAbi(['function submit(address referral) payable returns (uint256)'])
const wstETHAbi = parseAbi(['function wrap(uint256 stETHAmount) returns (uint256)', 'function unwrap(uint256 wstETHAmount) returns (uint256)'])

/** Output as the executing contract's balance change of `token` around `run` (stETH rounds on transfer). */
function balanceDelta(planner: Planner, context: EncodeStepContext, token: Address, run: () => void): ReturnValue {
  const before = addBalanceOfSelf(planner, { helpers: context.helpers, token })
  run()
  const after = addBalanceOfSelf(planner, { helpers: context.helpers, token })
  return planner.add(functionCall({ address: context.helpers.math, abi: switchyardMathHelperAbi, functionName: 'sub', args: [after, before] }).staticcall())
}

/**
 * Liquid-staking steps: `stake` unwraps WETH and calls `submit{value}`; `wrap` approves and wraps
 * stETH into wstETH (returns the wstETH); `unwrap` burns wstETH. stETH outputs are measured as balance
 * changes, so the next step spends what actually arrived (never the 1–2 wei it may be short).
 */
export function encodeLidoStep(planner: Planner, context: EncodeStepContext, step: EncodeStepParameters): ReturnValue {
  const stETH = step.data.stETH as Address
  const wstETH = step.data.wstETH as Address
  if (step.data.action === 'stake') {
    return balanceDelta(planner, context, stETH, () => {
      planner.add(functionCall({ address: step.tokenIn, abi: wethAbi, functionName: 'withdraw', args: [step.amountIn] }))
      planner.add(functionCall({ address: stETH, abi: stETHAbi, functionName: 'submit', args: ['0x0000000000000000000000000000000000000000'] }).withValue(step.amountIn))
    })
  }
  if (step.data.action === 'wrap') {
    addForceApprove(planner, { token: stETH, spender: wstETH, amount: step.amountIn })
    return planner.add(functionCall({ address: wstETH, abi: wstETHAbi, functionName: 'wrap', args: [step.amountIn] }))
  }
  return balanceDelta(planner, context, stETH, () => {
    planner.add(functionCall({ address: wstETH, abi: wstETHAbi, functionName: 'unwrap', args: [step.amountIn] }))
  })
}
