import { type Address, erc20Abi } from 'viem'
import { switchyardCheckHelperAbi, switchyardMathHelperAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'
import { addTransfer } from '../../encoding/planActions.js'
import type { BundleActionContext, BundleValue } from './types.js'

/** Math helper operations a plan can run. */
export type MathOperation = 'add' | 'sub' | 'mul' | 'div' | 'min' | 'max'

const MAX = 2n ** 256n - 1n

function evaluate(op: MathOperation, a: bigint, b: bigint): bigint | undefined {
  switch (op) {
    case 'add': return a + b <= MAX ? a + b : undefined
    case 'sub': return a >= b ? a - b : undefined
    case 'mul': return a * b <= MAX ? a * b : undefined
    case 'div': return b === 0n ? undefined : a / b
    case 'min': return a < b ? a : b
    case 'max': return a > b ? a : b
  }
}

/** An amount known when planning. */
export function literalAmount(amount: bigint, token?: Address): BundleValue {
  return { kind: 'amount', value: amount, estimate: amount, token }
}

/**
 * `op(a, b)` as a plan value: folded at build time when both are literals, otherwise one STATICCALL
 * of the math helper (which reverts on overflow, underflow and division by zero, as Solidity does).
 */
export function planMath(ctx: BundleActionContext, op: MathOperation, a: BundleValue, b: BundleValue, field = 'args'): BundleValue {
  const estimate = a.estimate !== undefined && b.estimate !== undefined ? evaluate(op, a.estimate, b.estimate) : undefined
  if (typeof a.value === 'bigint' && typeof b.value === 'bigint') {
    const folded = evaluate(op, a.value, b.value)
    if (folded === undefined) ctx.fail('INVALID_AMOUNT', field, `${op}(${a.value}, ${b.value}) overflows, underflows or divides by zero`)
    return { kind: 'amount', value: folded, estimate: folded, token: a.token ?? b.token }
  }
  const value = ctx.planner.add(functionCall({ address: ctx.helpers.math, abi: switchyardMathHelperAbi, functionName: op, args: [a.value, b.value] }).staticcall())
  return { kind: 'amount', value, estimate, token: a.token ?? b.token }
}

/** `floor(a * b / d)` as a plan value (full precision, no intermediate overflow). */
export function planMulDiv(ctx: BundleActionContext, a: BundleValue, b: bigint, d: bigint): BundleValue {
  const estimate = a.estimate === undefined ? undefined : (a.estimate * b) / d
  if (typeof a.value === 'bigint') return { kind: 'amount', value: (a.value * b) / d, estimate, token: a.token }
  const value = ctx.planner.add(functionCall({ address: ctx.helpers.math, abi: switchyardMathHelperAbi, functionName: 'mulDiv', args: [a.value, b, d] }).staticcall())
  return { kind: 'amount', value, estimate, token: a.token }
}

/**
 * Word `index` of a raw (multi-value) return, e.g. `liquidity` of a position mint or `assets` of a
 * Morpho supply, as a plan value.
 */
export function planExtractUint(ctx: BundleActionContext, raw: BundleValue['value'], index: bigint, estimate: bigint | undefined, token?: Address): BundleValue {
  const value = ctx.planner.add(functionCall({ address: ctx.helpers.math, abi: switchyardMathHelperAbi, functionName: 'extractUint', args: [raw, index] }).staticcall())
  return { kind: 'amount', value, estimate, token }
}

/** Reverts `MinAmountOutNotMet` unless `amount >= min`; returns `amount`. */
export function planMinimum(ctx: BundleActionContext, amount: BundleValue, min: BundleValue): BundleValue {
  ctx.planner.add(functionCall({ address: ctx.helpers.check, abi: switchyardCheckHelperAbi, functionName: 'checkMinAmountOut', args: [amount.value, min.value] }).staticcall())
  return amount
}

/** Transfers `amount` of `token` from the executing contract to `to`, recording the spend and the delivery. */
export function planTransfer(ctx: BundleActionContext, token: Address, amount: BundleValue, to: Address): void {
  ctx.spend(token, amount)
  addTransfer(ctx.planner, { token, receiver: to, amount: amount.value as bigint })
  ctx.produce(token, amount, to)
}

/**
 * Sends `amount` of `token`, just produced in the executing contract, on to `receiver` when one is named
 * and it is not the executing contract itself (which already holds it).
 */
export function planSendOn(ctx: BundleActionContext, token: Address, amount: BundleValue, receiver: Address | undefined): void {
  if (receiver !== undefined && receiver.toLowerCase() !== ctx.self.toLowerCase()) planTransfer(ctx, token, amount, receiver)
}

/** `approve(spender, 0)` then `approve(spender, amount)`: works for USDT-style tokens. */
export function planApprove(ctx: BundleActionContext, token: Address, spender: Address, amount: BundleValue | bigint): void {
  const value = typeof amount === 'bigint' ? amount : amount.value
  ctx.planner.add(functionCall({ address: token, abi: erc20Abi, functionName: 'approve', args: [spender, 0n] }))
  ctx.planner.add(functionCall({ address: token, abi: erc20Abi, functionName: 'approve', args: [spender, value] }))
}

/** Resets an allowance to zero, so the executing contract keeps none it no longer needs. */
export function planRevoke(ctx: BundleActionContext, token: Address, spender: Address): void {
  ctx.planner.add(functionCall({ address: token, abi: erc20Abi, functionName: 'approve', args: [spender, 0n] }))
}
