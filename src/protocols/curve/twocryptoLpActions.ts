import { type Address, getAddress } from 'viem'
import { functionCall } from '../../encoding/call.js'
import { addBalanceOfSelf } from '../../encoding/planActions.js'
import { applySlippage } from '../bundle/applySlippage.js'
import { planApprove, planMath, planRevoke, planSendOn } from '../bundle/planValues.js'
import type { BundleActionContext, BundleValue } from '../bundle/types.js'
import { CurveMathRevert } from './stableSwapMath.js'
import { curveTwocryptoWriteAbi, isCurveTwocrypto } from './twocryptoAdapter.js'
import { addLiquidity, removeLiquidity, removeLiquidityOneCoin } from './twocryptoPool.js'
import type { CurveTwocryptoSnapshot } from './twocryptoTypes.js'

const lower = (a: string) => a.toLowerCase()

/** The twocrypto-ng pool `primaryAddress` names (the pool is its own LP token), if it names one. */
export function twocryptoPoolOf(ctx: BundleActionContext, primary: Address): CurveTwocryptoSnapshot | undefined {
  return (ctx.pools('curve') as CurveTwocryptoSnapshot[]).find((p) => isCurveTwocrypto(p) && lower(p.address) === lower(primary))
}

/** The estimate of `quote()`, or a clear 400 where the pool would revert. */
function quoted<T>(ctx: BundleActionContext, field: string, quote: () => T): T {
  try {
    return quote()
  } catch (error) {
    if (!(error instanceof CurveMathRevert)) throw error
    return ctx.fail('INVALID_AMOUNT', field, `the Curve pool would revert (${error.message})`)
  }
}

function coinIndexOf(ctx: BundleActionContext, pool: CurveTwocryptoSnapshot, token: Address, field: string): number {
  const i = pool.tokens.slice(0, 2).findIndex((t) => lower(t) === lower(token))
  if (i < 0) ctx.fail('INVALID_TOKEN', field, `${token} is not a coin of Curve pool ${getAddress(pool.address)} (${pool.tokens.slice(0, 2).map((t) => getAddress(t)).join(', ')})`)
  return i
}

/**
 * `curve deposit` into a twocrypto-ng pool: one or both coins in one `add_liquidity(uint256[2], min)`, the
 * minted LP (the pool's own token) measured as a balance change and sent on to `receiver`. Quoted with the
 * pool's `add_liquidity` math (fee included); `slippage` sets the pool's `min_mint_amount` from it.
 * @returns the LP received
 */
export function depositTwocrypto(ctx: BundleActionContext, p: {
  pool: CurveTwocryptoSnapshot; tokens: readonly Address[]; amounts: readonly BundleValue[]; fields: readonly string[]; slippage: bigint | undefined; receiver: Address | undefined
}): BundleValue[] {
  const { pool } = p
  const primary = getAddress(pool.address)
  const amounts: (BundleValue | undefined)[] = [undefined, undefined]
  p.tokens.forEach((token, k) => {
    const i = coinIndexOf(ctx, pool, token, p.fields[k]!)
    if (amounts[i]) ctx.fail('DUPLICATE_TOKEN', p.fields[k]!, `${getAddress(token)} is named twice`)
    amounts[i] = p.amounts[k]!
    ctx.spend(getAddress(token), p.amounts[k]!)
    planApprove(ctx, getAddress(token), primary, p.amounts[k]!)
  })
  const estimates = amounts.map((a) => (a === undefined ? 0n : a.estimate))
  const estimate = estimates.every((e) => e !== undefined)
    ? quoted(ctx, 'amountIn', () => addLiquidity(pool, { amounts: estimates as bigint[], timestamp: pool.timestamp }).minted)
    : undefined
  if (p.slippage !== undefined && estimate === undefined) ctx.fail('MISSING_ESTIMATE', 'slippage', 'an amount is known only at execution, so the deposit cannot be quoted for a minimum')
  const min = p.slippage === undefined ? 0n : applySlippage(estimate!, p.slippage)
  const before = addBalanceOfSelf(ctx.planner, { helpers: ctx.helpers, token: primary })
  ctx.planner.add(functionCall({ address: primary, abi: curveTwocryptoWriteAbi, functionName: 'add_liquidity', args: [amounts.map((a) => a?.value ?? 0n) as never, min] }))
  for (const token of p.tokens) planRevoke(ctx, getAddress(token), primary)
  const received = planMath(ctx, 'sub', { kind: 'amount', value: addBalanceOfSelf(ctx.planner, { helpers: ctx.helpers, token: primary }), estimate }, { kind: 'amount', value: before, estimate: 0n })
  const out: BundleValue = { ...received, estimate, token: primary }
  ctx.produce(primary, out)
  planSendOn(ctx, primary, out, p.receiver)
  ctx.report({
    action: 'deposit', protocol: 'curve', primary, tokenIn: p.tokens.map((t) => getAddress(t)), tokenOut: [primary],
    amountIn: p.tokens.length === 1 && typeof p.amounts[0]!.value === 'bigint' ? String(p.amounts[0]!.value) : undefined,
    amountOut: estimate?.toString(),
  })
  return [out]
}

