import type { Address } from 'viem'
import { z } from 'zod'
import { isNativeAddress } from '../../schemas/fields.js'
import { addressArg, amountArg, bpsArg, positiveAmountArg, receiverArg, tokenArg, uintLiteral } from './args.js'
import { defineBundleAction, type BundleActionContext, type BundleActionDefinition, type BundleContracts } from './types.js'

/** Parameters of {@link createPoolActions}. */
export type CreatePoolActionsParameters = {
  /** Adapter slug whose pools the actions use. */
  protocol: string
  /** Actions offered, with what they do. */
  actions: readonly { action: string; description: string }[]
  /** Periphery contracts that stand for the whole protocol as `primaryAddress` (router, vault, pool proxy). */
  periphery: (contracts: BundleContracts) => readonly (Address | undefined)[]
}

const lower = (a: string) => a.toLowerCase()

/**
 * Pool-level actions (swap, deposit, redeem, stake, …) of one adapter, executed through the engine
 * restricted to that adapter — and to one pool when `primaryAddress` is a pool — so each action is
 * quoted exactly and encoded by the adapter's own encoder. `primaryAddress` must be one of the
 * protocol's contracts on the chain.
 * @returns one definition per action
 */
export function createPoolActions(p: CreatePoolActionsParameters): BundleActionDefinition[] {
  return p.actions.map(({ action, description }) =>
    defineBundleAction({
      protocol: p.protocol,
      action,
      description,
      delegateOnly: false,
      args: z.strictObject({
        tokenIn: tokenArg,
        tokenOut: tokenArg.optional(),
        amountIn: positiveAmountArg,
        primaryAddress: addressArg,
        receiver: receiverArg.optional(),
        slippage: bpsArg.optional(),
        minAmountOut: amountArg.optional(),
        poolFee: uintLiteral.optional(),
        tickSpacing: uintLiteral.optional(),
        path: z.array(tokenArg).max(6).optional(),
        onBehalfOf: addressArg.optional(),
        args: z.record(z.string(), z.unknown()).optional(),
      }),
      outputs: () => ['amount'],
      build(ctx, args) {
        const onlyPools = primaryPools(ctx, p, args.primaryAddress)
        const tokenOut = args.tokenOut ?? impliedTokenOut(ctx, p.protocol, args.tokenIn, onlyPools)
        const amountIn = ctx.amount(args.amountIn)
        return [
          ctx.route({
            tokenIn: args.tokenIn,
            tokenOut,
            amountIn,
            onlyProtocols: [p.protocol],
            onlyPools,
            maxHops: args.path ? args.path.length - 1 : undefined,
            receiver: args.receiver,
            slippageBps: args.slippage,
            minAmountOut: args.minAmountOut === undefined ? undefined : ctx.amount(args.minAmountOut),
            reportAs: p.protocol,
          }),
        ]
      },
    }),
  )
}

/** The pools `primaryAddress` allows: one pool, or all of the protocol's for a periphery contract. */
function primaryPools(ctx: BundleActionContext, p: CreatePoolActionsParameters, primary: Address): readonly string[] | undefined {
  const pools = ctx.pools(p.protocol)
  if (pools.some((pool) => lower(pool.address) === lower(primary))) return [lower(primary)]
  const periphery = p.periphery(ctx.contracts).filter((a): a is Address => a !== undefined).map(lower)
  // Markets whose snapshots carry the entry contract (e.g. Aave reserves name their Pool).
  for (const pool of pools) {
    const entry = (pool as { pool?: string }).pool
    if (entry !== undefined) periphery.push(lower(entry))
  }
  if (periphery.includes(lower(primary))) return undefined
  const known = [...new Set(periphery)].slice(0, 4)
  return ctx.fail('INVALID_PRIMARY_ADDRESS', 'primaryAddress', `${primary} is not a ${p.protocol} contract on chain ${ctx.chainId}${known.length ? ` (e.g. ${known.join(', ')})` : ''}`)
}

/** tokenOut when the caller left it out: the pool's other token (vault share, aToken, stETH). */
function impliedTokenOut(ctx: BundleActionContext, protocol: string, requested: Address, onlyPools: readonly string[] | undefined): Address {
  const tokenIn = isNativeAddress(requested) ? ctx.contracts.weth : requested
  const candidates = new Set<string>()
  for (const pool of ctx.pools(protocol)) {
    if (onlyPools && !onlyPools.includes(lower(pool.address))) continue
    const tokens = pool.tokens.map(lower)
    if (!tokens.includes(lower(tokenIn)) || tokens.length !== 2) continue
    candidates.add(tokens.find((t) => t !== lower(tokenIn))!)
  }
  if (candidates.size !== 1) return ctx.fail('MISSING_FIELD', 'tokenOut', `required: ${candidates.size === 0 ? `no ${protocol} market takes ${tokenIn}` : 'several markets take tokenIn'}`)
  return [...candidates][0]! as Address
}
