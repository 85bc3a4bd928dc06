import { type Address, getAddress, parseAbi } from 'viem'
import { z } from 'zod'
import { functionCall } from '../../encoding/call.js'
import { addBalanceOfSelf } from '../../encoding/planActions.js'
import { addressArg, positiveAmountArg, receiverArg, tokenArg } from '../bundle/args.js'
import { planApprove, planMath, planRevoke, planSendOn } from '../bundle/planValues.js'
import { defineBundleAction, type BundleActionContext, type BundleValue } from '../bundle/types.js'

/** Curve's liquidity gauge: the functions the actions call (its public ABI; every gauge version has them). */
export const curveGaugeAbi = parseAbi([
  'function deposit(uint256 _value, address _addr)',
  'function withdraw(uint256 _value)',
  'function claim_rewards()',
])
/** Curve's CRV Minter: `mint(gauge)` pays the caller the CRV its stake in that gauge earned. */
export const curveMinterAbi = parseAbi(['function mint(address gauge_addr)'])

const lower = (a: string) => a.toLowerCase()

type Gauge = { address: Address; lpToken: Address; rewardTokens: readonly Address[] }

/** The gauge `primaryAddress` names, from the chain's address book. */
function gaugeOf(ctx: BundleActionContext, primary: Address): Gauge {
  const known = ctx.contracts.curveGauges?.gauges ?? []
  const gauge = known.find((g) => lower(g.address) === lower(primary))
  if (!gauge) return ctx.fail('INVALID_PRIMARY_ADDRESS', 'primaryAddress', `${primary} is not a Curve gauge on chain ${ctx.chainId}${known.length ? ` (${known.map((g) => getAddress(g.address)).join(', ')})` : ''}`)
  return gauge
}

/** `token` must be what `field` names: the gauge's LP token or the gauge token itself. */
function checkToken(ctx: BundleActionContext, p: { token: Address | undefined; expected: Address; field: string; what: string }): void {
  if (p.token !== undefined && lower(p.token) !== lower(p.expected)) ctx.fail('INVALID_TOKEN', p.field, `must be the gauge's ${p.what} ${getAddress(p.expected)}`)
}

/** The executing contract's balance change of `token` around the commands `run` plans. */
function measured(ctx: BundleActionContext, token: Address, run: () => void): BundleValue {
  const before = addBalanceOfSelf(ctx.planner, { helpers: ctx.helpers, token })
  run()
  const after = addBalanceOfSelf(ctx.planner, { helpers: ctx.helpers, token })
  return { ...planMath(ctx, 'sub', { kind: 'amount', value: after, estimate: undefined }, { kind: 'amount', value: before, estimate: 0n }), estimate: undefined, token }
}

/**
 * `curve-gauge deposit`: stakes LP tokens (tokenIn) in a Curve liquidity gauge (`deposit(_value, _addr)`
 * for the executing contract itself: gauges up to V2 let one deposit for another only with that one's
 * approval), the gauge tokens credited one for one and sent on to `receiver` when named (gauge tokens are
 * transferable). The exact approval is used up by the gauge's pull and reset after. Output: the gauge tokens.
 */
export const curveGaugeDepositAction = defineBundleAction({
  protocol: 'curve-gauge',
  action: 'deposit',
  description: 'Stakes Curve LP tokens (tokenIn) in the liquidity gauge primaryAddress; output: gauge tokens credited one for one (sent to receiver when named)',
  delegateOnly: false,
  args: z.strictObject({
    tokenIn: tokenArg,
    amountIn: positiveAmountArg,
    primaryAddress: addressArg,
    tokenOut: addressArg.optional(),
    receiver: receiverArg.optional(),
  }),
  outputs: () => ['amount'],
  build(ctx, args) {
    const gauge = gaugeOf(ctx, args.primaryAddress)
    const primary = getAddress(gauge.address)
    const lp = getAddress(gauge.lpToken)
    checkToken(ctx, { token: args.tokenIn, expected: lp, field: 'tokenIn', what: 'LP token' })
    checkToken(ctx, { token: args.tokenOut, expected: primary, field: 'tokenOut', what: 'token (the gauge itself)' })
    const amount = ctx.amount(args.amountIn)
    ctx.spend(lp, amount)
    planApprove(ctx, lp, primary, amount)
    ctx.planner.add(functionCall({ address: primary, abi: curveGaugeAbi, functionName: 'deposit', args: [amount.value, ctx.self] }))
    planRevoke(ctx, lp, primary)
    const out: BundleValue = { ...amount, token: primary }
    ctx.produce(primary, out)
    planSendOn(ctx, primary, out, args.receiver)
    ctx.report({ action: 'deposit', protocol: 'curve-gauge', primary, tokenIn: [lp], tokenOut: [primary], amountIn: amount.estimate?.toString(), amountOut: amount.estimate?.toString() })
    return [out]
  },
})

