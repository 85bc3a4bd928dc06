import type { Address } from 'viem'
import type { SwitchyardAddresses } from '../../contracts/deploySwitchyardContracts.js'
import { parseBundleRequest } from '../../schemas/bundleRequest.js'
import { contractsOf } from '../bundle/readBundleChainData.js'
import type { ServiceContext } from '../context.js'
import { bridgesOf } from './bridgesOf.js'

const lower = (a: string) => a.toLowerCase()

/**
 * What a bundle with bridges would deliver of `token` to `receiver`, from the engine's quotes alone:
 * the source plan is built in a worker, each bridge's arrival is its input estimate less the bridge's
 * fee, and each callback is built on its destination with that arrival — no simulation. Cheap enough to
 * rank every bridge candidate of a cross-chain route before the best is built and simulated for real.
 * @returns the estimate, or undefined when the bundle cannot be built (no route, a callback that fails)
 */
export async function estimateBridgedOutput(
  ctx: ServiceContext,
  p: { request: { params: unknown; actions: unknown }; token: Address; receiver: Address; signal?: AbortSignal | undefined; deadline?: number | undefined },
): Promise<bigint | undefined> {
  try {
    const params = parseBundleRequest(p.request.params, p.request.actions)
    const build = async (chainId: number, actions: readonly unknown[], initialBalances: Record<string, bigint>, receiver: Address, refundReceiver: Address, self: (sy: SwitchyardAddresses & Record<string, unknown>) => Address) => {
      const chain = ctx.chains[chainId]!
      const sy = chain.addressBook.switchyard as unknown as SwitchyardAddresses & Record<string, unknown>
      const snapshot = await ctx.snapshots[chainId]!.current()
      await ctx.engine.setSnapshot(snapshot)
      const timestamp = snapshot.timestamp ?? BigInt(Math.floor(Date.now() / 1000))
      return ctx.engine.buildBundle(
        {
          version: snapshot.version, chainId, strategy: 'router', self: self(sy), fromAddress: params.fromAddress, receiver, refundReceiver, bridgeRefundReceiver: params.refundReceiverGiven, helpers: sy.helpers,
          contracts: { ...contractsOf(chain), bridges: await bridgesOf(ctx.chains, { chainId, blockNumber: snapshot.blockNumber, timestamp }) },
          deadline: timestamp + 3600n, actions: actions as never, initialBalances, knownOutputs: {},
          delegateSlippageBps: params.slippageBps, maxHops: ctx.maxHops, maxSplits: ctx.maxSplits, ignoreStandards: params.ignoreStandards,
        },
        { signal: p.signal, deadline: p.deadline },
      )
    }
    const source = await build(params.chainId, params.actions, {}, params.receiver, params.refundReceiver, (sy) => sy.executor)
    let total = 0n
    for (const leg of source.bridges) {
      if (leg.amountIn === undefined) return undefined
      const arrival = leg.amountIn - (leg.amountIn * leg.route.feeBps) / 10_000n
      if (leg.callback.length === 0) {
        if (lower(leg.route.destinationToken) === lower(p.token) && lower(leg.receiver) === lower(p.receiver)) total += arrival
        continue
      }
      const dest = await build(leg.route.destinationChainId, leg.callback, { [lower(leg.route.destinationToken)]: arrival }, leg.receiver, leg.refundReceiver, (sy) => sy['bridgeReceiverExecutor'] as Address)
      for (const d of dest.deliveries) {
        if (lower(d.token) === lower(p.token) && lower(d.receiver) === lower(p.receiver)) total += d.estimate ?? 0n
      }
    }
    return total
  } catch {
    return undefined
  }
}

