import { parseAbi, type Address } from 'viem'
import { switchyardMathHelperAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'
import { addBalanceOfSelf, addForceApprove } from '../../encoding/planActions.js'
import type { Planner } from '../../encoding/planner.js'
import type { ReturnValue } from '../../encoding/value.js'
import type { EncodeStepContext, EncodeStepParameters } from '../types.js'

const wethAbi = parseAbi(['function withdraw(uint256 wad)'])
const stETHAbi = parseAbi(['function submit(address referral) payable returns (uint256)'])
const stETHSharesAbi = parseAbi([
  'function sharesOf(address account) view returns (uint256)',
  'function transferShares(address recipient, uint256 sharesAmount) returns (uint256)',
])
const wstETHAbi = parseAbi(['function wrap(uint256 stETHAmount) returns (uint256)', 'function unwrap(uint256 wstETHAmount) returns (uint256)'])

/** Output as the executing contract's balance change of `token` around `run` (stETH rounds on transfer). */
function balanceDelta(planner: Planner, context: EncodeStepContext, token: Address, run: () => void): ReturnValue {
  const before = addBalanceOfSelf(planner, { helpers: context.helpers, token })
  run()
  const after = addBalanceOfSelf(planner, { helpers: context.helpers, token })
  return planner.add(functionCall({ address: context.helpers.math, abi: switchyardMathHelperAbi, functionName: 'sub', args: [after, before] }).staticcall())
}

/**
 * Declares stETH's sweep on the plan: move the executing contract's shares (`sharesOf(self)`) with
 * `transferShares`. A transfer of the whole balance converts it back to shares rounding down and can
 * leave one share (1 wei or more) that no later transfer can move; the shares themselves always go.
 */
export function declareSharesSweep(planner: Planner, context: EncodeStepContext, stETH: Address): void {
  planner.setSweep(stETH, (p, receiver) => {
    const shares = p.add(functionCall({ address: stETH, abi: stETHSharesAbi, functionName: 'sharesOf', args: [context.self] }).staticcall())
    return p.add(functionCall({ address: stETH, abi: stETHSharesAbi, functionName: 'transferShares', args: [receiver, shares] }))
  })
}

/**
 * Liquid-staking steps: `stake` unwraps WETH and calls `submit{value}`; `wrap` approves and wraps
 * stETH into wstETH (returns the wstETH); `unwrap` burns wstETH. stETH outputs are measured as balance
 * changes, so the next step spends what actually arrived (never the 1–2 wei it may be short). A wrap
 * spends the amount handed to it, which may leave one stETH share behind: the plan's sweep (declared
 * here) moves it to the refund receiver.
 */
export function encodeLidoStep(planner: Planner, context: EncodeStepContext, step: EncodeStepParameters): ReturnValue {
  const stETH = step.data.stETH as Address
  const wstETH = step.data.wstETH as Address
  // Every step leaves stETH in the executing contract (minted, unwrapped, or the share a wrap rounds off),
  // so its sweeps (output delivered, leftovers refunded) must move shares.
  declareSharesSweep(planner, context, stETH)
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
