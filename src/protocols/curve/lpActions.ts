import { type Address, getAddress, parseAbi } from 'viem'
import { z } from 'zod'
import { functionCall } from '../../encoding/call.js'
import { addBalanceOfSelf } from '../../encoding/planActions.js'
import { isNativeAddress } from '../../schemas/fields.js'
import { pairedInputs } from '../bundle/pairedInputs.js'
import { applySlippage } from '../bundle/applySlippage.js'
import { addressArg, bpsArg, positiveAmountArg, receiverArg, tokenArg } from '../bundle/args.js'
import { planApprove, planMath, planRevoke, planSendOn, planTransfer } from '../bundle/planValues.js'
import { defineBundleAction, type BundleActionContext, type BundleValue } from '../bundle/types.js'
import { declareSharesSweep } from '../lido/encode.js'
import type { EncodeStepContext } from '../types.js'
import { curveAddLiquidityAbi, curveStableSwapWriteAbi, curveStethWriteAbi } from './encode.js'
import { curveNgWriteAbi } from './encodeNg.js'
import { depositThroughZap, namesBaseCoin, redeemThroughZap } from './metaLpActions.js'
import type { CurveMetaSnapshot } from './metaPool.js'
import { addLiquidityNg, calcWithdrawOneCoinNg } from './ngQuote.js'
import { addLiquidity, calcWithdrawOneCoin } from './quote.js'
import { CurveMathRevert } from './stableSwapMath.js'
import { isCurveTwocrypto } from './twocryptoAdapter.js'
import { depositTwocrypto, redeemTwocrypto, twocryptoPoolOf } from './twocryptoLpActions.js'
import type { CurveTwocryptoSnapshot } from './twocryptoTypes.js'
import type { CurveStableSwapSnapshot } from './types.js'

const lower = (a: string) => a.toLowerCase()
const wethAbi = parseAbi(['function withdraw(uint256 wad)', 'function deposit() payable'])
const stethRemoveAbi = parseAbi(['function remove_liquidity(uint256 _amount, uint256[2] _min_amounts) returns (uint256[2])'])

/** `remove_liquidity(uint256, uint256[N])`: the array length is part of the selector. */
function removeLiquidityAbi(nCoins: number) {
  return [{
    type: 'function', name: 'remove_liquidity', stateMutability: 'nonpayable', outputs: [],
    inputs: [{ name: '_amount', type: 'uint256' }, { name: 'min_amounts', type: `uint256[${nCoins}]` }],
  }] as const
}

/** The pool an action names: `primaryAddress` as the pool or its LP token, else the pool of `lp`. */
function poolOf(ctx: BundleActionContext, p: { primary: Address; lp: Address | undefined; lpField: string }): CurveStableSwapSnapshot {
  // Twocrypto-ng pools (the pool its own LP token) are served by twocryptoLpActions.ts.
  const pools = (ctx.pools('curve') as (CurveStableSwapSnapshot | CurveTwocryptoSnapshot)[]).filter((x): x is CurveStableSwapSnapshot => !isCurveTwocrypto(x))
  const lpOf = (pool: CurveStableSwapSnapshot) => pool.tokens[pool.balances.length]!
  const pool = pools.find((x) => lower(x.address) === lower(p.primary) || lower(lpOf(x)) === lower(p.primary))
  if (!pool) return ctx.fail('INVALID_PRIMARY_ADDRESS', 'primaryAddress', `${p.primary} is neither a Curve pool nor its LP token on chain ${ctx.chainId}`)
  if (p.lp !== undefined && lower(p.lp) !== lower(lpOf(pool))) ctx.fail('INVALID_TOKEN', p.lpField, `must be the pool's LP token ${getAddress(lpOf(pool))}`)
  return pool
}

/** A coin's index: the native coin (0xEeee…EEeE) or WETH name a pool's native coin. */
/** A pool holding a shares coin (stETH): its sweeps move shares, so no share a transfer rounds off stays behind. */
function sweepSharesOf(ctx: BundleActionContext, pool: CurveStableSwapSnapshot): void {
  if (pool.sharesCoin) declareSharesSweep(ctx.planner, { self: ctx.self, helpers: ctx.helpers } as EncodeStepContext, getAddress(pool.tokens[pool.sharesCoin.index]!))
}

