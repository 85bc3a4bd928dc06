import { type Address, getAddress, parseAbi } from 'viem'
import { z } from 'zod'
import { switchyardMathHelperAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'
import { isNativeAddress } from '../../schemas/fields.js'
import { pairedInputs } from '../bundle/pairedInputs.js'
import { addressArg, bpsArg, positiveAmountArg, receiverArg, tokenArg } from '../bundle/args.js'
import { planApprove, planExtractUint, planMath, planMinimum, planRevoke, planTransfer } from '../bundle/planValues.js'
import { defineBundleAction, type BundleActionContext, type BundleValue } from '../bundle/types.js'
import type { UniswapV2PoolSnapshot } from './types.js'
import { applySlippage } from '../bundle/applySlippage.js'

const routerAbi = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
  'function removeLiquidity(address tokenA, address tokenB, uint256 liquidity, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB)',
])
const wethAbi = parseAbi(['function deposit() payable'])
const lower = (a: string) => a.toLowerCase()

/** Integer square root (floor). */
export function isqrt(n: bigint): bigint {
  if (n < 2n) return n
  // Newton from a float start above the root: decreasing, converges in a few steps at any size.
  let x = BigInt(Math.ceil(Math.sqrt(Number(n)))) + 1n
  // One step lands at or above the root whatever the float start (AM ≥ GM); from there it decreases.
  x = (x + n / x) / 2n + 1n
  for (;;) {
    const y = (x + n / x) / 2n
    if (y >= x) return x
    x = y
  }
}

/**
 * How much of `amountIn` to swap so the rest and the swap's output add liquidity in the pair's ratio
 * (single-sided zap): `s = (√(((1+γ)r)² + 4γ·a·r) − (1+γ)r) / 2γ` with γ = 1 − fee, in bps.
 */
export function zapSwapAmount(p: { amountIn: bigint; reserveIn: bigint; feeBps: number }): bigint {
  const g = BigInt(10_000 - p.feeBps)
  const r = p.reserveIn
  const b = (10_000n + g) * r
  return (isqrt(b * b + 4n * g * 10_000n * p.amountIn * r) - b) / (2n * g)
}

/** Uniswap V2's getAmountOut. */
export function v2AmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint, feeBps: number): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n
  const withFee = amountIn * BigInt(10_000 - feeBps)
  return (withFee * reserveOut) / (reserveIn * 10_000n + withFee)
}


/** The pair an action names: `primaryAddress` when it is a pair, else `tokenOut`/`tokenIn`, else by its tokens. */
function pairOf(ctx: BundleActionContext, candidates: readonly (Address | undefined)[], tokens: readonly Address[]): UniswapV2PoolSnapshot {
  const pairs = ctx.pools('uniswap-v2') as UniswapV2PoolSnapshot[]
  for (const c of candidates) {
    const hit = c === undefined ? undefined : pairs.find((p) => lower(p.address) === lower(c))
    if (hit) return hit
  }
  if (tokens.length === 2) {
    const want = tokens.map(lower).sort()
    const hit = pairs.find((p) => [...p.tokens].map(lower).sort().join() === want.join())
    if (hit) return hit
  }
  return ctx.fail('INVALID_PRIMARY_ADDRESS', 'primaryAddress', `no Uniswap V2 pair found on chain ${ctx.chainId}: name the pair as primaryAddress or tokenOut`)
}

/** Native coin in: wrap it and continue with WETH. */
function wrapped(ctx: BundleActionContext, token: Address, amount: BundleValue): Address {
  if (!isNativeAddress(token)) return token
  ctx.spend(token, amount)
  ctx.planner.add(functionCall({ address: ctx.contracts.weth, abi: wethAbi, functionName: 'deposit' }).withValue(amount.value as bigint))
  ctx.produce(ctx.contracts.weth, amount)
  return ctx.contracts.weth
}

function checkPrimary(ctx: BundleActionContext, primary: Address, pair: UniswapV2PoolSnapshot): void {
  if (lower(primary) !== lower(pair.address) && lower(primary) !== lower(ctx.contracts.uniswapV2Router02)) {
    ctx.fail('INVALID_PRIMARY_ADDRESS', 'primaryAddress', `must be the pair ${pair.address} or Router02 ${ctx.contracts.uniswapV2Router02}`)
  }
}

/**
 * `uniswap-v2 deposit`: adds liquidity to a pair through Router02 from both tokens, or from one token
 * (a zap: the optimal part is swapped in the same pair first). LP tokens go to the receiver; whatever
 * the pair's ratio leaves unused stays with the executing contract (the router refunds it).
 * Output: LP tokens minted.
 */
