import { getAddress, parseAbi } from 'viem'
import { z } from 'zod'
import { functionCall } from '../../encoding/call.js'
import { isNativeAddress } from '../../schemas/fields.js'
import { addressArg, amountArg, clmmDepositArgs, receiverArg, tokenArg, uintLiteral } from '../bundle/args.js'
import { planApprove, planExtractUint, planRevoke } from '../bundle/planValues.js'
import { defineBundleAction } from '../bundle/types.js'
import { mulDiv } from './fullMath.js'
import { getSqrtRatioAtTick } from './tickMath.js'
import type { UniswapV3PoolSnapshot } from './types.js'

const npmAbi = parseAbi([
  'function mint((address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint256 amount0Desired, uint256 amount1Desired, uint256 amount0Min, uint256 amount1Min, address recipient, uint256 deadline) params) payable returns (uint256 tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)',
  'function decreaseLiquidity((uint256 tokenId, uint128 liquidity, uint256 amount0Min, uint256 amount1Min, uint256 deadline) params) payable returns (uint256 amount0, uint256 amount1)',
  'function collect((uint256 tokenId, address recipient, uint128 amount0Max, uint128 amount1Max) params) payable returns (uint256 amount0, uint256 amount1)',
])
const wethAbi = parseAbi(['function deposit() payable'])

const MIN_TICK = -887272
const MAX_TICK = 887272
const MAX_UINT128 = 2n ** 128n - 1n
const Q96 = 2n ** 96n
const lower = (a: string) => a.toLowerCase()

/** Liquidity minted for amounts at a price (Uniswap's LiquidityAmounts.getLiquidityForAmounts). */
export function liquidityForAmounts(p: { sqrtPriceX96: bigint; sqrtLowerX96: bigint; sqrtUpperX96: bigint; amount0: bigint; amount1: bigint }): bigint {
  const { sqrtPriceX96: s, sqrtLowerX96: a, sqrtUpperX96: b } = p
  const for0 = (lo: bigint, hi: bigint) => mulDiv(mulDiv(p.amount0, lo, Q96), hi, hi - lo)
  const for1 = (lo: bigint, hi: bigint) => mulDiv(p.amount1, Q96, hi - lo)
  if (s <= a) return for0(a, b)
  if (s < b) {
    const l0 = for0(s, b)
    const l1 = for1(a, s)
    return l0 < l1 ? l0 : l1
  }
  return for1(a, b)
}


/**
 * `uniswap-v3 depositclmm`: mints a concentrated-liquidity position through the NonfungiblePositionManager
 * (the NFT goes straight to the receiver; unused amounts stay with the executing contract and are
 * refunded). Outputs: liquidity, amount0, amount1, tokenId.
 */
