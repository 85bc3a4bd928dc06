import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Abi, type AbiEvent, type Address, type Hex, concatHex, decodeFunctionData, decodeFunctionResult, encodeAbiParameters, encodeEventTopics, encodeFunctionData, encodeFunctionResult, getAbiItem, getAddress, keccak256, numberToHex, pad, parseAbi, toHex, zeroHash } from 'viem'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { acrossSpokePoolAbi } from '../chain/devnet/acrossSpokePoolAbi.js'
import { loadProtocolArtifact } from '../chain/devnet/protocolArtifacts.js'
import type { AcrossDeposit } from '../chain/devnet/decodeAcrossDeposits.js'
import { encodeBridgeCallback, encodeOftComposeMessage } from '../service/bridge/encodeBridgeCallback.js'

// The relayer without a chain: fake nodes hold blocks and logs and answer the endpoint's inbound reads;
// the three deliveries (lzReceive, lzCompose, Across fill) are replaced by recorders that change the
// fake destination the way the real ones change the chain. Checked: which messages are delivered, to
// whom, in what order, exactly once, and where the cursor stands after failures and restarts.

type Delivery = { kind: 'packet' | 'compose' | 'fill'; chainId: number; params: Record<string, unknown> }
const deliveries: Delivery[] = []
/** Per delivery kind, what the next deliveries do: throw, or answer (a hash, or undefined for "already done"). */
const behaviour: Record<Delivery['kind'], (params: Record<string, unknown>) => unknown> = { packet: () => undefined, compose: () => '0xc0', fill: () => '0xf1' }
const chainIdOf = (client: unknown) => (client as { chainId: number }).chainId
vi.mock('../chain/devnet/relayLayerZeroPacket.js', () => ({
  relayLayerZeroPacket: vi.fn(async (client: unknown, params: Record<string, unknown>) => {
    const answer = behaviour.packet(params)
    deliveries.push({ kind: 'packet', chainId: chainIdOf(client), params })
    return answer
  }),
}))
vi.mock('../chain/devnet/relayLayerZeroCompose.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../chain/devnet/relayLayerZeroCompose.js')>()),
  relayLayerZeroCompose: vi.fn(async (client: unknown, params: Record<string, unknown>) => {
    const answer = behaviour.compose(params)
    deliveries.push({ kind: 'compose', chainId: chainIdOf(client), params })
    return answer
  }),
}))
vi.mock('../chain/devnet/fillAcrossDeposit.js', () => ({
  fillAcrossDeposit: vi.fn(async (client: unknown, params: Record<string, unknown>) => {
    const answer = behaviour.fill(params)
    deliveries.push({ kind: 'fill', chainId: chainIdOf(client), params })
    return answer
  }),
}))

const { createRelayer, fileCursorStore, memoryCursorStore } = await import('./createRelayer.js')
type RelayerChain = import('./createRelayer.js').RelayerChain

