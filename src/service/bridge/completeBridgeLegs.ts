import { type Address, type Hex, decodeEventLog, getAddress, parseAbi } from 'viem'
import { acrossSpokePoolAbi } from '../../chain/devnet/acrossSpokePoolAbi.js'
import type { BuildBundleReturnType } from '../../engine/tasks/buildBundle.js'
import { InvalidBundleError } from '../../errors/bundle.js'
import { BundleRevertedError } from '../../errors/bundle.js'
import { hasCode } from '../../chain/hasCode.js'
import { paysWethAsEth } from '../../protocols/bridge/bridgeRouteShape.js'
import { MAX_CALLBACK_GAS_LIMIT } from '../../protocols/bundle/args.js'
import { DEFAULT_CALLBACK_GAS_LIMIT, MAX_CALLBACK_VALUE } from '../../protocols/bridge/defineBridgeAction.js'
import type { BundleBridgeLeg } from '../../protocols/bundle/types.js'
import { isNativeAddress, NATIVE_ADDRESS } from '../../schemas/fields.js'
import type { SimulatedLog } from '../../simulate/simulateTransaction.js'
import { contractsOf } from '../bundle/readBundleChainData.js'
import type { ServiceContext } from '../context.js'
import { decodeRevert } from '../decodeRevert.js'
import { bridgesOf } from './bridgesOf.js'
import { encodeBridgeCallback, replaceBridgePlaceholders, type BridgeCallback } from './encodeBridgeCallback.js'
import { simulateBridgeCallback } from './simulateBridgeCallback.js'
import { sizeCallbackGasLimit } from './sizeCallbackGasLimit.js'
import { bundleMinimumsOf } from '../bundle/bundleMinimumsOf.js'
import type { BridgedDelivery, CompletedLeg } from '../bundle/bridgingEstimateOf.js'

/** How long a callback's periphery deadlines last: bridges deliver later than the source runs. */
const CALLBACK_DEADLINE_SECONDS = 6n * 3600n

const oftSentAbi = parseAbi(['event OFTSent(bytes32 indexed guid, uint32 dstEid, address indexed fromAddress, uint256 amountSentLD, uint256 amountReceivedLD)'])

/** Parameters of {@link completeBridgeLegs}. */
export type CompleteBridgeLegsParameters = {
  chainId: number
  built: BuildBundleReturnType
  /** Runs the plan with `state` on its own chain and returns its events. */
  simulate: (state: Hex[]) => Promise<SimulatedLog[]>
  shortcut: { accountId: Hex; requestId: Hex }
  slippageBps: bigint
  maxHops: number
  maxSplits: number
  ignoreStandards: readonly string[]
  /** The bundle's refundReceiver as its caller gave it: the default of bridges nested in callbacks. */
  bridgeRefundReceiver?: Address | undefined
  signal?: AbortSignal | undefined
  deadline?: number | undefined
}

/** The result: the source plan's state with every callback encoded, and what the destinations deliver. */
export type CompleteBridgeLegsReturnType = { state: Hex[]; deliveries: BridgedDelivery[]; legs: CompletedLeg[] }

const lower = (a: string) => a.toLowerCase()

/** What each leg handed to its bridge, read from the source simulation's events (in plan order). */
function arrivalsOf(legs: readonly BundleBridgeLeg[], logs: readonly SimulatedLog[]): bigint[] {
  const used = new Set<number>()
  return legs.map((leg, i) => {
    for (const [k, log] of logs.entries()) {
      if (used.has(k) || lower(log.address) !== lower(leg.route.primary)) continue
      try {
        if (leg.route.protocol === 'stargate') {
          const e = decodeEventLog({ abi: oftSentAbi, data: log.data, topics: log.topics as [Hex, ...Hex[]] })
          used.add(k)
          return e.args.amountReceivedLD
        }
        // viem decodes any event of the ABI whatever eventName says: another spoke pool event is not the deposit.
        const e = decodeEventLog({ abi: acrossSpokePoolAbi, data: log.data, topics: log.topics as [Hex, ...Hex[]] })
        if (e.eventName !== 'V3FundsDeposited') continue
        used.add(k)
        return e.args.outputAmount
      } catch {
        // another event of the same contract
      }
    }
    throw new BundleRevertedError({ reason: `bridge ${i}: the source simulation shows no ${leg.route.protocol} send` })
  })
}

