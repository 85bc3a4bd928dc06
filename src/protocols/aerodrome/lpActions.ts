import { type Address, getAddress, parseAbi } from 'viem'
import { z } from 'zod'
import { functionCall } from '../../encoding/call.js'
import { isNativeAddress } from '../../schemas/fields.js'
import { addressArg, bpsArg, positiveAmountArg, receiverArg, tokenArg } from '../bundle/args.js'
import { applySlippage } from '../bundle/applySlippage.js'
import { pairedInputs } from '../bundle/pairedInputs.js'
import { planApprove, planExtractUint, planMinimum, planRevoke, planTransfer } from '../bundle/planValues.js'
import { defineBundleAction, type BundleActionContext, type BundleValue } from '../bundle/types.js'
import { quoteAddLiquidity, quoteRemoveLiquidity } from './liquidityMath.js'
import type { AerodromePoolSnapshot } from './types.js'

/** Aerodrome Router's liquidity functions, as its ABI names them. */
export const aerodromeRouterLiquidityAbi = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, bool stable, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
  'function removeLiquidity(address tokenA, address tokenB, bool stable, uint256 liquidity, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB)',
])
const lower = (a: string) => a.toLowerCase()

/** The pool an action names: `primaryAddress` when it is a pool, else `tokenOut`/`tokenIn` (the LP token). */
function poolOf(ctx: BundleActionContext, candidates: readonly (Address | undefined)[]): AerodromePoolSnapshot {
  const pools = ctx.pools('aerodrome') as AerodromePoolSnapshot[]
  for (const c of candidates) {
    const hit = c === undefined ? undefined : pools.find((p) => lower(p.address) === lower(c))
    if (hit) return hit
  }
  return ctx.fail('INVALID_PRIMARY_ADDRESS', 'primaryAddress', `no Aerodrome pool found on chain ${ctx.chainId}: name the pool as primaryAddress or as the LP token (tokenOut of a deposit, tokenIn of a redeem)`)
}

