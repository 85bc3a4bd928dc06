import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import type { Address, Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ChainRuntime, ConnectedChains } from '../chain/connectChains.js'
import { connectChains } from '../chain/connectChains.js'
import { startDevnet, type Devnet } from '../chain/devnet/startDevnet.js'
import { configSchema } from '../config.js'
import { statusOf } from '../errors/status.js'
import { assertBridgeDelivered, deliversBetween } from './assertBridgeDelivered.js'
import { bridgeRoutesBetween, bridgesOf } from './bridge/bridgesOf.js'
import { createServiceContext } from './createServiceContext.js'
import { getBundle } from './getBundle.js'
import { getRoute } from './getRoute.js'

const chain = (chainId: number, source: 'devnet' | 'external') => ({ chainId, source }) as unknown as ChainRuntime
/** Ethereum and Optimism on real nodes, Base on the embedded devnet. */
const mixed = { 1: chain(1, 'external'), 10: chain(10, 'external'), 8453: chain(8453, 'devnet') }
const bridge = (destinationChainId: number, callback?: unknown[]) => ({ protocol: 'stargate', action: 'bridge', args: { destinationChainId, ...(callback ? { callback } : {}) } })
const codeOf = (fn: () => void) => {
  try {
    fn()
    return undefined
  } catch (error) {
    return error as Error & { code: string; issues: { field: string; reason: string }[] }
  }
}

describe('assertBridgeDelivered', () => {
  test('only chains of one kind deliver to each other', () => {
    expect(deliversBetween(mixed[1], mixed[10])).toBe(true)
    expect(deliversBetween(chain(1, 'devnet'), mixed[8453])).toBe(true)
    expect(deliversBetween(mixed[1], mixed[8453])).toBe(false)
    expect(deliversBetween(mixed[8453], mixed[1])).toBe(false)
  })

  test('a route from an external chain to the devnet is refused with CROSS_CHAIN_UNDELIVERABLE (400) naming both', () => {
    const error = codeOf(() => assertBridgeDelivered(mixed, { chainId: 1, destinationChainId: 8453 }))
    expect(error).toMatchObject({ name: 'UndeliverableBridgeError', code: 'CROSS_CHAIN_UNDELIVERABLE' })
    expect(statusOf('CROSS_CHAIN_UNDELIVERABLE').http).toBe(400)
    expect(error?.message).toMatchInlineSnapshot(`"destinationChainId: nothing delivers from chain 1 (external node) to chain 8453 (embedded devnet); cross-chain routes are served only between chains on the embedded devnet (switchyard's relayer delivers) or between external nodes (the bridges' own relayers deliver)"`)
    expect(codeOf(() => assertBridgeDelivered(mixed, { chainId: 8453, destinationChainId: 10 }))?.code).toBe('CROSS_CHAIN_UNDELIVERABLE')
    expect(codeOf(() => assertBridgeDelivered(mixed, { chainId: 1, destinationChainId: 10 }))).toBeUndefined()
    // Unserved chains are left to UNSUPPORTED_CHAIN.
    expect(codeOf(() => assertBridgeDelivered(mixed, { chainId: 1, destinationChainId: 137 }))).toBeUndefined()
  })

  test('bundle actions are walked, callbacks on the chain they run on', () => {
    expect(codeOf(() => assertBridgeDelivered(mixed, { chainId: 1, actions: [bridge(10, [bridge(1)])] }))).toBeUndefined()
    expect(codeOf(() => assertBridgeDelivered(mixed, { chainId: 1, actions: [{ protocol: 'enso', action: 'route', args: {} }, bridge(8453)] }))?.issues).toEqual([
      { field: 'actions[1].args.destinationChainId', reason: expect.stringContaining('nothing delivers from chain 1 (external node) to chain 8453 (embedded devnet)') },
    ])
    // 1 → 10 is delivered; the callback then runs on 10 and bridges to the devnet.
    expect(codeOf(() => assertBridgeDelivered(mixed, { chainId: 1, actions: [bridge(10, [{ protocol: 'enso', action: 'balance', args: {} }, bridge(8453)])] }))?.issues[0]?.field).toBe('actions[0].args.callback[1].args.destinationChainId')
    // An `enso route` with destinationChainId counts as a bridge.
    expect(codeOf(() => assertBridgeDelivered(mixed, { chainId: 8453, actions: [{ protocol: 'enso', action: 'route', args: { destinationChainId: 1 } }] }))?.code).toBe('CROSS_CHAIN_UNDELIVERABLE')
    expect(codeOf(() => assertBridgeDelivered(mixed, { chainId: 1, actions: 'not a list' }))).toBeUndefined()
  })
})