/**
 * Completes the bridges of a built plan: the source is simulated once with empty callbacks to learn
 * what each bridge delivers; each callback is then built as a bundle on its destination chain (our
 * receiver's executor holding what arrived), simulated there as its deliverer will run it (nested
 * bridges completed the same way, recursively), and encoded with minimums from that simulation
 * less slippage. The receiver checks those minimums and refunds below them.
 * @throws InvalidBundleError (a callback that needs more than arrives), BundleRevertedError (a callback
 *   that would be refunded, with its decoded reason)
 */
export async function completeBridgeLegs(ctx: ServiceContext, p: CompleteBridgeLegsParameters): Promise<CompleteBridgeLegsReturnType> {
  const legs = p.built.bridges
  const empty = (leg: BundleBridgeLeg): BridgeCallback => ({
    receiver: leg.receiver, refundReceiver: leg.refundReceiver, gasLimit: leg.callbackGasLimit ?? DEFAULT_CALLBACK_GAS_LIMIT, value: 0n, tokensOut: [], minAmountsOut: [], ...p.shortcut, commands: [], state: [],
  })
  const logs = await p.simulate(replaceBridgePlaceholders(p.built.state, legs, legs.map((l) => encodeBridgeCallback(empty(l)))))
  const arrivals = arrivalsOf(legs, logs)
  const encoded: Hex[] = []
  const deliveries: BridgedDelivery[] = []
  const completed: CompletedLeg[] = []
  for (const [i, leg] of legs.entries()) {
    const destId = leg.route.destinationChainId
    const dest = ctx.chains[destId]
    if (!dest) throw new InvalidBundleError({ code: 'UNSUPPORTED_CHAIN', field: `bridge ${i}`, message: `chain ${destId} is not served` })
    if (leg.callback.length === 0) {
      // Straight to the receiver: what arrives is what the pool or relayer hands over. Across pays WETH
      // to an account without code as native ETH.
      encoded.push('0x')
      const wethAsEth = paysWethAsEth(leg.route) && !(await hasCode(dest.client, leg.receiver))
      const token = wethAsEth ? NATIVE_ADDRESS : getAddress(leg.route.destinationToken)
      deliveries.push({ chainId: destId, token, receiver: getAddress(leg.receiver), amount: arrivals[i]!, output: true })
      completed.push({ leg, sourceChainId: p.chainId, arrival: arrivals[i]!, route: [], callbackGas: 0n })
      continue
    }
    const source = ctx.chains[p.chainId]!
    const sy = dest.addressBook.switchyard as { bridgeReceiver: Address; bridgeReceiverExecutor: Address; bridgeSender: Address; helpers: { balance: Address; math: Address; check: Address } }
    const snapshot = await ctx.snapshots[destId]!.current()
    await ctx.engine.setSnapshot(snapshot)
    const now = BigInt(Math.floor(Date.now() / 1000))
    const timestamp = snapshot.timestamp !== undefined && snapshot.timestamp > now ? snapshot.timestamp : now
    const arrivedToken = lower(leg.route.destinationToken)
    const built = await ctx.engine.buildBundle(
      {
        version: snapshot.version, chainId: destId, strategy: 'router', self: sy.bridgeReceiverExecutor, fromAddress: sy.bridgeReceiver,
        receiver: leg.receiver, refundReceiver: leg.refundReceiver, bridgeRefundReceiver: p.bridgeRefundReceiver, helpers: sy.helpers,
        contracts: { ...contractsOf(dest), bridges: await bridgesOf(ctx.chains, { chainId: destId, blockNumber: snapshot.blockNumber, timestamp }) },
        deadline: timestamp + CALLBACK_DEADLINE_SECONDS, actions: leg.callback as never, initialBalances: { [arrivedToken]: arrivals[i]! }, knownOutputs: {},
        delegateSlippageBps: p.slippageBps, maxHops: p.maxHops, maxSplits: p.maxSplits, ignoreStandards: p.ignoreStandards,
      },
      { signal: p.signal, deadline: p.deadline },
    )
    const unfunded = built.inputs.filter((x) => !isNativeAddress(x.token))
    if (unfunded.length > 0) {
      throw new InvalidBundleError({ code: 'CALLBACK_UNFUNDED', field: `bridge ${i} callback`, message: `the callback spends ${unfunded.map((x) => `${x.amount} of ${x.token}`).join(', ')} more than the bridge delivers (${arrivals[i]} of ${leg.route.destinationToken})` })
    }
    const nativeNeed = built.inputs.filter((x) => isNativeAddress(x.token)).reduce((s, x) => s + x.amount, 0n)
    const value = nativeNeed > leg.callbackValue ? nativeNeed : leg.callbackValue
    if (value > MAX_CALLBACK_VALUE) {
      throw new InvalidBundleError({ code: 'CALLBACK_UNFUNDED', field: `bridge ${i} callback`, message: `the callback needs ${value} wei of native; a deliverer fronts at most ${MAX_CALLBACK_VALUE}` })
    }
    if (value > 0n && leg.route.protocol !== 'stargate') {
      throw new InvalidBundleError({ code: 'CALLBACK_UNFUNDED', field: `bridge ${i} callback`, message: `an Across callback cannot receive native coin; it needs ${value} wei` })
    }
    const checked = built.deliveries.filter((d) => lower(d.receiver) === lower(leg.receiver))
    const measure = built.deliveries.map((d) => ({ token: d.token, account: d.receiver }))
    // A callback without a named limit is first run with the most the receiver allows, then sized from that run.
    let gasLimit = leg.callbackGasLimit ?? MAX_CALLBACK_GAS_LIMIT
    const callbackWith = (state: Hex[], mins: bigint[]): Hex =>
      encodeBridgeCallback({ receiver: leg.receiver, refundReceiver: leg.refundReceiver, gasLimit, value, tokensOut: checked.map((d) => d.token), minAmountsOut: mins, ...p.shortcut, commands: built.commands, state })
    const simulateDest = (state: Hex[]) =>
      simulateBridgeCallback(dest, {
        blockNumber: snapshot.blockNumber, route: leg.route, arrival: arrivals[i]!, callback: callbackWith(state, checked.map(() => 0n)), value,
        srcEid: source.addressBook.layerZero?.eid ?? 0, bridgeSender: sy.bridgeSender, measure,
      })
    const nested = built.bridges.length === 0
      ? { state: built.state, deliveries: [], legs: [] }
      : await completeBridgeLegs(ctx, { ...p, chainId: destId, built, simulate: async (state) => (await simulateDest(state)).logs })
    let sim = await simulateDest(nested.state)
    if (leg.callbackGasLimit === undefined && sim.refundedWith === undefined) {
      gasLimit = sizeCallbackGasLimit(sim.gasUsed)
      sim = await simulateDest(nested.state)
    }
    if (sim.refundedWith !== undefined) {
      throw new BundleRevertedError({ reason: `the destination callback on chain ${destId} would be refunded: ${decodeRevert(sim.refundedWith, 'reverted')}` })
    }
    const mins = bundleMinimumsOf({ checked, deliveries: built.deliveries, deltas: sim.deltas, slippageBps: p.slippageBps })
    encoded.push(callbackWith(nested.state, mins))
    built.deliveries.forEach((d, k) => {
      if (sim.deltas[k]! > 0n) deliveries.push({ chainId: destId, token: getAddress(d.token), receiver: getAddress(d.receiver), amount: sim.deltas[k]!, output: lower(d.receiver) === lower(leg.receiver) })
    })
    deliveries.push(...nested.deliveries)
    const plan = { chainId: destId, at: { blockNumber: snapshot.blockNumber, version: snapshot.version }, self: sy.bridgeReceiverExecutor, commands: built.commands, state: nested.state }
    completed.push({ leg, sourceChainId: p.chainId, arrival: arrivals[i]!, route: built.route.map((s) => ({ ...s, chainId: s.chainId ?? destId })), callbackGas: sim.gasUsed, plan, logs: sim.logs, call: sim.call }, ...nested.legs)
  }
  return { state: replaceBridgePlaceholders(p.built.state, legs, encoded), deliveries, legs: completed }
}
