import { type Abi, type AbiEvent, type Address, type Hex, encodeAbiParameters, encodeErrorResult, encodeEventTopics, getAbiItem, getAddress, parseAbi, sliceHex } from 'viem'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { ChainRuntime } from '../../chain/connectChains.js'
import { acrossSpokePoolAbi } from '../../chain/devnet/acrossSpokePoolAbi.js'
import type { BuildBundleParameters, BuildBundleReturnType } from '../../engine/tasks/buildBundle.js'
import { BundleRevertedError, InvalidBundleError } from '../../errors/bundle.js'
import type { BundleBridgeLeg, BundleBridgeRoute } from '../../protocols/bundle/types.js'
import type { SimulatedLog } from '../../simulate/simulateTransaction.js'
import { contractsOf } from '../bundle/readBundleChainData.js'
import type { ServiceContext } from '../context.js'
import { bookOf } from '../testing/sampleAddressBook.js'
import { decodeBridgeCallback, type BridgeCallback } from './encodeBridgeCallback.js'
import type { SimulateBridgeCallbackReturnType } from './simulateBridgeCallback.js'

// completeBridgeLegs without a chain: the engine answers each callback build with a scripted plan, the
// destination simulation (simulateBridgeCallback) is scripted per chain, and the source simulation is
// the test's own function returning the bridges' events. What is checked: what each step is asked, and
// what the legs, deliveries and encoded callbacks come out as.

type DestSim = Parameters<typeof import('./simulateBridgeCallback.js').simulateBridgeCallback>[1]
const destSims: { chainId: number; p: DestSim }[] = []
let destAnswer: (chainId: number, p: DestSim) => SimulateBridgeCallbackReturnType
vi.mock('./simulateBridgeCallback.js', () => ({
  simulateBridgeCallback: vi.fn(async (chain: ChainRuntime, p: DestSim) => {
    destSims.push({ chainId: chain.chainId, p })
    return destAnswer(chain.chainId, p)
  }),
}))

const { completeBridgeLegs } = await import('./completeBridgeLegs.js')