/**
 * The operator's case from issue 20: only SWITCHYARD_RPC_1 set (a node holding a devnet's chain 1, our
 * contracts and bridges included), Base on the embedded devnet. Stargate connects the two address
 * books, but nothing relays between a real network and the devnet.
 */
describe('an external chain 1 beside an embedded Base', () => {
  const caller = { accountId: `0x${'44'.repeat(32)}` as Hex, keyId: 'test' }
  const user: Address = '0x7a11000000000000000000000000000000000051'
  let upstream: Devnet
  let connected: ConnectedChains
  let ctx: ReturnType<typeof createServiceContext>
  let stateDir: string
  beforeAll(async () => {
    upstream = await startDevnet({ chains: [1] })
    stateDir = mkdtempSync(join(tmpdir(), 'switchyard-mixed-'))
    const config = configSchema.parse({ chains: [1, 8453], rpc: { '1': upstream.chains[1]!.rpcUrl }, devnetPorts: { '8453': 0 }, stateDir })
    connected = await connectChains(config, { superviseDevnet: false })
    ctx = createServiceContext({ chains: connected.chains, logger: pino({ level: 'silent' }), threads: 1 })
  }, 180_000)
  afterAll(async () => {
    await ctx?.close()
    await connected?.stop()
    await upstream?.stop()
    rmSync(stateDir, { recursive: true, force: true })
  })

  test('offers no bridge between them, and refuses cross-chain routes and bundle bridges both ways with 400 CROSS_CHAIN_UNDELIVERABLE', async () => {
    expect(connected.chains[1]!.source).toBe('external')
    expect(connected.chains[8453]!.source).toBe('devnet')
    // Both books hold Stargate and our bridge contracts: the edges exist on paper.
    expect(connected.chains[1]!.addressBook.stargate?.pools.length).toBeGreaterThan(0)
    expect(connected.chains[8453]!.addressBook.switchyard?.['bridgeReceiver']).toBeDefined()
    const book = (chainId: number) => ({ chainId, book: connected.chains[chainId]!.addressBook })
    expect(bridgeRoutesBetween(book(1), book(8453)).length).toBeGreaterThan(0)
    const head = await connected.chains[1]!.client.getBlock()
    const bridges = await bridgesOf(ctx.chains, { chainId: 1, blockNumber: head.number, timestamp: head.timestamp })
    expect(bridges?.routes ?? []).toEqual([])

    const usdc = (chainId: number) => connected.chains[chainId]!.addressBook.tokens.USDC!.address
    const route = (from: number, to: number) => getRoute(ctx, {
      chainId: from, destinationChainId: to, fromAddress: user, receiver: user, routingStrategy: 'router',
      tokenIn: [usdc(from)], tokenOut: [usdc(to)], amountIn: ['1000000000'],
    }, { caller, requireVariableEstimates: false })
    await expect(route(1, 8453)).rejects.toMatchObject({ code: 'CROSS_CHAIN_UNDELIVERABLE', name: 'UndeliverableBridgeError' })
    await expect(route(8453, 1)).rejects.toMatchObject({ code: 'CROSS_CHAIN_UNDELIVERABLE' })
    const bundle = getBundle(ctx, {
      params: { chainId: 1, fromAddress: user, receiver: user, routingStrategy: 'router' },
      actions: [{ protocol: 'stargate', action: 'bridge', args: { tokenIn: usdc(1), amountIn: '1000000000', destinationChainId: 8453, receiver: user } }],
    }, { caller })
    await expect(bundle).rejects.toMatchObject({ code: 'CROSS_CHAIN_UNDELIVERABLE' })
  }, 120_000)
})
