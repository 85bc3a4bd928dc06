import type { Address, Hex, PublicClient } from 'viem'
import type { BundleRouteStep } from '../../protocols/bundle/types.js'
import type { BundleParams } from '../../schemas/bundleRequest.js'
import type { AccountOverride, SimulatedLog, SimulatedSetupCall } from '../../simulate/simulateTransaction.js'
import type { CompletedLeg } from '../bundle/bridgingEstimateOf.js'
import type { QuoteStore } from './createQuoteStore.js'
import { quoteIdOf } from './createQuoteStore.js'
import { blockHashOf } from './blockHashOf.js'
import { decodePlan } from './decodePlan.js'
import { explainSteps, type PlannedStep } from './explainSteps.js'
import { gasOfLogIn, traceCommandGas, withCommandGas, type CommandGas } from './traceCommandGas.js'
import type { Explanation, ExplanationLeg, ExplanationStep } from './explanation.js'

/** What a bundle's simulation used and saw (the first run, whose deltas are the answer's amounts), kept when the request asked to explain. */
export type BundleSimulationRecord = {
  logs: SimulatedLog[]
  overrides: Record<Address, AccountOverride>
  setup: readonly SimulatedSetupCall[] | undefined
  /** Balance change per delivery (`deliveries` order). */
  deltas: readonly bigint[]
  /** The final transaction's call trace, taken beside its gas proof; traced here when absent. */
  traced?: CommandGas | { note: string } | undefined
}

/** Parameters of {@link explainBundle}. */
export type ExplainBundleParameters = {
  /** Each served chain's client (block hashes of the source and the destinations). */
  clientOf: (chainId: number) => Pick<PublicClient, 'getBlock' | 'request'> | undefined
  quotes: QuoteStore | undefined
  params: BundleParams
  snapshot: { version: string; blockNumber: bigint; timestamp?: bigint | undefined }
  /** The source plan (its `route` may end with the destinations' steps, which carry their `chainId`). */
  built: { commands: Hex[]; state: Hex[]; route: readonly BundleRouteStep[]; deliveries: readonly { token: Address; receiver: Address }[] }
  /** The contract running the source plan: the executor, or the wallet under delegate. */
  self: Address
  /** The answer's transaction (as sent) and the simulated transaction's target (the wallet under delegate). */
  tx: { from: Address; to: Address; data: Hex; value: bigint }
  simulatedTo: Address
  simulation: BundleSimulationRecord
  /** Completed bridges: each destination callback's steps, plan and simulated events. */
  bridged: readonly CompletedLeg[]
}

/** A bundle route step as a step to explain: its first token in and out, its estimated amounts (0 when the engine had none). */
export function plannedStepOf(s: BundleRouteStep): PlannedStep {
  return {
    protocol: s.protocol, action: s.action, pool: s.primary, tokenIn: s.tokenIn[0]!, tokenOut: s.tokenOut[0]!,
    estimatedAmountIn: BigInt(s.amountIn ?? 0), estimatedAmountOut: BigInt(s.amountOut ?? 0),
  }
}

/** Receivers the actions name (top level): transfers to them are deliveries, not steps. */
function actionReceiversOf(params: BundleParams): Address[] {
  return params.actions.flatMap((a) => {
    const receiver = (a.args as { receiver?: unknown } | null)?.receiver
    return typeof receiver === 'string' && /^0x[0-9a-fA-F]{40}$/.test(receiver) ? [receiver as Address] : []
  })
}

const lower = (a: string) => a.toLowerCase()
const not = (self: Address) => (a: Address) => lower(a) !== lower(self)

/** One destination's leg: the callback's steps from its simulation's events, its plan, the destination block. */
async function destinationLegOf(p: ExplainBundleParameters, leg: CompletedLeg): Promise<{ leg?: ExplanationLeg; note?: string }> {
  const destId = leg.leg.route.destinationChainId
  const client = p.clientOf(destId)
  if (!leg.plan?.at || !leg.logs || !client) return { note: `bridge to chain ${destId}: delivered straight to the receiver (${leg.arrival} of ${leg.leg.route.destinationToken} in the source simulation); no destination callback was simulated` }
  const self = leg.plan.self as Address
  // The callback's own simulated call, traced as it ran: the deliverer into our receiver, whose executor runs the plan.
  const [blockHash, traced] = await Promise.all([
    blockHashOf(client, leg.plan.at),
    leg.call === undefined
      ? { note: `gas per step on chain ${destId} is not measured: the destination callback's call was not kept` }
      : traceCommandGas(client, { blockNumber: leg.call.blockNumber, tx: leg.call.tx, overrides: leg.call.overrides, setup: leg.call.setup, self }),
  ])
  const { plan, notes } = withCommandGas(decodePlan({ commands: leg.plan.commands as Hex[], state: leg.plan.state as Hex[] }).map((c) => ({ ...c, chainId: destId })), traced)
  return {
    leg: {
      chainId: destId,
      blockNumber: leg.plan.at.blockNumber.toString(),
      blockHash,
      steps: explainSteps({ steps: leg.route.map(plannedStepOf), logs: leg.logs, self, payees: [leg.leg.receiver, leg.leg.refundReceiver].filter(not(self)), chainId: destId, gasOfLog: gasOfLogIn(traced) }),
      plan,
    },
    ...(notes.length === 0 ? {} : { note: notes.map((n) => `chain ${destId}: ${n}`).join('; ') }),
  }
}