const at = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, '0')}`)
const lower = (a: Address) => a.toLowerCase() as Address
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' as Address
const USER = at(0x7001)
const RECEIVER = at(0x7002)
const REFUND = at(0x7003)
const CONTRACT = at(0x7004)
const BUNDLE_REFUND = at(0x7005)
const USDC_1 = at(0x1001)
const USDC_8453 = at(0x8001)
const WETH_8453 = at(0x8002)
const AERO = at(0x8003)
const POOL_1 = at(0x2001)
const SPOKE_1 = at(0x3001)
const POOL_8453 = at(0x2801)
const SENDER = at(0x5e4d)
const sy = (chainId: number) => ({ bridgeReceiver: at(0x4e00 + chainId), bridgeReceiverExecutor: at(0x4f00 + chainId), bridgeSender: SENDER, helpers: { balance: at(0x5a00 + chainId), math: at(0x5b00 + chainId), check: at(0x5c00 + chainId) } })
const shortcut = { accountId: `0x${'ac'.repeat(32)}` as Hex, requestId: `0x${'4e'.repeat(32)}` as Hex }

/** Chain `chainId` served with our receiver and sender, with no bridge protocol (bridgesOf reads nothing); `eid` on chain 1. */
function chainOf(chainId: number, code: Record<string, Hex>): ChainRuntime {
  const { across: _across, layerZero, ...book } = bookOf()
  const client = { getCode: async ({ address }: { address: Address }) => code[lower(address)] }
  return { chainId, rpcUrl: '', source: 'devnet', client, addressBook: { ...book, chainId, ...(chainId === 1 ? { layerZero } : {}), switchyard: sy(chainId) } } as unknown as ChainRuntime
}

const stargate = (over: Partial<BundleBridgeRoute> = {}): BundleBridgeRoute => ({ protocol: 'stargate', primary: POOL_1, token: USDC_1, destinationChainId: 8453, destinationToken: USDC_8453, dstEid: 30184, nativeFee: 5n, feeBps: 6n, destinationReceiver: sy(8453).bridgeReceiver, ...over })
const across = (over: Partial<BundleBridgeRoute> = {}): BundleBridgeRoute => ({ protocol: 'across', primary: SPOKE_1, token: USDC_1, destinationChainId: 8453, destinationToken: USDC_8453, nativeFee: 0n, feeBps: 4n, destinationReceiver: sy(8453).bridgeReceiver, wrappedNative: at(0x1002), destinationWrappedNative: WETH_8453, ...over })
const placeholder = (n: number) => `0x${'ab'.repeat(31)}${n.toString(16).padStart(2, '0')}` as Hex
const leg = (route: BundleBridgeRoute, over: Partial<BundleBridgeLeg> = {}): BundleBridgeLeg => ({ route, amountIn: 1_000n, receiver: RECEIVER, refundReceiver: REFUND, callback: [], callbackGasLimit: 400_000n, callbackValue: 0n, placeholder: placeholder(0), ...over })
const plan = (over: Partial<BuildBundleReturnType> = {}): BuildBundleReturnType => ({ commands: [], state: [], inputs: [], deliveries: [], estimates: [], outputs: [], route: [], bridges: [], quotedChecks: [], ...over })

/** A `bytes` literal as the plan's state holds it, and back. */
const slot = (value: Hex) => sliceHex(encodeAbiParameters([{ type: 'bytes' }], [value]), 32).toLowerCase() as Hex
const unslot = (s: Hex): Hex => { const length = Number(BigInt(sliceHex(s, 0, 32))); return length === 0 ? '0x' : sliceHex(s, 32, 32 + length) }
const callbackIn = (s: Hex): BridgeCallback => decodeBridgeCallback(unslot(s))

/** An event log as a node reports it. */
function eventLog(abi: Abi, eventName: string, address: Address, args: Record<string, unknown>): SimulatedLog {
  const event = getAbiItem({ abi, name: eventName }) as AbiEvent
  const topics = encodeEventTopics({ abi, eventName, args: Object.fromEntries(event.inputs.filter((i) => i.indexed).map((i) => [i.name!, args[i.name!]])) } as never) as Hex[]
  const data = encodeAbiParameters(event.inputs.filter((i) => !i.indexed), event.inputs.filter((i) => !i.indexed).map((i) => args[i.name!]))
  return { address, topics, data }
}
const oftSentAbi = parseAbi(['event OFTSent(bytes32 indexed guid, uint32 dstEid, address indexed fromAddress, uint256 amountSentLD, uint256 amountReceivedLD)'])
const oftSent = (pool: Address, received: bigint) => eventLog(oftSentAbi, 'OFTSent', pool, { guid: `0x${'01'.repeat(32)}`, dstEid: 30184, fromAddress: SENDER, amountSentLD: received + 7n, amountReceivedLD: received })
const deposited = (spoke: Address, outputAmount: bigint) => eventLog(acrossSpokePoolAbi as Abi, 'V3FundsDeposited', spoke, {
  inputToken: USDC_1, outputToken: USDC_8453, inputAmount: outputAmount + 9n, outputAmount, destinationChainId: 8453n, depositId: 3, quoteTimestamp: 1, fillDeadline: 2, exclusivityDeadline: 0, depositor: SENDER, recipient: sy(8453).bridgeReceiver, exclusiveRelayer: at(0), message: '0x',
})
/** Another event of the spoke pool, which the arrivals must skip (it has no outputAmount). */
const routeEnabled = (spoke: Address) => eventLog(acrossSpokePoolAbi as Abi, 'EnabledDepositRoute', spoke, { originToken: USDC_1, destinationChainId: 8453n, enabled: true })
/** Another event of a bridge contract (an ERC-20 Transfer), which the arrivals must skip. */
const transfer = (address: Address) => eventLog(parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)']), 'Transfer', address, { from: SENDER, to: address, value: 1n })

/** Block numbers no other context of this file uses (bridges are cached per chain and block). */
let nextBlock = 10_000n

/** The service context: engine plans per destination chain, in order; snapshots per chain. */
function contextWith(plans: Record<number, BuildBundleReturnType[]>, over: { code?: Record<string, Hex>; timestamp?: bigint; served?: number[] } = {}) {
  const builds: { p: BuildBundleParameters; options: unknown }[] = []
  const switched: unknown[] = []
  const snapshots = Object.fromEntries([1, 8453].map((id) => [id, { version: `v${id}`, blockNumber: nextBlock++, ...(over.timestamp === undefined ? {} : { timestamp: over.timestamp }) }]))
  const ctx = {
    chains: Object.fromEntries((over.served ?? [1, 8453]).map((id) => [id, chainOf(id, over.code ?? {})])),
    snapshots: Object.fromEntries(Object.entries(snapshots).map(([id, s]) => [id, { current: async () => s }])),
    engine: {
      setSnapshot: async (s: unknown) => void switched.push(s),
      buildBundle: async (p: BuildBundleParameters, options: unknown) => {
        builds.push({ p, options })
        const next = plans[p.chainId]?.shift()
        if (!next) throw new Error(`no plan left for chain ${p.chainId}`)
        return next
      },
    },
    maxHops: 3,
    maxSplits: 2,
  } as unknown as ServiceContext
  return { ctx, builds, switched, snapshots }
}

/** What the source simulation saw, per call: the state it ran. */
function sourceSimulation(logs: SimulatedLog[]) {
  const states: Hex[][] = []
  return { states, simulate: async (state: Hex[]) => (states.push(state), logs) }
}

const NOW = 1_800_000_000n
const params = { slippageBps: 30n, maxHops: 3, maxSplits: 2, ignoreStandards: ['curve'], shortcut }

beforeEach(() => {
  destSims.length = 0
  destAnswer = () => ({ deltas: [], gasUsed: 0n, logs: [], refundedWith: undefined })
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(Number(NOW) * 1000 + 250))
})
afterEach(() => {
  vi.useRealTimers()
})

describe('completeBridgeLegs: bridges straight to the receiver', () => {
  test('what arrives is what the pool says it hands over (OFTSent amountReceivedLD), delivered to the receiver as the destination token; nothing built or simulated on the destination', async () => {
    const { ctx, builds } = contextWith({})
    const built = plan({ state: [slot('0x01')], bridges: [leg(stargate())] })
    const source = sourceSimulation([transfer(POOL_1), oftSent(lower(POOL_1), 990n)])
    const out = await completeBridgeLegs(ctx, { ...params, chainId: 1, built, simulate: source.simulate })
    expect(source.states).toEqual([[slot('0x01')]])
    expect(out.state).toEqual([slot('0x01')])
    expect(out.deliveries).toEqual([{ chainId: 8453, token: USDC_8453, receiver: RECEIVER, amount: 990n, output: true }])
    expect(out.legs).toEqual([{ leg: built.bridges[0], sourceChainId: 1, arrival: 990n, route: [], callbackGas: 0n }])
    expect(builds).toEqual([])
    expect(destSims).toEqual([])
  })

  test('Across: what the deposit promises (outputAmount); its WETH paid as native ETH to an account without code, as WETH to a contract', async () => {
    const { ctx } = contextWith({}, { code: { [lower(CONTRACT)]: '0x6080' } })
    const legs = [
      leg(across()),
      leg(across({ destinationToken: lower(WETH_8453) }), { receiver: lower(USER) }),
      leg(across({ destinationToken: WETH_8453 }), { receiver: CONTRACT }),
    ]
    const source = sourceSimulation([routeEnabled(SPOKE_1), deposited(SPOKE_1, 11n), transfer(SPOKE_1), deposited(SPOKE_1, 22n), deposited(SPOKE_1, 33n)])
    const out = await completeBridgeLegs(ctx, { ...params, chainId: 1, built: plan({ bridges: legs }), simulate: source.simulate })
    expect(out.deliveries).toEqual([
      { chainId: 8453, token: USDC_8453, receiver: RECEIVER, amount: 11n, output: true },
      { chainId: 8453, token: NATIVE, receiver: USER, amount: 22n, output: true },
      { chainId: 8453, token: WETH_8453, receiver: CONTRACT, amount: 33n, output: true },
    ])
    expect(out.legs.map((l) => [l.arrival, l.sourceChainId])).toEqual([[11n, 1], [22n, 1], [33n, 1]])
  })

  test('two legs through one pool take its sends in order, each once; a send of another contract is not theirs', async () => {
    const { ctx } = contextWith({})
    const source = sourceSimulation([oftSent(POOL_8453, 1n), oftSent(POOL_1, 100n), oftSent(POOL_1, 200n)])
    const out = await completeBridgeLegs(ctx, { ...params, chainId: 1, built: plan({ bridges: [leg(stargate()), leg(stargate())] }), simulate: source.simulate })
    expect(out.legs.map((l) => l.arrival)).toEqual([100n, 200n])
  })

  test('a leg whose send the source simulation does not show: the bundle reverts, naming the leg and its bridge', async () => {
    const { ctx } = contextWith({})
    const source = sourceSimulation([oftSent(POOL_1, 100n), transfer(SPOKE_1), oftSent(SPOKE_1, 5n)])
    const run = completeBridgeLegs(ctx, { ...params, chainId: 1, built: plan({ bridges: [leg(stargate()), leg(across())] }), simulate: source.simulate })
    await expect(run).rejects.toBeInstanceOf(BundleRevertedError)
    await expect(run).rejects.toMatchObject({ reason: 'bridge 1: the source simulation shows no across send' })
  })

  test('a destination chain this deployment does not serve', async () => {
    const { ctx } = contextWith({}, { served: [1] })
    const run = completeBridgeLegs(ctx, { ...params, chainId: 1, built: plan({ bridges: [leg(stargate())] }), simulate: sourceSimulation([oftSent(POOL_1, 1n)]).simulate })
    await expect(run).rejects.toBeInstanceOf(InvalidBundleError)
    await expect(run).rejects.toMatchObject({ code: 'UNSUPPORTED_CHAIN', field: 'bridge 0', shortMessage: 'bridge 0: chain 8453 is not served' })
  })
})

describe('completeBridgeLegs: a leg with a callback', () => {
  const callback = [{ protocol: 'enso', action: 'route' }]
  /** The destination plan: AERO to the receiver (checked), leftover USDC and dust to the refund receiver (not checked). */
  const destPlan = () => plan({
    commands: [`0x${'c1'.repeat(32)}` as Hex],
    state: [`0x${'51'.repeat(32)}` as Hex],
    deliveries: [
      { token: lower(AERO), receiver: lower(RECEIVER), estimate: 600n },
      { token: USDC_8453, receiver: REFUND, estimate: 0n },
      { token: lower(WETH_8453), receiver: lower(REFUND), estimate: 0n },
    ],
    route: [{ action: 'route', protocol: 'uniswap-v2', primary: at(0x9001), tokenIn: [USDC_8453], tokenOut: [AERO] }, { action: 'bridge', protocol: 'stargate', primary: POOL_8453, tokenIn: [AERO], tokenOut: [AERO], chainId: 10 }],
  })

  test('the source first runs with empty callbacks; the callback is built on the destination with what arrived, simulated there, and encoded with its simulated outputs less slippage', async () => {
    const { ctx, builds, switched, snapshots } = contextWith({ 8453: [destPlan()] }, { timestamp: NOW + 100n })
    destAnswer = () => ({ deltas: [1_000n, 0n, 3n], gasUsed: 77_000n, logs: [], refundedWith: undefined })
    const theLeg = leg(stargate(), { callback, placeholder: placeholder(1), refundReceiver: REFUND, callbackGasLimit: 450_000n })
    const built = plan({ state: [slot('0x01'), slot(placeholder(1)), slot('0x02')], bridges: [theLeg] })
    const source = sourceSimulation([oftSent(POOL_1, 999n)])
    const signal = new AbortController().signal
    const out = await completeBridgeLegs(ctx, { ...params, chainId: 1, built, simulate: source.simulate, bridgeRefundReceiver: BUNDLE_REFUND, signal, deadline: 4_321 })

    // The source ran once, its placeholder replaced by an empty callback of the leg's receivers and gas.
    expect(source.states).toHaveLength(1)
    expect(source.states[0]![0]).toBe(slot('0x01'))
    expect(source.states[0]![2]).toBe(slot('0x02'))
    expect(callbackIn(source.states[0]![1]!)).toEqual({ receiver: RECEIVER, refundReceiver: REFUND, gasLimit: 450_000n, value: 0n, tokensOut: [], minAmountsOut: [], ...shortcut, commands: [], state: [] })

    // Built on Base at its snapshot, by our receiver's executor holding what arrived; deadlines 6 h past the later of the snapshot and now.
    expect(switched).toEqual([snapshots[8453]])
    expect(builds).toHaveLength(1)
    expect(builds[0]!.p).toEqual({
      version: 'v8453', chainId: 8453, strategy: 'router', self: sy(8453).bridgeReceiverExecutor, fromAddress: sy(8453).bridgeReceiver,
      receiver: RECEIVER, refundReceiver: REFUND, bridgeRefundReceiver: BUNDLE_REFUND, helpers: sy(8453).helpers,
      contracts: { ...contractsOf(ctx.chains[8453]!), bridges: { sender: SENDER, routes: [], now: NOW + 100n } },
      deadline: NOW + 100n + 6n * 3600n, actions: callback, initialBalances: { [lower(USDC_8453)]: 999n }, knownOutputs: {},
      delegateSlippageBps: 30n, maxHops: 3, maxSplits: 2, ignoreStandards: ['curve'],
    })
    expect(builds[0]!.options).toEqual({ signal, deadline: 4_321 })

    // Simulated on Base as delivered: the callback with zero minimums, every delivery measured at its receiver.
    expect(destSims).toHaveLength(1)
    const sim = destSims[0]!
    expect(sim.chainId).toBe(8453)
    expect(sim.p).toMatchObject({ blockNumber: snapshots[8453]!.blockNumber, route: theLeg.route, arrival: 999n, value: 0n, srcEid: 30101, bridgeSender: SENDER })
    expect(sim.p.measure).toEqual([{ token: lower(AERO), account: lower(RECEIVER) }, { token: USDC_8453, account: REFUND }, { token: lower(WETH_8453), account: lower(REFUND) }])
    const simulated = decodeBridgeCallback(sim.p.callback)
    expect(simulated).toEqual({ receiver: RECEIVER, refundReceiver: REFUND, gasLimit: 450_000n, value: 0n, tokensOut: [AERO], minAmountsOut: [0n], ...shortcut, commands: destPlan().commands, state: destPlan().state })

    // Encoded into the source plan: the checked output's minimum is its simulated delta less 30 bps.
    expect(out.state[0]).toBe(slot('0x01'))
    expect(out.state[2]).toBe(slot('0x02'))
    expect(callbackIn(out.state[1]!)).toEqual({ ...simulated, minAmountsOut: [997n] })

    // Delivered: what the simulation moved (positive deltas), outputs to the leg's receiver, sweeps not.
    expect(out.deliveries).toEqual([
      { chainId: 8453, token: AERO, receiver: RECEIVER, amount: 1_000n, output: true },
      { chainId: 8453, token: WETH_8453, receiver: REFUND, amount: 3n, output: false },
    ])
    expect(out.legs).toEqual([{
      leg: theLeg, sourceChainId: 1, arrival: 999n, callbackGas: 77_000n,
      // The destination simulation's logs, kept for an explained answer's destination steps.
      logs: [],
      route: [{ ...destPlan().route[0], chainId: 8453 }, destPlan().route[1]],
      plan: { chainId: 8453, at: { blockNumber: snapshots[8453]!.blockNumber, version: 'v8453' }, self: sy(8453).bridgeReceiverExecutor, commands: destPlan().commands, state: destPlan().state },
    }])
  })

  test('no callbackGasLimit named: measured with 10,000,000, encoded with what the delivery used plus a quarter (rounded up to 10,000) and simulated again with it; a named one is simulated once and kept', async () => {
    const { ctx } = contextWith({ 8453: [destPlan()] })
    destAnswer = (_, p) => ({ deltas: [1_000n, 0n, 0n], gasUsed: decodeBridgeCallback(p.callback).gasLimit === 10_000_000n ? 1_612_345n : 1_610_000n, logs: [], refundedWith: undefined })
    const sized = leg(stargate(), { callback, placeholder: placeholder(1), callbackGasLimit: undefined })
    const out = await completeBridgeLegs(ctx, { ...params, chainId: 1, built: plan({ state: [slot(placeholder(1))], bridges: [sized] }), simulate: sourceSimulation([oftSent(POOL_1, 999n)]).simulate })
    expect(destSims.map((d) => decodeBridgeCallback(d.p.callback).gasLimit)).toEqual([10_000_000n, 2_020_000n])
    expect(callbackIn(out.state[0]!).gasLimit).toBe(2_020_000n)
    // What the answer reports is the delivery under the limit it will run with.
    expect(out.legs[0]!.callbackGas).toBe(1_610_000n)

    destSims.length = 0
    const named = contextWith({ 8453: [destPlan()] })
    const kept = await completeBridgeLegs(named.ctx, { ...params, chainId: 1, built: plan({ state: [slot(placeholder(1))], bridges: [{ ...sized, callbackGasLimit: 1_500_000n }] }), simulate: sourceSimulation([oftSent(POOL_1, 999n)]).simulate })
    expect(destSims.map((d) => decodeBridgeCallback(d.p.callback).gasLimit)).toEqual([1_500_000n])
    expect(callbackIn(kept.state[0]!).gasLimit).toBe(1_500_000n)
  })

  test('no callbackGasLimit named and refunded even with 10,000,000: the bundle reverts with the callback\'s reason, nothing is sized', async () => {
    const { ctx } = contextWith({ 8453: [destPlan()] })
    destAnswer = () => ({ deltas: [0n, 0n, 0n], gasUsed: 10_300_000n, logs: [], refundedWith: '0x' })
    const run = completeBridgeLegs(ctx, { ...params, chainId: 1, built: plan({ state: [slot(placeholder(1))], bridges: [leg(stargate(), { callback, placeholder: placeholder(1), callbackGasLimit: undefined })] }), simulate: sourceSimulation([oftSent(POOL_1, 999n)]).simulate })
    await expect(run).rejects.toBeInstanceOf(BundleRevertedError)
    expect(destSims).toHaveLength(1)
  })

  test('a snapshot older than now: deadlines from now; no snapshot time: from now', async () => {
    for (const timestamp of [NOW - 100n, undefined]) {
      const { ctx, builds } = contextWith({ 8453: [destPlan()] }, timestamp === undefined ? {} : { timestamp })
      destAnswer = () => ({ deltas: [1n, 0n, 0n], gasUsed: 1n, logs: [], refundedWith: undefined })
      await completeBridgeLegs(ctx, { ...params, chainId: 1, built: plan({ state: [slot(placeholder(0))], bridges: [leg(stargate(), { callback })] }), simulate: sourceSimulation([oftSent(POOL_1, 5n)]).simulate })
      expect(builds[0]!.p.deadline).toBe(NOW + 6n * 3600n)
      expect(builds[0]!.p.contracts.bridges!.now).toBe(NOW)
    }
  })

  test('legs keep their order: a leg straight to the receiver before a callback leaves the callback its own slot', async () => {
    const { ctx } = contextWith({ 8453: [destPlan()] })
    destAnswer = () => ({ deltas: [2_000n, 0n, 0n], gasUsed: 1n, logs: [], refundedWith: undefined })
    const built = plan({ state: [slot(placeholder(7)), slot(placeholder(8))], bridges: [leg(stargate(), { placeholder: placeholder(7) }), leg(stargate(), { callback, placeholder: placeholder(8) })] })
    const out = await completeBridgeLegs(ctx, { ...params, chainId: 1, built, simulate: sourceSimulation([oftSent(POOL_1, 5n), oftSent(POOL_1, 6n)]).simulate })
    expect(out.state[0]).toBe(slot(placeholder(7)))
    expect(callbackIn(out.state[1]!).minAmountsOut).toEqual([1_994n])
    expect(out.legs.map((l) => l.arrival)).toEqual([5n, 6n])
  })
})

describe('completeBridgeLegs: what a callback may cost', () => {
  const run = (destInputs: BuildBundleReturnType['inputs'], over: Partial<BundleBridgeLeg> = {}, route = stargate()) => {
    const { ctx } = contextWith({ 8453: [plan({ inputs: destInputs, deliveries: [{ token: AERO, receiver: RECEIVER, estimate: 1n }] })] })
    destAnswer = () => ({ deltas: [1n], gasUsed: 1n, logs: [], refundedWith: undefined })
    const built = plan({ state: [slot(placeholder(0))], bridges: [leg(route, { callback: [{}], ...over })] })
    const log = route.protocol === 'stargate' ? oftSent(POOL_1, 50n) : deposited(SPOKE_1, 50n)
    return completeBridgeLegs(ctx, { ...params, chainId: 1, built, simulate: sourceSimulation([log]).simulate })
  }
  const valueOf = async (p: ReturnType<typeof run>) => callbackIn((await p).state[0]!).value

  test('a callback that spends a token the bridge did not bring', async () => {
    const out = run([{ token: AERO, amount: 7n }, { token: NATIVE, amount: 1n }, { token: USDC_8453, amount: 8n }])
    await expect(out).rejects.toBeInstanceOf(InvalidBundleError)
    await expect(out).rejects.toMatchObject({ code: 'CALLBACK_UNFUNDED', field: 'bridge 0 callback', shortMessage: `bridge 0 callback: the callback spends 7 of ${AERO}, 8 of ${USDC_8453} more than the bridge delivers (50 of ${USDC_8453})` })
  })

  test('native it spends is attached by the deliverer: the larger of what it spends (summed) and the leg\'s callbackValue, and simulated with it', async () => {
    expect(await valueOf(run([{ token: NATIVE, amount: 300n }, { token: NATIVE.toLowerCase() as Address, amount: 200n }], { callbackValue: 400n }))).toBe(500n)
    expect(destSims.at(-1)!.p.value).toBe(500n)
    expect(await valueOf(run([{ token: NATIVE, amount: 300n }], { callbackValue: 400n }))).toBe(400n)
    expect(await valueOf(run([], { callbackValue: 0n }))).toBe(0n)
  })

  test('at most 0.1 ETH: a deliverer fronts no more', async () => {
    expect(await valueOf(run([{ token: NATIVE, amount: 10n ** 17n }]))).toBe(10n ** 17n)
    const over = run([{ token: NATIVE, amount: 10n ** 17n + 1n }])
    await expect(over).rejects.toMatchObject({ code: 'CALLBACK_UNFUNDED', field: 'bridge 0 callback', shortMessage: `bridge 0 callback: the callback needs ${10n ** 17n + 1n} wei of native; a deliverer fronts at most ${10n ** 17n}` })
    await expect(run([], { callbackValue: 10n ** 17n + 1n })).rejects.toMatchObject({ code: 'CALLBACK_UNFUNDED' })
  })

  test('an Across callback cannot receive native coin; without any it runs', async () => {
    const out = run([{ token: NATIVE, amount: 1n }], {}, across())
    await expect(out).rejects.toMatchObject({ code: 'CALLBACK_UNFUNDED', field: 'bridge 0 callback', shortMessage: 'bridge 0 callback: an Across callback cannot receive native coin; it needs 1 wei' })
    expect(await valueOf(run([], {}, across()))).toBe(0n)
  })
})

describe('completeBridgeLegs: a callback the receiver would refund', () => {
  const run = (refundedWith: Hex) => {
    const { ctx } = contextWith({ 8453: [plan({ deliveries: [{ token: AERO, receiver: RECEIVER, estimate: 1n }] })] })
    destAnswer = () => ({ deltas: [1n], gasUsed: 1n, logs: [], refundedWith })
    return completeBridgeLegs(ctx, { ...params, chainId: 1, built: plan({ state: [slot(placeholder(0))], bridges: [leg(stargate(), { callback: [{}] })] }), simulate: sourceSimulation([oftSent(POOL_1, 50n)]).simulate })
  }

  test('the bundle reverts with the callback\'s decoded reason', async () => {
    const reason = encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: ['too little out'] })
    await expect(run(reason)).rejects.toBeInstanceOf(BundleRevertedError)
    await expect(run(reason)).rejects.toMatchObject({ reason: 'the destination callback on chain 8453 would be refunded: Error(too little out)' })
  })

  test('with no revert data: "reverted"', async () => {
    await expect(run('0x')).rejects.toMatchObject({ reason: 'the destination callback on chain 8453 would be refunded: reverted' })
  })
})

describe('completeBridgeLegs: a callback that bridges again (1 → 8453 → 1)', () => {
  test('the inner bridge is completed on Base first: its send read from the Base simulation, its callback built and simulated on chain 1; the outer callback carries it', async () => {
    const inner = leg(stargate({ primary: POOL_8453, token: USDC_8453, destinationChainId: 1, destinationToken: USDC_1, destinationReceiver: sy(1).bridgeReceiver }), { callback: [{ inner: true }], placeholder: placeholder(9), receiver: USER, refundReceiver: USER })
    const basePlan = plan({ commands: [`0x${'b1'.repeat(32)}` as Hex], state: [slot(placeholder(9))], inputs: [{ token: NATIVE, amount: 1_000n }], deliveries: [{ token: USDC_8453, receiver: REFUND, estimate: 0n }], bridges: [inner] })
    const homePlan = plan({ commands: [`0x${'d1'.repeat(32)}` as Hex], state: [`0x${'d2'.repeat(32)}` as Hex], deliveries: [{ token: USDC_1, receiver: USER, estimate: 1n }], route: [{ action: 'deposit', protocol: 'erc4626', primary: at(0x6001), tokenIn: [USDC_1], tokenOut: [at(0x6001)] }] })
    const { ctx, builds } = contextWith({ 8453: [basePlan], 1: [homePlan] })
    destAnswer = (chainId) => chainId === 8453
      ? { deltas: [4n], gasUsed: 200_000n, logs: [oftSent(POOL_8453, 880n)], refundedWith: undefined }
      : { deltas: [870n], gasUsed: 90_000n, logs: [], refundedWith: undefined }
    const outer = leg(stargate(), { callback: [{ outer: true }], placeholder: placeholder(1) })
    const out = await completeBridgeLegs(ctx, { ...params, chainId: 1, built: plan({ state: [slot(placeholder(1))], bridges: [outer] }), simulate: sourceSimulation([oftSent(POOL_1, 900n)]).simulate })

    expect(builds.map((b) => [b.p.chainId, b.p.initialBalances])).toEqual([[8453, { [lower(USDC_8453)]: 900n }], [1, { [lower(USDC_1)]: 880n }]])
    // Base is simulated with the inner callback empty (to read its send), then chain 1 runs the inner callback, then Base with it.
    expect(destSims.map((s) => s.chainId)).toEqual([8453, 1, 8453])
    expect(destSims[1]!.p).toMatchObject({ arrival: 880n, srcEid: 0, value: 0n })
    const innerEmpty = callbackIn(decodeBridgeCallback(destSims[0]!.p.callback).state[0]!)
    expect(innerEmpty).toMatchObject({ receiver: USER, commands: [], minAmountsOut: [] })
    // The outer callback carries the inner one encoded with its minimum (870 less 30 bps), and the native the inner send needs.
    const outerCallback = callbackIn(out.state[0]!)
    expect(outerCallback.value).toBe(1_000n)
    expect(outerCallback.minAmountsOut).toEqual([])
    const innerCallback = callbackIn(outerCallback.state[0]!)
    expect(innerCallback).toMatchObject({ receiver: USER, refundReceiver: USER, tokensOut: [USDC_1], minAmountsOut: [867n], commands: homePlan.commands, state: homePlan.state })
    expect(decodeBridgeCallback(destSims[2]!.p.callback).state).toEqual(outerCallback.state)
    // Deliveries and legs: the outer leg's own first, then the inner ones.
    expect(out.deliveries).toEqual([
      { chainId: 8453, token: USDC_8453, receiver: REFUND, amount: 4n, output: false },
      { chainId: 1, token: USDC_1, receiver: USER, amount: 870n, output: true },
    ])
    expect(out.legs.map((l) => [l.sourceChainId, l.leg.route.destinationChainId, l.arrival, l.callbackGas])).toEqual([[1, 8453, 900n, 200_000n], [8453, 1, 880n, 90_000n]])
    expect(out.legs[0]!.plan!.state).toEqual(outerCallback.state)
    expect(out.legs[1]!.route).toEqual([{ ...homePlan.route[0], chainId: 1 }])
  })
})
