import type { Address } from 'viem'
import { z } from 'zod'
import { functionCall } from '../../encoding/call.js'
import { isNativeAddress } from '../../schemas/fields.js'
import { addressArg, positiveAmountArg, receiverArg, tokenArg, uintLiteral } from '../bundle/args.js'
import { planApprove, planExtractUint, planRevoke } from '../bundle/planValues.js'
import { defineBundleAction, type BundleActionContext, type BundleActionDefinition, type BundleValue } from '../bundle/types.js'
import { morphoBlueAbi } from './abi.js'
import { marketParamsFromEntry } from './marketParams.js'

type Market = NonNullable<BundleActionContext['contracts']['morphoMarkets']>[number]

const lower = (a: string) => a.toLowerCase()
const marketIdSchema = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a bytes32 Morpho market id')
const common = {
  primaryAddress: addressArg,
  positionId: marketIdSchema.optional(),
  onBehalfOf: addressArg.optional(),
  tokenId: uintLiteral.optional(),
  args: z.record(z.string(), z.unknown()).optional(),
}

/** The Morpho singleton named by `primaryAddress`. */
function morphoOf(ctx: BundleActionContext, primary: Address): Address {
  const morpho = ctx.contracts.morpho
  if (!morpho) return ctx.fail('INVALID_PRIMARY_ADDRESS', 'primaryAddress', `Morpho Blue is not deployed on chain ${ctx.chainId}`)
  if (lower(primary) !== lower(morpho)) ctx.fail('INVALID_PRIMARY_ADDRESS', 'primaryAddress', `must be Morpho Blue ${morpho}`)
  return morpho
}

/** The market: `positionId` (its id), else the one market where `token` plays `role`. */
function marketOf(ctx: BundleActionContext, p: { positionId: string | undefined; token: Address; role: 'loan' | 'any' }): { market: Market; collateral: boolean } {
  const markets = ctx.contracts.morphoMarkets ?? []
  const token = lower(isNativeAddress(p.token) ? ctx.contracts.weth : p.token)
  const fits = (m: Market) => lower(m.loanToken) === token || (p.role === 'any' && lower(m.collateralToken) === token)
  const candidates = p.positionId === undefined ? markets.filter(fits) : markets.filter((m) => lower(m.id) === lower(p.positionId!))
  if (candidates.length !== 1) {
    const known = markets.map((m) => `${m.id} (${m.symbol ?? 'market'})`).join(', ')
    return ctx.fail('INVALID_ACTION', 'positionId', candidates.length === 0 ? `no Morpho Blue market ${p.positionId ?? `for ${p.token}`} on chain ${ctx.chainId}; markets: ${known}` : `several markets take ${p.token}: give positionId (one of ${known})`)
  }
  const market = candidates[0]!
  if (!fits(market)) ctx.fail('INVALID_TOKEN', 'token', `${p.token} is neither the loan token nor the collateral of market ${market.id}`)
  return { market, collateral: lower(market.collateralToken) === token && lower(market.loanToken) !== token }
}


/**
 * `morpho-blue deposit`: supplies the loan token (lending) or the collateral token (collateral) of a
 * market on behalf of the receiver — Morpho lets anyone supply for anyone, so it also works under the
 * router. Output: the assets supplied.
 */
export const morphoBlueDepositAction = defineBundleAction({
  protocol: 'morpho-blue',
  action: 'deposit',
  description: 'Supplies tokenIn to a Morpho Blue market (positionId) as lending supply (loan token) or collateral (collateral token), on behalf of the receiver; output: the assets supplied',
  delegateOnly: false,
  args: z.strictObject({ tokenIn: tokenArg, amountIn: positiveAmountArg, tokenOut: addressArg.optional(), receiver: receiverArg.optional(), ...common }),
  outputs: () => ['amount'],
  build(ctx, args) {
    const morpho = morphoOf(ctx, args.primaryAddress)
    const { market, collateral } = marketOf(ctx, { positionId: args.positionId, token: args.tokenIn, role: 'any' })
    if (isNativeAddress(args.tokenIn)) ctx.fail('INVALID_TOKEN', 'tokenIn', 'supply WETH; Morpho markets take ERC-20 tokens')
    const amount = ctx.amount(args.amountIn)
    const onBehalf = args.onBehalfOf ?? args.receiver ?? (ctx.strategy === 'router' ? ctx.receiver : ctx.self)
    const mp = marketParamsFromEntry(market)
    ctx.spend(args.tokenIn, amount)
    planApprove(ctx, args.tokenIn, morpho, amount)
    let out: BundleValue = { ...amount, token: args.tokenIn }
    if (collateral) ctx.planner.add(functionCall({ address: morpho, abi: morphoBlueAbi, functionName: 'supplyCollateral', args: [mp, amount.value, onBehalf, '0x'] }))
    else out = planExtractUint(ctx, ctx.planner.add(functionCall({ address: morpho, abi: morphoBlueAbi, functionName: 'supply', args: [mp, amount.value, 0n, onBehalf, '0x'] }).rawValue()), 0n, amount.estimate, args.tokenIn)
    planRevoke(ctx, args.tokenIn, morpho)
    return [out]
  },
})

