import { type Address, getAddress } from 'viem'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { ChainRuntime } from '../../chain/connectChains.js'
import type { BuildBundleParameters, BuildBundleReturnType } from '../../engine/tasks/buildBundle.js'
import type { BundleBridgeLeg } from '../../protocols/bundle/types.js'
import { parseBundleRequest } from '../../schemas/bundleRequest.js'
import type { ServiceContext } from '../context.js'
import { a as lowerCaseAddress, bookOf } from '../testing/sampleAddressBook.js'
import { contractsOf } from '../bundle/readBundleChainData.js'
import { estimateBridgedOutput } from './estimateBridgedOutput.js'

// The engine's estimate of a bundle with bridges, chain-free: a fake engine answers each build with a
// scripted plan (the source first, then each callback in leg order) and records what it was asked.

/** Checksummed, as the request parser returns addresses. */
const a = (n: number): Address => getAddress(lowerCaseAddress(n))
const FROM = a(0x7001)
const RECEIVER = a(0x7002)
const REFUND = a(0x7003)
const OTHER = a(0x7004)
const USDC_1 = a(0x1001)
const USDC_8453 = a(0x8001)
const AERO = a(0x8002)
const SENDER = a(0x5e4d)
const sy = (chainId: number) => ({ executor: a(0x5e00 + chainId), bridgeReceiverExecutor: a(0x5f00 + chainId), bridgeSender: SENDER, helpers: { balance: a(0x5a00 + chainId) } })

/** A served chain with our executor, receiver executor and sender, and no bridge protocol (so no bridge reads). */
function chainOf(chainId: number): ChainRuntime {
  const { across: _across, layerZero: _layerZero, ...book } = bookOf()
  return { chainId, rpcUrl: '', source: 'devnet', client: {}, addressBook: { ...book, chainId, switchyard: sy(chainId) } } as unknown as ChainRuntime
}

const leg = (over: Partial<BundleBridgeLeg> = {}): BundleBridgeLeg => ({
  route: { protocol: 'stargate', primary: a(0x2001), token: USDC_1, destinationChainId: 8453, destinationToken: USDC_8453, dstEid: 30184, nativeFee: 1n, feeBps: 6n, destinationReceiver: a(0x4ec8) },
  amountIn: 1_000_000n, receiver: RECEIVER, refundReceiver: REFUND, callback: [], callbackGasLimit: 500_000n, callbackValue: 0n, placeholder: '0x', ...over,
})

const plan = (over: Partial<BuildBundleReturnType> = {}): BuildBundleReturnType => ({ commands: [], state: [], inputs: [], deliveries: [], estimates: [], outputs: [], route: [], bridges: [], quotedChecks: [], ...over })

/** A service context whose engine answers `plans` in order; `calls` records every build and snapshot switch. */
function contextWith(plans: (BuildBundleReturnType | Error)[], snapshots: Record<number, { version: string; blockNumber: bigint; timestamp?: bigint }>) {
  const calls: { kind: 'setSnapshot' | 'buildBundle'; arg: unknown; options?: unknown }[] = []
  const ctx = {
    chains: { 1: chainOf(1), 8453: chainOf(8453) },
    snapshots: Object.fromEntries(Object.entries(snapshots).map(([id, s]) => [id, { current: async () => s }])),
    engine: {
      setSnapshot: async (s: unknown) => void calls.push({ kind: 'setSnapshot', arg: s }),
      buildBundle: async (p: BuildBundleParameters, options: unknown) => {
        calls.push({ kind: 'buildBundle', arg: p, options })
        const next = plans.shift()
        if (!next) throw new Error('no more plans')
        if (next instanceof Error) throw next
        return next
      },
    },
    maxHops: 3,
    maxSplits: 2,
  } as unknown as ServiceContext
  return { ctx, calls }
}

/** A bridge with a callback on Base that swaps what arrives to AERO for the receiver. */
const params = { chainId: 1, fromAddress: FROM, receiver: RECEIVER, refundReceiver: REFUND, slippage: '30', ignoreStandards: ['curve'] }
const callback = [{ protocol: 'enso', action: 'balance', args: { token: USDC_8453 } }, { protocol: 'enso', action: 'route', args: { tokenIn: USDC_8453, tokenOut: AERO, amountIn: { useOutputOfCallAt: 0 }, receiver: RECEIVER } }]
const actions = [{ protocol: 'stargate', action: 'bridge', args: { tokenIn: USDC_1, amountIn: '1000000', destinationChainId: 8453, receiver: RECEIVER, callback } }]
const request = { params, actions }