function routerOf(ctx: BundleActionContext, primary: Address, pool: AerodromePoolSnapshot): Address {
  const router = ctx.contracts.aerodromeRouter
  if (lower(primary) !== lower(pool.address) && (router === undefined || lower(primary) !== lower(router))) {
    ctx.fail('INVALID_PRIMARY_ADDRESS', 'primaryAddress', `must be the pool ${getAddress(pool.address)}${router ? ` or Aerodrome's Router ${router}` : ''}`)
  }
  if (router === undefined) return ctx.fail('INVALID_PRIMARY_ADDRESS', 'primaryAddress', `no Aerodrome Router on chain ${ctx.chainId}`)
  return router
}

const wethAbi = parseAbi(['function deposit() payable'])

/** The pool's tokens only; the native coin stands for WETH (wrapped before the pool). */
function checkTokens(ctx: BundleActionContext, field: string, tokens: readonly Address[], pool: AerodromePoolSnapshot): void {
  const [t0, t1] = pool.tokens
  const engine = (t: Address) => (isNativeAddress(t) ? lower(ctx.contracts.weth) : lower(t))
  if (tokens.some((t) => engine(t) !== t0 && engine(t) !== t1)) {
    ctx.fail('INVALID_TOKEN', field, `must be the pool's tokens ${getAddress(t0!)}, ${getAddress(t1!)}`)
  }
  if (tokens.length === 2 && engine(tokens[0]!) === engine(tokens[1]!)) ctx.fail('INVALID_TOKEN', field, 'names the same token twice')
}

/**
 * `aerodrome deposit`: adds liquidity to an Aerodrome classic pool. Both tokens go through the Router's
 * `addLiquidity` (the pool's ratio decides how much of each; what is left stays with the executing
 * contract, which the router strategy refunds); one token is the engine's deposit edge on that pool (the
 * optimal part swapped in the pool, the rest and the output minted, quoted to the wei). LP tokens go to
 * the receiver. Output: LP tokens minted.
 */
export const aerodromeDepositAction = defineBundleAction({
  protocol: 'aerodrome',
  action: 'deposit',
  description: 'Adds liquidity to an Aerodrome classic pool from one token (swapping the optimal part in the pool) or both (Router addLiquidity); output: LP tokens minted',
  delegateOnly: false,
  args: z.strictObject({
    tokenIn: z.union([tokenArg, z.array(tokenArg).min(1).max(2)]),
    amountIn: z.union([positiveAmountArg, z.array(positiveAmountArg).min(1).max(2)]),
    tokenOut: addressArg.optional(),
    primaryAddress: addressArg,
    receiver: receiverArg.optional(),
    slippage: bpsArg.optional(),
  }),
  outputs: () => ['amount'],
  build(ctx, args) {
    const { tokens, amounts: amountArgs } = pairedInputs(ctx, args.tokenIn, args.amountIn)
    const pool = poolOf(ctx, [args.primaryAddress, args.tokenOut])
    const router = routerOf(ctx, args.primaryAddress, pool)
    if (args.tokenOut !== undefined && lower(args.tokenOut) !== lower(pool.address)) ctx.fail('INVALID_TOKEN', 'tokenOut', `must be the pool's LP token ${getAddress(pool.address)}`)
    checkTokens(ctx, 'tokenIn', tokens, pool)
    const lp = getAddress(pool.address)
    const amounts = amountArgs.map((a) => ctx.amount(a))
    if (tokens.length === 1) {
      return [ctx.route({ tokenIn: tokens[0]!, tokenOut: lp, amountIn: amounts[0]!, onlyProtocols: ['aerodrome'], onlyPools: [lower(pool.address)], maxHops: 1, receiver: args.receiver, slippageBps: args.slippage, reportAs: 'aerodrome' })]
    }
    // The native coin is wrapped first and added as WETH.
    const [a, b] = tokens.map((t, i) => {
      const amount = amounts[i]!
      ctx.spend(t, amount)
      if (!isNativeAddress(t)) return { token: getAddress(t), amount }
      ctx.planner.add(functionCall({ address: ctx.contracts.weth, abi: wethAbi, functionName: 'deposit' }).withValue(amount.value as bigint))
      ctx.produce(ctx.contracts.weth, amount)
      ctx.spend(ctx.contracts.weth, amount)
      return { token: getAddress(ctx.contracts.weth), amount }
    }) as [{ token: Address; amount: BundleValue }, { token: Address; amount: BundleValue }]
    planApprove(ctx, a.token, router, a.amount)
    planApprove(ctx, b.token, router, b.amount)
    const recipient = args.receiver ?? (ctx.strategy === 'router' ? ctx.receiver : ctx.self)
    const raw = ctx.planner.add(functionCallOf(router, 'addLiquidity', [a.token, b.token, pool.stable, a.amount.value, b.amount.value, 0n, 0n, recipient, ctx.deadline]).rawValue())
    planRevoke(ctx, a.token, router)
    planRevoke(ctx, b.token, router)
    const aIsToken0 = lower(a.token) === pool.tokens[0]
    const quoted = a.amount.estimate !== undefined && b.amount.estimate !== undefined
      ? quoteAddLiquidity(pool, { aIsToken0, amountADesired: a.amount.estimate, amountBDesired: b.amount.estimate })
      : undefined
    const liquidity = planExtractUint(ctx, raw, 2n, quoted?.liquidity, lp)
    if (args.slippage !== undefined && quoted !== undefined) {
      const min = applySlippage(quoted.liquidity, args.slippage)
      planMinimum(ctx, liquidity, { kind: 'amount', value: min, estimate: min })
    }
    ctx.produce(lp, liquidity, recipient)
    return [liquidity]
  },
})

/**
 * `aerodrome redeem`: burns an Aerodrome pool's LP tokens (tokenIn). For both tokens, the Router's
 * `removeLiquidity` (pro rata); for one, the engine's redeem edge (burn, then the other side swapped in
 * the pool, quoted to the wei). Outputs: one amount per tokenOut.
 */
export const aerodromeRedeemAction = defineBundleAction({
  protocol: 'aerodrome',
  action: 'redeem',
  description: 'Burns Aerodrome LP tokens (tokenIn) for both tokens (Router removeLiquidity), or one (the other swapped in the pool); outputs: one amount per tokenOut',
  delegateOnly: false,
  args: z.strictObject({
    tokenIn: addressArg,
    amountIn: positiveAmountArg,
    tokenOut: z.union([tokenArg, z.array(tokenArg).min(1).max(2)]),
    primaryAddress: addressArg,
    receiver: receiverArg.optional(),
    slippage: bpsArg.optional(),
  }),
  outputs: (args) => (Array.isArray(args.tokenOut) ? args.tokenOut.map(() => 'amount' as const) : ['amount']),
  build(ctx, args) {
    const pool = poolOf(ctx, [args.tokenIn, args.primaryAddress])
    if (lower(args.tokenIn) !== lower(pool.address)) ctx.fail('INVALID_TOKEN', 'tokenIn', `must be the pool's LP token ${getAddress(pool.address)}`)
    const router = routerOf(ctx, args.primaryAddress, pool)
    const outs = (Array.isArray(args.tokenOut) ? args.tokenOut : [args.tokenOut]).map((t) => getAddress(t))
    checkTokens(ctx, 'tokenOut', outs, pool)
    const lp = getAddress(pool.address)
    const liquidity = ctx.amount(args.amountIn)
    if (outs.length === 1) {
      return [ctx.route({ tokenIn: lp, tokenOut: outs[0]!, amountIn: liquidity, onlyProtocols: ['aerodrome'], onlyPools: [lower(pool.address)], maxHops: 1, receiver: args.receiver, slippageBps: args.slippage, reportAs: 'aerodrome' })]
    }
    if (outs.some((t) => isNativeAddress(t))) ctx.fail('INVALID_TOKEN', 'tokenOut', 'the Router pays both tokens as ERC-20s: name WETH, and unwrap it in a later action')
    const [tA, tB] = outs as [Address, Address]
    ctx.spend(lp, liquidity)
    planApprove(ctx, lp, router, liquidity)
    const recipient = args.receiver ?? ctx.self
    const raw = ctx.planner.add(functionCallOf(router, 'removeLiquidity', [tA, tB, pool.stable, liquidity.value, 0n, 0n, ctx.self, ctx.deadline]).rawValue())
    planRevoke(ctx, lp, router)
    const quoted = liquidity.estimate === undefined ? undefined : quoteRemoveLiquidity(pool, { aIsToken0: lower(tA) === pool.tokens[0], liquidity: liquidity.estimate })
    const got = [planExtractUint(ctx, raw, 0n, quoted?.amountA, tA), planExtractUint(ctx, raw, 1n, quoted?.amountB, tB)]
    got.forEach((v, i) => {
      ctx.produce(outs[i]!, v)
      if (args.slippage !== undefined && v.estimate !== undefined) {
        const min = applySlippage(v.estimate, args.slippage)
        planMinimum(ctx, v, { kind: 'amount', value: min, estimate: min })
      }
    })
    if (lower(recipient) !== lower(ctx.self)) outs.forEach((t, i) => planTransfer(ctx, t, got[i]!, recipient))
    return got
  },
})

function functionCallOf(router: Address, functionName: 'addLiquidity' | 'removeLiquidity', args: readonly unknown[]) {
  return functionCall({ address: router, abi: aerodromeRouterLiquidityAbi, functionName, args: args as never })
}