export const uniswapV2DepositAction = defineBundleAction({
  protocol: 'uniswap-v2',
  action: 'deposit',
  description: 'Adds liquidity to a Uniswap V2 pair from one token (zap) or both; output: LP tokens minted',
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
    const { tokens: tokensIn, amounts: amountsArg } = pairedInputs(ctx, args.tokenIn, args.amountIn)
    const amounts = amountsArg.map((a) => ctx.amount(a))
    const tokens = tokensIn.map((t, i) => wrapped(ctx, t, amounts[i]!))
    const pair = pairOf(ctx, [args.primaryAddress, args.tokenOut], tokens)
    checkPrimary(ctx, args.primaryAddress, pair)
    const [t0, t1] = pair.tokens as [Address, Address]
    const router = ctx.contracts.uniswapV2Router02
    const supply = pair.totalSupply
    let a: { token: Address; amount: BundleValue }
    let b: { token: Address; amount: BundleValue }
    let reserves = { [lower(t0)]: pair.reserve0, [lower(t1)]: pair.reserve1 }
    if (tokens.length === 2) {
      if (!tokens.every((t) => lower(t) === lower(t0) || lower(t) === lower(t1)) || lower(tokens[0]!) === lower(tokens[1]!)) ctx.fail('INVALID_TOKEN', 'tokenIn', `must be the pair's tokens ${t0} and ${t1}`)
      tokens.forEach((t, i) => ctx.spend(t, amounts[i]!))
      a = { token: getAddress(tokens[0]!), amount: amounts[0]! }
      b = { token: getAddress(tokens[1]!), amount: amounts[1]! }
    } else {
      const tokenIn = tokens[0]!
      if (lower(tokenIn) !== lower(t0) && lower(tokenIn) !== lower(t1)) ctx.fail('INVALID_TOKEN', 'tokenIn', `must be one of the pair's tokens ${t0}, ${t1}`)
      const other = getAddress(lower(tokenIn) === lower(t0) ? t1 : t0)
      const amount = amounts[0]!
      if (amount.estimate === undefined) return ctx.fail('MISSING_ESTIMATE', 'amountIn', 'a single-token deposit needs a build-time estimate of the amount to split')
      const rIn = reserves[lower(tokenIn)]!
      const rOut = reserves[lower(other)]!
      const sEstimate = zapSwapAmount({ amountIn: amount.estimate, reserveIn: rIn, feeBps: pair.feeBps })
      const swapPart: BundleValue = typeof amount.value === 'bigint'
        ? { kind: 'amount', value: sEstimate, estimate: sEstimate }
        : { kind: 'amount', value: ctx.planner.add(functionCall({ address: ctx.helpers.math, abi: switchyardMathHelperAbi, functionName: 'mulDiv', args: [amount.value, sEstimate, amount.estimate] }).staticcall()), estimate: sEstimate }
      const rest = planMath(ctx, 'sub', amount, swapPart)
      const out = ctx.route({ tokenIn, tokenOut: other, amountIn: swapPart, onlyProtocols: ['uniswap-v2'], onlyPools: [lower(pair.address)], slippageBps: 10_000n })
      const outEstimate = v2AmountOut(sEstimate, rIn, rOut, pair.feeBps)
      reserves = { [lower(tokenIn)]: rIn + sEstimate, [lower(other)]: rOut - outEstimate }
      ctx.spend(tokenIn, rest)
      ctx.spend(other, out)
      a = { token: getAddress(tokenIn), amount: rest }
      b = { token: other, amount: { ...out, estimate: outEstimate } }
    }
    planApprove(ctx, a.token, router, a.amount)
    planApprove(ctx, b.token, router, b.amount)
    const recipient = args.receiver ?? (ctx.strategy === 'router' ? ctx.receiver : ctx.self)
    const raw = ctx.planner.add(functionCall({ address: router, abi: routerAbi, functionName: 'addLiquidity', args: [a.token, b.token, a.amount.value, b.amount.value, 0n, 0n, recipient, ctx.deadline] }).rawValue())
    planRevoke(ctx, a.token, router)
    planRevoke(ctx, b.token, router)
    const estimate = supply !== undefined && supply > 0n && a.amount.estimate !== undefined && b.amount.estimate !== undefined
      ? [a.amount.estimate * supply / reserves[lower(a.token)]!, b.amount.estimate * supply / reserves[lower(b.token)]!].reduce((x, y) => (x < y ? x : y))
      : undefined
    const liquidity = planExtractUint(ctx, raw, 2n, estimate, getAddress(pair.address))
    if (args.slippage !== undefined && estimate !== undefined) {
      const min = applySlippage(estimate, args.slippage)
      planMinimum(ctx, liquidity, { kind: 'amount', value: min, estimate: min })
    }
    ctx.produce(getAddress(pair.address), liquidity, recipient)
    return [liquidity]
  },
})

