import { z } from 'zod'
import { switchyardBalanceHelperAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'
import { addressArg, amountArg, bpsArg, receiverArg, tokenArg } from '../bundle/args.js'
import { planMinimum } from '../bundle/planValues.js'
import { defineBundleAction } from '../bundle/types.js'
import { takeFee } from './routeActions.js'
import { planMath } from '../bundle/planValues.js'

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** `enso balance`: reads a balance at execution time. */
export const ensoBalanceAction = defineBundleAction({
  protocol: 'enso',
  action: 'balance',
  description: "Reads the executing contract's (or account's) balance of token at execution time; output: the balance",
  delegateOnly: false,
  args: z.strictObject({ token: tokenArg, estimate: amountArg.optional(), account: addressArg.optional() }),
  outputs: () => ['amount'],
  build(ctx, args) {
    const helper = { address: ctx.helpers.balance, abi: switchyardBalanceHelperAbi } as const
    const own = args.account === undefined || same(args.account, ctx.self)
    const value = own
      ? ctx.planner.add(functionCall({ ...helper, functionName: 'balanceOfCaller', args: [args.token] }).staticcall())
      : ctx.planner.add(functionCall({ ...helper, functionName: 'balanceOf', args: [args.token, args.account] }).staticcall())
    const given = args.estimate === undefined ? undefined : ctx.amount(args.estimate).estimate
    return [{ kind: 'amount', value, estimate: given ?? (own ? ctx.held(args.token) : undefined), token: args.token }]
  },
})

/** `enso minamountout`: an in-plan minimum on an earlier output. */
export const ensoMinAmountOutAction = defineBundleAction({
  protocol: 'enso',
  action: 'minamountout',
  description: 'Reverts the transaction unless amountOut ≥ minAmountOut at execution time; output: amountOut',
  delegateOnly: false,
  args: z.strictObject({ amountOut: amountArg, minAmountOut: amountArg }),
  outputs: () => ['amount'],
  build(ctx, args) {
    return [planMinimum(ctx, ctx.amount(args.amountOut), ctx.amount(args.minAmountOut))]
  },
})

/** `enso slippage`: an in-plan minimum of the quoted output less `bps`. */
export const ensoSlippageAction = defineBundleAction({
  protocol: 'enso',
  action: 'slippage',
  description: 'Reverts unless amountOut at execution is at least its quoted value less bps; output: amountOut',
  delegateOnly: false,
  args: z.strictObject({ bps: bpsArg, amountOut: amountArg }),
  outputs: () => ['amount'],
  build(ctx, args) {
    const amount = ctx.amount(args.amountOut)
    if (amount.estimate === undefined) {
      return ctx.fail('MISSING_ESTIMATE', 'amountOut', 'the referenced output has no quote to apply slippage to (use minamountout with an explicit minimum)')
    }
    return [ctx.quotedMinimum(amount, amount.estimate, args.bps)]
  },
})

/** `enso fee`: pays `bps` of an amount to a receiver. */
export const ensoFeeAction = defineBundleAction({
  protocol: 'enso',
  action: 'fee',
  description: 'Transfers bps of amount of token to receiver; output: the amount left after the fee',
  delegateOnly: false,
  args: z.strictObject({ token: tokenArg, amount: amountArg, bps: bpsArg, receiver: receiverArg }),
  outputs: () => ['amount'],
  build(ctx, args) {
    const amount = ctx.amount(args.amount)
    const fee = takeFee(ctx, { token: args.token, amount, bps: args.bps, receiver: args.receiver })
    return [planMath(ctx, 'sub', amount, fee, 'amount')]
  },
})

/** `enso ensofee`: the operator's fee. This deployment charges none, so the amount passes unchanged. */
export const ensoEnsoFeeAction = defineBundleAction({
  protocol: 'enso',
  action: 'ensofee',
  description: "The service operator's fee; switchyard charges none, so the output is amount unchanged",
  delegateOnly: false,
  args: z.strictObject({ token: tokenArg, amount: amountArg, bps: bpsArg }),
  outputs: () => ['amount'],
  build(ctx, args) {
    return [{ ...ctx.amount(args.amount), token: args.token }]
  },
})
