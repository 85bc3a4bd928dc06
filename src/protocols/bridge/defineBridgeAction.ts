import { type Address, erc20Abi, parseAbi } from 'viem'
import { z } from 'zod'
import { switchyardBridgeSenderAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'
import { isNativeAddress, NATIVE_ADDRESS } from '../../schemas/fields.js'
import { addressArg, amountArg, callbackGasLimitArg, positiveAmountArg, receiverArg, tokenArg } from '../bundle/args.js'
import { literalAmount, planApprove, planMath, planMulDiv, planRevoke } from '../bundle/planValues.js'
import { defineBundleAction, type BundleActionContext, type BundleActionDefinition, type BundleBridgeRoute, type BundleValue } from '../bundle/types.js'

/** Across V3 SpokePool's deposit (3.0.x). */
export const acrossDepositAbi = parseAbi([
  'function depositV3(address depositor, address recipient, address inputToken, address outputToken, uint256 inputAmount, uint256 outputAmount, uint256 destinationChainId, address exclusiveRelayer, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityDeadline, bytes message) payable',
])

const multicall3TimeAbi = parseAbi(['function getCurrentBlockTimestamp() view returns (uint256 timestamp)'])

/** Most native a callback may ask its deliverer to attach: enough for nested bridges' fees, too little to drain a relayer. */
export const MAX_CALLBACK_VALUE = 10n ** 17n

/**
 * Least gas a destination callback may use when neither the action nor the bundle says: the service sizes
 * such a callback's limit from its destination simulation, never below this.
 */
export const DEFAULT_CALLBACK_GAS_LIMIT = 1_500_000n
/** How long an Across deposit may wait for a fill (seconds). */
const ACROSS_FILL_WINDOW = 6n * 3600n
/** Stargate's minimum on a plain bridge (no callback): the quote less this many bps. */
const PLAIN_BRIDGE_SLIPPAGE_BPS = 50n

const bridgeArgs = z.strictObject({
  tokenIn: tokenArg,
  amountIn: positiveAmountArg,
  primaryAddress: addressArg.optional(),
  destinationChainId: z.number().int().positive(),
  receiver: receiverArg,
  refundReceiver: receiverArg.optional(),
  callback: z.array(z.unknown()).max(9).optional(),
  callbackGasLimit: callbackGasLimitArg.optional(),
  callbackValue: amountArg.optional(),
  protocolArgs: z.record(z.string(), z.unknown()).optional(),
})

type BridgeArgs = z.output<typeof bridgeArgs>

const same = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase()

/** The bridge route an action names: its protocol, destination and token, and its primaryAddress when given. */
function routeFor(ctx: BundleActionContext, protocol: 'stargate' | 'across', args: BridgeArgs): BundleBridgeRoute {
  if (args.destinationChainId === ctx.chainId) ctx.fail('SAME_CHAIN_BRIDGE', 'destinationChainId', 'equals the bundle chainId')
  const routes = (ctx.contracts.bridges?.routes ?? []).filter((r) => r.protocol === protocol && r.destinationChainId === args.destinationChainId)
  if (routes.length === 0) ctx.fail('NO_BRIDGE_ROUTE', 'destinationChainId', `${protocol} does not connect chain ${ctx.chainId} to chain ${args.destinationChainId}`)
  const byToken = routes.filter((r) => same(r.token, args.tokenIn) || (protocol === 'across' && isNativeAddress(args.tokenIn) && same(r.token, r.wrappedNative)))
  if (byToken.length === 0) ctx.fail('NO_BRIDGE_ROUTE', 'tokenIn', `${protocol} does not bridge ${args.tokenIn} from chain ${ctx.chainId} to chain ${args.destinationChainId}`)
  if (args.primaryAddress === undefined) return byToken[0]!
  const named = byToken.find((r) => same(r.primary, args.primaryAddress))
  if (!named) ctx.fail('INVALID_PRIMARY_ADDRESS', 'primaryAddress', `${args.primaryAddress} is not the ${protocol} ${protocol === 'across' ? 'spoke pool' : 'pool'} for ${args.tokenIn} on chain ${ctx.chainId}`)
  return named!
}

/**
 * A `bridge` action for one bridge design. Tokens leave the executing contract through our
 * SwitchyardBridgeSender (Stargate taxi) or the Across spoke pool; with a `callback`, they go to our
 * SwitchyardBridgeReceiver on the destination, which runs the callback bundle there (built by the
 * service on the destination chain) and refunds on failure; without one they go to `receiver`.
 */
export function defineBridgeAction(protocol: string, design: 'stargate' | 'across'): BundleActionDefinition {
  return defineBundleAction({
    protocol,
    action: 'bridge',
    description: `Bridges amountIn of tokenIn to destinationChainId through ${design === 'across' ? 'an Across V3 spoke pool' : 'a Stargate V2 pool (LayerZero V2)'}; with callback, the callback actions run on the destination with what arrived (refunded to refundReceiver on failure); no output`,
    delegateOnly: false,
    args: bridgeArgs,
    outputs: () => [],
    build(ctx, args) {
      const callbackValue = args.callbackValue === undefined ? 0n : typeof args.callbackValue === 'bigint' ? args.callbackValue : ctx.fail('INVALID_AMOUNT', 'callbackValue', 'must be a literal amount')
      if (callbackValue > MAX_CALLBACK_VALUE) ctx.fail('INVALID_AMOUNT', 'callbackValue', `at most ${MAX_CALLBACK_VALUE} wei: the deliverer fronts it (nested bridges' fees)`)
      const route = routeFor(ctx, design, args)
      planBridge(ctx, {
        // Spec: a failed callback refunds to refundReceiver (the action's, else the bundle's), or to receiver.
        protocol, route, tokenIn: args.tokenIn, amount: ctx.amount(args.amountIn), receiver: args.receiver, refundReceiver: args.refundReceiver ?? ctx.bridgeRefundReceiver ?? args.receiver,
        callback: args.callback ?? [], callbackGasLimit: args.callbackGasLimit, callbackValue,
      })
      return []
    },
  })
}

/** Parameters of {@link planBridge}. */
export type PlanBridgeParameters = {
  /** Slug reported in the answer's route (`stargate`, `layerzero`, `across`). */
  protocol: string
  route: BundleBridgeRoute
  tokenIn: Address
  amount: BundleValue
  receiver: Address
  refundReceiver: Address
  /** Validated callback actions (run on the destination), or none: the tokens go straight to `receiver`. */
  callback: readonly unknown[]
  /** Undefined: the service sizes it from the callback's destination simulation (at least {@link DEFAULT_CALLBACK_GAS_LIMIT}). */
  callbackGasLimit: bigint | undefined
  callbackValue: bigint
}

/**
 * Adds one bridge leg to the plan: spends `amount` of `tokenIn` from the executing contract and sends it
 * through the route's design (Stargate taxi through our sender, or an Across deposit); registers the
 * destination callback for the service, and reports the step.
 */
export function planBridge(ctx: BundleActionContext, p: PlanBridgeParameters): void {
  const { route, amount } = p
  if (route.capacity !== undefined && amount.estimate !== undefined && amount.estimate > route.capacity) {
    ctx.fail('BRIDGE_CAPACITY', 'amountIn', `${route.protocol} can carry at most ${route.capacity} of ${route.token} to chain ${route.destinationChainId} now`)
  }
  const native = isNativeAddress(p.tokenIn)
  ctx.spend(native ? NATIVE_ADDRESS : p.tokenIn, amount)
  const arriving = amount.estimate === undefined ? undefined : amount.estimate - (amount.estimate * route.feeBps) / 10_000n
  const placeholder = ctx.bridge({ route, amountIn: amount.estimate, receiver: p.receiver, refundReceiver: p.refundReceiver, callback: p.callback, callbackGasLimit: p.callbackGasLimit, callbackValue: p.callbackValue })
  const plain = p.callback.length === 0
  const message = plain ? '0x' : placeholder
  const to = plain ? p.receiver : route.destinationReceiver
  if (route.protocol === 'stargate') buildStargate(ctx, { route, amount, native, to, message, plain })
  else buildAcross(ctx, { route, amount, native, to, message, depositor: p.refundReceiver })
  ctx.report({
    action: 'bridge',
    protocol: p.protocol,
    primary: route.primary,
    tokenIn: [p.tokenIn],
    tokenOut: [route.destinationToken],
    amountIn: amount.estimate?.toString(),
    amountOut: arriving?.toString(),
    sourceChainId: ctx.chainId,
    destinationChainId: route.destinationChainId,
  })
}

type LegBuild = { route: BundleBridgeRoute; amount: BundleValue; native: boolean; to: Address; message: `0x${string}` }

function buildStargate(ctx: BundleActionContext, { route, amount, native, to, message, plain }: LegBuild & { plain: boolean }): void {
  const sender = ctx.contracts.bridges!.sender
  // The sender quotes the exact fee when it runs (the message and the block may change it) and returns
  // the change, which the plan's sweep hands to the refund receiver: bring the quote plus 10 %.
  const fee = literalAmount(route.nativeFee + route.nativeFee / 10n, NATIVE_ADDRESS)
  ctx.spend(NATIVE_ADDRESS, fee)
  if (!native) planApprove(ctx, route.token, sender, amount)
  const value = native ? planMath(ctx, 'add', amount, fee, 'amountIn') : fee
  // With a callback the receiver checks the minimums on the destination; a plain bridge keeps Stargate's.
  const min = plain ? planMulDiv(ctx, amount, 10_000n - route.feeBps - PLAIN_BRIDGE_SLIPPAGE_BPS, 10_000n) : literalAmount(0n)
  ctx.planner.add(
    functionCall({ address: sender, abi: switchyardBridgeSenderAbi, functionName: 'sendStargate', args: [route.primary, route.dstEid!, to, amount.value, min.value, message] }).withValue(
      value.value as bigint,
    ),
  )
  if (!native) planRevoke(ctx, route.token, sender)
}

function buildAcross(ctx: BundleActionContext, { route, amount, native, to, message, depositor }: LegBuild & { depositor: Address }): void {
  const inputToken = native ? route.wrappedNative! : route.token
  if (!native) planApprove(ctx, route.token, route.primary, amount)
  const output = planMulDiv(ctx, amount, 10_000n - route.feeBps, 10_000n)
  // The quote time is the executing block's (Multicall3), so the deposit is valid whenever it is mined:
  // a build-time clock can lag the chain by more than the spoke pool's one-hour buffer.
  const now = ctx.planner.add(functionCall({ address: ctx.contracts.multicall3, abi: multicall3TimeAbi, functionName: 'getCurrentBlockTimestamp' }).staticcall())
  const deadline = planMath(ctx, 'add', { kind: 'amount', value: now, estimate: ctx.contracts.bridges!.now }, literalAmount(ACROSS_FILL_WINDOW))
  const call = functionCall({
    address: route.primary,
    abi: acrossDepositAbi,
    functionName: 'depositV3',
    args: [depositor, to, inputToken, route.destinationToken, amount.value, output.value, BigInt(route.destinationChainId), '0x0000000000000000000000000000000000000000', now, deadline.value, 0, message],
  })
  ctx.planner.add(native ? call.withValue(amount.value as bigint) : call)
  if (!native) ctx.planner.add(functionCall({ address: route.token, abi: erc20Abi, functionName: 'approve', args: [route.primary, 0n] }))
}

/** The bridge actions: Stargate V2 (also offered as `layerzero`) and Across V3. */
export const bridgeActions: readonly BundleActionDefinition[] = [
  defineBridgeAction('stargate', 'stargate'),
  defineBridgeAction('layerzero', 'stargate'),
  defineBridgeAction('across', 'across'),
]
