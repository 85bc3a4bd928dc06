import { type Address, parseAbi } from 'viem'
import { z } from 'zod'
import { functionCall } from '../../encoding/call.js'
import { isNativeAddress } from '../../schemas/fields.js'
import { addressArg, positiveAmountArg, receiverArg, tokenArg, uintLiteral } from '../bundle/args.js'
import { createPoolActions } from '../bundle/createPoolActions.js'
import { planApprove, planRevoke, planSendOn } from '../bundle/planValues.js'
import { defineBundleAction, type BundleActionContext, type BundleActionDefinition } from '../bundle/types.js'

const poolAbi = parseAbi([
  'function borrow(address asset, uint256 amount, uint256 interestRateMode, uint16 referralCode, address onBehalfOf)',
  'function repay(address asset, uint256 amount, uint256 interestRateMode, address onBehalfOf) returns (uint256)',
  'function withdraw(address asset, uint256 amount, address to) returns (uint256)',
])

/** Variable rate: Aave V3 has no other mode for new borrows. */
const VARIABLE = 2n

const lower = (a: string) => a.toLowerCase()

/** The Pool named by `primaryAddress`, checked against the chain's market. */
function poolOf(ctx: BundleActionContext, primary: Address): Address {
  const pools = new Set(ctx.pools('aave-v3').map((r) => lower((r as { pool?: string }).pool ?? '')))
  if (ctx.contracts.aaveV3Pool) pools.add(lower(ctx.contracts.aaveV3Pool))
  pools.delete('')
  if (!pools.has(lower(primary))) {
    ctx.fail('INVALID_PRIMARY_ADDRESS', 'primaryAddress', `${primary} is not the Aave V3 Pool on chain ${ctx.chainId}${pools.size ? ` (${[...pools].join(', ')})` : ''}`)
  }
  return primary
}

/** The reserve of `asset`: its aToken, for checks. */
function reserveOf(ctx: BundleActionContext, asset: Address, field: string): { aToken: Address } {
  const reserve = ctx.pools('aave-v3').find((r) => lower(r.tokens[0] ?? '') === lower(asset))
  if (!reserve) ctx.fail('INVALID_TOKEN', field, `${asset} is not an Aave V3 reserve on chain ${ctx.chainId}`)
  return { aToken: reserve.tokens[1] as Address }
}

/** `aave-v3 borrow`: variable-rate borrow against the wallet's collateral (delegate only: the debt is the wallet's). */
export const aaveV3BorrowAction = defineBundleAction({
  protocol: 'aave-v3',
  action: 'borrow',
  description: 'Borrows amountOut of tokenOut at the variable rate against the collateral the wallet supplied; delegate only; output: the amount borrowed',
  delegateOnly: true,
  args: z.strictObject({
    collateral: z.union([tokenArg, z.array(tokenArg).max(8)]).optional(),
    tokenOut: tokenArg,
    amountOut: positiveAmountArg,
    primaryAddress: addressArg,
    receiver: receiverArg.optional(),
    onBehalfOf: addressArg.optional(),
    positionId: z.string().max(78).optional(),
    tokenId: uintLiteral.optional(),
    args: z.record(z.string(), z.unknown()).optional(),
  }),
  outputs: () => ['amount'],
  build(ctx, args) {
    const pool = poolOf(ctx, args.primaryAddress)
    if (isNativeAddress(args.tokenOut)) ctx.fail('INVALID_TOKEN', 'tokenOut', 'borrow WETH and unwrap it; the Pool lends ERC-20 reserves')
    reserveOf(ctx, args.tokenOut, 'tokenOut')
    const amount = ctx.amount(args.amountOut)
    ctx.planner.add(functionCall({ address: pool, abi: poolAbi, functionName: 'borrow', args: [args.tokenOut, amount.value, VARIABLE, 0, args.onBehalfOf ?? ctx.self] }))
    ctx.produce(args.tokenOut, amount)
    planSendOn(ctx, args.tokenOut, amount, args.receiver)
    return [{ ...amount, token: args.tokenOut }]
  },
})

