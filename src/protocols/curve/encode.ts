import { parseAbi, type AbiFunction, type Address } from 'viem'
import { switchyardMathHelperAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'
import { addBalanceOfSelf, addForceApprove } from '../../encoding/planActions.js'
import type { Planner } from '../../encoding/planner.js'
import type { ReturnValue } from '../../encoding/value.js'
import { declareSharesSweep } from '../lido/encode.js'
import { encodeMetaStep } from './metaEncode.js'
import { encodeCurveNgStep } from './encodeNg.js'
import type { EncodeStepContext, EncodeStepParameters, StepData } from '../types.js'

/** Curve's StableSwap write functions (3pool generation): none of them returns a value. */
export const curveStableSwapWriteAbi = parseAbi([
  'function exchange(int128 i, int128 j, uint256 dx, uint256 min_dy)',
  'function remove_liquidity_one_coin(uint256 _token_amount, int128 i, uint256 min_amount)',
])

/** `add_liquidity(uint256[N], uint256)`: the array length is part of the selector, so it is built per pool size. */
export function curveAddLiquidityAbi(nCoins: number): readonly [AbiFunction] {
  return [{
    type: 'function', name: 'add_liquidity', stateMutability: 'nonpayable', outputs: [],
    inputs: [{ name: 'amounts', type: `uint256[${nCoins}]` }, { name: 'min_mint_amount', type: 'uint256' }],
  }]
}

/** The ETH/stETH pool's write functions: payable where ETH goes in, each returning what it paid or minted. */
export const curveStethWriteAbi = parseAbi([
  'function exchange(int128 i, int128 j, uint256 dx, uint256 min_dy) payable returns (uint256)',
  'function add_liquidity(uint256[2] amounts, uint256 min_mint_amount) payable returns (uint256)',
  'function remove_liquidity_one_coin(uint256 _token_amount, int128 i, uint256 _min_amount) returns (uint256)',
])
const wethAbi = parseAbi(['function withdraw(uint256 wad)', 'function deposit() payable'])

/** What a Curve step does, from the adapter's `getStepData`. */
export type CurveStepData = {
  kind: 'swap' | 'deposit' | 'redeem'
  i: number
  j: number
  nCoins: number
  /** `steth`: the ETH/stETH pool's generation; `ng`: stableswap-ng's. */
  variant?: 'steth' | 'ng' | undefined
  /** The coin the pool holds as native ETH (WETH to the engine). */
  nativeCoin?: number | undefined
  /** The shares coin (stETH), whose leftovers are swept as shares. */
  sharesToken?: Address | undefined
}

/** Reads {@link CurveStepData} back from plain step data. */
export function curveStepDataOf(data: StepData): CurveStepData {
  return {
    kind: data.kind as CurveStepData['kind'], i: Number(data.i), j: Number(data.j), nCoins: Number(data.nCoins),
    variant: data.variant === 'steth' || data.variant === 'ng' ? data.variant : undefined,
    nativeCoin: data.nativeCoin === undefined ? undefined : Number(data.nativeCoin),
    sharesToken: data.sharesToken === undefined ? undefined : (data.sharesToken as Address),
  }
}

function balanceDelta(planner: Planner, context: EncodeStepContext, token: Address, before: ReturnValue): ReturnValue {
  const after = addBalanceOfSelf(planner, { helpers: context.helpers, token })
  return planner.add(functionCall({ address: context.helpers.math, abi: switchyardMathHelperAbi, functionName: 'sub', args: [after, before] }).staticcall())
}

/**
 * One Curve StableSwap step: `exchange(i, j, dx, 0)` (swap), `add_liquidity` with one coin (deposit,
 * LP out) or `remove_liquidity_one_coin` (redeem, LP in; the pool burns the caller's LP, no approval).
 * The pool returns nothing (3pool generation), so the output is the executing contract's balance change
 * of `tokenOut`. The approval is exact, and the pool pulls all of it.
 */
export function encodeCurveStep(planner: Planner, context: EncodeStepContext, step: EncodeStepParameters): ReturnValue {
  if (step.data.variant === 'meta') return encodeMetaStep(planner, context, step)
  const data = curveStepDataOf(step.data)
  if (data.variant === 'steth') return encodeStethStep(planner, context, step, data)
  if (data.variant === 'ng') return encodeCurveNgStep(planner, context, step, data)
  const { kind, i, j, nCoins } = data
  const before = addBalanceOfSelf(planner, { helpers: context.helpers, token: step.tokenOut })
  if (kind === 'redeem') {
    planner.add(functionCall({ address: step.primary, abi: curveStableSwapWriteAbi, functionName: 'remove_liquidity_one_coin', args: [step.amountIn, BigInt(j), 0n] }))
    return balanceDelta(planner, context, step.tokenOut, before)
  }
  addForceApprove(planner, { token: step.tokenIn, spender: step.primary, amount: step.amountIn })
  if (kind === 'deposit') {
    const amounts = Array.from({ length: nCoins }, (_, k) => (k === i ? step.amountIn : 0n))
    planner.add(functionCall({ address: step.primary, abi: curveAddLiquidityAbi(nCoins), functionName: 'add_liquidity', args: [amounts, 0n] }))
  } else {
    planner.add(functionCall({ address: step.primary, abi: curveStableSwapWriteAbi, functionName: 'exchange', args: [BigInt(i), BigInt(j), step.amountIn, 0n] }))
  }
  return balanceDelta(planner, context, step.tokenOut, before)
}

/**
 * One step through the ETH/stETH pool. The native coin is WETH to the engine: unwrapped and sent as
 * `msg.value` where it goes in (`exchange` or `add_liquidity`), and where the pool pays ETH (a raw call
 * to the executing contract) the call's return value, exactly what arrived, is wrapped back. A stETH or
 * LP output is the executing contract's balance change (stETH can arrive a wei or two short of what the
 * pool names). stETH going in is approved exactly; the shares a transfer rounds off are swept as shares.
 */
function encodeStethStep(planner: Planner, context: EncodeStepContext, step: EncodeStepParameters, data: CurveStepData): ReturnValue {
  const { kind, i, j, nCoins, nativeCoin } = data
  if (data.sharesToken) declareSharesSweep(planner, context, data.sharesToken)
  const ethIn = kind !== 'redeem' && i === nativeCoin
  const ethOut = kind !== 'deposit' && j === nativeCoin
  if (ethIn) planner.add(functionCall({ address: step.tokenIn, abi: wethAbi, functionName: 'withdraw', args: [step.amountIn] }))
  else if (kind !== 'redeem') addForceApprove(planner, { token: step.tokenIn, spender: step.primary, amount: step.amountIn })
  const before = ethOut ? undefined : addBalanceOfSelf(planner, { helpers: context.helpers, token: step.tokenOut })
  let call
  if (kind === 'redeem') {
    call = functionCall({ address: step.primary, abi: curveStethWriteAbi, functionName: 'remove_liquidity_one_coin', args: [step.amountIn, BigInt(j), 0n] })
  } else if (kind === 'deposit') {
    const amounts = Array.from({ length: nCoins }, (_, k) => (k === i ? step.amountIn : 0n)) as [typeof step.amountIn, typeof step.amountIn]
    call = functionCall({ address: step.primary, abi: curveStethWriteAbi, functionName: 'add_liquidity', args: [amounts, 0n] })
  } else {
    call = functionCall({ address: step.primary, abi: curveStethWriteAbi, functionName: 'exchange', args: [BigInt(i), BigInt(j), step.amountIn, 0n] })
  }
  const paid = planner.add(ethIn ? call.withValue(step.amountIn) : call)
  if (ethOut) {
    planner.add(functionCall({ address: step.tokenOut, abi: wethAbi, functionName: 'deposit' }).withValue(paid))
    return paid
  }
  return balanceDelta(planner, context, step.tokenOut, before!)
}