/** Block numbers no other test of this file uses (bridges are cached per chain and block). */
let nextBlock = 500n
const snapshotsAt = (timestamp1?: bigint, timestamp8453?: bigint) => ({
  1: { version: 'v1', blockNumber: nextBlock++, ...(timestamp1 === undefined ? {} : { timestamp: timestamp1 }) },
  8453: { version: 'v8453', blockNumber: nextBlock++, ...(timestamp8453 === undefined ? {} : { timestamp: timestamp8453 }) },
})

afterEach(() => {
  vi.useRealTimers()
})

describe('estimateBridgedOutput', () => {
  test('the source plan, then each callback built on its destination with what arrives (the input estimate less the bridge fee): the deliveries of token to receiver summed', async () => {
    const snapshots = snapshotsAt(1_700_000_000n, 1_700_000_100n)
    const callbackLeg = leg({ callback: [{ protocol: 'enso', action: 'balance' }] })
    const { ctx, calls } = contextWith([
      plan({ bridges: [callbackLeg] }),
      plan({ deliveries: [{ token: AERO, receiver: RECEIVER, estimate: 700n }, { token: AERO.toUpperCase() as Address, receiver: RECEIVER.toLowerCase() as Address, estimate: 50n }, { token: AERO, receiver: OTHER, estimate: 9n }, { token: USDC_8453, receiver: RECEIVER, estimate: 8n }, { token: AERO, receiver: RECEIVER, estimate: undefined }] }),
    ], snapshots)
    const signal = new AbortController().signal
    expect(await estimateBridgedOutput(ctx, { request, token: AERO, receiver: RECEIVER, signal, deadline: 1234 })).toBe(750n)

    const parsed = parseBundleRequest(params, actions)
    const builds = calls.filter((c) => c.kind === 'buildBundle')
    expect(calls.map((c) => c.kind)).toEqual(['setSnapshot', 'buildBundle', 'setSnapshot', 'buildBundle'])
    expect(calls[0]!.arg).toBe(snapshots[1])
    expect(calls[2]!.arg).toBe(snapshots[8453])
    expect(builds[0]!.arg).toEqual({
      version: 'v1', chainId: 1, strategy: 'router', self: sy(1).executor, fromAddress: FROM, receiver: RECEIVER, refundReceiver: REFUND, bridgeRefundReceiver: REFUND, helpers: sy(1).helpers,
      contracts: { ...contractsOf(ctx.chains[1]!), bridges: { sender: SENDER, routes: [], now: 1_700_000_000n } },
      deadline: 1_700_003_600n, actions: parsed.actions, initialBalances: {}, knownOutputs: {},
      delegateSlippageBps: 30n, maxHops: 3, maxSplits: 2, ignoreStandards: ['curve'],
    })
    // 1,000,000 less 6 bps arrives: 999,400 of Base's USDC, held by our receiver's executor.
    expect(builds[1]!.arg).toEqual({
      version: 'v8453', chainId: 8453, strategy: 'router', self: sy(8453).bridgeReceiverExecutor, fromAddress: FROM, receiver: RECEIVER, refundReceiver: REFUND, bridgeRefundReceiver: REFUND, helpers: sy(8453).helpers,
      contracts: { ...contractsOf(ctx.chains[8453]!), bridges: { sender: SENDER, routes: [], now: 1_700_000_100n } },
      deadline: 1_700_003_700n, actions: callbackLeg.callback, initialBalances: { [USDC_8453.toLowerCase()]: 999_400n }, knownOutputs: {},
      delegateSlippageBps: 30n, maxHops: 3, maxSplits: 2, ignoreStandards: ['curve'],
    })
    for (const b of builds) expect(b.options).toEqual({ signal, deadline: 1234 })
  })

  test('no refundReceiver given: the builds get the sender as refundReceiver and none for bridges', async () => {
    const { ctx, calls } = contextWith([plan()], snapshotsAt(1n, 1n))
    const { refundReceiver: _r, ...withoutRefund } = params
    expect(await estimateBridgedOutput(ctx, { request: { params: withoutRefund, actions }, token: AERO, receiver: RECEIVER })).toBe(0n)
    expect(calls.find((c) => c.kind === 'buildBundle')!.arg).toMatchObject({ refundReceiver: FROM, bridgeRefundReceiver: undefined })
  })

  test('a bridge straight to the receiver counts what arrives when it is the token asked for, to the receiver asked for (any case); other legs count nothing', async () => {
    const { ctx, calls } = contextWith([
      plan({
        bridges: [
          leg({ amountIn: 2_000_000n, route: { ...leg().route, feeBps: 4n } }),
          leg({ amountIn: 3_333n, receiver: RECEIVER.toLowerCase() as Address, route: { ...leg().route, destinationToken: USDC_8453.toUpperCase() as Address, feeBps: 0n } }),
          leg({ amountIn: 5_000n, receiver: OTHER }),
          leg({ amountIn: 7_000n, route: { ...leg().route, destinationToken: AERO } }),
        ],
      }),
    ], snapshotsAt(1n, 1n))
    // 2,000,000 less 4 bps (800), plus 3,333 without fee; no callback: nothing built on Base.
    expect(await estimateBridgedOutput(ctx, { request, token: USDC_8453, receiver: RECEIVER })).toBe(1_999_200n + 3_333n)
    expect(calls.filter((c) => c.kind === 'buildBundle')).toHaveLength(1)
  })

  test('the bridge fee is rounded down (the arrival up): 9,999 at 6 bps loses 5', async () => {
    const { ctx } = contextWith([plan({ bridges: [leg({ amountIn: 9_999n })] })], snapshotsAt(1n, 1n))
    expect(await estimateBridgedOutput(ctx, { request, token: USDC_8453, receiver: RECEIVER })).toBe(9_994n)
  })

  test('legs are summed across callbacks, each built with its own arrival', async () => {
    const { ctx, calls } = contextWith([
      plan({ bridges: [leg({ callback: [{}], amountIn: 10_000n }), leg({ callback: [{}], amountIn: 20_000n, receiver: OTHER, refundReceiver: OTHER })] }),
      plan({ deliveries: [{ token: AERO, receiver: RECEIVER, estimate: 100n }] }),
      plan({ deliveries: [{ token: AERO, receiver: RECEIVER, estimate: 200n }] }),
    ], snapshotsAt(1n, 1n))
    expect(await estimateBridgedOutput(ctx, { request, token: AERO, receiver: RECEIVER })).toBe(300n)
    const dest = calls.filter((c) => c.kind === 'buildBundle').slice(1).map((c) => c.arg as BuildBundleParameters)
    expect(dest.map((d) => [d.initialBalances, d.receiver, d.refundReceiver])).toEqual([
      [{ [USDC_8453.toLowerCase()]: 9_994n }, RECEIVER, REFUND],
      [{ [USDC_8453.toLowerCase()]: 19_988n }, OTHER, OTHER],
    ])
  })

  test('a snapshot without a timestamp: the deadline is an hour from now', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(1_800_000_000_500))
    const { ctx, calls } = contextWith([plan()], snapshotsAt(undefined, undefined))
    await estimateBridgedOutput(ctx, { request, token: AERO, receiver: RECEIVER })
    const build = calls.find((c) => c.kind === 'buildBundle')!.arg as BuildBundleParameters
    expect(build.deadline).toBe(1_800_003_600n)
    expect(build.contracts.bridges!.now).toBe(1_800_000_000n)
  })

  test('undefined when the bundle cannot be built: a leg without an input estimate, an engine failure (source or callback), a request that does not parse', async () => {
    const noEstimate = contextWith([plan({ bridges: [leg({ amountIn: 5n }), leg({ amountIn: undefined })] })], snapshotsAt(1n, 1n))
    expect(await estimateBridgedOutput(noEstimate.ctx, { request, token: USDC_8453, receiver: RECEIVER })).toBeUndefined()
    const sourceFails = contextWith([new Error('no route')], snapshotsAt(1n, 1n))
    expect(await estimateBridgedOutput(sourceFails.ctx, { request, token: AERO, receiver: RECEIVER })).toBeUndefined()
    const callbackFails = contextWith([plan({ bridges: [leg({ callback: [{}] })] }), new Error('no route on Base')], snapshotsAt(1n, 1n))
    expect(await estimateBridgedOutput(callbackFails.ctx, { request, token: AERO, receiver: RECEIVER })).toBeUndefined()
    const badRequest = contextWith([plan()], snapshotsAt(1n, 1n))
    expect(await estimateBridgedOutput(badRequest.ctx, { request: { params: { ...params, fromAddress: 'nope' }, actions }, token: AERO, receiver: RECEIVER })).toBeUndefined()
    expect(badRequest.calls).toEqual([])
  })
})
