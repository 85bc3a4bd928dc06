import { getAddress } from 'viem'
import { NoRouteError } from '../errors/engine.js'
import { InvalidRequestError, UnsupportedChainError } from '../errors/request.js'
import { BaseError } from '../errors/base.js'
import type { BundleBridgeRoute } from '../protocols/bundle/types.js'
import type { RouteParams } from '../schemas/routeRequest.js'
import { arrivesAsIs, entersAsIs } from '../protocols/bridge/bridgeRouteShape.js'
import { bridgeCandidates } from '../protocols/bridge/bridgeCandidates.js'
import { applySlippage } from '../protocols/bundle/applySlippage.js'
import { bridgesOf } from './bridge/bridgesOf.js'
import { assertBridgeDelivered } from './assertBridgeDelivered.js'
import type { ServiceContext } from './context.js'
import { estimateBridgedOutput } from './bridge/estimateBridgedOutput.js'
import { createSingleFlight } from './createSingleFlight.js'
import { OverloadedError } from '../errors/admission.js'
import { getBundle } from './getBundle.js'
import type { BundleAnswer, CallOptions, RouteAnswer } from './types.js'

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** How many bridge candidates, best estimate first, are built and simulated on both chains. */
const FULLY_SIMULATED = 2

/** Per process: the candidates' order by estimate, per blocks and request. */
const rankings = createSingleFlight<number[]>({ max: 1_000, ttl: 60_000, name: 'bridge-ranking' })

/** The fee a cross-chain route takes from its input on the source chain: floor(amountIn × fee / 10,000). */
const feeOf = (params: RouteParams): bigint => (params.amountIn[0]! * params.feeBps[0]!) / 10_000n

/**
 * The bundle one bridge route makes of a cross-chain route: the fee (when asked: `fee` bps of the input
 * to `feeReceiver`, on the source chain, before anything else), the source leg, the bridge, and the
 * destination leg as its callback.
 */
function bundleActionsFor(params: RouteParams, route: BundleBridgeRoute): unknown[] {
  const tokenIn = params.tokenIn[0]!
  const tokenOut = params.tokenOut[0]!
  const direct = entersAsIs(route, tokenIn)
  const actions: unknown[] = []
  // What the source leg spends: the input, or what the fee left of it.
  let amountIn: unknown = params.amountIn[0]!.toString()
  if (params.feeBps[0]! > 0n) {
    actions.push({ protocol: 'enso', action: 'fee', args: { token: tokenIn, amount: amountIn, bps: params.feeBps[0]!.toString(), receiver: params.feeReceiver } })
    amountIn = { useOutputOfCallAt: actions.length - 1 }
  }
  if (!direct) actions.push({ protocol: 'enso', action: 'route', args: { tokenIn, tokenOut: route.token, amountIn } })
  // A WETH arrival through Across (ETH to accounts without code) always goes through our receiver,
  // which then hands the receiver exactly tokenOut.
  const callback = arrivesAsIs(route, tokenOut)
    ? undefined
    : [
        { protocol: 'enso', action: 'balance', args: { token: route.destinationToken } },
        same(route.destinationToken, tokenOut)
          ? { protocol: 'erc20', action: 'transfer', args: { token: tokenOut, receiver: params.receiver, amount: { useOutputOfCallAt: 0 } } }
          : { protocol: 'enso', action: 'route', args: { tokenIn: route.destinationToken, tokenOut, amountIn: { useOutputOfCallAt: 0 }, receiver: params.receiver } },
      ]
  actions.push({
    protocol: route.protocol,
    action: 'bridge',
    args: {
      tokenIn: direct ? tokenIn : route.token,
      amountIn: direct ? amountIn : { useOutputOfCallAt: actions.length - 1 },
      primaryAddress: route.primary,
      destinationChainId: route.destinationChainId,
      receiver: params.receiver,
      // Spec: a failed destination leg refunds to refundReceiver, or to the receiver when none was given.
      refundReceiver: params.refundReceiverGiven ?? params.receiver,
      ...(callback ? { callback } : {}),
    },
  })
  return actions
}