/**
 * `curve-gauge withdraw`: unstakes gauge tokens the executing contract holds (`withdraw(_value)`) for the
 * LP token one for one, sent on to `receiver` when named. Output: the LP tokens received.
 */
export const curveGaugeWithdrawAction = defineBundleAction({
  protocol: 'curve-gauge',
  action: 'withdraw',
  description: 'Unstakes gauge tokens (tokenIn: the gauge primaryAddress) for its LP token; output: LP tokens received one for one',
  delegateOnly: false,
  args: z.strictObject({
    tokenIn: tokenArg.optional(),
    amountIn: positiveAmountArg,
    primaryAddress: addressArg,
    tokenOut: addressArg.optional(),
    receiver: receiverArg.optional(),
  }),
  outputs: () => ['amount'],
  build(ctx, args) {
    const gauge = gaugeOf(ctx, args.primaryAddress)
    const primary = getAddress(gauge.address)
    const lp = getAddress(gauge.lpToken)
    checkToken(ctx, { token: args.tokenIn, expected: primary, field: 'tokenIn', what: 'token (the gauge itself)' })
    checkToken(ctx, { token: args.tokenOut, expected: lp, field: 'tokenOut', what: 'LP token' })
    const amount = ctx.amount(args.amountIn)
    ctx.spend(primary, amount)
    ctx.planner.add(functionCall({ address: primary, abi: curveGaugeAbi, functionName: 'withdraw', args: [amount.value] }))
    const out: BundleValue = { ...amount, token: lp }
    ctx.produce(lp, out)
    planSendOn(ctx, lp, out, args.receiver)
    ctx.report({ action: 'withdraw', protocol: 'curve-gauge', primary, tokenIn: [primary], tokenOut: [lp], amountIn: amount.estimate?.toString(), amountOut: amount.estimate?.toString() })
    return [out]
  },
})

/**
 * `curve-gauge harvest`: claims what the wallet's stake in the gauge earned, to the wallet: CRV from the
 * Minter (`mint(gauge)`) and every extra reward from the gauge (`claim_rewards()`), each measured as the
 * wallet's balance change. Delegate only: the stake, and so the rewards, are the wallet's. `token` is
 * taken as the vendor's API takes it (its sample passes wstETH with this gauge) and does not narrow the
 * claim: a gauge pays all its rewards at once. Output: the CRV claimed (every reward is delivered).
 */
export const curveGaugeHarvestAction = defineBundleAction({
  protocol: 'curve-gauge',
  action: 'harvest',
  description: "Claims the wallet's CRV (from the Minter) and every extra reward of the Curve gauge primaryAddress; delegate only; output: the CRV claimed",
  delegateOnly: true,
  args: z.strictObject({ token: tokenArg, primaryAddress: addressArg, receiver: receiverArg.optional() }),
  outputs: () => ['amount'],
  build(ctx, args) {
    const gauge = gaugeOf(ctx, args.primaryAddress)
    const primary = getAddress(gauge.address)
    const { minter, crv } = ctx.contracts.curveGauges ?? {}
    const claimed: BundleValue[] = []
    if (minter && crv) claimed.push(measured(ctx, getAddress(crv), () => ctx.planner.add(functionCall({ address: minter, abi: curveMinterAbi, functionName: 'mint', args: [primary] }))))
    const rewards = gauge.rewardTokens.map((t) => getAddress(t))
    if (rewards.length) {
      const before = rewards.map((token) => addBalanceOfSelf(ctx.planner, { helpers: ctx.helpers, token }))
      ctx.planner.add(functionCall({ address: primary, abi: curveGaugeAbi, functionName: 'claim_rewards' }))
      rewards.forEach((token, k) => {
        const after = addBalanceOfSelf(ctx.planner, { helpers: ctx.helpers, token })
        claimed.push({ ...planMath(ctx, 'sub', { kind: 'amount', value: after, estimate: undefined }, { kind: 'amount', value: before[k]!, estimate: 0n }), estimate: undefined, token })
      })
    }
    if (claimed.length === 0) ctx.fail('INVALID_PRIMARY_ADDRESS', 'primaryAddress', `the gauge ${primary} pays no reward on chain ${ctx.chainId}`)
    for (const out of claimed) {
      ctx.produce(out.token!, out)
      planSendOn(ctx, out.token!, out, args.receiver)
    }
    ctx.report({ action: 'harvest', protocol: 'curve-gauge', primary, tokenIn: [], tokenOut: claimed.map((c) => c.token!) })
    return [claimed[0]!]
  },
})

/** The `curve-gauge` actions. */
export const curveGaugeActions = [curveGaugeDepositAction, curveGaugeWithdrawAction, curveGaugeHarvestAction] as const