/** `aave-v3 repay`: repays variable debt (the wallet's, or onBehalfOf's). */
export const aaveV3RepayAction = defineBundleAction({
  protocol: 'aave-v3',
  action: 'repay',
  description: "Repays up to amountIn of tokenIn variable debt of the wallet (or onBehalfOf); delegate only; output: the amount repaid",
  delegateOnly: true,
  args: z.strictObject({
    tokenIn: tokenArg,
    amountIn: positiveAmountArg,
    primaryAddress: addressArg,
    onBehalfOf: addressArg.optional(),
    positionId: z.string().max(78).optional(),
    tokenId: uintLiteral.optional(),
    args: z.record(z.string(), z.unknown()).optional(),
  }),
  outputs: () => ['amount'],
  build(ctx, args) {
    const pool = poolOf(ctx, args.primaryAddress)
    if (isNativeAddress(args.tokenIn)) ctx.fail('INVALID_TOKEN', 'tokenIn', 'repay with WETH; the Pool takes ERC-20 reserves')
    reserveOf(ctx, args.tokenIn, 'tokenIn')
    const amount = ctx.amount(args.amountIn)
    planApprove(ctx, args.tokenIn, pool, amount)
    const repaid = ctx.planner.add(functionCall({ address: pool, abi: poolAbi, functionName: 'repay', args: [args.tokenIn, amount.value, VARIABLE, args.onBehalfOf ?? ctx.self] }))
    // The Pool pulls at most the debt: no allowance outlives the action.
    planRevoke(ctx, args.tokenIn, pool)
    ctx.spend(args.tokenIn, amount)
    return [{ kind: 'amount', value: repaid, estimate: amount.estimate, token: args.tokenIn }]
  },
})

/** `aave-v3 withdraw`: withdraws an exact amount of the underlying from the aTokens the executing contract holds. */
export const aaveV3WithdrawAction = defineBundleAction({
  protocol: 'aave-v3',
  action: 'withdraw',
  description: 'Withdraws amountOut of tokenOut (the reserve asset) by burning the matching aTokens; output: the amount withdrawn',
  delegateOnly: false,
  args: z.strictObject({
    tokenOut: tokenArg,
    amountOut: positiveAmountArg,
    primaryAddress: addressArg,
    receiver: receiverArg.optional(),
    onBehalfOf: addressArg.optional(),
    positionId: z.string().max(78).optional(),
    args: z.record(z.string(), z.unknown()).optional(),
  }),
  outputs: () => ['amount'],
  build(ctx, args) {
    const pool = poolOf(ctx, args.primaryAddress)
    const { aToken } = reserveOf(ctx, args.tokenOut, 'tokenOut')
    const amount = ctx.amount(args.amountOut)
    ctx.spend(aToken, amount)
    const to = args.receiver ?? ctx.self
    const withdrawn = ctx.planner.add(functionCall({ address: pool, abi: poolAbi, functionName: 'withdraw', args: [args.tokenOut, amount.value, to] }))
    ctx.produce(args.tokenOut, amount, to)
    return [{ kind: 'amount', value: withdrawn, estimate: amount.estimate, token: args.tokenOut }]
  },
})

const rewardsAbi = parseAbi(['function claimRewards(address[] assets, uint256 amount, address to, address reward) returns (uint256)'])

/** `aave-v3 harvest`: claims the liquidity-mining rewards the wallet earned on one incentivized token. */
export const aaveV3HarvestAction = defineBundleAction({
  protocol: 'aave-v3',
  action: 'harvest',
  description: "Claims every reward the wallet earned on token (an aToken or debt token) from the RewardsController (primaryAddress); delegate only; output: the first reward's amount claimed",
  delegateOnly: true,
  args: z.strictObject({ token: tokenArg, primaryAddress: addressArg, receiver: receiverArg.optional() }),
  outputs: () => ['amount'],
  build(ctx, args) {
    const rewards = ctx.contracts.aaveV3Rewards
    if (!rewards || lower(args.primaryAddress) !== lower(rewards.controller)) {
      return ctx.fail('INVALID_PRIMARY_ADDRESS', 'primaryAddress', rewards ? `must be the Aave V3 RewardsController ${rewards.controller}` : `Aave V3 has no RewardsController on chain ${ctx.chainId}`)
    }
    const paid = rewards.rewards.filter((r) => lower(r.token) === lower(args.token))
    if (paid.length === 0) ctx.fail('INVALID_TOKEN', 'token', `${args.token} earns no rewards on chain ${ctx.chainId}${rewards.rewards.length ? ` (incentivized: ${[...new Set(rewards.rewards.map((r) => r.token))].join(', ')})` : ''}`)
    const to = args.receiver ?? ctx.self
    const claimed = paid.map((r) => {
      const value = ctx.planner.add(functionCall({ address: rewards.controller, abi: rewardsAbi, functionName: 'claimRewards', args: [[args.token], 2n ** 256n - 1n, to, r.reward] }))
      const out = { kind: 'amount' as const, value, estimate: undefined, token: r.reward }
      ctx.produce(r.reward, out, to)
      return out
    })
    return [claimed[0]!]
  },
})

