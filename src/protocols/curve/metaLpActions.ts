import { getAddress, type Address } from 'viem'
import { functionCall } from '../../encoding/call.js'
import { addBalanceOfSelf } from '../../encoding/planActions.js'
import { applySlippage } from '../bundle/applySlippage.js'
import { planApprove, planMath, planRevoke, planSendOn } from '../bundle/planValues.js'
import type { BundleActionContext, BundleValue } from '../bundle/types.js'
import { curveMetaZapWriteAbi } from './metaEncode.js'
import { zapAddLiquidity, zapCalcWithdrawOneCoin, zapRemoveLiquidity, type CurveMetaSnapshot } from './metaPool.js'
import { CurveMathRevert } from './stableSwapMath.js'

const lower = (a: string) => a.toLowerCase()
/** Token index of a metapool's LP token; its base coins follow it. */
const LP = 2

/** The underlying coins of a metapool in the zap's order: its coin 0, then the base pool's coins. */
function underlyingOf(pool: CurveMetaSnapshot): string[] {
  return [pool.tokens[0]!, ...pool.tokens.slice(LP + 1)]
}

/** Whether `tokens` name a base pool coin of `pool`, which only the Deposit zap takes or pays. */
export function namesBaseCoin(pool: { tokens: readonly string[]; meta?: unknown }, tokens: readonly string[]): boolean {
  return pool.meta !== undefined && tokens.some((t) => pool.tokens.slice(LP + 1).some((c) => lower(c) === lower(t)))
}

function zapOf(ctx: BundleActionContext, pool: CurveMetaSnapshot): Address {
  if (!pool.meta.zap) return ctx.fail('INVALID_PRIMARY_ADDRESS', 'primaryAddress', `no Deposit zap is known for Curve metapool ${getAddress(pool.address)}, so its base coins cannot go in or out`)
  return getAddress(pool.meta.zap)
}

function underlyingIndex(ctx: BundleActionContext, pool: CurveMetaSnapshot, token: Address, field: string): number {
  const u = underlyingOf(pool).findIndex((t) => lower(t) === lower(token))
  if (u < 0) ctx.fail('INVALID_TOKEN', field, `${token} is not an underlying coin of Curve metapool ${getAddress(pool.address)} through its zap (${underlyingOf(pool).map((t) => getAddress(t)).join(', ')})`)
  return u
}

function quoted<T>(ctx: BundleActionContext, field: string, quote: () => T): T {
  try {
    return quote()
  } catch (error) {
    if (!(error instanceof CurveMathRevert)) throw error
    return ctx.fail('INVALID_AMOUNT', field, `the Curve pools would revert (${error.message})`)
  }
}

/**
 * `curve deposit` of a metapool's underlying coins (its own coin and/or base pool coins) through its
 * Deposit zap's `add_liquidity(uint256[4], min)`: each coin approved to the zap exactly (reset after), the LP
 * tokens measured as a balance change and sent on to `receiver` when one is named.
 */
export function depositThroughZap(ctx: BundleActionContext, p: {
  pool: CurveMetaSnapshot; tokens: readonly Address[]; amounts: readonly BundleValue[]; fields: readonly string[]; slippage: bigint | undefined; receiver: Address | undefined
}): BundleValue[] {
  const zap = zapOf(ctx, p.pool)
  const lp = getAddress(p.pool.tokens[LP]!)
  const n = underlyingOf(p.pool).length
  const amounts: (BundleValue | undefined)[] = Array.from({ length: n }, () => undefined)
  p.tokens.forEach((token, k) => {
    const u = underlyingIndex(ctx, p.pool, token, p.fields[k]!)
    if (amounts[u]) ctx.fail('DUPLICATE_TOKEN', p.fields[k]!, `${getAddress(token)} is named twice`)
    amounts[u] = p.amounts[k]!
    ctx.spend(getAddress(token), p.amounts[k]!)
    planApprove(ctx, getAddress(token), zap, p.amounts[k]!)
  })
  const estimates = amounts.map((a) => (a === undefined ? 0n : a.estimate))
  const estimate = estimates.every((e) => e !== undefined) ? quoted(ctx, 'amountIn', () => zapAddLiquidity(p.pool, { amounts: estimates as bigint[] }).minted) : undefined
  if (p.slippage !== undefined && estimate === undefined) ctx.fail('MISSING_ESTIMATE', 'slippage', 'an amount is known only at execution, so the deposit cannot be quoted for a minimum')
  const min = p.slippage === undefined ? 0n : applySlippage(estimate!, p.slippage)
  const before = addBalanceOfSelf(ctx.planner, { helpers: ctx.helpers, token: lp })
  ctx.planner.add(functionCall({ address: zap, abi: curveMetaZapWriteAbi, functionName: 'add_liquidity', args: [amounts.map((a) => a?.value ?? 0n) as never, min] }))
  for (const token of p.tokens) planRevoke(ctx, getAddress(token), zap)
  const received = planMath(ctx, 'sub', { kind: 'amount', value: addBalanceOfSelf(ctx.planner, { helpers: ctx.helpers, token: lp }), estimate }, { kind: 'amount', value: before, estimate: 0n })
  const out: BundleValue = { ...received, estimate, token: lp }
  ctx.produce(lp, out)
  planSendOn(ctx, lp, out, p.receiver)
  ctx.report({
    action: 'deposit', protocol: 'curve', primary: zap, tokenIn: p.tokens.map((t) => getAddress(t)), tokenOut: [lp],
    amountIn: p.tokens.length === 1 && typeof p.amounts[0]!.value === 'bigint' ? String(p.amounts[0]!.value) : undefined,
    amountOut: estimate?.toString(),
  })
  return [out]
}

