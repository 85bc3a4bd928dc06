import { parseAbi, type Address } from 'viem'
import { switchyardMathHelperAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'
import { addBalanceOfSelf, addTransfer } from '../../encoding/planActions.js'
import type { Planner } from '../../encoding/planner.js'
import type { ReturnValue } from '../../encoding/value.js'
import { InvalidPlannerCallError } from '../../errors/encoding.js'
import type { EncodeStepContext, EncodeStepParameters } from '../types.js'

/** Aerodrome's Pool write and quote functions, as its ABI names them. */
export const aerodromePoolSwapAbi = parseAbi([
  'function getAmountOut(uint256 amountIn, address tokenIn) view returns (uint256)',
  'function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes data)',
  'function mint(address to) returns (uint256 liquidity)',
  'function burn(address to) returns (uint256 amount0, uint256 amount1)',
])

type Amount = bigint | ReturnValue

function sub(planner: Planner, context: EncodeStepContext, a: Amount, b: Amount): Amount {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a - b
  return planner.add(functionCall({ address: context.helpers.math, abi: switchyardMathHelperAbi, functionName: 'sub', args: [a, b] }).staticcall())
}

/**
 * A trade on the pool itself, as a V2 pair is traded: the pool's own `getAmountOut(amountIn, tokenIn)` read
 * at execution time (so the amount is priced on the reserves the trade meets), the input transferred to
 * the pool, then `swap` for exactly that output to the executing contract with empty `data` (no callback).
 * @returns the handle of the output paid
 */
function addPoolSwap(planner: Planner, context: EncodeStepContext, p: { pool: Address; tokenIn: Address; zeroForOne: boolean; amountIn: Amount }): ReturnValue {
  const out = planner.add(functionCall({ address: p.pool, abi: aerodromePoolSwapAbi, functionName: 'getAmountOut', args: [p.amountIn, p.tokenIn] }).staticcall())
  addTransfer(planner, { token: p.tokenIn, receiver: p.pool, amount: p.amountIn })
  planner.add(functionCall({ address: p.pool, abi: aerodromePoolSwapAbi, functionName: 'swap', args: p.zeroForOne ? [0n, out, context.self, '0x'] : [out, 0n, context.self, '0x'] }))
  return out
}

/**
 * One Aerodrome step, on the pool directly (no approval is given to anyone, and the pool the engine loaded
 * from the book, created by the factory, is the only contract called besides the tokens):
 * - swap: {@link addPoolSwap}; the output is the executing contract's balance change of `tokenOut`;
 * - deposit (one token into the pool's LP token): the split the adapter priced (`swapAmount` of the quoted
 *   input, scaled by `mulDiv` when the input is an earlier step's output) swapped in the pool, then the
 *   rest and the swap's output sent to the pool and `mint` to the executing contract, whose return value
 *   (the LP minted) is the output;
 * - redeem (the LP token into one token): the LP sent to the pool and `burn` to the executing contract,
 *   then the other token's whole share (its balance change) swapped in the pool; the output is the
 *   balance change of `tokenOut` over the step.
 * A taxed input token arrives short and the pool's k check (or `mint`) reverts, which the simulation reports.
 * @throws InvalidPlannerCallError when a deposit's step data carries no quoted amount to split
 */
export function encodeAerodromeStep(planner: Planner, context: EncodeStepContext, step: EncodeStepParameters): ReturnValue {
  const zeroForOne = step.data.zeroForOne === true
  const helpers = context.helpers
  const math = { address: helpers.math, abi: switchyardMathHelperAbi } as const
  if (step.data.kind === 'deposit') {
    const quoted = BigInt(String(step.data.quotedAmountIn ?? '0'))
    const split = BigInt(String(step.data.swapAmount ?? '0'))
    if (quoted <= 0n || split <= 0n) throw new InvalidPlannerCallError({ functionName: 'mint', reason: 'an Aerodrome deposit step needs the split the engine quoted (swapAmount, quotedAmountIn)' })
    const other = step.data.otherToken as Address
    const swapAmount: Amount = typeof step.amountIn === 'bigint'
      ? (step.amountIn === quoted ? split : (step.amountIn * split) / quoted)
      : planner.add(functionCall({ ...math, functionName: 'mulDiv', args: [step.amountIn, split, quoted] }).staticcall())
    const rest = sub(planner, context, step.amountIn, swapAmount)
    const out = addPoolSwap(planner, context, { pool: step.primary, tokenIn: step.tokenIn, zeroForOne, amountIn: swapAmount })
    addTransfer(planner, { token: step.tokenIn, receiver: step.primary, amount: rest })
    addTransfer(planner, { token: other, receiver: step.primary, amount: out })
    return planner.add(functionCall({ address: step.primary, abi: aerodromePoolSwapAbi, functionName: 'mint', args: [context.self] }))
  }
  const before = addBalanceOfSelf(planner, { helpers, token: step.tokenOut })
  if (step.data.kind === 'redeem') {
    const other = step.data.otherToken as Address
    const otherBefore = addBalanceOfSelf(planner, { helpers, token: other })
    addTransfer(planner, { token: step.tokenIn, receiver: step.primary, amount: step.amountIn })
    planner.add(functionCall({ address: step.primary, abi: aerodromePoolSwapAbi, functionName: 'burn', args: [context.self] }))
    const otherAfter = addBalanceOfSelf(planner, { helpers, token: other })
    const share = planner.add(functionCall({ ...math, functionName: 'sub', args: [otherAfter, otherBefore] }).staticcall())
    // `zeroForOne` of a redemption names the direction of its swap: the other side (token0) into token1.
    addPoolSwap(planner, context, { pool: step.primary, tokenIn: other, zeroForOne, amountIn: share })
  } else {
    addPoolSwap(planner, context, { pool: step.primary, tokenIn: step.tokenIn, zeroForOne, amountIn: step.amountIn })
  }
  const after = addBalanceOfSelf(planner, { helpers, token: step.tokenOut })
  return planner.add(functionCall({ ...math, functionName: 'sub', args: [after, before] }).staticcall())
}
