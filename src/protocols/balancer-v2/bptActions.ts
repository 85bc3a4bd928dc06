import { type Address, encodeAbiParameters, getAddress, parseAbi, zeroAddress } from 'viem'
import { z } from 'zod'
import { switchyardBalanceHelperAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'
import { isNativeAddress, NATIVE_ADDRESS } from '../../schemas/fields.js'
import { pairedInputs } from '../bundle/pairedInputs.js'
import { addressArg, bpsArg, positiveAmountArg, receiverArg, tokenArg } from '../bundle/args.js'
import { planApprove, planMath, planRevoke } from '../bundle/planValues.js'
import { defineBundleAction, type AmountArg, type BundleActionContext, type BundleValue } from '../bundle/types.js'
import { BalancerMathRevert } from './logExpMath.js'
import { quoteExitExactBptIn, quoteJoinExactTokensIn } from './quoteJoinExit.js'
import type { BalancerV2WeightedPoolSnapshot } from './types.js'
import { applySlippage } from '../bundle/applySlippage.js'

const vaultAbi = parseAbi([
  'struct JoinPoolRequest { address[] assets; uint256[] maxAmountsIn; bytes userData; bool fromInternalBalance; }',
  'struct ExitPoolRequest { address[] assets; uint256[] minAmountsOut; bytes userData; bool toInternalBalance; }',
  'function joinPool(bytes32 poolId, address sender, address recipient, JoinPoolRequest request) payable',
  'function exitPool(bytes32 poolId, address sender, address recipient, ExitPoolRequest request)',
])

/** `WeightedPoolUserData.JoinKind.EXACT_TOKENS_IN_FOR_BPT_OUT`. */
const EXACT_TOKENS_IN_FOR_BPT_OUT = 1n
/** `WeightedPoolUserData.ExitKind.EXACT_BPT_IN_FOR_ONE_TOKEN_OUT`. */
const EXACT_BPT_IN_FOR_ONE_TOKEN_OUT = 0n
/** `WeightedPoolUserData.ExitKind.EXACT_BPT_IN_FOR_TOKENS_OUT`. */
const EXACT_BPT_IN_FOR_TOKENS_OUT = 1n

const lower = (a: string) => a.toLowerCase()

/**
 * The pool an action names: `primaryAddress` when it is a pool, else (the Vault) the pool whose BPT is
 * `bpt`, else the only pool holding every token of `tokens`.
 */
function poolOf(ctx: BundleActionContext, p: { primary: Address; bpt: Address | undefined; bptField: string; tokens: readonly Address[] }): BalancerV2WeightedPoolSnapshot {
  const pools = ctx.pools('balancer-v2') as BalancerV2WeightedPoolSnapshot[]
  const byAddress = (a: Address) => pools.find((pool) => lower(pool.address) === lower(a))
  const direct = byAddress(p.primary)
  if (direct) {
    if (p.bpt !== undefined && lower(p.bpt) !== lower(direct.address)) ctx.fail('INVALID_TOKEN', p.bptField, `must be the pool's BPT ${getAddress(direct.address)} (the pool address)`)
    return direct
  }
  const vault = ctx.contracts.balancerVault
  if (lower(p.primary) !== lower(vault)) ctx.fail('INVALID_PRIMARY_ADDRESS', 'primaryAddress', `${p.primary} is neither a Balancer V2 weighted pool nor the Vault ${vault} on chain ${ctx.chainId}`)
  if (p.bpt !== undefined) return byAddress(p.bpt) ?? ctx.fail('INVALID_TOKEN', p.bptField, `${p.bpt} is not the BPT of a Balancer V2 weighted pool on chain ${ctx.chainId}`)
  const holding = pools.filter((pool) => p.tokens.every((t) => pool.tokens.some((pt) => lower(pt) === lower(t))))
  if (holding.length === 1) return holding[0]!
  return ctx.fail('MISSING_FIELD', p.bptField, `required: ${holding.length === 0 ? 'no Balancer V2 weighted pool holds these tokens' : `several pools hold these tokens (${holding.map((x) => getAddress(x.address)).join(', ')})`}`)
}

/** The pool's index of `token`; native coin stands for WETH (the Vault wraps and unwraps it). */
function indexIn(ctx: BundleActionContext, pool: BalancerV2WeightedPoolSnapshot, token: Address, field: string): number {
  const engine = isNativeAddress(token) ? ctx.contracts.weth : token
  const i = pool.tokens.findIndex((t) => lower(t) === lower(engine))
  if (i < 0) ctx.fail('INVALID_TOKEN', field, `${token} is not a token of pool ${getAddress(pool.address)} (${pool.tokens.map((t) => getAddress(t)).join(', ')})`)
  return i
}

/**
 * An amount that must be known when planning: joins and exits carry it inside `userData` (ABI-encoded
 * `bytes`), which the plan cannot assemble from a runtime value.
 */
function literalOf(ctx: BundleActionContext, arg: AmountArg, field: string): bigint {
  const { value } = ctx.amount(arg)
  if (typeof value === 'bigint') return value
  return ctx.fail('INVALID_ACTION', field, "Balancer V2 joins and exits encode amounts in the pool's userData at build time: pass a literal amount, not a reference to an output known only at execution")
}

/** Plans a read of `account`'s balance of `token` (native included). */
function balanceOf(ctx: BundleActionContext, token: Address, account: Address): BundleValue['value'] {
  const helper = { address: ctx.helpers.balance, abi: switchyardBalanceHelperAbi } as const
  const call = lower(account) === lower(ctx.self)
    ? functionCall({ ...helper, functionName: 'balanceOfCaller', args: [token] })
    : functionCall({ ...helper, functionName: 'balanceOf', args: [token, account] })
  return ctx.planner.add(call.staticcall())
}

/** The estimate of `quote()`, or a clear 400 where the pool would revert. */
function quoted<T>(ctx: BundleActionContext, field: string, quote: () => T): T {
  try {
    return quote()
  } catch (error) {
    if (!(error instanceof BalancerMathRevert)) throw error
    const reason = error.message === 'MIN_BPT_IN_FOR_TOKEN_OUT'
      ? 'a single-token exit may burn at most 30% of the BPT supply: exit proportionally (tokenOut: every pool token) or in parts'
      : `the pool would revert (${error.message})`
    return ctx.fail('INVALID_AMOUNT', field, reason)
  }
}

const withSlippage = (estimate: bigint, bps: bigint | undefined) => (bps === undefined ? 0n : applySlippage(estimate, bps))

/**
 * `balancer-v2 deposit`: joins a weighted pool with exact amounts of one token (single-sided) or several,
 * through `Vault.joinPool` (`EXACT_TOKENS_IN_FOR_BPT_OUT`). The BPT goes to `receiver`, or stays with the
 * executing contract for later actions (the router sweeps it to the bundle's receiver). Native coin joins
 * as WETH (the Vault wraps it). Amounts must be literals (see {@link literalOf}); `slippage` sets the
 * pool's own `minimumBPT`. Output: BPT received, measured as the recipient's balance change.
 */
export const balancerV2DepositAction = defineBundleAction({
  protocol: 'balancer-v2',
  action: 'deposit',
  description: 'Joins a Balancer V2 weighted pool with exact literal amounts of one or more of its tokens (Vault.joinPool); output: BPT received',
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
    const engineTokens = tokensIn.map((t) => (isNativeAddress(t) ? ctx.contracts.weth : t))
    const pool = poolOf(ctx, { primary: args.primaryAddress, bpt: args.tokenOut, bptField: 'tokenOut', tokens: engineTokens })
    const bpt = getAddress(pool.address)
    const assets: Address[] = pool.tokens.map((t) => getAddress(t))
    const amountsIn = pool.tokens.map(() => 0n)
    let value = 0n
    tokensIn.forEach((token, k) => {
      const field = Array.isArray(args.tokenIn) ? `tokenIn[${k}]` : 'tokenIn'
      const i = indexIn(ctx, pool, token, field)
      if (amountsIn[i] !== 0n) ctx.fail('DUPLICATE_TOKEN', field, `${assets[i]} is named twice (native coin counts as WETH)`)
      amountsIn[i] = literalOf(ctx, amountArgs[k]!, Array.isArray(args.amountIn) ? `amountIn[${k}]` : 'amountIn')
      if (isNativeAddress(token)) {
        assets[i] = zeroAddress
        value = amountsIn[i]!
      }
      ctx.spend(isNativeAddress(token) ? NATIVE_ADDRESS : getAddress(token), { kind: 'amount', value: amountsIn[i]!, estimate: amountsIn[i]! })
    })
    const estimate = pool.totalSupply === undefined ? undefined : quoted(ctx, 'amountIn', () => quoteJoinExactTokensIn({ ...pool, totalSupply: pool.totalSupply! }, amountsIn))
    if (args.slippage !== undefined && estimate === undefined) ctx.fail('MISSING_ESTIMATE', 'slippage', `pool ${bpt} has no BPT supply in the snapshot to quote the join on`)
    const userData = encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256[]' }, { type: 'uint256' }], [EXACT_TOKENS_IN_FOR_BPT_OUT, amountsIn, withSlippage(estimate ?? 0n, args.slippage)])
    const vault = ctx.contracts.balancerVault
    const approved = assets.flatMap((token, i) => (token !== zeroAddress && amountsIn[i]! > 0n ? [{ token, amount: amountsIn[i]! }] : []))
    for (const a of approved) planApprove(ctx, a.token, vault, a.amount)
    const recipient = args.receiver ?? ctx.self
    const before = balanceOf(ctx, bpt, recipient)
    const join = functionCall({
      address: vault, abi: vaultAbi, functionName: 'joinPool',
      args: [pool.poolId, ctx.self, recipient, { assets, maxAmountsIn: amountsIn, userData, fromInternalBalance: false }],
    })
    ctx.planner.add(value > 0n ? join.withValue(value) : join)
    // The Vault pulls exactly amountsIn; the reset keeps allowance-quirky tokens from carrying any over.
    for (const a of approved) planRevoke(ctx, a.token, vault)
    const received = planMath(ctx, 'sub', { kind: 'amount', value: balanceOf(ctx, bpt, recipient), estimate }, { kind: 'amount', value: before, estimate: 0n })
    const out: BundleValue = { ...received, estimate, token: bpt }
    ctx.produce(bpt, out, recipient)
    ctx.report({
      action: 'deposit', protocol: 'balancer-v2', primary: bpt,
      tokenIn: tokensIn.map((t) => getAddress(t)), tokenOut: [bpt],
      amountIn: tokensIn.length === 1 ? amountsIn.find((a) => a > 0n)!.toString() : undefined,
      amountOut: estimate?.toString(),
    })
    return [out]
  },
})

