import type { Address, Hex } from 'viem'
import type { BuildBundleReturnType } from '../../engine/tasks/buildBundle.js'
import type { EngineSnapshot } from '../../engine/types.js'
import { applySlippage } from '../../protocols/bundle/applySlippage.js'
import { bridgingEstimateOf, type CompletedLeg } from './bridgingEstimateOf.js'
import type { BundleAnswer } from '../types.js'
import { validUntilOf } from '../validUntilOf.js'

/**
 * The bundle answer on the wire: the actions as sent, the proven gas limit, every output by token and
 * its minimum (less the bundle's slippage), route steps (on the bundle's chain unless a step says
 * otherwise), the simulated block, the transaction, the approvals still missing, each action's
 * simulated outputs, how long each bridge takes, and the external contracts its plans hand control to.
 */
export function toBundleAnswer(p: {
  rawActions: unknown
  params: { chainId: number; fromAddress: Address; slippageBps: bigint }
  snapshot: Pick<EngineSnapshot, 'blockNumber' | 'timestamp'>
  built: Pick<BuildBundleReturnType, 'route'>
  gas: bigint
  amountsOut: ReadonlyMap<string, bigint>
  /** The bridged part of `amountsOut`, by destination chain (see `bundleAmountsOutOf`). */
  destinationOut: ReadonlyMap<number, ReadonlyMap<string, bigint>>
  outputs: bigint[][] | undefined
  approvals: BundleAnswer['approvals']
  bridged: { legs: readonly CompletedLeg[] } | undefined
  priceImpact: number | null
  tx: { data: Hex; value: bigint; to: Address }
  /** See {@link BundleAnswer.externalContracts}. */
  externalContracts: readonly string[]
}): BundleAnswer {
  return {
    bundle: p.rawActions as unknown[],
    gas: p.gas.toString(),
    createdAt: Number(p.snapshot.blockNumber),
    tx: { data: p.tx.data, to: p.tx.to, from: p.params.fromAddress, value: p.tx.value.toString() },
    amountsOut: Object.fromEntries([...p.amountsOut].map(([t, a]) => [t, a.toString()])),
    minAmountsOut: Object.fromEntries([...p.amountsOut].map(([t, a]) => [t, applySlippage(a, p.params.slippageBps).toString()])),
    route: p.built.route.map((s) => ({ ...s, internalRoutes: [], args: {}, chainId: s.chainId ?? p.params.chainId })),
    priceImpact: p.priceImpact,
    feeAmount: {},
    approvals: p.approvals,
    validUntil: validUntilOf(p.snapshot),
    actionOutputs: p.outputs?.map((values) => values.map(String)),
    externalContracts: [...p.externalContracts],
    ...(p.bridged
      ? {
          bridgingEstimates: p.bridged.legs.map(bridgingEstimateOf),
          destinationAmountsOut: Object.fromEntries([...p.destinationOut].map(([chainId, tokens]) => [chainId, Object.fromEntries([...tokens].map(([t, a]) => [t, a.toString()]))])),
        }
      : {}),
  }
}
