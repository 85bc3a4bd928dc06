import { parseAbi, type Address } from 'viem'
import { switchyardMathHelperAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'
import { addBalanceOfSelf, addForceApprove } from '../../encoding/planActions.js'
import type { Planner } from '../../encoding/planner.js'
import type { ReturnValue } from '../../encoding/value.js'
import type { EncodeStepContext, EncodeStepParameters } from '../types.js'

/** Curve's metapool (2020 template) write functions: each returns what it paid or minted. */
export const curveMetaPoolWriteAbi = parseAbi([
  'function exchange(int128 i, int128 j, uint256 dx, uint256 min_dy) returns (uint256)',
  'function exchange_underlying(int128 i, int128 j, uint256 dx, uint256 min_dy) returns (uint256)',
  'function add_liquidity(uint256[2] amounts, uint256 min_mint_amount) returns (uint256)',
  'function remove_liquidity(uint256 _amount, uint256[2] min_amounts) returns (uint256[2])',
  'function remove_liquidity_one_coin(uint256 _token_amount, int128 i, uint256 min_amount) returns (uint256)',
])

/** The metapool's Deposit zap (underlying indices: 0 the meta coin, 1..3 the base pool's coins). */
export const curveMetaZapWriteAbi = parseAbi([
  'function add_liquidity(uint256[4] amounts, uint256 min_mint_amount) returns (uint256)',
  'function remove_liquidity(uint256 _amount, uint256[4] min_amounts) returns (uint256[4])',
  'function remove_liquidity_one_coin(uint256 _token_amount, int128 i, uint256 _min_amount) returns (uint256)',
])

/**
 * One step through a metapool: `exchange` or `exchange_underlying` on the pool (tokenIn approved to it
 * exactly), `add_liquidity`/`remove_liquidity_one_coin` of its own coins on the pool (the pool burns the
 * caller's LP, no approval), or a base coin into or out of the LP token through the Deposit zap (which
 * pulls the coin or the LP token: approved to the zap exactly). The output is the executing contract's
 * balance change of `tokenOut` (the pools return what they paid too; the balance change also holds on a
 * node whose token takes a transfer fee).
 */
export function encodeMetaStep(planner: Planner, context: EncodeStepContext, step: EncodeStepParameters): ReturnValue {
  const kind = String(step.data.kind)
  const i = Number(step.data.i)
  const j = Number(step.data.j)
  const zap = step.data.zap === undefined ? undefined : (String(step.data.zap) as Address)
  const before = addBalanceOfSelf(planner, { helpers: context.helpers, token: step.tokenOut })
  if (zap) {
    addForceApprove(planner, { token: step.tokenIn, spender: zap, amount: step.amountIn })
    if (kind === 'deposit') {
      const amounts = Array.from({ length: 4 }, (_, k) => (k === i ? step.amountIn : 0n)) as never
      planner.add(functionCall({ address: zap, abi: curveMetaZapWriteAbi, functionName: 'add_liquidity', args: [amounts, 0n] }))
    } else {
      planner.add(functionCall({ address: zap, abi: curveMetaZapWriteAbi, functionName: 'remove_liquidity_one_coin', args: [step.amountIn, BigInt(j), 0n] }))
    }
  } else if (kind === 'redeem') {
    planner.add(functionCall({ address: step.primary, abi: curveMetaPoolWriteAbi, functionName: 'remove_liquidity_one_coin', args: [step.amountIn, BigInt(j), 0n] }))
  } else {
    addForceApprove(planner, { token: step.tokenIn, spender: step.primary, amount: step.amountIn })
    if (kind === 'deposit') {
      const amounts = (i === 0 ? [step.amountIn, 0n] : [0n, step.amountIn]) as never
      planner.add(functionCall({ address: step.primary, abi: curveMetaPoolWriteAbi, functionName: 'add_liquidity', args: [amounts, 0n] }))
    } else {
      const functionName = step.data.underlying ? 'exchange_underlying' : 'exchange'
      planner.add(functionCall({ address: step.primary, abi: curveMetaPoolWriteAbi, functionName, args: [BigInt(i), BigInt(j), step.amountIn, 0n] }))
    }
  }
  const after = addBalanceOfSelf(planner, { helpers: context.helpers, token: step.tokenOut })
  return planner.add(functionCall({ address: context.helpers.math, abi: switchyardMathHelperAbi, functionName: 'sub', args: [after, before] }).staticcall())
}
