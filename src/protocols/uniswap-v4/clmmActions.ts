import { getAddress, parseAbi, zeroAddress, type Address } from 'viem'
import { z } from 'zod'
import { switchyardBalanceHelperAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'
import { addTransfer } from '../../encoding/planActions.js'
import type { ReturnValue } from '../../encoding/value.js'
import { isNativeAddress, NATIVE_ADDRESS } from '../../schemas/fields.js'
import { addressArg, amountArg, clmmDepositArgs, receiverArg, tokenArg, uintLiteral } from '../bundle/args.js'
import { planMath } from '../bundle/planValues.js'
import type { BundleActionContext, BundleValue } from '../bundle/types.js'
import { defineBundleAction } from '../bundle/types.js'
import { liquidityForAmounts } from '../uniswap-v3/clmmActions.js'
import { getSqrtRatioAtTick } from '../uniswap-v3/tickMath.js'
import { encodeMintFromBalances, encodeRemoveLiquidity } from './positionActions.js'
import type { UniswapV4PoolSnapshot } from './types.js'

const positionManagerAbi = parseAbi([
  'function modifyLiquidities(bytes unlockData, uint256 deadline) payable',
  'function nextTokenId() view returns (uint256)',
  // uint128 on-chain; read as a word, so the handle is a uint256 like every other amount.
  'function getPositionLiquidity(uint256 tokenId) view returns (uint256)',
])

const MIN_TICK = -887272
const MAX_TICK = 887272
const MAX_UINT128 = 2n ** 128n - 1n
const lower = (a: string) => a.toLowerCase()
/** The V4 currency of a bundle token: the native coin (0xEeee…EEeE) is currency `address(0)`. */
const currencyOf = (token: Address): Address => (isNativeAddress(token) ? zeroAddress : getAddress(token))
/** The bundle token of a V4 currency. */
const tokenOf = (currency: Address): Address => (currency === zeroAddress ? NATIVE_ADDRESS : currency)

/** The chain's V4 PositionManager, or a clear 400 where it has none. */
function positionManagerOf(ctx: BundleActionContext, field: string, given: Address): Address {
  const pm = ctx.contracts.uniswapV4PositionManager
  if (!pm) return ctx.fail('INVALID_ACTION', field, `chain ${ctx.chainId} has no Uniswap V4 PositionManager`)
  if (lower(given) !== lower(pm)) ctx.fail('INVALID_PRIMARY_ADDRESS', field, `must be the Uniswap V4 PositionManager ${pm}`)
  return pm
}

/** Hookless pools only: a hook could move amounts the plan does not see (the swap helper refuses them too). */
function refuseHooks(ctx: BundleActionContext, hook: Address | undefined): void {
  if (hook !== undefined && lower(hook) !== lower(zeroAddress)) ctx.fail('INVALID_ACTION', 'hook', `Uniswap V4 pools with hooks are not supported (hook ${hook}); give the zero address or leave hook out`)
}

/** Plans a read of `account`'s balance of a V4 currency (native included). */
function planBalance(ctx: BundleActionContext, currency: Address, account: Address): BundleValue {
  const call = currency === zeroAddress
    ? functionCall({ address: ctx.helpers.balance, abi: switchyardBalanceHelperAbi, functionName: 'nativeBalance', args: [account] })
    : functionCall({ address: ctx.helpers.balance, abi: switchyardBalanceHelperAbi, functionName: 'balanceOf', args: [currency, account] })
  return { kind: 'amount', value: ctx.planner.add(call.staticcall()), estimate: undefined, token: tokenOf(currency) }
}

/**
 * `uniswap-v4 depositclmm`: mints a position in a hookless Uniswap V4 pool through the PositionManager. The
 * executing contract transfers both amounts to the PositionManager (the native coin goes as the call's value)
 * and `modifyLiquidities` settles them from there, mints with the liquidity those amounts buy at the price at
 * execution (MINT_POSITION_FROM_DELTAS; the NFT to the receiver) and returns what was not used to the
 * executing contract (the router refunds it, a wallet keeps it). No allowance of any kind is granted.
 * Outputs: liquidity, amount0, amount1 (what the position took, currency order), tokenId.
 */
export const uniswapV4DepositClmmAction = defineBundleAction({
  protocol: 'uniswap-v4',
  action: 'depositclmm',
  description: 'Mints a position in a hookless Uniswap V4 pool (ticks, poolFee, tickSpacing) from two tokens (ETH = the native currency) through the V4 PositionManager; outputs: liquidity, amount0, amount1, tokenId',
  delegateOnly: false,
  args: clmmDepositArgs,
  outputs: () => ['amount', 'amount', 'amount', 'amount'],
  build(ctx, args) {
    const pm = positionManagerOf(ctx, 'tokenOut', args.tokenOut)
    refuseHooks(ctx, args.hook)
    const currencies = args.tokenIn.map(currencyOf)
    if (currencies[0] === currencies[1]) ctx.fail('SAME_TOKEN', 'tokenIn', 'a position needs two different tokens')
    const amounts = args.amountIn.map((a) => ctx.amount(a))
    const flip = BigInt(currencies[0]!) > BigInt(currencies[1]!)
    const [currency0, currency1] = flip ? [currencies[1]!, currencies[0]!] : [currencies[0]!, currencies[1]!]
    const [amount0, amount1] = flip ? [amounts[1]!, amounts[0]!] : [amounts[0]!, amounts[1]!]
    const pools = (ctx.pools('uniswap-v4') as UniswapV4PoolSnapshot[]).filter((p) => lower(p.currency0) === lower(currency0) && lower(p.currency1) === lower(currency1))
    const matching = pools.filter((p) => (args.poolFee === undefined || BigInt(p.keyFee) === args.poolFee) && (args.tickSpacing === undefined || BigInt(p.tickSpacing) === args.tickSpacing))
    const pool = matching.length === 1 ? matching[0] : undefined
    if (!pool) {
      return ctx.fail('INVALID_ACTION', 'poolFee', pools.length === 0
        ? `no hookless Uniswap V4 pool pairs ${tokenOf(currency0)} and ${tokenOf(currency1)} on chain ${ctx.chainId} (the native currency is ${NATIVE_ADDRESS}, WETH is another currency)`
        : `give poolFee and tickSpacing of one pool: ${pools.map((p) => `${p.keyFee}/${p.tickSpacing}`).join(', ')}`)
    }
    const [tickLower, tickUpper] = args.ticks.map(Number) as [number, number]
    if (!(tickLower < tickUpper) || tickLower < MIN_TICK || tickUpper > MAX_TICK) ctx.fail('INVALID_ACTION', 'ticks', `need ${MIN_TICK} ≤ lower < upper ≤ ${MAX_TICK}`)
    if (tickLower % pool.tickSpacing !== 0 || tickUpper % pool.tickSpacing !== 0) ctx.fail('INVALID_ACTION', 'ticks', `must be multiples of the pool's tick spacing ${pool.tickSpacing}`)
    // The bundle's receiver by default, under either strategy (see uniswap-v3 depositclmm).
    const owner = args.receiver ?? ctx.receiver

    const tokenId = ctx.planner.add(functionCall({ address: pm, abi: positionManagerAbi, functionName: 'nextTokenId' }).staticcall())
    const before = [planBalance(ctx, currency0, ctx.self), planBalance(ctx, currency1, ctx.self)]
    let value: BundleValue | undefined
    for (const [currency, amount] of [[currency0, amount0], [currency1, amount1]] as const) {
      ctx.spend(tokenOf(currency), amount)
      if (currency === zeroAddress) value = amount
      else addTransfer(ctx.planner, { token: currency, receiver: pm, amount: amount.value as bigint | ReturnValue })
    }
    const unlockData = encodeMintFromBalances({ key: { currency0, currency1, fee: pool.keyFee, tickSpacing: pool.tickSpacing, hooks: zeroAddress }, tickLower, tickUpper, owner })
    const call = functionCall({ address: pm, abi: positionManagerAbi, functionName: 'modifyLiquidities', args: [unlockData, ctx.deadline] })
    ctx.planner.add(value ? call.withValue(value.value as bigint | ReturnValue) : call)
    // What the mint did not use came back to the executing contract (CLOSE_CURRENCY): the router refunds it.
    const after = [planBalance(ctx, currency0, ctx.self), planBalance(ctx, currency1, ctx.self)]
    const used = [0, 1].map((i) => planMath(ctx, 'sub', before[i]!, after[i]!))
    const liquidity = ctx.planner.add(functionCall({ address: pm, abi: positionManagerAbi, functionName: 'getPositionLiquidity', args: [tokenId] }).staticcall())
    ctx.produce(pm, { kind: 'amount', value: 1n, estimate: 1n }, owner, { nonFungible: true })
    const estimate = amount0.estimate !== undefined && amount1.estimate !== undefined
      ? liquidityForAmounts({ sqrtPriceX96: pool.sqrtPriceX96, sqrtLowerX96: getSqrtRatioAtTick(tickLower), sqrtUpperX96: getSqrtRatioAtTick(tickUpper), amount0: amount0.estimate, amount1: amount1.estimate })
      : undefined
    return [
      { kind: 'amount', value: liquidity, estimate },
      { ...used[0]!, token: tokenOf(currency0) },
      { ...used[1]!, token: tokenOf(currency1) },
      { kind: 'amount', value: tokenId, estimate: undefined },
    ]
  },
})

/**
 * `uniswap-v4 redeemclmm`: removes liquidity from a V4 position the wallet owns (or is approved for) and sends
 * both currencies, principal and fees, to the receiver (the wallet by default). `liquidity` given: that much
 * is removed (DECREASE_LIQUIDITY, the NFT stays); omitted: all of it and the NFT is burned (BURN_POSITION).
 * Delegate only, like V3's: under the router the position would belong to someone else. Outputs: amount0,
 * amount1 received, in currency order (the native currency as 0xEeee…EEeE).
 */
export const uniswapV4RedeemClmmAction = defineBundleAction({
  protocol: 'uniswap-v4',
  action: 'redeemclmm',
  description: "Removes liquidity (all of it, burning the NFT, when liquidity is omitted) from the wallet's Uniswap V4 position tokenId and takes both tokens; delegate only; outputs: amount0, amount1",
  delegateOnly: true,
  args: z.strictObject({
    tokenIn: addressArg,
    tokenOut: z.array(tokenArg).length(2),
    liquidity: amountArg.optional(),
    tokenId: uintLiteral,
    receiver: receiverArg.optional(),
  }),
  outputs: () => ['amount', 'amount'],
  build(ctx, args) {
    const pm = positionManagerOf(ctx, 'tokenIn', args.tokenIn)
    const [currency0, currency1] = args.tokenOut.map(currencyOf).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)) as [Address, Address]
    if (currency0 === currency1) ctx.fail('SAME_TOKEN', 'tokenOut', 'a position holds two different tokens')
    const known = (ctx.pools('uniswap-v4') as UniswapV4PoolSnapshot[]).some((p) => lower(p.currency0) === lower(currency0) && lower(p.currency1) === lower(currency1))
    if (!known) ctx.fail('INVALID_ACTION', 'tokenOut', `no hookless Uniswap V4 pool pairs ${tokenOf(currency0)} and ${tokenOf(currency1)} on chain ${ctx.chainId}`)
    let liquidity: bigint | undefined
    if (args.liquidity !== undefined) {
      const value = ctx.amount(args.liquidity).value
      // The amount sits inside modifyLiquidities' encoded actions, which the plan cannot splice at execution.
      if (typeof value !== 'bigint') return ctx.fail('INVALID_ACTION', 'liquidity', 'must be a literal for Uniswap V4 (omit it to remove all liquidity)')
      if (value === 0n || value > MAX_UINT128) ctx.fail('INVALID_AMOUNT', 'liquidity', 'must be 1 to 2^128-1')
      liquidity = value
    }
    const recipient = args.receiver ?? ctx.self
    const before = [planBalance(ctx, currency0, recipient), planBalance(ctx, currency1, recipient)]
    const unlockData = encodeRemoveLiquidity({ tokenId: args.tokenId, liquidity, currency0, currency1, recipient })
    ctx.planner.add(functionCall({ address: pm, abi: positionManagerAbi, functionName: 'modifyLiquidities', args: [unlockData, ctx.deadline] }))
    const after = [planBalance(ctx, currency0, recipient), planBalance(ctx, currency1, recipient)]
    const out = [0, 1].map((i) => ({ ...planMath(ctx, 'sub', after[i]!, before[i]!), token: tokenOf(i === 0 ? currency0 : currency1) }))
    out.forEach((v) => ctx.produce(v.token, v, recipient))
    return out
  },
})