/**
 * `curve redeem` of a metapool's LP token into a base pool coin (`remove_liquidity_one_coin` of the zap)
 * or into every underlying coin (`remove_liquidity` of the zap): the LP approved to the zap exactly (it
 * pulls it), each output measured as a balance change and sent on to `receiver` when one is named.
 */
export function redeemThroughZap(ctx: BundleActionContext, p: {
  pool: CurveMetaSnapshot; outs: readonly Address[]; amount: BundleValue; field: string; slippage: bigint | undefined; receiver: Address | undefined
}): BundleValue[] {
  const zap = zapOf(ctx, p.pool)
  const lp = getAddress(p.pool.tokens[LP]!)
  const all = underlyingOf(p.pool)
  const indices = p.outs.map((t, k) => underlyingIndex(ctx, p.pool, t, p.outs.length === 1 ? p.field : `${p.field}[${k}]`))
  if (new Set(indices).size !== indices.length) ctx.fail('DUPLICATE_TOKEN', p.field, 'a coin is named twice')
  const single = p.outs.length === 1
  if (!single && p.outs.length !== all.length) ctx.fail('INVALID_TOKEN', p.field, `one coin, or every underlying coin for a proportional redeem through the zap (${all.map((t) => getAddress(t)).join(', ')})`)
  ctx.spend(lp, p.amount)
  const burn = p.amount.estimate
  const estimates: (bigint | undefined)[] = burn === undefined
    ? indices.map(() => undefined)
    : single
      ? [quoted(ctx, 'amountIn', () => zapCalcWithdrawOneCoin(p.pool, { tokenAmount: burn, u: indices[0]! }))]
      : ((r) => indices.map((u) => r.amounts[u]!))(quoted(ctx, 'amountIn', () => zapRemoveLiquidity(p.pool, { tokenAmount: burn })))
  if (p.slippage !== undefined && estimates.some((e) => e === undefined)) ctx.fail('MISSING_ESTIMATE', 'slippage', 'the amount is known only at execution, so the redeem cannot be quoted for a minimum')
  const mins = estimates.map((e) => (p.slippage === undefined ? 0n : applySlippage(e!, p.slippage)))
  planApprove(ctx, lp, zap, p.amount)
  const before = p.outs.map((t) => addBalanceOfSelf(ctx.planner, { helpers: ctx.helpers, token: t }))
  if (single) {
    ctx.planner.add(functionCall({ address: zap, abi: curveMetaZapWriteAbi, functionName: 'remove_liquidity_one_coin', args: [p.amount.value as never, BigInt(indices[0]!), mins[0]!] }))
  } else {
    const ordered = all.map((_, u) => mins[indices.indexOf(u)]!)
    ctx.planner.add(functionCall({ address: zap, abi: curveMetaZapWriteAbi, functionName: 'remove_liquidity', args: [p.amount.value as never, ordered as never] }))
  }
  planRevoke(ctx, lp, zap)
  const results = p.outs.map((token, k) => {
    const received = planMath(ctx, 'sub', { kind: 'amount', value: addBalanceOfSelf(ctx.planner, { helpers: ctx.helpers, token }), estimate: estimates[k] }, { kind: 'amount', value: before[k]!, estimate: 0n })
    const out: BundleValue = { ...received, estimate: estimates[k], token }
    ctx.produce(token, out)
    planSendOn(ctx, token, out, p.receiver)
    return out
  })
  ctx.report({
    action: 'redeem', protocol: 'curve', primary: zap, tokenIn: [lp], tokenOut: [...p.outs],
    amountIn: typeof p.amount.value === 'bigint' ? p.amount.value.toString() : undefined, amountOut: single ? estimates[0]?.toString() : undefined,
  })
  return results
}