/**
 * A route whose tokenOut arrives on another chain: each bridge that connects the chains (Stargate
 * pools, Across routes, minus `ignoreBridges`) makes a bundle — the source leg routes tokenIn to the
 * bridge asset, the bridge carries it, and the destination leg (the bridge's callback) routes it to
 * tokenOut for the receiver. Every candidate is ranked by the engine's estimate (plans built on both
 * chains, no simulation); the best two are built and simulated on both chains by the bundle use case
 * (the rest only if both fail), and the best simulated delivery wins. `amountOut` is what the destination leg delivered in simulation;
 * `minAmountOut` is checked by our receiver on the destination, which refunds below it. A `fee` is
 * taken on the source chain from the input, before the source leg: `feeAmount` is exactly what
 * `feeReceiver` gets, and `amountOut` what the rest delivers.
 * @throws InvalidRequestError, UnsupportedChainError, UndeliverableBridgeError (an external chain and a devnet chain), NoRouteError (with every bridge's reason)
 */
export async function getCrossChainRoute(ctx: ServiceContext, params: RouteParams, options: CallOptions): Promise<RouteAnswer> {
  const destId = params.destinationChainId!
  if (!ctx.chains[destId]) throw new UnsupportedChainError({ chainId: destId, supported: Object.keys(ctx.chains).map(Number), field: 'destinationChainId' })
  assertBridgeDelivered(ctx.chains, { chainId: params.chainId, destinationChainId: destId })
  if (params.tokenIn.length !== 1 || params.tokenOut.length !== 1) {
    throw new InvalidRequestError({ code: 'CROSS_CHAIN_MULTI_TOKEN', message: 'a cross-chain route takes one tokenIn and one tokenOut', issues: [{ field: 'tokenIn', reason: 'one token' }] })
  }
  if (params.routingStrategy !== 'router' && params.routingStrategy !== 'delegate') {
    throw new InvalidRequestError({ code: 'INVALID_STRATEGY', message: `routingStrategy: cross-chain routes are served with router or delegate, not ${params.routingStrategy}`, issues: [{ field: 'routingStrategy', reason: 'router or delegate' }] })
  }
  // Each cross-chain request simulates its own candidates on both chains: nothing whole to join, so a
  // call past the in-flight bound is refused here, before any read.
  if (options.joinOnly === true) throw new OverloadedError({ retryAfterSeconds: 1 })
  const snapshot = await ctx.snapshots[params.chainId]!.current()
  const bridges = await bridgesOf(ctx.chains, { chainId: params.chainId, blockNumber: snapshot.blockNumber, timestamp: snapshot.timestamp ?? BigInt(Math.floor(Date.now() / 1000)) })
  const routes = bridgeCandidates(bridges?.routes ?? [], { destinationChainId: destId, ignoreBridges: params.ignoreBridges })
  if (routes.length === 0) throw new NoRouteError({ reason: `no bridge connects chain ${params.chainId} to chain ${destId}` })
  const tokenOut = getAddress(params.tokenOut[0]!)
  const request = (route: BundleBridgeRoute) => ({
    params: {
      chainId: params.chainId, fromAddress: params.fromAddress, routingStrategy: params.routingStrategy, receiver: params.receiver,
      ...(params.spender ? { spender: params.spender } : {}), refundReceiver: params.refundReceiver, slippage: params.slippageBps.toString(),
      ...(params.referralCode ? { referralCode: params.referralCode } : {}), ignoreStandards: params.ignoreStandards,
      ...(params.explain === true ? { explain: true } : {}),
    },
    actions: bundleActionsFor(params, route),
  })
  // Rank every bridge by the engine's estimate (plans built on both chains, nothing simulated), then
  // build and simulate the best two for real; the rest only if both fail.
  // Identical requests on the same blocks share one ranking (the bundles' own single flight shares the rest).
  const destSnapshot = await ctx.snapshots[destId]!.current()
  const key = `${snapshot.version}|${destSnapshot.version}|${JSON.stringify(params, (_, v) => (typeof v === 'bigint' ? v.toString() : v))}`
  const order = await rankings(key, async () => {
    const estimates = await Promise.all(routes.map((route) => estimateBridgedOutput(ctx, { request: request(route), token: tokenOut, receiver: params.receiver, signal: options.signal, deadline: options.deadline })))
    return routes.map((route, i) => ({ i, estimate: estimates[i] ?? -1n })).sort((a, b) => (b.estimate > a.estimate ? 1 : b.estimate < a.estimate ? -1 : 0)).map((x) => x.i)
  }, { signal: options.signal, deadline: options.deadline, shared: ctx.sharedCache })
  const ranked = order.map((i) => routes[i]!)
  const simulate = (list: BundleBridgeRoute[]) => Promise.allSettled(list.map(async (route) => ({ route, answer: await getBundle(ctx, request(route), options) })))
  let tried = ranked.slice(0, FULLY_SIMULATED)
  let settled = await simulate(tried)
  // What the destination delivers: the bundle's amountsOut also holds the source chain's deliveries
  // under the same address (a dust refund of native ETH on the source is not ETH on the destination).
  const arrived = (answer: BundleAnswer): string | undefined => answer.destinationAmountsOut?.[destId]?.[tokenOut]
  const delivered = (s: typeof settled) => s.flatMap((x) => (x.status === 'fulfilled' && arrived(x.value.answer) !== undefined ? [x.value] : []))
  if (delivered(settled).length === 0 && ranked.length > tried.length) {
    tried = [...tried, ...ranked.slice(FULLY_SIMULATED)]
    settled = [...settled, ...(await simulate(ranked.slice(FULLY_SIMULATED)))]
  }
  const answers = delivered(settled)
  if (answers.length === 0) {
    const reasons = settled.map((s, i) => `${tried[i]!.protocol} ${tried[i]!.primary}: ${s.status === 'rejected' ? (s.reason instanceof BaseError ? s.reason.shortMessage : String(s.reason)) : 'delivers nothing'}`)
    const invalid = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected' && s.reason instanceof InvalidRequestError)
    if (invalid) throw invalid.reason
    throw new NoRouteError({ reason: reasons.join('; ') })
  }
  const best = answers.reduce((a, b) => (BigInt(arrived(b.answer)!) > BigInt(arrived(a.answer)!) ? b : a))
  const amountOut = BigInt(arrived(best.answer)!)
  return toRouteAnswer(best.answer, { amountOut, minAmountOut: applySlippage(amountOut, params.slippageBps), chainId: params.chainId, fee: feeOf(params) })
}

function toRouteAnswer(answer: BundleAnswer, p: { amountOut: bigint; minAmountOut: bigint; chainId: number; fee: bigint }): RouteAnswer {
  return {
    gas: answer.gas,
    amountOut: p.amountOut.toString(),
    minAmountOut: p.minAmountOut.toString(),
    amountsOut: [p.amountOut.toString()],
    minAmountsOut: [p.minAmountOut.toString()],
    feeAmount: [p.fee.toString()],
    ensoFeeAmount: ['0'],
    priceImpact: answer.priceImpact,
    createdAt: answer.createdAt,
    blockNumber: answer.createdAt,
    validUntil: answer.validUntil,
    tx: answer.tx,
    route: answer.route.map((s) => ({ ...s, chainId: s.chainId ?? p.chainId })),
    bridgingEstimates: answer.bridgingEstimates,
    // The source plan's and the destination callback's.
    externalContracts: answer.externalContracts,
    // Explained: the bundle's explanation (the source leg and the destination's, in `legs`).
    ...(answer.explanation === undefined ? {} : { explanation: answer.explanation }),
  }
}