/** `morpho-blue withdraw`: withdraws lending supply or collateral of the wallet (delegate only). */
export const morphoBlueWithdrawAction = defineBundleAction({
  protocol: 'morpho-blue',
  action: 'withdraw',
  description: "Withdraws amountOut of tokenOut from the wallet's supply (loan token) or collateral (collateral token) in a Morpho Blue market; delegate only; output: the assets withdrawn",
  delegateOnly: true,
  args: z.strictObject({ tokenOut: tokenArg, amountOut: positiveAmountArg, receiver: receiverArg.optional(), ...common }),
  outputs: () => ['amount'],
  build(ctx, args) {
    const morpho = morphoOf(ctx, args.primaryAddress)
    const { market, collateral } = marketOf(ctx, { positionId: args.positionId, token: args.tokenOut, role: 'any' })
    const amount = ctx.amount(args.amountOut)
    const to = args.receiver ?? ctx.self
    const owner = args.onBehalfOf ?? ctx.self
    const mp = marketParamsFromEntry(market)
    let out: BundleValue = { ...amount, token: args.tokenOut }
    if (collateral) ctx.planner.add(functionCall({ address: morpho, abi: morphoBlueAbi, functionName: 'withdrawCollateral', args: [mp, amount.value, owner, to] }))
    else out = planExtractUint(ctx, ctx.planner.add(functionCall({ address: morpho, abi: morphoBlueAbi, functionName: 'withdraw', args: [mp, amount.value, 0n, owner, to] }).rawValue()), 0n, amount.estimate, args.tokenOut)
    ctx.produce(args.tokenOut, out, to)
    return [out]
  },
})

/** `morpho-blue borrow`: borrows the loan token against the wallet's collateral (delegate only). */
export const morphoBlueBorrowAction = defineBundleAction({
  protocol: 'morpho-blue',
  action: 'borrow',
  description: "Borrows amountOut of a Morpho Blue market's loan token against the wallet's collateral; delegate only; output: the assets borrowed",
  delegateOnly: true,
  args: z.strictObject({ tokenOut: tokenArg, amountOut: positiveAmountArg, collateral: z.union([tokenArg, z.array(tokenArg).max(8)]).optional(), receiver: receiverArg.optional(), ...common }),
  outputs: () => ['amount'],
  build(ctx, args) {
    const morpho = morphoOf(ctx, args.primaryAddress)
    const collateralToken = Array.isArray(args.collateral) ? args.collateral[0] : args.collateral
    const markets = (ctx.contracts.morphoMarkets ?? []).filter((m) => lower(m.loanToken) === lower(args.tokenOut) && (collateralToken === undefined || lower(m.collateralToken) === lower(collateralToken)))
    const { market } = args.positionId !== undefined || markets.length !== 1
      ? marketOf(ctx, { positionId: args.positionId, token: args.tokenOut, role: 'loan' })
      : { market: markets[0]! }
    const amount = ctx.amount(args.amountOut)
    const to = args.receiver ?? ctx.self
    const raw = ctx.planner.add(functionCall({ address: morpho, abi: morphoBlueAbi, functionName: 'borrow', args: [marketParamsFromEntry(market), amount.value, 0n, args.onBehalfOf ?? ctx.self, to] }).rawValue())
    const out = planExtractUint(ctx, raw, 0n, amount.estimate, args.tokenOut)
    ctx.produce(args.tokenOut, out, to)
    return [out]
  },
})

/** `morpho-blue repay`: repays the wallet's (or onBehalfOf's) debt in a market (delegate only). */
export const morphoBlueRepayAction = defineBundleAction({
  protocol: 'morpho-blue',
  action: 'repay',
  description: "Repays amountIn of a Morpho Blue market's loan token for the wallet (or onBehalfOf); delegate only; output: the assets repaid",
  delegateOnly: true,
  args: z.strictObject({ tokenIn: tokenArg, amountIn: positiveAmountArg, ...common }),
  outputs: () => ['amount'],
  build(ctx, args) {
    const morpho = morphoOf(ctx, args.primaryAddress)
    const { market } = marketOf(ctx, { positionId: args.positionId, token: args.tokenIn, role: 'loan' })
    const amount = ctx.amount(args.amountIn)
    ctx.spend(args.tokenIn, amount)
    planApprove(ctx, args.tokenIn, morpho, amount)
    const raw = ctx.planner.add(functionCall({ address: morpho, abi: morphoBlueAbi, functionName: 'repay', args: [marketParamsFromEntry(market), amount.value, 0n, args.onBehalfOf ?? ctx.self, '0x'] }).rawValue())
    planRevoke(ctx, args.tokenIn, morpho)
    return [planExtractUint(ctx, raw, 0n, amount.estimate, args.tokenIn)]
  },
})

/** Every Morpho Blue bundle action. */
export const morphoBlueBundleActions: BundleActionDefinition[] = [morphoBlueDepositAction, morphoBlueWithdrawAction, morphoBlueBorrowAction, morphoBlueRepayAction]
