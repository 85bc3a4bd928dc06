import { z } from 'zod'
import { amountArg, bpsArg, positiveAmountArg, receiverArg, tokenArg } from '../bundle/args.js'
import { planMath, planMulDiv, planTransfer } from '../bundle/planValues.js'
import { defineBundleAction, type BundleActionContext, type BundleValue } from '../bundle/types.js'
import { planCrossChainRoute } from './planCrossChainRoute.js'
import { switchyardMathHelperAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'

const ignoreList = z.array(z.string().max(64)).max(64).optional()

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** `enso route`: the best route from tokenIn to tokenOut over every protocol, as one action. */
export const ensoRouteAction = defineBundleAction({
  protocol: 'enso',
  action: 'route',
  description: 'Best route from tokenIn to tokenOut through every protocol (swaps, deposits, staking, lending); output: amount of tokenOut',
  delegateOnly: false,
  args: z.strictObject({
    tokenIn: tokenArg,
    tokenOut: tokenArg,
    amountIn: positiveAmountArg,
    slippage: bpsArg.optional(),
    minAmountOut: amountArg.optional(),
    fee: bpsArg.optional(),
    feeReceiver: receiverArg.optional(),
    receiver: receiverArg.optional(),
    refundReceiver: receiverArg.optional(),
    destinationChainId: z.number().int().positive().optional(),
    ignoreAggregators: ignoreList,
    ignoreStandards: ignoreList,
    ignoreBridges: ignoreList,
  }),
  // A cross-chain route delivers on another chain: nothing on this chain for later actions to reference.
  outputs: (args) => (args.destinationChainId === undefined ? ['amount'] : []),
  build(ctx, args) {
    if (args.destinationChainId !== undefined && args.destinationChainId === ctx.chainId) {
      ctx.fail('SAME_CHAIN_BRIDGE', 'destinationChainId', 'equals the bundle chainId; omit it for a same-chain route')
    }
    if (args.destinationChainId === undefined && same(args.tokenIn, args.tokenOut)) ctx.fail('SAME_TOKEN', 'tokenOut', 'tokenIn and tokenOut must differ')
    let amountIn = ctx.amount(args.amountIn)
    if (args.fee !== undefined && args.fee > 0n) {
      if (args.fee > 100n) ctx.fail('INVALID_FEE', 'fee', 'must be 0-100 basis points')
      if (!args.feeReceiver) return ctx.fail('FEE_RECEIVER_REQUIRED', 'feeReceiver', 'required when fee is given')
      const fee = takeFee(ctx, { token: args.tokenIn, amount: amountIn, bps: args.fee, receiver: args.feeReceiver })
      amountIn = planMath(ctx, 'sub', amountIn, fee, 'amountIn')
    }
    if (args.destinationChainId !== undefined) {
      const receiver = args.receiver ?? ctx.receiver
      planCrossChainRoute(ctx, {
        tokenIn: args.tokenIn, tokenOut: args.tokenOut, amountIn, destinationChainId: args.destinationChainId, receiver,
        refundReceiver: args.refundReceiver ?? ctx.bridgeRefundReceiver ?? receiver, slippageBps: args.slippage, ignoreBridges: args.ignoreBridges,
      })
      return []
    }
    const minAmountOut = args.minAmountOut === undefined ? undefined : ctx.amount(args.minAmountOut)
    return [
      ctx.route({
        tokenIn: args.tokenIn, tokenOut: args.tokenOut, amountIn, minAmountOut, slippageBps: args.slippage, receiver: args.receiver,
        ignoreStandards: args.ignoreStandards,
      }),
    ]
  },
})

/**
 * Plans a fee of `bps` of `amount` to `receiver` from the executing contract.
 * @returns the fee value
 */
export function takeFee(ctx: BundleActionContext, p: { token: `0x${string}`; amount: BundleValue; bps: bigint; receiver: `0x${string}` }): BundleValue {
  let fee: BundleValue
  if (typeof p.amount.value === 'bigint') fee = { kind: 'amount', value: (p.amount.value * p.bps) / 10_000n, estimate: (p.amount.value * p.bps) / 10_000n, token: p.token }
  else {
    const value = ctx.planner.add(functionCall({ address: ctx.helpers.math, abi: switchyardMathHelperAbi, functionName: 'feeAmount', args: [p.amount.value, p.bps] }).staticcall())
    fee = { kind: 'amount', value, estimate: p.amount.estimate === undefined ? undefined : (p.amount.estimate * p.bps) / 10_000n, token: p.token }
  }
  if (fee.value !== 0n) planTransfer(ctx, p.token, fee, p.receiver)
  return fee
}

/** `enso split`: divides amountIn equally and routes each part to one of tokenOut. */
export const ensoSplitAction = defineBundleAction({
  protocol: 'enso',
  action: 'split',
  description: 'Splits amountIn of tokenIn into equal parts and routes each to one tokenOut; outputs: one amount per tokenOut',
  delegateOnly: false,
  args: z.strictObject({
    tokenIn: tokenArg,
    tokenOut: z.array(tokenArg).min(1).max(8),
    amountIn: positiveAmountArg,
    receiver: receiverArg.optional(),
  }),
  outputs: (args) => args.tokenOut.map(() => 'amount' as const),
  build(ctx, args) {
    const amountIn = ctx.amount(args.amountIn)
    const n = BigInt(args.tokenOut.length)
    const parts: BundleValue[] = []
    let assigned: BundleValue | undefined
    args.tokenOut.forEach((_, i) => {
      if (i < args.tokenOut.length - 1) {
        const part = planMulDiv(ctx, amountIn, 1n, n)
        parts.push(part)
        assigned = assigned === undefined ? part : planMath(ctx, 'add', assigned, part)
      } else parts.push(assigned === undefined ? amountIn : planMath(ctx, 'sub', amountIn, assigned))
    })
    return args.tokenOut.map((tokenOut, i) => {
      if (same(tokenOut, args.tokenIn)) {
        ctx.spend(tokenOut, parts[i]!)
        ctx.produce(tokenOut, parts[i]!)
        if (args.receiver && !same(args.receiver, ctx.self)) planTransfer(ctx, tokenOut, parts[i]!, args.receiver)
        return parts[i]!
      }
      return ctx.route({ tokenIn: args.tokenIn, tokenOut, amountIn: parts[i]!, receiver: args.receiver })
    })
  },
})

/** `enso merge`: routes every tokenIn to one tokenOut. */
export const ensoMergeAction = defineBundleAction({
  protocol: 'enso',
  action: 'merge',
  description: 'Routes each of tokenIn (with its amountIn) into tokenOut; output: the total amount of tokenOut',
  delegateOnly: false,
  args: z.strictObject({
    tokenIn: z.array(tokenArg).min(1).max(8),
    tokenOut: tokenArg,
    amountIn: z.array(positiveAmountArg).min(1).max(8),
    receiver: receiverArg.optional(),
  }),
  outputs: () => ['amount'],
  build(ctx, args) {
    if (args.tokenIn.length !== args.amountIn.length) ctx.fail('LENGTH_MISMATCH', 'amountIn', `amountIn has ${args.amountIn.length} entries but tokenIn has ${args.tokenIn.length}`)
    let total: BundleValue | undefined
    args.tokenIn.forEach((tokenIn, i) => {
      const amount = ctx.amount(args.amountIn[i]!)
      let out = amount
      if (same(tokenIn, args.tokenOut)) {
        ctx.spend(tokenIn, amount)
        ctx.produce(tokenIn, amount)
      } else out = ctx.route({ tokenIn, tokenOut: args.tokenOut, amountIn: amount })
      total = total === undefined ? out : planMath(ctx, 'add', total, out)
    })
    if (args.receiver && !same(args.receiver, ctx.self)) planTransfer(ctx, args.tokenOut, total!, args.receiver)
    return [total!]
  },
})