export const uniswapV3DepositClmmAction = defineBundleAction({
  protocol: 'uniswap-v3',
  action: 'depositclmm',
  description: 'Mints a Uniswap V3 position (ticks, poolFee) from two tokens through the NonfungiblePositionManager; outputs: liquidity, amount0, amount1, tokenId',
  delegateOnly: false,
  args: clmmDepositArgs,
  outputs: () => ['amount', 'amount', 'amount', 'amount'],
  build(ctx, args) {
    const npm = ctx.contracts.uniswapV3PositionManager
    if (lower(args.tokenOut) !== lower(npm)) ctx.fail('INVALID_PRIMARY_ADDRESS', 'tokenOut', `must be the NonfungiblePositionManager ${npm}`)
    if (args.hook !== undefined) ctx.fail('INVALID_ACTION', 'hook', 'Uniswap V3 pools have no hooks')
    const engine = args.tokenIn.map((t) => (isNativeAddress(t) ? ctx.contracts.weth : t))
    if (lower(engine[0]!) === lower(engine[1]!)) ctx.fail('SAME_TOKEN', 'tokenIn', 'a position needs two different tokens')
    const amounts = args.amountIn.map((a) => ctx.amount(a))
    args.tokenIn.forEach((t, i) => {
      ctx.spend(t, amounts[i]!)
      if (!isNativeAddress(t)) return
      // Native coin enters the position as WETH; what the mint leaves of it is swept with the outputs.
      ctx.planner.add(functionCall({ address: ctx.contracts.weth, abi: wethAbi, functionName: 'deposit' }).withValue(amounts[i]!.value as bigint))
      ctx.produce(ctx.contracts.weth, amounts[i]!)
      ctx.spend(ctx.contracts.weth, amounts[i]!)
    })
    const flip = BigInt(engine[0]!) > BigInt(engine[1]!)
    const [token0, token1] = flip ? [engine[1]!, engine[0]!] : [engine[0]!, engine[1]!]
    const [amount0, amount1] = flip ? [amounts[1]!, amounts[0]!] : [amounts[0]!, amounts[1]!]
    const pools = ctx.pools('uniswap-v3').filter((p) => lower(p.tokens[0] ?? '') === lower(token0) && lower(p.tokens[1] ?? '') === lower(token1)) as UniswapV3PoolSnapshot[]
    const pool = args.poolFee === undefined ? (pools.length === 1 ? pools[0] : undefined) : pools.find((p) => BigInt(p.fee) === args.poolFee)
    if (!pool) return ctx.fail('INVALID_ACTION', 'poolFee', pools.length === 0 ? `no Uniswap V3 pool pairs ${token0} and ${token1} on chain ${ctx.chainId}` : `give poolFee: pools exist with fees ${pools.map((p) => p.fee).join(', ')}`)
    const [tickLower, tickUpper] = args.ticks.map(Number) as [number, number]
    if (!(tickLower < tickUpper) || tickLower < MIN_TICK || tickUpper > MAX_TICK) ctx.fail('INVALID_ACTION', 'ticks', `need ${MIN_TICK} ≤ lower < upper ≤ ${MAX_TICK}`)
    if (tickLower % pool.tickSpacing !== 0 || tickUpper % pool.tickSpacing !== 0) ctx.fail('INVALID_ACTION', 'ticks', `must be multiples of the pool's tick spacing ${pool.tickSpacing}`)
    planApprove(ctx, getAddress(token0), npm, amount0)
    planApprove(ctx, getAddress(token1), npm, amount1)
    // The bundle's receiver by default, under either strategy: a wallet's bundle for another receiver
    // delivers the position there (it cannot be swept with the wallet's ERC-20 gains).
    const recipient = args.receiver ?? ctx.receiver
    const minted = ctx.planner.add(
      functionCall({
        address: npm, abi: npmAbi, functionName: 'mint',
        args: [{ token0, token1, fee: pool.fee, tickLower, tickUpper, amount0Desired: amount0.value, amount1Desired: amount1.value, amount0Min: 0n, amount1Min: 0n, recipient, deadline: ctx.deadline }],
      }).rawValue(),
    )
    planRevoke(ctx, getAddress(token0), npm)
    planRevoke(ctx, getAddress(token1), npm)
    // Unused amounts stay with the executing contract: the router refunds them, a wallet keeps them.
    ctx.produce(npm, { kind: 'amount', value: 1n, estimate: 1n }, recipient, { nonFungible: true })
    const estimate = amount0.estimate !== undefined && amount1.estimate !== undefined
      ? liquidityForAmounts({ sqrtPriceX96: pool.sqrtPriceX96, sqrtLowerX96: getSqrtRatioAtTick(tickLower), sqrtUpperX96: getSqrtRatioAtTick(tickUpper), amount0: amount0.estimate, amount1: amount1.estimate })
      : undefined
    return [planExtractUint(ctx, minted, 1n, estimate), planExtractUint(ctx, minted, 2n, undefined, getAddress(token0)), planExtractUint(ctx, minted, 3n, undefined, getAddress(token1)), planExtractUint(ctx, minted, 0n, undefined)]
  },
})

/**
 * `uniswap-v3 redeemclmm`: removes liquidity from a position the wallet owns and collects the tokens
 * (delegate only: the position NFT is the wallet's). Outputs: amount0, amount1 collected.
 */
export const uniswapV3RedeemClmmAction = defineBundleAction({
  protocol: 'uniswap-v3',
  action: 'redeemclmm',
  description: "Removes liquidity from the wallet's Uniswap V3 position tokenId and collects both tokens; delegate only; outputs: amount0, amount1",
  delegateOnly: true,
  args: z.strictObject({
    tokenIn: addressArg,
    tokenOut: z.array(tokenArg).length(2),
    liquidity: amountArg,
    tokenId: uintLiteral,
    receiver: receiverArg.optional(),
  }),
  outputs: () => ['amount', 'amount'],
  build(ctx, args) {
    const npm = ctx.contracts.uniswapV3PositionManager
    if (lower(args.tokenIn) !== lower(npm)) ctx.fail('INVALID_PRIMARY_ADDRESS', 'tokenIn', `must be the NonfungiblePositionManager ${npm}`)
    const liquidity = ctx.amount(args.liquidity)
    if (typeof liquidity.value === 'bigint' && liquidity.value > MAX_UINT128) ctx.fail('INVALID_AMOUNT', 'liquidity', 'exceeds uint128')
    ctx.planner.add(functionCall({ address: npm, abi: npmAbi, functionName: 'decreaseLiquidity', args: [{ tokenId: args.tokenId, liquidity: liquidity.value, amount0Min: 0n, amount1Min: 0n, deadline: ctx.deadline }] }).rawValue())
    const recipient = args.receiver ?? ctx.self
    const collected = ctx.planner.add(functionCall({ address: npm, abi: npmAbi, functionName: 'collect', args: [{ tokenId: args.tokenId, recipient, amount0Max: MAX_UINT128, amount1Max: MAX_UINT128 }] }).rawValue())
    const sorted = [...args.tokenOut].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1))
    const out = [planExtractUint(ctx, collected, 0n, undefined, sorted[0]), planExtractUint(ctx, collected, 1n, undefined, sorted[1])]
    sorted.forEach((t, i) => ctx.produce(t, out[i]!, recipient))
    return out
  },
})
