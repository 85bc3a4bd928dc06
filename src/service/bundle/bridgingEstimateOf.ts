import type { AccountOverride, SimulatedLog, SimulatedSetupCall } from '../../simulate/simulateTransaction.js'
import type { Address, Hex } from 'viem'
import type { BuildBundleReturnType } from '../../engine/tasks/buildBundle.js'
import type { BundleBridgeLeg } from '../../protocols/bundle/types.js'
import type { ExternalContractsPlan } from '../externalContractsOf.js'

/*
 * A bundle's view of its completed bridge legs: what bridge/completeBridgeLegs.ts returns and the
 * bundle's answer steps read. It lives in bundle/ so that bridge/ builds on bundle/ and not the reverse.
 */

/** What a bridge delivered on its destination, as simulated. */
export type BridgedDelivery = {
  chainId: number
  token: Address
  receiver: Address
  amount: bigint
  /** To the leg's receiver (an output), rather than a sweep of leftovers to its refund receiver. */
  output: boolean
}

/** Seconds a bridge takes on the devnet: the relayer reads every 100 ms and both chains mine at once (bench:bridge: p50 69 ms). */
export const DEVNET_BRIDGE_SECONDS = 2

/** The SDK's BridgeLatencyEstimate of a completed leg. */
export function bridgingEstimateOf(l: CompletedLeg): { fromChainId: number; toChainId: number; token: string; estimatedSeconds: number; bridge: string; source: string } {
  return { fromChainId: l.sourceChainId, toChainId: l.leg.route.destinationChainId, token: l.leg.route.token, estimatedSeconds: DEVNET_BRIDGE_SECONDS, bridge: l.leg.route.protocol, source: 'switchyard relayer (devnet)' }
}

/** One completed bridge leg, for the answer. */
/** A destination callback's call as simulated: the deliverer's transaction on the destination block, under the overrides (and setup calls) that credit the receiver. */
export type SimulatedCallbackCall = {
  blockNumber: bigint
  tx: { from: Address; to: Address; data: Hex; value: bigint }
  overrides: Record<Address, AccountOverride>
  setup?: readonly SimulatedSetupCall[] | undefined
}

export type CompletedLeg = {
  leg: BundleBridgeLeg
  sourceChainId: number
  /** What arrived on the destination in the simulation. */
  arrival: bigint
  /** Steps of the destination callback. */
  route: BuildBundleReturnType['route']
  /** Gas the callback used in simulation. */
  callbackGas: bigint
  /** The destination callback's plan as our receiver's executor runs it; unset when the bridge delivers straight to the receiver. */
  plan?: ExternalContractsPlan | undefined
  /** The destination callback's simulated events (explained answers read its steps from them). */
  logs?: SimulatedLog[] | undefined
  /** The destination callback's simulated call, as it ran (explained answers trace it for gas per command). */
  call?: SimulatedCallbackCall | undefined
}

