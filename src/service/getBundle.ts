import type { ChainRuntime } from '../chain/connectChains.js'
import type { SwitchyardAddresses } from '../contracts/deploySwitchyardContracts.js'
import { createRequestId } from '../encoding/requestId.js'
import type { BuildBundleParameters, BuildBundleReturnType } from '../engine/tasks/buildBundle.js'
import { BundleRevertedError } from '../errors/bundle.js'
import { NoRouteError } from '../errors/engine.js'
import { InvalidRequestError, UnsupportedChainError } from '../errors/request.js'
import { parseBundleRequest, type BundleParams } from '../schemas/bundleRequest.js'
import { isNativeAddress } from '../schemas/fields.js'
import type { EngineSnapshot } from '../engine/types.js'
import { tokenPricesFor } from '../data/tokenPricesFor.js'
import type { ServiceContext } from './context.js'
import { createSingleFlight } from './createSingleFlight.js'
import { approvalSpendersOf } from './approvalSpendersOf.js'
import { assertUsableAddresses } from './assertUsableAddresses.js'
import { assertBridgeDelivered } from './assertBridgeDelivered.js'
import { decodeBundleOutputs } from './decodeBundleOutputs.js'
import { checkedDeliveries, encodeBundleTx, type BundleTarget } from './bundle/encodeBundleTx.js'
import { assertBundleTokenClasses } from './bundle/assertBundleTokenClasses.js'
import { approvalsNeeded, balancesOf, contractsOf, flashLoanPremiumBps, tokensNamed } from './bundle/readBundleChainData.js'
import { simulateBundle } from './bundle/simulateBundle.js'
import { bundleAddressFieldsOf } from './bundle/bundleAddressFieldsOf.js'
import { bundleAmountsOutOf } from './bundle/bundleAmountsOutOf.js'
import { recordBundleOutputLocations } from './bundle/bundleOutputLocations.js'
import { bundleMinimumsOf } from './bundle/bundleMinimumsOf.js'
import { bundlePriceImpactOf } from './bundle/bundlePriceImpactOf.js'
import { bundleTargetOf } from './bundle/bundleTargetOf.js'
import { missingEstimateAt } from './bundle/missingEstimateAt.js'
import { toBundleAnswer } from './bundle/toBundleAnswer.js'
import { bridgesOf } from './bridge/bridgesOf.js'
import { explainBundle, type BundleSimulationRecord } from './explain/explainBundle.js'
import { traceCommandGas } from './explain/traceCommandGas.js'
import { completeBridgeLegs, type CompleteBridgeLegsReturnType } from './bridge/completeBridgeLegs.js'
import { ensureTokensExist } from './ensureTokensExist.js'
import { externalContractsOf } from './externalContractsOf.js'
import { missedPlanMinimum } from './missedPlanMinimum.js'
import type { BundleAnswer, CallOptions } from './types.js'
import { withUpstream } from './withUpstream.js'

const MAX_BUILD_MS = 10_000

/** The bundle request as both transports hand it over: query parameters and the JSON array of actions. */
export type BundleRequest = { params: unknown; actions: unknown }

const lower = (a: string) => a.toLowerCase()

/**
 * The bundle use case: validate (shared validator) → snapshot → build the plan in a worker (routes
 * searched there) → wrap for the strategy → simulate the exact transaction → answer with the
 * receivers' simulated balance changes, a gas limit proven by a second simulation, and the approvals
 * the sender still lacks.
 * @throws InvalidRequestError, InvalidBundleError, BundleRevertedError, NoRouteError, UnsupportedChainError
 */
export async function getBundle(ctx: ServiceContext, request: BundleRequest, options: CallOptions): Promise<BundleAnswer> {
  const params = parseBundleRequest(request.params, request.actions, { approvalSpenders: approvalSpendersOf(ctx) })
  return withUpstream(params.chainId, () => bundleFor(ctx, params, request.actions, options))
}