/**
 * `uniswap-v2 redeem`: burns LP tokens through Router02 for both tokens, or for one (the other is
 * swapped in the same pair). Outputs: one amount per tokenOut.
 */
export const uniswapV2RedeemAction = defineBundleAction({
  protocol: 'uniswap-v2',
  action: 'redeem',
  description: 'Burns Uniswap V2 LP tokens (tokenIn) for both tokens, or one (the other swapped in the pair); outputs: one amount per tokenOut',
  delegateOnly: false,
  args: z.strictObject({
    tokenIn: addressArg,
    amountIn: positiveAmountArg,
    tokenOut: z.union([tokenArg, z.array(tokenArg).min(1).max(2)]),
    primaryAddress: addressArg,
    receiver: receiverArg.optional(),
  }),
  outputs: (args) => (Array.isArray(args.tokenOut) ? args.tokenOut.map(() => 'amount' as const) : ['amount']),
  build(ctx, args) {
    const pair = pairOf(ctx, [args.tokenIn], [])
    checkPrimary(ctx, args.primaryAddress, pair)
    const [t0, t1] = (pair.tokens as Address[]).map((t) => getAddress(t)) as [Address, Address]
    const outs = (Array.isArray(args.tokenOut) ? args.tokenOut : [args.tokenOut]).map((t) => getAddress(t))
    if (outs.some((t) => lower(t) !== lower(t0) && lower(t) !== lower(t1))) ctx.fail('INVALID_TOKEN', 'tokenOut', `must be the pair's tokens ${t0}, ${t1}`)
    const router = ctx.contracts.uniswapV2Router02
    const liquidity = ctx.amount(args.amountIn)
    ctx.spend(getAddress(pair.address), liquidity)
    planApprove(ctx, getAddress(pair.address), router, liquidity)
    const raw = ctx.planner.add(functionCall({ address: router, abi: routerAbi, functionName: 'removeLiquidity', args: [t0, t1, liquidity.value, 0n, 0n, ctx.self, ctx.deadline] }).rawValue())
    planRevoke(ctx, getAddress(pair.address), router)
    const supply = pair.totalSupply
    const share = (reserve: bigint) => (supply && liquidity.estimate !== undefined ? (liquidity.estimate * reserve) / supply : undefined)
    const got = { [lower(t0)]: planExtractUint(ctx, raw, 0n, share(pair.reserve0), t0), [lower(t1)]: planExtractUint(ctx, raw, 1n, share(pair.reserve1), t1) }
    ctx.produce(t0, got[lower(t0)]!)
    ctx.produce(t1, got[lower(t1)]!)
    let results: BundleValue[]
    if (outs.length === 2) results = outs.map((t) => got[lower(t)]!)
    else {
      const target = outs[0]!
      const other = lower(target) === lower(t0) ? t1 : t0
      const burned = { [lower(t0)]: got[lower(t0)]!.estimate, [lower(t1)]: got[lower(t1)]!.estimate }
      const reserveOf = (t: Address) => (lower(t) === lower(t0) ? pair.reserve0 : pair.reserve1)
      const swapped = ctx.route({ tokenIn: other, tokenOut: target, amountIn: got[lower(other)]!, onlyProtocols: ['uniswap-v2'], onlyPools: [lower(pair.address)], slippageBps: 10_000n })
      // The swap meets the reserves the burn left, not the snapshot's.
      const swapEstimate = burned[lower(other)] !== undefined && burned[lower(target)] !== undefined
        ? v2AmountOut(burned[lower(other)]!, reserveOf(other) - burned[lower(other)]!, reserveOf(target) - burned[lower(target)]!, pair.feeBps)
        : undefined
      const total = planMath(ctx, 'add', got[lower(target)]!, { ...swapped, estimate: swapEstimate })
      results = [total]
    }
    if (args.receiver !== undefined && lower(args.receiver) !== lower(ctx.self)) outs.forEach((t, i) => planTransfer(ctx, t, results[i]!, args.receiver!))
    return results
  },
})