const at = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, '0')}`)
const hashOf = (chainId: number, block: bigint, era = 0) => keccak256(toHex(`${chainId}:${block}:${era}`))

const endpointAbi = loadProtocolArtifact('LayerZeroEndpointV2').abi as Abi

type FakeLog = { address: Address; topics: Hex[]; data: Hex; blockNumber: bigint; logIndex: number }
/** A node: blocks 0..head (hashes change with `era`, as after a reset), logs, and the endpoint's inbound records. */
function fakeNode(chainId: number) {
  const node = {
    chainId,
    head: 10n,
    era: 0,
    logs: [] as FakeLog[],
    getLogsCalls: [] as { address: Address[]; fromBlock: bigint; toBlock: bigint }[],
    getBlockCalls: [] as bigint[],
    /** `lazyInboundNonce` and `inboundPayloadHash` per receiver, srcEid, sender (and nonce). */
    lazy: new Map<string, bigint>(),
    payloads: new Map<string, Hex>(),
    failHead: undefined as Error | undefined,
    getBlockNumber: async (p: { cacheTime: number }) => {
      expect(p).toEqual({ cacheTime: 0 })
      if (node.failHead) throw node.failHead
      return node.head
    },
    getBlock: async ({ blockNumber }: { blockNumber: bigint }) => {
      node.getBlockCalls.push(blockNumber)
      if (blockNumber > node.head || blockNumber < 0n) throw new Error(`no block ${blockNumber}`)
      return { number: blockNumber, hash: hashOf(chainId, blockNumber, node.era) }
    },
    getLogs: async (p: { address: Address[]; fromBlock: bigint; toBlock: bigint }) => {
      node.getLogsCalls.push(p)
      const wanted = new Set(p.address.map((a) => a.toLowerCase()))
      return node.logs.filter((l) => wanted.has(l.address.toLowerCase()) && l.blockNumber >= p.fromBlock && l.blockNumber <= p.toBlock).map((l) => ({ ...l, transactionHash: zeroHash, blockHash: zeroHash, transactionIndex: 0, removed: false }))
    },
    /** Through ABI encoding both ways (the caller's ABI, and EndpointV2's own from @layerzerolabs/lz-evm-protocol-v2). */
    readContract: async (p: { address: Address; abi: Abi; functionName: string; args: readonly unknown[] }) => {
      const call = decodeFunctionData({ abi: endpointAbi, data: encodeFunctionData({ abi: p.abi, functionName: p.functionName, args: p.args }) })
      const [receiver, srcEid, sender, nonce] = call.args as [Address, number, Hex, bigint]
      const key = `${receiver.toLowerCase()}:${srcEid}:${sender}`
      let result: unknown
      if (call.functionName === 'lazyInboundNonce') result = node.lazy.get(key) ?? 0n
      else if (call.functionName === 'inboundPayloadHash') result = node.payloads.get(`${key}:${nonce}`) ?? zeroHash
      else throw new Error(`unexpected read ${call.functionName}`)
      return decodeFunctionResult({ abi: p.abi, functionName: p.functionName, data: encodeFunctionResult({ abi: endpointAbi, functionName: call.functionName, result } as never) } as never)
    },
  }
  return node
}

const ENDPOINT_1 = at(0xe1)
const ENDPOINT_8453 = at(0xe8)
const SPOKE_1 = at(0x51)
const SPOKE_8453 = at(0x58)
const RECEIVER_8453 = at(0x4e8)
const POOL_1 = at(0x201)
const lz = (endpoint: Address, eid: number, relayer?: Address) => ({ endpoint, eid, sendLib: at(0x1b1), receiveLib: at(0x1b2 + eid), ...(relayer ? { relayer } : {}) })
const across = (spokePool: Address, relayer: Address) => ({ spokePool, implementation: at(0x1), contractName: 'Ethereum_SpokePool', relayer, admin: at(0x2), depositQuoteTimeBuffer: 0, fillDeadlineBuffer: 0, routes: [] })

/** Chain 1 (endpoint eid 30101, spoke pool) and Base (endpoint eid 30184 with its own relayer account, spoke pool, our receiver). */
function chains(over: { base?: Record<string, unknown> } = {}) {
  const n1 = fakeNode(1)
  const n8453 = fakeNode(8453)
  const list: RelayerChain[] = [
    { chainId: 1, client: n1 as never, book: { chainId: 1, layerZero: lz(ENDPOINT_1, 30101), across: across(SPOKE_1, at(0xa1)) } as never },
    { chainId: 8453, client: n8453 as never, book: { chainId: 8453, layerZero: lz(ENDPOINT_8453, 30184, at(0x4e1a)), across: across(SPOKE_8453, at(0xa8)), switchyard: { bridgeReceiver: RECEIVER_8453 }, ...over.base } as never },
  ]
  return { list, n1, n8453 }
}

/** An event log as a node returns it. */
function eventLog(abi: Abi, eventName: string, address: Address, args: Record<string, unknown>, blockNumber: bigint, logIndex: number): FakeLog {
  const event = getAbiItem({ abi, name: eventName }) as AbiEvent
  const topics = encodeEventTopics({ abi, eventName, args: Object.fromEntries(event.inputs.filter((i) => i.indexed).map((i) => [i.name!, args[i.name!]])) } as never) as Hex[]
  const data = encodeAbiParameters(event.inputs.filter((i) => !i.indexed), event.inputs.filter((i) => !i.indexed).map((i) => args[i.name!]))
  return { address, topics, data, blockNumber, logIndex }
}
const packetSentAbi = parseAbi(['event PacketSent(bytes encodedPayload, bytes options, address sendLibrary)'])
const composeSentAbi = parseAbi(['event ComposeSent(address from, address to, bytes32 guid, uint16 index, bytes message)'])
const SENDER32 = pad(at(0x5e4d).toLowerCase() as Hex)
/** A PacketV1Codec packet: version 1, nonce, srcEid, sender, dstEid, receiver, guid, message. */
const packet = (nonce: bigint, dstEid: number, receiver: Address = at(0x70)) => concatHex(['0x01', numberToHex(nonce, { size: 8 }), numberToHex(30101, { size: 4 }), SENDER32, numberToHex(dstEid, { size: 4 }), pad(receiver), pad(toHex(nonce), { size: 32 }), '0xbeef'])
const packetSent = (address: Address, encoded: Hex, block: bigint, index: number) => eventLog(packetSentAbi, 'PacketSent', address, { encodedPayload: encoded, options: '0x', sendLibrary: at(0x1b1) }, block, index)
const composeSent = (address: Address, to: Address, message: Hex, block: bigint, index: number) => eventLog(composeSentAbi, 'ComposeSent', address, { from: POOL_1, to, guid: pad(toHex(index + 0x900)), index: 0, message }, block, index)
const deposit = (address: Address, destinationChainId: bigint, depositId: number, block: bigint, index: number) => eventLog(acrossSpokePoolAbi as Abi, 'V3FundsDeposited', address, {
  inputToken: at(0x10), outputToken: at(0x11), inputAmount: 100n, outputAmount: 99n, destinationChainId, depositId, quoteTimestamp: 1, fillDeadline: 2, exclusivityDeadline: 0, depositor: at(0x12), recipient: at(0x13), exclusiveRelayer: at(0), message: '0x',
}, block, index)
/** Our callback inside an OFT compose message, asking for `value` wei. */
const ourCompose = (value: bigint) => encodeOftComposeMessage({ nonce: 1n, srcEid: 30101, amountLD: 5n, composeFrom: at(0x5e4d), composeMsg: encodeBridgeCallback({ receiver: at(0x70), refundReceiver: at(0x71), gasLimit: 1n, value, tokensOut: [], minAmountsOut: [], accountId: zeroHash, requestId: zeroHash, commands: [], state: [] }) })

let messages: string[]
const start = (list: RelayerChain[], over: Partial<Parameters<typeof createRelayer>[0]> = {}) => createRelayer({ chains: list, pollMs: 0, log: (m) => messages.push(m), ...over })

beforeEach(() => {
  deliveries.length = 0
  messages = []
  behaviour.packet = () => undefined
  behaviour.compose = () => '0xc0'
  behaviour.fill = () => '0xf1'
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createRelayer: LayerZero packets', () => {
  test('a packet sent by chain 1\'s endpoint is verified and received on the chain of its dstEid, by that chain\'s relayer account', async () => {
    const { list, n1 } = chains()
    const encoded = packet(1n, 30184)
    n1.logs.push(packetSent(ENDPOINT_1, encoded, 5n, 0))
    const relayer = start(list)
    await relayer.tick()
    expect(deliveries).toEqual([{ kind: 'packet', chainId: 8453, params: { encodedPacket: encoded, endpoint: ENDPOINT_8453, receiveLib: at(0x1b2 + 30184), relayer: at(0x4e1a) } }])
    expect(relayer.stats()).toEqual({ packets: 1, composes: 0, fills: 0, errors: 0 })
    expect(messages).toEqual([`relayer: packet ${pad(toHex(1n))} 1 → 8453 delivered`])
  })

  test('without a relayer account in the book, the endpoint address is used', async () => {
    const { list, n8453 } = chains()
    n8453.logs.push(packetSent(ENDPOINT_8453, packet(1n, 30101), 5n, 0))
    await start(list).tick()
    expect(deliveries.map((d) => [d.chainId, d.params['relayer']])).toEqual([[1, ENDPOINT_1]])
  })

  test('delivered already (lazy nonce at or past it and its payload cleared) is skipped; verified but not received, or not yet verified, is delivered', async () => {
    const { list, n1, n8453 } = chains()
    const key = (receiver: Address) => `${receiver.toLowerCase()}:30101:${SENDER32}`
    n8453.lazy.set(key(at(0x70)), 3n)
    // Verified, not received: a payload hash (one that starts with zero bytes is still a hash).
    n8453.payloads.set(`${key(at(0x70))}:3`, `0x0000${'77'.repeat(30)}`)
    n8453.lazy.set(key(at(0x71)), 5n)
    n1.logs.push(
      packetSent(ENDPOINT_1, packet(2n, 30184), 5n, 0),
      packetSent(ENDPOINT_1, packet(3n, 30184), 5n, 1),
      packetSent(ENDPOINT_1, packet(4n, 30184), 5n, 2),
      packetSent(ENDPOINT_1, packet(5n, 30184, at(0x71)), 5n, 3),
    )
    await start(list).tick()
    expect(deliveries.map((d) => (d.params['encodedPacket'] as Hex).slice(4, 20))).toEqual([numberToHex(3n, { size: 8 }).slice(2), numberToHex(4n, { size: 8 }).slice(2)])
  })

  test('packets to an eid no chain has, and PacketSent events of other contracts, are not delivered', async () => {
    const { list, n1 } = chains()
    n1.logs.push(packetSent(ENDPOINT_1, packet(1n, 30110), 5n, 0), packetSent(SPOKE_1, packet(2n, 30184), 5n, 1))
    const relayer = start(list)
    await relayer.tick()
    expect(deliveries).toEqual([])
    expect(relayer.stats()).toEqual({ packets: 0, composes: 0, fills: 0, errors: 0 })
  })

  test('a destination without LayerZero in its book is not an eid the relayer delivers to', async () => {
    const { list, n1 } = chains({ base: { layerZero: undefined } })
    n1.logs.push(packetSent(ENDPOINT_1, packet(1n, 30184), 5n, 0))
    await start(list).tick()
    expect(deliveries).toEqual([])
  })
})

describe('createRelayer: LayerZero composes', () => {
  test('a compose queued for our receiver is delivered with the native its callback asks for; for another composer, with none', async () => {
    const { list, n8453 } = chains()
    n8453.logs.push(composeSent(ENDPOINT_8453, RECEIVER_8453.toLowerCase() as Address, ourCompose(12_345n), 5n, 0), composeSent(ENDPOINT_8453, at(0x777), ourCompose(9n), 5n, 1))
    const relayer = start(list)
    await relayer.tick()
    expect(deliveries.map((d) => [d.kind, d.chainId, d.params['to'], d.params['value'], d.params['endpoint'], d.params['relayer'], d.params['from'], d.params['index']])).toEqual([
      ['compose', 8453, RECEIVER_8453.toLowerCase(), 12_345n, ENDPOINT_8453, at(0x4e1a), POOL_1, 0],
      ['compose', 8453, at(0x777), 0n, ENDPOINT_8453, at(0x4e1a), POOL_1, 0],
    ])
    expect(deliveries[0]!.params['message']).toBe(ourCompose(12_345n).toLowerCase())
    expect(deliveries[0]!.params['guid']).toBe(pad(toHex(0x900)))
    expect(relayer.stats().composes).toBe(2)
    expect(messages).toEqual([`relayer: compose ${pad(toHex(0x900))} on 8453 delivered`, `relayer: compose ${pad(toHex(0x901))} on 8453 delivered`])
  })

  test('a compose to our receiver whose message does not decode, or a chain without a receiver of ours: no value', async () => {
    const { list, n8453, n1 } = chains()
    n8453.logs.push(composeSent(ENDPOINT_8453, RECEIVER_8453, '0x1234', 5n, 0))
    n1.logs.push(composeSent(ENDPOINT_1, RECEIVER_8453, ourCompose(5n), 5n, 0))
    await start(list).tick()
    expect(deliveries.map((d) => [d.chainId, d.params['value']])).toEqual([[1, 0n], [8453, 0n]])
  })

  test('ComposeDelivered events, and ComposeSent events of other contracts, are not composes to deliver', async () => {
    const { list, n8453 } = chains()
    const delivered = eventLog(parseAbi(['event ComposeDelivered(address from, address to, bytes32 guid, uint16 index)']), 'ComposeDelivered', ENDPOINT_8453, { from: POOL_1, to: RECEIVER_8453, guid: zeroHash, index: 0 }, 5n, 0)
    n8453.logs.push(delivered, composeSent(SPOKE_8453, RECEIVER_8453, ourCompose(0n), 5n, 1))
    const relayer = start(list)
    await relayer.tick()
    expect(deliveries).toEqual([])
    expect(relayer.stats().errors).toBe(0)
  })

  test('a compose already delivered (nothing sent) is not counted', async () => {
    const { list, n8453 } = chains()
    behaviour.compose = () => undefined
    n8453.logs.push(composeSent(ENDPOINT_8453, RECEIVER_8453, ourCompose(0n), 5n, 0))
    const relayer = start(list)
    await relayer.tick()
    expect(deliveries).toHaveLength(1)
    expect(relayer.stats().composes).toBe(0)
    expect(messages).toEqual([])
  })
})

describe('createRelayer: Across deposits', () => {
  test('a deposit on chain 1\'s spoke pool is filled on its destination\'s spoke pool by that chain\'s relayer; a fill already made is not counted', async () => {
    const { list, n1 } = chains()
    n1.logs.push(deposit(SPOKE_1, 8453n, 7, 5n, 0), deposit(SPOKE_1, 8453n, 8, 5n, 1))
    let first = true
    behaviour.fill = () => (first ? ((first = false), '0xf1') : undefined)
    const relayer = start(list)
    await relayer.tick()
    expect(deliveries.map((d) => [d.kind, d.chainId, d.params['spokePool'], d.params['relayer']])).toEqual([['fill', 8453, SPOKE_8453, at(0xa8)], ['fill', 8453, SPOKE_8453, at(0xa8)]])
    const filled = deliveries[0]!.params['deposit'] as AcrossDeposit
    expect(filled).toMatchObject({ originChainId: 1, destinationChainId: 8453, depositId: 7, outputAmount: 99n, spokePool: SPOKE_1 })
    expect(relayer.stats().fills).toBe(1)
    expect(messages).toEqual(['relayer: Across deposit 1:7 filled on 8453'])
  })

  test('deposits to a chain not watched or one without Across are skipped (no error, the cursor moves on); deposit events of other contracts are not filled', async () => {
    const withoutAcross = chains({ base: { across: undefined } })
    const store = memoryCursorStore()
    withoutAcross.n1.logs.push(deposit(SPOKE_1, 10n, 1, 5n, 0), deposit(SPOKE_1, 8453n, 2, 5n, 1))
    const relayer = start(withoutAcross.list, { store })
    await relayer.tick()
    expect(deliveries).toEqual([])
    expect(relayer.stats().errors).toBe(0)
    expect(store.get(1)!.block).toBe(10n)
    const { list, n1 } = chains()
    n1.logs.push(deposit(ENDPOINT_1, 8453n, 3, 5n, 2))
    await start(list).tick()
    expect(deliveries).toEqual([])
  })
})

describe('createRelayer: order and steps', () => {
  test('every message of a chain in block and log order, whatever its kind; the test hook sees each step', async () => {
    const { list, n1 } = chains()
    n1.logs.push(
      deposit(SPOKE_1, 8453n, 1, 7n, 0),
      packetSent(ENDPOINT_1, packet(1n, 30184), 5n, 3),
      composeSent(ENDPOINT_1, at(0x777), '0x', 5n, 1),
      deposit(SPOKE_1, 8453n, 2, 6n, 9),
      packetSent(ENDPOINT_1, packet(2n, 30184), 12n, 0),
    )
    n1.head = 12n
    const steps: unknown[] = []
    await start(list, { beforeStep: (s) => void steps.push(s) }).tick()
    expect(deliveries.map((d) => d.kind)).toEqual(['compose', 'packet', 'fill', 'fill', 'packet'])
    expect(steps).toEqual([
      { kind: 'lzCompose', chainId: 1, id: pad(toHex(0x901)) },
      { kind: 'lzReceive', chainId: 8453, id: pad(toHex(1n)) },
      { kind: 'acrossFill', chainId: 8453, id: '1:2' },
      { kind: 'acrossFill', chainId: 8453, id: '1:1' },
      { kind: 'lzReceive', chainId: 8453, id: pad(toHex(2n)) },
    ])
  })

  test('a step the hook refuses is not delivered (a crash mid-flight)', async () => {
    const { list, n1 } = chains()
    n1.logs.push(packetSent(ENDPOINT_1, packet(1n, 30184), 5n, 0))
    const relayer = start(list, { beforeStep: () => { throw new Error('killed') } })
    await relayer.tick()
    expect(deliveries).toEqual([])
    expect(relayer.stats()).toMatchObject({ packets: 0, errors: 1 })
  })
})

describe('createRelayer: events that do not decode', () => {
  test('a PacketSent or ComposeSent whose data does not decode is a failed message (said, retried), not silently dropped', async () => {
    const { list, n1 } = chains()
    n1.logs.push({ ...packetSent(ENDPOINT_1, packet(1n, 30184), 5n, 0), data: '0x' }, { ...composeSent(ENDPOINT_1, RECEIVER_8453, '0x', 5n, 1), data: '0x01' })
    const relayer = start(list)
    await relayer.tick()
    expect(deliveries).toEqual([])
    expect(relayer.stats().errors).toBe(2)
    expect(messages.map((m) => m.split(' (attempt')[0])).toEqual(['relayer: message 1:5:0 failed', 'relayer: message 1:5:1 failed'])
  })
})

describe('createRelayer: the cursor', () => {
  test('first run: from genesis to the head, which is saved with its hash; the next tick reads only new blocks, and none when there are none', async () => {
    const { list, n1 } = chains()
    const store = memoryCursorStore()
    const relayer = start(list, { store })
    await relayer.tick()
    expect(n1.getLogsCalls).toEqual([{ address: [ENDPOINT_1, SPOKE_1], fromBlock: 0n, toBlock: 10n }])
    expect(store.get(1)).toEqual({ block: 10n, hash: hashOf(1, 10n) })
    await relayer.tick()
    expect(n1.getLogsCalls).toHaveLength(1)
    n1.head = 13n
    await relayer.tick()
    expect(n1.getLogsCalls.at(-1)).toEqual({ address: [ENDPOINT_1, SPOKE_1], fromBlock: 11n, toBlock: 13n })
    expect(store.get(1)).toEqual({ block: 13n, hash: hashOf(1, 13n) })
  })

  test('restarted on a cursor the chain still has: from the block after it, the cursor checked once', async () => {
    const { list, n1 } = chains()
    const store = memoryCursorStore()
    store.set(1, { block: 6n, hash: hashOf(1, 6n) })
    const relayer = start(list, { store })
    await relayer.tick()
    expect(n1.getLogsCalls[0]).toMatchObject({ fromBlock: 7n, toBlock: 10n })
    n1.head = 11n
    await relayer.tick()
    // The cursor's block once; then only the heads saved.
    expect(n1.getBlockCalls).toEqual([6n, 10n, 11n])
    expect(messages).toEqual([])
  })

  test('a chain that no longer has the cursor\'s block as recorded (a reset devnet, or one now shorter): read from genesis, said once', async () => {
    for (const cursor of [{ block: 6n, hash: hashOf(1, 6n, 1) }, { block: 50n, hash: hashOf(1, 50n) }]) {
      const { list, n1 } = chains()
      const store = memoryCursorStore()
      store.set(1, cursor)
      messages = []
      await start(list, { store }).tick()
      expect(n1.getLogsCalls[0]).toMatchObject({ fromBlock: 0n, toBlock: 10n })
      expect(messages).toEqual([`relayer: chain 1 no longer has block ${cursor.block} as recorded; reading from genesis`])
    }
  })

  test('a chain with neither LayerZero nor Across: nothing read, the head saved', async () => {
    const { n1 } = chains()
    const store = memoryCursorStore()
    await start([{ chainId: 1, client: n1 as never, book: { chainId: 1 } as never }], { store }).tick()
    expect(n1.getLogsCalls).toEqual([])
    expect(store.get(1)).toEqual({ block: 10n, hash: hashOf(1, 10n) })
  })

  test('only the contracts the book has are read: Across alone', async () => {
    const { n1 } = chains()
    await start([{ chainId: 1, client: n1 as never, book: { chainId: 1, across: across(SPOKE_1, at(0xa1)) } as never }]).tick()
    expect(n1.getLogsCalls[0]!.address).toEqual([SPOKE_1])
  })
})

describe('createRelayer: failures', () => {
  test('a message that fails does not hold back the others; the cursor stops before its block, the next tick retries it and then moves on', async () => {
    const { list, n1 } = chains()
    const store = memoryCursorStore()
    store.set(1, { block: 2n, hash: hashOf(1, 2n) })
    n1.logs.push(deposit(SPOKE_1, 8453n, 1, 4n, 0), deposit(SPOKE_1, 8453n, 2, 6n, 0), deposit(SPOKE_1, 8453n, 3, 8n, 0), deposit(SPOKE_1, 8453n, 4, 9n, 0))
    let failing = true
    behaviour.fill = (p) => {
      if (failing && [2, 4].includes((p['deposit'] as AcrossDeposit).depositId)) throw new Error('fill refused\nwith details')
      return '0xf1'
    }
    const relayer = start(list, { store })
    await relayer.tick()
    expect(deliveries.map((d) => (d.params['deposit'] as AcrossDeposit).depositId)).toEqual([1, 3])
    expect(relayer.stats()).toEqual({ packets: 0, composes: 0, fills: 2, errors: 2 })
    expect(messages).toContain('relayer: message 1:6:0 failed (attempt 1): fill refused')
    expect(store.get(1)).toEqual({ block: 5n, hash: hashOf(1, 5n) })
    failing = false
    await relayer.tick()
    expect(n1.getLogsCalls.at(-1)).toMatchObject({ fromBlock: 6n, toBlock: 10n })
    expect(store.get(1)).toEqual({ block: 10n, hash: hashOf(1, 10n) })
  })

  test('a failure in the first block read leaves the cursor where it was', async () => {
    const { list, n1 } = chains()
    const store = memoryCursorStore()
    store.set(1, { block: 4n, hash: hashOf(1, 4n) })
    n1.logs.push(deposit(SPOKE_1, 8453n, 1, 5n, 0))
    behaviour.fill = () => { throw 'not an Error' }
    await start(list, { store }).tick()
    expect(store.get(1)).toEqual({ block: 4n, hash: hashOf(1, 4n) })
    expect(messages).toEqual(['relayer: message 1:5:0 failed (attempt 1): not an Error'])
  })

  test('a failure at genesis on a first run leaves no cursor', async () => {
    const { list, n1 } = chains()
    const store = memoryCursorStore()
    n1.logs.push(deposit(SPOKE_1, 8453n, 1, 0n, 0))
    behaviour.fill = () => { throw new Error('refused') }
    await start(list, { store }).tick()
    expect(store.get(1)).toBeUndefined()
    expect(messages).toEqual(['relayer: message 1:0:0 failed (attempt 1): refused'])
  })

  test('a message that failed 20 times is given up (said once), no longer pins the cursor and is not tried again; an earlier success resets its count', async () => {
    const { list, n1 } = chains()
    const store = memoryCursorStore()
    n1.logs.push(deposit(SPOKE_1, 8453n, 1, 5n, 0))
    let tries = 0
    behaviour.fill = () => {
      tries++
      if (tries === 3) return '0xf1'
      throw new Error('refused')
    }
    const relayer = start(list, { store })
    for (let i = 0; i < 3; i++) await relayer.tick()
    // Delivered on the third try; the cursor has moved on. A new deposit in the same state fails 20 times.
    expect(store.get(1)!.block).toBe(10n)
    n1.logs.push(deposit(SPOKE_1, 8453n, 2, 12n, 0))
    n1.head = 14n
    tries = 100
    for (let i = 0; i < 19; i++) await relayer.tick()
    expect(store.get(1)!.block).toBe(11n)
    expect(messages.filter((m) => m.includes('giving up'))).toEqual([])
    await relayer.tick()
    expect(messages.filter((m) => m.includes('giving up'))).toEqual(['relayer: giving up on message 1:12:0 after 20 attempts: refused'])
    expect(store.get(1)!.block).toBe(14n)
    expect(messages.filter((m) => m.startsWith('relayer: message 1:12:0 failed')).at(-1)).toBe('relayer: message 1:12:0 failed (attempt 19): refused')
    // Read again (a restarted cursor), an abandoned message is skipped.
    store.set(1, { block: 11n, hash: hashOf(1, 11n) })
    const before = tries
    await relayer.tick()
    expect(tries).toBe(before)
    expect(relayer.stats().errors).toBe(2 + 20)
  })

  test('a chain whose node fails is retried next tick; the other chains are still read', async () => {
    const { list, n1, n8453 } = chains()
    n1.failHead = new Error('connection refused\nat socket')
    n8453.logs.push(packetSent(ENDPOINT_8453, packet(1n, 30101), 5n, 0))
    const relayer = start(list)
    await relayer.tick()
    expect(messages[0]).toBe('relayer: chain 1: connection refused (retrying)')
    expect(deliveries.map((d) => d.kind)).toEqual(['packet'])
    expect(relayer.stats().errors).toBe(1)
    n1.failHead = undefined
    await relayer.tick()
    expect(n1.getLogsCalls).toHaveLength(1)
  })
})

describe('createRelayer: its loop', () => {
  test('ticks every pollMs after the last tick ends (default 100 ms) until stopped', async () => {
    vi.useFakeTimers()
    const { list, n1 } = chains()
    const relayer = createRelayer({ chains: list })
    await vi.advanceTimersByTimeAsync(0)
    expect(n1.getLogsCalls).toHaveLength(1)
    n1.head = 11n
    await vi.advanceTimersByTimeAsync(99)
    expect(n1.getLogsCalls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(n1.getLogsCalls).toHaveLength(2)
    await relayer.stop()
    n1.head = 12n
    await vi.advanceTimersByTimeAsync(1_000)
    expect(n1.getLogsCalls).toHaveLength(2)
  })

  test('pollMs 0: no loop, only explicit ticks; stats are a copy', async () => {
    vi.useFakeTimers()
    const { list, n1 } = chains()
    const relayer = createRelayer({ chains: list, pollMs: 0 })
    await vi.advanceTimersByTimeAsync(1_000)
    expect(n1.getLogsCalls).toEqual([])
    const stats = relayer.stats()
    stats.errors = 99
    expect(relayer.stats().errors).toBe(0)
    await relayer.stop()
  })

  test('a tick waits for the loop\'s tick in flight (never two reads of one chain at once); stop waits for it too', async () => {
    const { list, n1 } = chains()
    const gated = () => {
      let release!: () => void
      const gate = new Promise<void>((r) => (release = r))
      const heads = { calls: 0 }
      return { release, heads, client: { ...n1, getBlockNumber: async () => (heads.calls++, await gate, n1.head) } }
    }
    const first = gated()
    const relayer = createRelayer({ chains: [{ ...list[0]!, client: first.client as never }], pollMs: 60_000 })
    let ticked = false
    const tick = relayer.tick().then(() => (ticked = true))
    await new Promise((r) => setTimeout(r, 10))
    expect(ticked).toBe(false)
    first.release()
    await tick
    expect(n1.getLogsCalls.map((c) => c.fromBlock)).toEqual([0n])
    await relayer.stop()

    const second = gated()
    const stopping = createRelayer({ chains: [{ ...list[0]!, client: second.client as never }], pollMs: 5 })
    let stopped = false
    const done = stopping.stop().then(() => (stopped = true))
    await new Promise((r) => setTimeout(r, 10))
    expect(stopped).toBe(false)
    second.release()
    await done
    expect(n1.getLogsCalls).toHaveLength(2)
    // Stopped while its tick was in flight: no tick after it.
    await new Promise((r) => setTimeout(r, 50))
    expect(second.heads.calls).toBe(1)
  })
})

describe('cursor stores', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'relayer-cursor-'))
  })
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  test('a file store survives a restart, writes atomically into a directory it creates, and keeps every chain', () => {
    const path = join(dir, 'nested', 'state', 'relayer.json')
    const store = fileCursorStore(path)
    expect(store.get(1)).toBeUndefined()
    store.set(1, { block: 12n, hash: '0xaa' })
    store.set(8453, { block: 2n ** 70n, hash: '0xbb' })
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ 1: { block: '12', hash: '0xaa' }, 8453: { block: (2n ** 70n).toString(), hash: '0xbb' } })
    expect(readdirSync(join(dir, 'nested', 'state'))).toEqual(['relayer.json'])
    const reopened = fileCursorStore(path)
    expect(reopened.get(1)).toEqual({ block: 12n, hash: '0xaa' })
    expect(reopened.get(8453)).toEqual({ block: 2n ** 70n, hash: '0xbb' })
    expect(reopened.get(10)).toBeUndefined()
  })

  test('an unreadable file starts afresh', () => {
    const path = join(dir, 'relayer.json')
    writeFileSync(path, '{ not json')
    const store = fileCursorStore(path)
    expect(store.get(1)).toBeUndefined()
    store.set(1, { block: 1n, hash: '0x01' })
    expect(existsSync(`${path}.tmp`)).toBe(false)
    expect(fileCursorStore(path).get(1)).toEqual({ block: 1n, hash: '0x01' })
  })

  test('a memory store answers what was set, per chain', () => {
    const store = memoryCursorStore()
    store.set(1, { block: 3n, hash: '0x03' })
    expect(store.get(1)).toEqual({ block: 3n, hash: '0x03' })
    expect(store.get(2)).toBeUndefined()
  })
})