/** What a bundle's simulation established, shared by identical requests on one block. */
type BundleComputation = {
  built: BuildBundleReturnType
  mins: bigint[]
  gas: bigint
  amountsOut: Map<string, bigint>
  /** What the source chain's deliveries gave (the part of amountsOut priced on the source chain). */
  sourceOut: Map<string, bigint>
  /** What the bridges deliver, by destination chain (the rest of amountsOut). */
  destinationOut: Map<number, Map<string, bigint>>
  outputs: bigint[][] | undefined
  approvals: BundleAnswer['approvals']
  /** Bridges: what the destination callbacks deliver, as simulated there. */
  bridged: CompleteBridgeLegsReturnType | undefined
  /** Only when asked to explain: what the simulation behind `amountsOut` ran under and logged. */
  simulation?: BundleSimulationRecord | undefined
}

/** Per-process single flight: identical bundles on one block share one build and simulation. */
const computations = createSingleFlight<BundleComputation>({ max: 1_000, ttl: 60_000, name: 'bundle' })

const stableJson = (value: unknown) => JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))

async function bundleFor(ctx: ServiceContext, params: BundleParams, rawActions: unknown, options: CallOptions): Promise<BundleAnswer> {
  const chain = ctx.chains[params.chainId]
  if (!chain) throw new UnsupportedChainError({ chainId: params.chainId, supported: Object.keys(ctx.chains).map(Number) })
  if (params.routingStrategy !== 'router' && params.routingStrategy !== 'delegate') {
    throw new InvalidRequestError({ code: 'INVALID_STRATEGY', message: `routingStrategy: bundles are served with router or delegate, not ${params.routingStrategy}`, issues: [{ field: 'routingStrategy', reason: 'router or delegate' }] })
  }
  const sy = chain.addressBook.switchyard as unknown as SwitchyardAddresses | undefined
  if (!sy) throw new NoRouteError({ reason: `no switchyard contracts on chain ${params.chainId}` })
  rejectUnusableAddresses(ctx, params)
  // A bridge between an external chain and the devnet would take the tokens and never deliver them.
  assertBridgeDelivered(ctx.chains, { chainId: params.chainId, actions: params.actions })
  await ensureTokensExist(chain, tokensNamed(params).filter((t) => !isNativeAddress(t)))
  const target = bundleTargetOf({ routingStrategy: params.routingStrategy, fromAddress: params.fromAddress, spender: params.spender, switchyard: sy })
  const snapshot = await ctx.snapshots[params.chainId]!.current()
  // Paused tokens and blocklisted holders are refused by name before any build (docs/devnet.md, "Weird tokens").
  await assertBundleTokenClasses(chain.client, { params, blockNumber: snapshot.blockNumber, multicall3: chain.addressBook.multicall3, target })
  await ctx.engine.setSnapshot(snapshot)

  // Identical requests on one block share the computation; each still gets its own requestId, which
  // moves gas by a few hundred units of calldata, inside the proven limit's margin.
  const key = `${snapshot.version}|${options.caller.accountId}|${stableJson(params)}`
  const c = await computations(key, () => computeBundle(ctx, { chain, sy, params, target, snapshot, options }), { signal: options.signal, deadline: options.deadline, joinOnly: options.joinOnly, shared: ctx.sharedCache })
  const requestId = createRequestId(params.referralCode === undefined ? {} : { referralCode: params.referralCode })
  const tx = encodeBundleTx({ built: c.built, target, receiver: params.receiver, shortcut: { accountId: options.caller.accountId, requestId }, mins: c.mins })
  const priceImpact = await bundlePriceImpactOf({
    book: chain.addressBook, midPrices: tokenPricesFor(snapshot, chain.addressBook), inputs: c.built.inputs, sourceOut: c.sourceOut, bridged: c.bridged?.deliveries ?? [],
    destination: async (chainId) => ({ book: ctx.chains[chainId]!.addressBook, midPrices: tokenPricesFor(await ctx.snapshots[chainId]!.current(), ctx.chains[chainId]!.addressBook) }),
  })
  // The source plan as the executing contract runs it, and every bridge's destination callback.
  const externalContracts = await externalContractsOf(ctx, {
    plans: [
      { chainId: params.chainId, at: { blockNumber: snapshot.blockNumber, version: snapshot.version }, self: target.self, commands: c.built.commands, state: c.built.state },
      ...(c.bridged?.legs ?? []).flatMap((l) => (l.plan ? [l.plan] : [])),
    ],
  })
  const answer = toBundleAnswer({
    rawActions, params, snapshot, built: c.built, gas: c.gas, amountsOut: c.amountsOut, destinationOut: c.destinationOut, outputs: c.outputs, approvals: c.approvals, bridged: c.bridged, priceImpact,
    tx: { ...tx, to: target.to }, externalContracts,
  })
  const located = recordBundleOutputLocations(answer, { outputs: c.built.outputs })
  if (params.explain !== true || c.simulation === undefined) return located
  const explanation = await explainBundle({
    clientOf: (chainId) => ctx.chains[chainId]?.client, quotes: ctx.quotes, params, snapshot, built: c.built, self: target.self, simulation: c.simulation, bridged: c.bridged?.legs ?? [],
    tx: { from: params.fromAddress, to: target.to, data: tx.data, value: tx.value }, simulatedTo: target.delegate ? target.self : target.to,
  })
  return { ...located, explanation }
}

