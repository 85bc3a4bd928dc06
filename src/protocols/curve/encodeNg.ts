import { parseAbi } from 'viem'
import { functionCall } from '../../encoding/call.js'
import { addForceApprove } from '../../encoding/planActions.js'
import type { Planner } from '../../encoding/planner.js'
import type { ReturnValue } from '../../encoding/value.js'
import type { EncodeStepContext, EncodeStepParameters } from '../types.js'

/** Curve stableswap-ng's write functions (dynamic arrays; each returns what it paid, minted or burned). */
export const curveNgWriteAbi = parseAbi([
  'function exchange(int128 i, int128 j, uint256 _dx, uint256 _min_dy) returns (uint256)',
  'function add_liquidity(uint256[] _amounts, uint256 _min_mint_amount) returns (uint256)',
  'function remove_liquidity_one_coin(uint256 _burn_amount, int128 i, uint256 _min_received) returns (uint256)',
  'function remove_liquidity(uint256 _burn_amount, uint256[] _min_amounts) returns (uint256[])',
  'function remove_liquidity_imbalance(uint256[] _amounts, uint256 _max_burn_amount) returns (uint256)',
])

/**
 * One step through a stableswap-ng pool: `exchange(i, j, dx, 0)` (swap), `add_liquidity` with one coin
 * (deposit; the LP token is the pool) or `remove_liquidity_one_coin` (redeem; the pool burns the caller's
 * LP, no approval). The pool returns exactly what it paid or minted to the caller, so the call's return
 * value is the step's output. The input is approved exactly, and the pool pulls all of it.
 */
export function encodeCurveNgStep(planner: Planner, _context: EncodeStepContext, step: EncodeStepParameters, data: { kind: 'swap' | 'deposit' | 'redeem'; i: number; j: number; nCoins: number }): ReturnValue {
  const { kind, i, j, nCoins } = data
  if (kind === 'redeem') {
    return planner.add(functionCall({ address: step.primary, abi: curveNgWriteAbi, functionName: 'remove_liquidity_one_coin', args: [step.amountIn, BigInt(j), 0n] }))
  }
  addForceApprove(planner, { token: step.tokenIn, spender: step.primary, amount: step.amountIn })
  if (kind === 'deposit') {
    const amounts = Array.from({ length: nCoins }, (_, k) => (k === i ? step.amountIn : 0n))
    return planner.add(functionCall({ address: step.primary, abi: curveNgWriteAbi, functionName: 'add_liquidity', args: [amounts, 0n] }))
  }
  return planner.add(functionCall({ address: step.primary, abi: curveNgWriteAbi, functionName: 'exchange', args: [BigInt(i), BigInt(j), step.amountIn, 0n] }))
}