function coinIndex(ctx: BundleActionContext, pool: CurveStableSwapSnapshot, token: Address, field: string): number {
  const i = isNativeAddress(token) ? (pool.nativeCoin ?? -1) : pool.tokens.slice(0, pool.balances.length).findIndex((t) => lower(t) === lower(token))
  if (i < 0) ctx.fail('INVALID_TOKEN', field, `${token} is not a coin of Curve pool ${getAddress(pool.address)} (${pool.tokens.slice(0, pool.balances.length).map((t) => getAddress(t)).join(', ')})`)
  return i
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

/**
 * `curve deposit`: adds one or several coins to a StableSwap pool (3pool, ETH/stETH, metapool, stableswap-ng)
 * or a twocrypto-ng pool in one `add_liquidity` call (amounts
 * may be outputs of earlier actions). The LP token is minted to the executing contract, then sent to
 * `receiver` when one is named. `slippage` sets the pool's own `min_mint_amount` from the exact quote.
 * Output: LP tokens received, measured as a balance change.
 */
export const curveDepositAction = defineBundleAction({
  protocol: 'curve',
  action: 'deposit',
  description: 'Adds one or more coins to a Curve StableSwap or twocrypto-ng pool in one add_liquidity; output: LP tokens received',
  delegateOnly: false,
  args: z.strictObject({
    tokenIn: z.union([tokenArg, z.array(tokenArg).min(1).max(8)]),
    amountIn: z.union([positiveAmountArg, z.array(positiveAmountArg).min(1).max(8)]),
    tokenOut: addressArg.optional(),
    primaryAddress: addressArg,
    receiver: receiverArg.optional(),
    slippage: bpsArg.optional(),
  }),
  outputs: () => ['amount'],
  build(ctx, args) {
    const { tokens: tokensIn, amounts: amountArgs } = pairedInputs(ctx, args.tokenIn, args.amountIn)
    const twocrypto = twocryptoPoolOf(ctx, args.primaryAddress)
    if (twocrypto) {
      if (args.tokenOut !== undefined && lower(args.tokenOut) !== lower(twocrypto.address)) ctx.fail('INVALID_TOKEN', 'tokenOut', `must be the pool's LP token ${getAddress(twocrypto.address)}`)
      const fields = tokensIn.map((_, k) => (Array.isArray(args.tokenIn) ? `tokenIn[${k}]` : 'tokenIn'))
      return depositTwocrypto(ctx, { pool: twocrypto, tokens: tokensIn.map((t) => getAddress(t)), amounts: amountArgs.map((a) => ctx.amount(a)), fields, slippage: args.slippage, receiver: args.receiver })
    }
    const pool = poolOf(ctx, { primary: args.primaryAddress, lp: args.tokenOut, lpField: 'tokenOut' })
    if (namesBaseCoin(pool, tokensIn)) {
      // A metapool's base coins go in through its Deposit zap.
      const fields = tokensIn.map((_, k) => (Array.isArray(args.tokenIn) ? `tokenIn[${k}]` : 'tokenIn'))
      return depositThroughZap(ctx, { pool: pool as CurveMetaSnapshot, tokens: tokensIn.map((t) => getAddress(t)), amounts: amountArgs.map((a) => ctx.amount(a)), fields, slippage: args.slippage, receiver: args.receiver })
    }
    sweepSharesOf(ctx, pool)
    const n = pool.balances.length
    const lp = getAddress(pool.tokens[n]!)
    const primary = getAddress(pool.address)
    const amounts: (BundleValue | undefined)[] = Array.from({ length: n }, () => undefined)
    tokensIn.forEach((token, k) => {
      const field = Array.isArray(args.tokenIn) ? `tokenIn[${k}]` : 'tokenIn'
      const i = coinIndex(ctx, pool, token, field)
      if (amounts[i]) ctx.fail('DUPLICATE_TOKEN', field, `${getAddress(token)} is named twice`)
      const amount = ctx.amount(amountArgs[k]!)
      amounts[i] = amount
      ctx.spend(getAddress(token), amount)
      if (i !== pool.nativeCoin) planApprove(ctx, getAddress(token), primary, amount)
      else if (!isNativeAddress(token)) ctx.planner.add(functionCall({ address: getAddress(token), abi: wethAbi, functionName: 'withdraw', args: [amount.value] }))
    })
    const estimates = amounts.map((a) => (a === undefined ? 0n : a.estimate))
    const mint = (amounts: bigint[]) => (pool.variant === 'ng' ? addLiquidityNg(pool, { amounts }).minted : addLiquidity(pool, { amounts }).minted)
    const estimate = estimates.every((e) => e !== undefined) ? quoted(ctx, 'amountIn', () => mint(estimates as bigint[])) : undefined
    if (args.slippage !== undefined && estimate === undefined) ctx.fail('MISSING_ESTIMATE', 'slippage', 'an amount is known only at execution, so the deposit cannot be quoted for a minimum')
    const before = addBalanceOfSelf(ctx.planner, { helpers: ctx.helpers, token: lp })
    const min = args.slippage === undefined ? 0n : applySlippage(estimate!, args.slippage)
    const native = pool.nativeCoin === undefined ? undefined : amounts[pool.nativeCoin]
    if (pool.variant === 'steth') {
      // The ETH/stETH pool takes its native coin as msg.value (unwrapped first when named as WETH).
      const call = functionCall({ address: primary, abi: curveStethWriteAbi, functionName: 'add_liquidity', args: [amounts.map((a) => a?.value ?? 0n) as never, min] })
      ctx.planner.add(native ? call.withValue(native.value as bigint) : call)
    } else if (pool.variant === 'ng') {
      // stableswap-ng takes a dynamic array (`uint256[]`).
      ctx.planner.add(functionCall({ address: primary, abi: curveNgWriteAbi, functionName: 'add_liquidity', args: [amounts.map((a) => a?.value ?? 0n) as never, min] }))
    } else {
      ctx.planner.add(functionCall({ address: primary, abi: curveAddLiquidityAbi(n), functionName: 'add_liquidity', args: [amounts.map((a) => a?.value ?? 0n), min] }))
    }
    // The pool pulls exactly each amount; the reset keeps allowance-quirky tokens from carrying any over.
    tokensIn.forEach((token, k) => {
      if (!(pool.nativeCoin !== undefined && coinIndex(ctx, pool, token, `tokenIn[${k}]`) === pool.nativeCoin)) planRevoke(ctx, getAddress(token), primary)
    })
    const received = planMath(ctx, 'sub', { kind: 'amount', value: addBalanceOfSelf(ctx.planner, { helpers: ctx.helpers, token: lp }), estimate }, { kind: 'amount', value: before, estimate: 0n })
    const out: BundleValue = { ...received, estimate, token: lp }
    ctx.produce(lp, out)
    planSendOn(ctx, lp, out, args.receiver)
    ctx.report({
      action: 'deposit', protocol: 'curve', primary, tokenIn: tokensIn.map((t) => getAddress(t)), tokenOut: [lp],
      amountIn: tokensIn.length === 1 && typeof amounts.find((a) => a)?.value === 'bigint' ? String(amounts.find((a) => a)!.value) : undefined,
      amountOut: estimate?.toString(),
    })
    return [out]
  },
})

/**
 * `curve redeem`: burns LP tokens of a StableSwap or twocrypto-ng pool for one coin (`remove_liquidity_one_coin`, the
 * imbalance fee charged) or, when `tokenOut` lists every coin, proportionally (`remove_liquidity`). The
 * pool burns the executing contract's LP (no approval). Outputs: one amount per tokenOut, measured as
 * balance changes; sent to `receiver` when one is named.
 */
export const curveRedeemAction = defineBundleAction({
  protocol: 'curve',
  action: 'redeem',
  description: 'Burns Curve StableSwap or twocrypto-ng LP tokens (tokenIn) for one coin or proportionally for all; outputs: one amount per tokenOut',
  delegateOnly: false,
  args: z.strictObject({
    tokenIn: addressArg,
    amountIn: positiveAmountArg,
    tokenOut: z.union([tokenArg, z.array(tokenArg).min(1).max(8)]),
    primaryAddress: addressArg,
    receiver: receiverArg.optional(),
    slippage: bpsArg.optional(),
  }),
  outputs: (args) => (Array.isArray(args.tokenOut) ? args.tokenOut.map(() => 'amount' as const) : ['amount']),
  build(ctx, args) {
    const outs = (Array.isArray(args.tokenOut) ? args.tokenOut : [args.tokenOut]).map((t) => getAddress(t))
    const twocrypto = twocryptoPoolOf(ctx, args.primaryAddress)
    if (twocrypto) {
      if (lower(args.tokenIn) !== lower(twocrypto.address)) ctx.fail('INVALID_TOKEN', 'tokenIn', `must be the pool's LP token ${getAddress(twocrypto.address)}`)
      const fields = outs.map((_, k) => (Array.isArray(args.tokenOut) ? `tokenOut[${k}]` : 'tokenOut'))
      return redeemTwocrypto(ctx, { pool: twocrypto, outs, amount: ctx.amount(args.amountIn), fields, slippage: args.slippage, receiver: args.receiver })
    }
    const pool = poolOf(ctx, { primary: args.primaryAddress, lp: args.tokenIn, lpField: 'tokenIn' })
    // A metapool's base coins come out through its Deposit zap.
    if (namesBaseCoin(pool, outs)) return redeemThroughZap(ctx, { pool: pool as CurveMetaSnapshot, outs, amount: ctx.amount(args.amountIn), field: 'tokenOut', slippage: args.slippage, receiver: args.receiver })
    sweepSharesOf(ctx, pool)
    const n = pool.balances.length
    const lp = getAddress(pool.tokens[n]!)
    const primary = getAddress(pool.address)
    const indices = outs.map((t, k) => coinIndex(ctx, pool, t, Array.isArray(args.tokenOut) ? `tokenOut[${k}]` : 'tokenOut'))
    if (new Set(indices).size !== indices.length) ctx.fail('DUPLICATE_TOKEN', 'tokenOut', 'a coin is named twice')
    const single = outs.length === 1
    if (!single && outs.length !== n) ctx.fail('INVALID_TOKEN', 'tokenOut', `one coin, or every coin of the pool for a proportional redeem (${pool.tokens.slice(0, n).map((t) => getAddress(t)).join(', ')})`)
    const amount = ctx.amount(args.amountIn)
    ctx.spend(lp, amount)
    const burn = amount.estimate
    const estimates: (bigint | undefined)[] = burn === undefined
      ? indices.map(() => undefined)
      : single
        ? [quoted(ctx, 'amountIn', () => (pool.variant === 'ng' ? calcWithdrawOneCoinNg(pool, { burn, i: indices[0]! }) : calcWithdrawOneCoin(pool, { tokenAmount: burn, i: indices[0]! })).dy)]
        : indices.map((i) => (pool.balances[i]! * burn) / pool.totalSupply)
    if (args.slippage !== undefined && estimates.some((e) => e === undefined)) ctx.fail('MISSING_ESTIMATE', 'slippage', 'the amount is known only at execution, so the redeem cannot be quoted for a minimum')
    const mins = estimates.map((e) => (args.slippage === undefined ? 0n : applySlippage(e!, args.slippage)))
    if (pool.variant === 'steth') return redeemSteth(ctx, { pool, lp, primary, outs, indices, amount, estimates, mins, receiver: args.receiver })
    const before = outs.map((t) => addBalanceOfSelf(ctx.planner, { helpers: ctx.helpers, token: t }))
    const ordered = Array.from({ length: n }, (_, i) => mins[indices.indexOf(i)]!)
    if (single) {
      // stableswap-ng's remove_liquidity_one_coin has the same selector (int128 i); it returns what it paid.
      ctx.planner.add(functionCall({ address: primary, abi: curveStableSwapWriteAbi, functionName: 'remove_liquidity_one_coin', args: [amount.value, BigInt(indices[0]!), mins[0]!] }))
    } else if (pool.variant === 'ng') {
      ctx.planner.add(functionCall({ address: primary, abi: curveNgWriteAbi, functionName: 'remove_liquidity', args: [amount.value as never, ordered] }))
    } else {
      ctx.planner.add(functionCall({ address: primary, abi: removeLiquidityAbi(n), functionName: 'remove_liquidity', args: [amount.value, ordered] }))
    }
    const results = outs.map((token, k) => {
      const received = planMath(ctx, 'sub', { kind: 'amount', value: addBalanceOfSelf(ctx.planner, { helpers: ctx.helpers, token }), estimate: estimates[k] }, { kind: 'amount', value: before[k]!, estimate: 0n })
      const out: BundleValue = { ...received, estimate: estimates[k], token }
      ctx.produce(token, out)
      planSendOn(ctx, token, out, args.receiver)
      return out
    })
    ctx.report({
      action: 'redeem', protocol: 'curve', primary, tokenIn: [lp], tokenOut: outs,
      amountIn: typeof amount.value === 'bigint' ? amount.value.toString() : undefined, amountOut: single ? estimates[0]?.toString() : undefined,
    })
    return results
  },
})

/**
 * A redeem from the ETH/stETH pool: `remove_liquidity_one_coin` or `remove_liquidity`, the ETH it pays
 * (a raw call to the executing contract) delivered as ETH, or wrapped when the action names WETH; every
 * output is a balance change (stETH can arrive a wei short of what the pool names).
 */
function redeemSteth(ctx: BundleActionContext, p: {
  pool: CurveStableSwapSnapshot; lp: Address; primary: Address; outs: Address[]; indices: number[]; amount: BundleValue
  estimates: (bigint | undefined)[]; mins: bigint[]; receiver: Address | undefined
}): BundleValue[] {
  const native = p.pool.nativeCoin
  // ETH is measured as such; WETH, when named, is wrapped from it afterwards.
  const measuredToken = (t: Address, i: number) => (i === native ? ('0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' as Address) : t)
  const before = p.outs.map((t, k) => addBalanceOfSelf(ctx.planner, { helpers: ctx.helpers, token: measuredToken(t, p.indices[k]!) }))
  if (p.outs.length === 1) {
    ctx.planner.add(functionCall({ address: p.primary, abi: curveStethWriteAbi, functionName: 'remove_liquidity_one_coin', args: [p.amount.value as bigint, BigInt(p.indices[0]!), p.mins[0]!] }))
  } else {
    const ordered = [0, 1].map((i) => p.mins[p.indices.indexOf(i)]!) as [bigint, bigint]
    ctx.planner.add(functionCall({ address: p.primary, abi: stethRemoveAbi, functionName: 'remove_liquidity', args: [p.amount.value as bigint, ordered] }))
  }
  const results = p.outs.map((token, k) => {
    const i = p.indices[k]!
    const after = addBalanceOfSelf(ctx.planner, { helpers: ctx.helpers, token: measuredToken(token, i) })
    const received = planMath(ctx, 'sub', { kind: 'amount', value: after, estimate: p.estimates[k] }, { kind: 'amount', value: before[k]!, estimate: 0n })
    if (i === native && !isNativeAddress(token)) ctx.planner.add(functionCall({ address: token, abi: wethAbi, functionName: 'deposit' }).withValue(received.value as never))
    const out: BundleValue = { ...received, estimate: p.estimates[k], token }
    ctx.produce(token, out)
    if (p.receiver !== undefined && lower(p.receiver) !== lower(ctx.self)) planTransfer(ctx, token, out, p.receiver)
    return out
  })
  ctx.report({
    action: 'redeem', protocol: 'curve', primary: p.primary, tokenIn: [p.lp], tokenOut: p.outs,
    amountIn: typeof p.amount.value === 'bigint' ? p.amount.value.toString() : undefined, amountOut: p.outs.length === 1 ? p.estimates[0]?.toString() : undefined,
  })
  return results
}