/**
 * `curve redeem` from a twocrypto-ng pool: the LP burnt for one coin (`remove_liquidity_one_coin`, quoted
 * with `calc_withdraw_one_coin`'s math) or for both in proportion (`remove_liquidity`). The pool burns the
 * caller's LP (no approval). Outputs are balance changes, sent on to `receiver`. The real pool's
 * one-coin withdrawal may first claim admin fees (at most once a day), which only lowers what it pays:
 * the estimate is then high by the admin's share, and the answer's amounts are the simulation's.
 * @returns one amount per coin out
 */
export function redeemTwocrypto(ctx: BundleActionContext, p: {
  pool: CurveTwocryptoSnapshot; outs: readonly Address[]; amount: BundleValue; fields: readonly string[]; slippage: bigint | undefined; receiver: Address | undefined
}): BundleValue[] {
  const { pool, amount } = p
  const primary = getAddress(pool.address)
  const indices = p.outs.map((t, k) => coinIndexOf(ctx, pool, t, p.fields[k]!))
  if (new Set(indices).size !== indices.length) ctx.fail('DUPLICATE_TOKEN', 'tokenOut', 'a coin is named twice')
  const single = indices.length === 1
  ctx.spend(primary, amount)
  const burn = amount.estimate
  const estimates: (bigint | undefined)[] = burn === undefined
    ? indices.map(() => undefined)
    : single
      ? [quoted(ctx, 'amountIn', () => removeLiquidityOneCoin(pool, { tokenAmount: burn, i: indices[0]!, timestamp: pool.timestamp }).dy)]
      : (() => {
        const both = quoted(ctx, 'amountIn', () => removeLiquidity(pool, { amount: burn }).amounts)
        return indices.map((i) => both[i]!)
      })()
  if (p.slippage !== undefined && estimates.some((e) => e === undefined)) ctx.fail('MISSING_ESTIMATE', 'slippage', 'the amount is known only at execution, so the redeem cannot be quoted for a minimum')
  const mins = estimates.map((e) => (p.slippage === undefined ? 0n : applySlippage(e!, p.slippage)))
  const before = p.outs.map((t) => addBalanceOfSelf(ctx.planner, { helpers: ctx.helpers, token: getAddress(t) }))
  if (single) {
    ctx.planner.add(functionCall({ address: primary, abi: curveTwocryptoWriteAbi, functionName: 'remove_liquidity_one_coin', args: [amount.value as never, BigInt(indices[0]!), mins[0]!] }))
  } else {
    const ordered = [0, 1].map((i) => mins[indices.indexOf(i)]!) as [bigint, bigint]
    ctx.planner.add(functionCall({ address: primary, abi: curveTwocryptoWriteAbi, functionName: 'remove_liquidity', args: [amount.value as never, ordered] }))
  }
  const results = p.outs.map((t, k) => {
    const token = getAddress(t)
    const received = planMath(ctx, 'sub', { kind: 'amount', value: addBalanceOfSelf(ctx.planner, { helpers: ctx.helpers, token }), estimate: estimates[k] }, { kind: 'amount', value: before[k]!, estimate: 0n })
    const out: BundleValue = { ...received, estimate: estimates[k], token }
    ctx.produce(token, out)
    planSendOn(ctx, token, out, p.receiver)
    return out
  })
  ctx.report({
    action: 'redeem', protocol: 'curve', primary, tokenIn: [primary], tokenOut: p.outs.map((t) => getAddress(t)),
    amountIn: typeof amount.value === 'bigint' ? amount.value.toString() : undefined, amountOut: single ? estimates[0]?.toString() : undefined,
  })
  return results
}