/**
 * The explanation of a bundle answer: the source chain's block and hash, its steps with the amounts
 * the first simulation's logs show (the run whose balance changes are the answer's `amountsOut`), its
 * decoded plan, and for each bridge the destination's leg (callback steps from the destination
 * simulation's logs, its plan, its block). `steps` lists every leg's steps in order, renumbered, each
 * with its `chainId`. Bundles weigh no candidates: their actions are as sent. The answer is kept under
 * its `quoteId` for replay of the source transaction.
 */
export async function explainBundle(p: ExplainBundleParameters): Promise<Explanation> {
  const { params } = p
  const client = p.clientOf(params.chainId)
  if (!client) throw new Error(`no client for chain ${params.chainId}`)
  const [blockHash, traced] = await Promise.all([
    blockHashOf(client, p.snapshot),
    p.simulation.traced ?? traceCommandGas(client, { blockNumber: p.snapshot.blockNumber, parentTimestamp: p.snapshot.timestamp, tx: { ...p.tx, to: p.simulatedTo }, overrides: p.simulation.overrides, setup: p.simulation.setup, self: p.self }),
  ])
  const { plan, notes: gasNotes } = withCommandGas(decodePlan({ commands: p.built.commands, state: p.built.state }).map((c) => ({ ...c, chainId: params.chainId })), traced)
  const sourceSteps = p.built.route.filter((s) => s.chainId === undefined || s.chainId === params.chainId)
  const source: ExplanationLeg = {
    chainId: params.chainId,
    blockNumber: p.snapshot.blockNumber.toString(),
    blockHash,
    steps: explainSteps({
      steps: sourceSteps.map(plannedStepOf), logs: p.simulation.logs, self: p.self, chainId: params.chainId,
      payees: [params.receiver, params.refundReceiver, ...actionReceiversOf(params)].filter(not(p.self)), gasOfLog: gasOfLogIn(traced),
    }),
    plan,
  }
  const destinations = await Promise.all(p.bridged.map((leg) => destinationLegOf(p, leg)))
  const legs = [source, ...destinations.flatMap((d) => (d.leg ? [d.leg] : []))]
  let index = 0
  const steps: ExplanationStep[] = legs.flatMap((l) => l.steps.map((s) => ({ ...s, index: index++ })))
  const amountsOut = p.simulation.deltas.map(String)
  const quoteId = quoteIdOf({ request: params, chainId: params.chainId, blockHash, tx: { to: p.tx.to, data: p.tx.data, value: p.tx.value.toString() }, amountsOut })
  await p.quotes?.put({
    quoteId,
    chainId: params.chainId,
    blockNumber: p.snapshot.blockNumber.toString(),
    blockHash,
    ...(p.snapshot.timestamp === undefined ? {} : { parentTimestamp: p.snapshot.timestamp.toString() }),
    tx: { from: p.tx.from, to: p.simulatedTo, data: p.tx.data, value: p.tx.value.toString() },
    receiver: params.receiver,
    tokensOut: p.built.deliveries.map((d) => d.token),
    accounts: p.built.deliveries.map((d) => d.receiver),
    amountsOut,
    overrides: p.simulation.overrides,
    setup: p.simulation.setup === undefined ? undefined : [...p.simulation.setup],
  })
  return {
    quoteId,
    chainId: params.chainId,
    blockNumber: source.blockNumber,
    blockHash,
    steps,
    plan: source.plan,
    candidates: [],
    winner: { reason: 'a bundle runs its actions as sent: no candidates were weighed' },
    legs,
    notes: [
      ...gasNotes,
      ...destinations.flatMap((d) => (d.note ? [d.note] : [])),
    ],
  }
}