const flashLoansAbi = parseAbi(['function flashLoanAaveV3(address pool, address asset, uint256 amount, bytes32[] commands, bytes[] state)'])

/**
 * `aave-v3 flashloan`: borrows from the Pool for the length of a callback — actions run with the loan in
 * the executing contract, which must hold the loan plus the Pool's premium when they end (bring it with
 * tokenIn/amountIn, or produce it). Our executor and delegate take the loan and run the callback
 * themselves (`SwitchyardFlashLoans`: only their own running plan can start one, only that Pool can call
 * back, once).
 */
export const aaveV3FlashLoanAction = defineBundleAction({
  protocol: 'aave-v3',
  action: 'flashloan',
  description: 'Flash-borrows flashloanAmount of flashloanToken from the Aave V3 Pool and runs callback with it; the loan plus premium is repaid when the callback ends; no output',
  delegateOnly: false,
  args: z.strictObject({
    flashloanToken: z.union([tokenArg, z.array(tokenArg).length(1)]),
    flashloanAmount: z.union([positiveAmountArg, z.array(positiveAmountArg).length(1)]),
    tokenOut: z.union([tokenArg, z.array(tokenArg).max(8)]).optional(),
    primaryAddress: addressArg.optional(),
    tokenIn: z.union([tokenArg, z.array(tokenArg).max(4)]).optional(),
    amountIn: z.union([positiveAmountArg, z.array(positiveAmountArg).max(4)]).optional(),
    receiver: receiverArg.optional(),
    callback: z.array(z.unknown()).min(1).max(9),
  }),
  outputs: () => [],
  build(ctx, args) {
    const primary = args.primaryAddress ?? ctx.contracts.aaveV3Pool
    if (!primary) return ctx.fail('INVALID_PRIMARY_ADDRESS', 'primaryAddress', `Aave V3 is not deployed on chain ${ctx.chainId}`)
    const pool = poolOf(ctx, primary)
    const token = Array.isArray(args.flashloanToken) ? args.flashloanToken[0]! : args.flashloanToken
    if (isNativeAddress(token)) ctx.fail('INVALID_TOKEN', 'flashloanToken', 'flash-borrow WETH; the Pool lends ERC-20 reserves')
    reserveOf(ctx, token, 'flashloanToken')
    const ins = args.tokenIn === undefined ? [] : Array.isArray(args.tokenIn) ? args.tokenIn : [args.tokenIn]
    const amounts = args.amountIn === undefined ? [] : Array.isArray(args.amountIn) ? args.amountIn : [args.amountIn]
    if (ins.length !== amounts.length) ctx.fail('LENGTH_MISMATCH', 'amountIn', `amountIn has ${amounts.length} entries but tokenIn has ${ins.length}`)
    ins.forEach((t, i) => {
      // Brought by the sender (the router pulls it), e.g. to pay the premium.
      const amount = ctx.amount(amounts[i]!)
      ctx.spend(t, amount)
      ctx.produce(t, amount)
    })
    const loan = ctx.amount(Array.isArray(args.flashloanAmount) ? args.flashloanAmount[0]! : args.flashloanAmount)
    const bps = ctx.contracts.aaveV3FlashLoanPremiumBps ?? 5n
    // Aave's percentMul rounds half up.
    const premium = loan.estimate === undefined ? undefined : (loan.estimate * bps + 5_000n) / 10_000n
    ctx.produce(token, loan)
    const plan = ctx.callback(args.callback)
    ctx.spend(token, { kind: 'amount', value: 0n, estimate: loan.estimate === undefined ? undefined : loan.estimate + premium! })
    ctx.planner.add(functionCall({ address: ctx.self, abi: flashLoansAbi, functionName: 'flashLoanAaveV3', args: [pool, token, loan.value, plan.commands, plan.state] }))
    return []
  },
})

/** Every Aave V3 bundle action: tokenized deposit/redeem through the engine, and the position actions. */
export const aaveV3BundleActions: BundleActionDefinition[] = [
  ...createPoolActions({
    protocol: 'aave-v3',
    actions: [
      { action: 'deposit', description: 'Supplies tokenIn to the Aave V3 Pool for its aToken; output: aTokens received' },
      { action: 'redeem', description: 'Withdraws the reserve asset for aTokens (tokenIn); output: asset received' },
    ],
    periphery: (c) => [c.aaveV3Pool],
  }),
  aaveV3BorrowAction,
  aaveV3RepayAction,
  aaveV3WithdrawAction,
  aaveV3HarvestAction,
  aaveV3FlashLoanAction,
]