/**
 * `balancer-v2 redeem`: exits a weighted pool with an exact literal amount of BPT through `Vault.exitPool`,
 * into one token (`EXACT_BPT_IN_FOR_ONE_TOKEN_OUT`, swap fee on the non-proportional part, at most 30%
 * of the supply) or, when `tokenOut` lists every pool token, proportionally (`EXACT_BPT_IN_FOR_TOKENS_OUT`).
 * The executing contract burns its own BPT (sender = itself, no approval). Native coin comes out as ETH
 * (the Vault unwraps WETH). Outputs: one amount per tokenOut, in its order, measured as balance changes.
 */
export const balancerV2RedeemAction = defineBundleAction({
  protocol: 'balancer-v2',
  action: 'redeem',
  description: 'Exits a Balancer V2 weighted pool with an exact literal amount of BPT (tokenIn) into one token or proportionally into all (Vault.exitPool); outputs: one amount per tokenOut',
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
    const pool = poolOf(ctx, { primary: args.primaryAddress, bpt: args.tokenIn, bptField: 'tokenIn', tokens: [] })
    const bpt = getAddress(pool.address)
    const outs = Array.isArray(args.tokenOut) ? args.tokenOut : [args.tokenOut]
    const indices = outs.map((t, k) => indexIn(ctx, pool, t, Array.isArray(args.tokenOut) ? `tokenOut[${k}]` : 'tokenOut'))
    if (new Set(indices).size !== indices.length) ctx.fail('DUPLICATE_TOKEN', 'tokenOut', 'a token is named twice (native coin counts as WETH)')
    const single = outs.length === 1
    if (!single && outs.length !== pool.tokens.length) ctx.fail('INVALID_TOKEN', 'tokenOut', `one token, or every token of the pool for a proportional exit (${pool.tokens.map((t) => getAddress(t)).join(', ')})`)
    const bptIn = literalOf(ctx, args.amountIn, 'amountIn')
    const estimates = pool.totalSupply === undefined
      ? undefined
      : quoted(ctx, 'amountIn', () => quoteExitExactBptIn({ ...pool, totalSupply: pool.totalSupply! }, { bptIn, tokenIndex: single ? indices[0] : undefined }))
    if (args.slippage !== undefined && estimates === undefined) ctx.fail('MISSING_ESTIMATE', 'slippage', `pool ${bpt} has no BPT supply in the snapshot to quote the exit on`)
    ctx.spend(bpt, { kind: 'amount', value: bptIn, estimate: bptIn, token: bpt })
    const assets: Address[] = pool.tokens.map((t) => getAddress(t))
    outs.forEach((t, k) => {
      if (isNativeAddress(t)) assets[indices[k]!] = zeroAddress
    })
    const minAmountsOut = pool.tokens.map((_, i) => (indices.includes(i) ? withSlippage(estimates?.[i] ?? 0n, args.slippage) : 0n))
    const userData = single
      ? encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }, { type: 'uint256' }], [EXACT_BPT_IN_FOR_ONE_TOKEN_OUT, bptIn, BigInt(indices[0]!)])
      : encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [EXACT_BPT_IN_FOR_TOKENS_OUT, bptIn])
    const recipient = args.receiver ?? ctx.self
    const tokensOut = outs.map((t) => (isNativeAddress(t) ? NATIVE_ADDRESS : getAddress(t)))
    const before = tokensOut.map((t) => balanceOf(ctx, t, recipient))
    ctx.planner.add(
      functionCall({
        address: ctx.contracts.balancerVault, abi: vaultAbi, functionName: 'exitPool',
        args: [pool.poolId, ctx.self, recipient, { assets, minAmountsOut, userData, toInternalBalance: false }],
      }),
    )
    const results = tokensOut.map((token, k) => {
      const estimate = estimates?.[indices[k]!]
      const received = planMath(ctx, 'sub', { kind: 'amount', value: balanceOf(ctx, token, recipient), estimate }, { kind: 'amount', value: before[k]!, estimate: 0n })
      const out: BundleValue = { ...received, estimate, token }
      ctx.produce(token, out, recipient)
      return out
    })
    ctx.report({
      action: 'redeem', protocol: 'balancer-v2', primary: bpt, tokenIn: [bpt], tokenOut: tokensOut,
      amountIn: bptIn.toString(), amountOut: single ? results[0]!.estimate?.toString() : undefined,
    })
    return results
  },
})