/** How a build treats its in-plan checks against a quote (see BuildBundleParameters). */
type QuotedMinimumOptions = Pick<BuildBundleParameters, 'measureQuotedMinimums' | 'measuredQuotedAmounts' | 'spendReceivedInputs'>

/**
 * Builds the plan in a worker and simulates it: first with no minimums (the receivers' deltas), then
 * under the gas limit it proposes (raised until it holds).
 */
async function computeBundle(
  ctx: ServiceContext,
  { chain, sy, params, target, snapshot, options }: { chain: ChainRuntime; sy: SwitchyardAddresses; params: BundleParams; target: BundleTarget; snapshot: EngineSnapshot; options: CallOptions },
): Promise<BundleComputation> {
  const { delegate, self, to } = target
  const initialBalances = delegate ? await balancesOf(chain, { account: self, tokens: tokensNamed(params), blockNumber: snapshot.blockNumber }) : {}
  const flashLoanPremium = params.actions.some((a) => a.action === 'flashloan') ? await flashLoanPremiumBps(chain) : undefined
  const bridges = params.actions.some((a) => a.action === 'bridge' || (a.args as { destinationChainId?: number }).destinationChainId !== undefined)
    ? await bridgesOf(ctx.chains, { chainId: params.chainId, blockNumber: snapshot.blockNumber, timestamp: snapshot.timestamp ?? BigInt(Math.floor(Date.now() / 1000)) })
    : undefined
  const buildOptions = { signal: options.signal, deadline: options.deadline ?? Date.now() + MAX_BUILD_MS }
  // A caller that went away (or ran out of time) starts no further simulation.
  const end = { signal: options.signal, deadline: options.deadline }
  const known: Record<number, string[]> = {}
  const fundingOf = (b: BuildBundleReturnType) => b.inputs.map((i) => ({ token: i.token, amount: i.amount + (initialBalances[lower(i.token)] ?? 0n) }))
  const shortcut = { accountId: options.caller.accountId, requestId: createRequestId(params.referralCode === undefined ? {} : { referralCode: params.referralCode }) }
  // Builds the first `count` actions. A route or slippage on a value nobody can know before execution
  // (a `call` result, a balance a call fills) stops the build with MISSING_ESTIMATE at action j: the
  // actions before j are then simulated on their own, their outputs read from the final state, and the
  // build is retried with them as estimates (each prefix at most once; at most 10 actions).
  const buildFirst = async (count: number, quoted: QuotedMinimumOptions = {}): Promise<BuildBundleReturnType> => {
    for (;;) {
      try {
        return await ctx.engine.buildBundle(
          {
            ...quoted,
            version: snapshot.version, chainId: params.chainId, strategy: delegate ? 'delegate' : 'router', self,
            fromAddress: params.fromAddress, receiver: params.receiver, refundReceiver: params.refundReceiver, bridgeRefundReceiver: params.refundReceiverGiven, helpers: sy.helpers,
            contracts: { ...contractsOf(chain), aaveV3FlashLoanPremiumBps: flashLoanPremium, bridges },
            deadline: BigInt(Math.floor(Date.now() / 1000) + 3600), actions: params.actions.slice(0, count), initialBalances, knownOutputs: known,
            delegateSlippageBps: params.slippageBps, maxHops: ctx.maxHops, maxSplits: ctx.maxSplits, ignoreStandards: params.ignoreStandards,
          },
          buildOptions,
        )
      } catch (error) {
        const j = missingEstimateAt(error, known)
        if (j === undefined) throw error
        const prefix = await buildFirst(j)
        const encode = (mins: bigint[]) => encodeBundleTx({ built: prefix, target, receiver: params.receiver, shortcut, mins })
        const checked = checkedDeliveries(prefix, params.receiver)
        const sim = await simulateBundle(chain, { end,
          snapshot, target, fromAddress: params.fromAddress, receiver: params.receiver, deliveries: prefix.deliveries,
          funding: fundingOf(prefix), first: encode(checked.map(() => 0n)), final: () => encode(checked.map(() => 0n)), proveGas: false,
        })
        const outputs = decodeBundleOutputs({ returnData: sim.returnData, strategy: delegate ? 'delegate' : 'router', outputs: prefix.outputs })
        if (!outputs) throw error
        outputs.forEach((values, i) => (known[i] = values.map(String)))
      }
    }
  }
  let built = await buildFirst(params.actions.length)
  let checked = checkedDeliveries(built, params.receiver)
  let bridged: CompleteBridgeLegsReturnType | undefined
  if (built.bridges.length > 0) {
    const source = built
    bridged = await completeBridgeLegs(ctx, {
      chainId: params.chainId, built: source, shortcut, slippageBps: params.slippageBps, maxHops: ctx.maxHops, maxSplits: ctx.maxSplits, bridgeRefundReceiver: params.refundReceiverGiven,
      ignoreStandards: params.ignoreStandards, signal: options.signal, deadline: buildOptions.deadline,
      simulate: async (state) => {
        const withState = { ...source, state }
        const tx = encodeBundleTx({ built: withState, target, receiver: params.receiver, shortcut, mins: checked.map(() => 0n) })
        const sim = await simulateBundle(chain, { end, snapshot, target, fromAddress: params.fromAddress, receiver: params.receiver, deliveries: source.deliveries, funding: fundingOf(source), first: tx, final: () => tx, proveGas: false })
        return sim.logs
      },
    })
    built = { ...source, state: bridged.state, route: [...source.route, ...bridged.legs.flatMap((l) => l.route)] }
    checked = checkedDeliveries(built, params.receiver)
  }
  const encode = (mins: bigint[]) => encodeBundleTx({ built, target, receiver: params.receiver, shortcut, mins })
  // The router's minimum per checked delivery: the simulated delta less slippage; a token the receiver
  // also sends (a net payer) has none.
  const minimumsOf = (deltas: bigint[]) => bundleMinimumsOf({ checked, deliveries: built.deliveries, deltas, slippageBps: params.slippageBps })
  const simulate = () => simulateBundle(chain, { end,
    snapshot, target, fromAddress: params.fromAddress, receiver: params.receiver, deliveries: built.deliveries,
    funding: fundingOf(built),
    first: encode(checked.map(() => 0n)),
    final: (deltas) => encode(minimumsOf(deltas)),
    // Explained: the final transaction's call trace (gas per command) runs beside its gas proof.
    alongside: params.explain === true ? (call) => traceCommandGas(chain.client, { ...call, self: target.self }) : undefined,
  })
  // Under the router, a transfer tax the engine cannot see (a fee-on-transfer input) leaves our
  // executor less than the router pulled, and an action spending the amount sent reverts. Build once
  // more with each pulled input's last spend taking what arrived; if that reverts too, the first
  // reason stands.
  const spendWhatArrived = async (error: BundleRevertedError) => {
    if (!built.inputs.some((i) => !isNativeAddress(i.token))) throw error
    const received = await buildFirst(params.actions.length, { spendReceivedInputs: true })
    // No spend to replace (each adds two commands): the same plan would revert the same way.
    if (received.commands.length === built.commands.length) throw error
    built = received
    checked = checkedDeliveries(built, params.receiver)
    return simulate().catch(() => Promise.reject(error))
  }
  // Under delegate, routed outputs and `enso slippage` are checked inside the plan against the
  // engine's quote, which cannot see a transfer tax (fee-on-transfer tokens): the plan misses its own
  // minimum although it works. Build it once without those checks, read the checked amounts from the
  // simulation's final state, and build it again with them as the checks' basis.
  const measureQuotedMinimums = async (error: BundleRevertedError) => {
    if (!missedPlanMinimum(error.revertData, sy.helpers.check)) throw error
    const measuring = await buildFirst(params.actions.length, { measureQuotedMinimums: true })
    const encodeMeasuring = (mins: bigint[]) => encodeBundleTx({ built: measuring, target, receiver: params.receiver, shortcut, mins })
    const zeros = checkedDeliveries(measuring, params.receiver).map(() => 0n)
    const probe = await simulateBundle(chain, { end,
      snapshot, target, fromAddress: params.fromAddress, receiver: params.receiver, deliveries: measuring.deliveries,
      funding: fundingOf(measuring), first: encodeMeasuring(zeros), final: () => encodeMeasuring(zeros), proveGas: false,
    })
    const measured = decodeBundleOutputs({ returnData: probe.returnData, strategy: 'delegate', outputs: measuring.quotedChecks.map((c) => (c === null ? [] : [c])) })
    if (!measured) throw error
    const measuredQuotedAmounts: Record<number, string> = {}
    measured.forEach((values, k) => {
      if (values[0] !== undefined) measuredQuotedAmounts[k] = values[0].toString()
    })
    built = await buildFirst(params.actions.length, { measuredQuotedAmounts })
    checked = checkedDeliveries(built, params.receiver)
    return simulate()
  }
  let sim: Awaited<ReturnType<typeof simulate>>
  try {
    sim = await simulate()
  } catch (error) {
    if (!(error instanceof BundleRevertedError) || built.bridges.length > 0) throw error
    sim = await (delegate ? measureQuotedMinimums(error) : spendWhatArrived(error))
  }
  const { amountsOut, sourceOut, destinationOut } = bundleAmountsOutOf({ deliveries: built.deliveries, deltas: sim.deltas, bridged: bridged?.deliveries ?? [] })
  const mins = minimumsOf(sim.deltas)
  return {
    built,
    mins,
    gas: sim.gas,
    amountsOut,
    sourceOut,
    destinationOut,
    outputs: decodeBundleOutputs({ returnData: sim.returnData, strategy: delegate ? 'delegate' : 'router', outputs: built.outputs }),
    approvals: delegate ? [] : await approvalsNeeded(chain, { owner: params.fromAddress, spender: to, inputs: built.inputs, blockNumber: snapshot.blockNumber }),
    bridged,
    ...(params.explain === true ? { simulation: { logs: sim.logs, overrides: sim.overrides, setup: sim.setup, deltas: sim.deltas, traced: sim.alongside } } : {}),
  }
}

/**
 * Refuses receivers that can never use the tokens (see {@link assertUsableAddresses}): the bundle's
 * receiver, refundReceiver and spender, and every receiver an action names (callbacks included); the
 * receivers of transfer actions may be protocol contracts or tokens.
 */
function rejectUnusableAddresses(ctx: ServiceContext, params: BundleParams): void {
  const { receivers, transfers } = bundleAddressFieldsOf(params)
  assertUsableAddresses(ctx, { sender: { field: 'fromAddress', address: params.fromAddress }, receivers, tokens: tokensNamed(params), transfers })
}
