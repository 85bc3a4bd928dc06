import type { Address } from 'viem'
import { bridgeCandidates } from '../bridge/bridgeCandidates.js'
import { arrivesAsIs, entersAsIs } from '../bridge/bridgeRouteShape.js'
import { DEFAULT_CALLBACK_GAS_LIMIT, planBridge } from '../bridge/defineBridgeAction.js'
import type { BundleActionContext, BundleBridgeRoute, BundleValue } from '../bundle/types.js'

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** Parameters of {@link planCrossChainRoute}. */
export type PlanCrossChainRouteParameters = {
  tokenIn: Address
  tokenOut: Address
  amountIn: BundleValue
  destinationChainId: number
  receiver: Address
  refundReceiver: Address
  slippageBps?: bigint | undefined
  ignoreBridges?: readonly string[] | undefined
}

/**
 * `enso route` with a `destinationChainId` inside a bundle (the SDK's CrossChainRouteArgs): the source
 * leg routes tokenIn to a bridge asset, the bridge carries it, and its callback routes it to tokenOut for
 * the receiver on the destination. The plan is built on the source chain's snapshot alone, so the bridge
 * is chosen by shape, not by a destination quote: one that takes tokenIn as it is and delivers tokenOut
 * as it is, else one of the two, else Stargate (its pools are the deepest), else the first. (The route
 * endpoint's cross-chain routes rank every bridge by estimates on both chains.)
 * @throws InvalidBundleError NO_BRIDGE_ROUTE when no served bridge reaches the destination
 */
export function planCrossChainRoute(ctx: BundleActionContext, p: PlanCrossChainRouteParameters): void {
  const routes = bridgeCandidates(ctx.contracts.bridges?.routes ?? [], { destinationChainId: p.destinationChainId, ignoreBridges: p.ignoreBridges ?? [] })
  if (routes.length === 0) ctx.fail('NO_BRIDGE_ROUTE', 'destinationChainId', `no bridge connects chain ${ctx.chainId} to chain ${p.destinationChainId}`)
  const score = (r: BundleBridgeRoute) => (entersAsIs(r, p.tokenIn) ? 4 : 0) + (arrivesAsIs(r, p.tokenOut) ? 2 : 0) + (r.protocol === 'stargate' ? 1 : 0)
  const route = routes.reduce((best, r) => (score(r) > score(best) ? r : best))
  const direct = entersAsIs(route, p.tokenIn)
  const bridged = direct ? p.amountIn : ctx.route({ tokenIn: p.tokenIn, tokenOut: route.token, amountIn: p.amountIn })
  const callback = arrivesAsIs(route, p.tokenOut)
    ? []
    : [
        { protocol: 'enso', action: 'balance', args: { token: route.destinationToken } },
        same(route.destinationToken, p.tokenOut)
          ? { protocol: 'erc20', action: 'transfer', args: { token: p.tokenOut, receiver: p.receiver, amount: { ref: true, at: 0, index: 0, kind: 'amount' } } }
          : { protocol: 'enso', action: 'route', args: { tokenIn: route.destinationToken, tokenOut: p.tokenOut, amountIn: { ref: true, at: 0, index: 0, kind: 'amount' }, receiver: p.receiver, slippage: p.slippageBps } },
      ]
  planBridge(ctx, {
    protocol: route.protocol, route, tokenIn: direct ? p.tokenIn : route.token, amount: bridged, receiver: p.receiver, refundReceiver: p.refundReceiver,
    callback, callbackGasLimit: DEFAULT_CALLBACK_GAS_LIMIT, callbackValue: 0n,
  })
}
