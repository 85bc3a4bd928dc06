import { type Address, type Hex, decodeFunctionData, encodeAbiParameters, encodeEventTopics, getAddress, toHex } from 'viem'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import type { ChainRuntime } from '../../chain/connectChains.js'
import { switchyardBridgeReceiverAbi } from '../../contracts/generated/abis.js'
import type { BundleBridgeRoute } from '../../protocols/bundle/types.js'
import type { SimulateTransactionParameters, SimulateTransactionReturnType, SimulatedLog } from '../../simulate/simulateTransaction.js'
import { bookOf } from '../testing/sampleAddressBook.js'
import { encodeOftComposeMessage } from './encodeBridgeCallback.js'

// The node is replaced by a scripted eth_simulateV1 and a scripted sender-state preparation (no chain):
// what is checked is the delivery the simulation is asked to run, and how its events are read.
const sims: SimulateTransactionParameters[] = []
let answer: SimulateTransactionReturnType
const prepared: { client?: unknown; params?: unknown } = {}
/** What the preparation returns: an override of the endpoint's own (kept when the value is added), a setup call. */
const ENDPOINT_OVERRIDE = { nonce: 7 }
vi.mock('../../simulate/simulateTransaction.js', () => ({
  simulateTransaction: vi.fn(async (client: unknown, params: SimulateTransactionParameters) => {
    expect(client).toBe(chain.client)
    sims.push(structuredClone(params))
    return answer
  }),
}))
vi.mock('../prepareSenderOverrides.js', () => ({
  prepareSenderOverrides: vi.fn(async (client: unknown, params: unknown) => {
    prepared.client = client
    prepared.params = params
    return { overrides: { [RECEIVER]: { balance: '0x1' as Hex }, [ENDPOINT]: { ...ENDPOINT_OVERRIDE } }, setup: [{ from: HOLDER, to: USDC, data: '0xa9059cbb' as Hex }] }
  }),
}))

const { simulateBridgeCallback } = await import('./simulateBridgeCallback.js')

const at = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, '0')}`)
const RECEIVER = at(0x4ec)
const ENDPOINT = at(0x1e1)
const SPOKE = at(0x3a1)
const HOLDER = at(0xb01d)
const USDC = at(0x8001)
const WETH = at(0x8002)
const POOL_USDC = at(0x2801)
const POOL_ETH = at(0x2802)
const POOL_WETH = at(0x2803)
const SENDER = at(0x5e4d)
const OUT = at(0xa0)
const WHO = at(0xa1)
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' as Address
const stargatePool = (pool: Address, token: Address, native: boolean) => ({ pool, token, symbol: 'X', assetId: 1, feeLib: at(0xfee), native, sharedDecimals: 6, localDecimals: 6, lpToken: at(0x1b) })
const book = {
  ...bookOf(),
  chainId: 8453,
  switchyard: { bridgeReceiver: RECEIVER },
  layerZero: { endpoint: ENDPOINT, eid: 30184, sendLib: at(0x1e2), receiveLib: at(0x1e2) },
  // The native pool first holds the native marker; a WETH pool after it, so a wrong pick shows.
  stargate: { tokenMessaging: at(0x1e3), creditMessaging: at(0x1e4), pools: [stargatePool(POOL_ETH, NATIVE, true), stargatePool(POOL_USDC, USDC, false), stargatePool(POOL_WETH, WETH, false)] },
  across: { ...bookOf().across!, spokePool: SPOKE },
}
const chain = { chainId: 8453, rpcUrl: '', source: 'devnet', client: { tag: 'base' }, addressBook: book } as unknown as ChainRuntime
const route = (protocol: 'stargate' | 'across', destinationToken: Address): BundleBridgeRoute => ({ protocol, primary: at(0x2001), token: at(0x1001), destinationChainId: 8453, destinationToken, dstEid: 30184, nativeFee: 0n, feeBps: 0n, destinationReceiver: RECEIVER })
const callback = '0xc0ffee' as Hex
const measure = [{ token: OUT, account: WHO }, { token: NATIVE, account: RECEIVER }]

const ok = (logs: SimulatedLog[] = []): SimulateTransactionReturnType => ({ status: 'success', gasUsed: 123_456n, amountsOut: [5n, 0n], blockNumber: 101n, returnData: '0x', logs })

/** A receiver event as the node reports it. */
function receiverLog(address: Address, eventName: 'CallbackRefunded' | 'CallbackExecuted', reason: Hex = '0x'): SimulatedLog {
  const messageId = `0x${'11'.repeat(32)}` as Hex
  const topics = encodeEventTopics({ abi: switchyardBridgeReceiverAbi, eventName, args: { messageId, token: USDC } } as never) as Hex[]
  const data = eventName === 'CallbackRefunded'
    ? encodeAbiParameters([{ type: 'uint256' }, { type: 'address' }, { type: 'bytes' }], [9n, OUT, reason])
    : encodeAbiParameters([{ type: 'uint256' }, { type: 'address' }], [9n, OUT])
  return { address, topics, data }
}

beforeEach(() => {
  sims.length = 0
  answer = ok()
})

describe('simulateBridgeCallback: Stargate', () => {
  test('lzCompose from the endpoint to our receiver, with the pool that delivers the token and the OFT compose message around the callback; what arrived is funded at our receiver', async () => {
    const out = await simulateBridgeCallback(chain, { blockNumber: 100n, route: route('stargate', USDC.toLowerCase() as Address), arrival: 777n, callback, value: 0n, srcEid: 30101, bridgeSender: SENDER, measure })
    expect(prepared.client).toBe(chain.client)
    expect(prepared.params).toEqual({ chainId: 8453, blockNumber: 100n, computedBalanceTokens: new Set(), from: RECEIVER, spender: undefined, inputs: [{ token: USDC.toLowerCase(), amount: 777n }], multicall3: book.multicall3 })
    expect(sims).toHaveLength(1)
    const sim = sims[0]!
    expect(sim).toMatchObject({ blockNumber: 100n, receiver: RECEIVER, tokensOut: [OUT, NATIVE], accounts: [WHO, RECEIVER], multicall3: book.multicall3, setup: [{ from: HOLDER, to: USDC, data: '0xa9059cbb' }] })
    // No value: the endpoint's override is the preparation's, untouched.
    expect(sim.overrides).toEqual({ [RECEIVER]: { balance: '0x1' }, [ENDPOINT]: ENDPOINT_OVERRIDE })
    expect(sim.tx).toMatchObject({ from: ENDPOINT, to: RECEIVER, value: 0n })
    const call = decodeFunctionData({ abi: switchyardBridgeReceiverAbi, data: sim.tx.data })
    expect(call.functionName).toBe('lzCompose')
    const [pool, guid, message, executor, extra] = call.args as [Address, Hex, Hex, Address, Hex]
    expect(pool).toBe(POOL_USDC)
    expect(guid).toMatch(/^0x[0-9a-f]{64}$/)
    expect(message).toBe(encodeOftComposeMessage({ nonce: 1n, srcEid: 30101, amountLD: 777n, composeFrom: SENDER, composeMsg: callback }).toLowerCase())
    expect([executor, extra]).toEqual([ENDPOINT, '0x'])
    // The call as simulated is kept (explained answers trace it): the same block, transaction, overrides and setup.
    expect(out).toEqual({ deltas: [5n, 0n], gasUsed: 123_456n, logs: [], refundedWith: undefined, call: { blockNumber: 100n, tx: sim.tx, overrides: sim.overrides, setup: sim.setup } })
  })

  test('native arriving: the native pool; a value to attach: the endpoint holds it plus 1 ETH for gas, its other overrides kept', async () => {
    await simulateBridgeCallback(chain, { blockNumber: 100n, route: route('stargate', NATIVE), arrival: 10n ** 18n, callback, value: 5_000n, srcEid: 30101, bridgeSender: SENDER, measure })
    const sim = sims[0]!
    expect((decodeFunctionData({ abi: switchyardBridgeReceiverAbi, data: sim.tx.data }).args as readonly unknown[])[0]).toBe(POOL_ETH)
    expect(sim.tx.value).toBe(5_000n)
    expect(sim.overrides![ENDPOINT]).toEqual({ ...ENDPOINT_OVERRIDE, balance: toHex(5_000n + 10n ** 18n) })
    expect(sim.overrides![RECEIVER]).toEqual({ balance: '0x1' })
  })

  test('a token with a pool that is not the first: that pool, not the native one', async () => {
    await simulateBridgeCallback(chain, { blockNumber: 100n, route: route('stargate', WETH), arrival: 1n, callback, value: 0n, srcEid: 30101, bridgeSender: SENDER, measure })
    expect((decodeFunctionData({ abi: switchyardBridgeReceiverAbi, data: sims[0]!.tx.data }).args as readonly unknown[])[0]).toBe(POOL_WETH)
  })
})

describe('simulateBridgeCallback: Across', () => {
  test('handleV3AcrossMessage from the spoke pool, with no value: the token, what arrived, the spoke pool as relayer, the callback', async () => {
    await simulateBridgeCallback(chain, { blockNumber: 100n, route: route('across', USDC), arrival: 999n, callback, value: 0n, srcEid: 30101, bridgeSender: SENDER, measure })
    const sim = sims[0]!
    expect(sim.tx).toMatchObject({ from: SPOKE, to: RECEIVER, value: 0n })
    const call = decodeFunctionData({ abi: switchyardBridgeReceiverAbi, data: sim.tx.data })
    expect(call.functionName).toBe('handleV3AcrossMessage')
    expect(call.args).toEqual([USDC, 999n, SPOKE, callback])
    expect(sim.overrides).toEqual({ [RECEIVER]: { balance: '0x1' }, [ENDPOINT]: ENDPOINT_OVERRIDE })
  })
})

describe('simulateBridgeCallback: what the simulation says', () => {
  const run = () => simulateBridgeCallback(chain, { blockNumber: 100n, route: route('across', USDC), arrival: 1n, callback, value: 0n, srcEid: 30101, bridgeSender: SENDER, measure })

  test('a refund by our receiver gives its reason; its other events, other contracts\' refunds and undecodable logs do not', async () => {
    const reason = '0xdeadbeef' as Hex
    const logs = [
      receiverLog(RECEIVER, 'CallbackExecuted'),
      receiverLog(at(0x999), 'CallbackRefunded', '0x0bad'),
      { address: RECEIVER, topics: [`0x${'22'.repeat(32)}` as Hex], data: '0x' as Hex },
      receiverLog(RECEIVER.toLowerCase() as Address, 'CallbackRefunded', reason),
      { address: RECEIVER, topics: [`0x${'33'.repeat(32)}` as Hex], data: '0x' as Hex },
    ]
    answer = ok(logs)
    const out = await run()
    expect(out.refundedWith).toBe(reason)
    expect(out.logs).toEqual(logs)
  })

  test('only a refund sets the reason: a receiver event after it does not clear it', async () => {
    answer = ok([receiverLog(RECEIVER, 'CallbackRefunded', '0x0bad'), receiverLog(RECEIVER, 'CallbackExecuted')])
    expect((await run()).refundedWith).toBe('0x0bad')
  })

  test('executed, or a refund by another contract only: no refund', async () => {
    answer = ok([receiverLog(RECEIVER, 'CallbackExecuted'), receiverLog(at(0x999), 'CallbackRefunded', '0x0bad')])
    expect((await run()).refundedWith).toBeUndefined()
  })

  test('a revert outside the receiver\'s try is an error with the node\'s message', async () => {
    answer = { status: 'reverted', gasUsed: 1n, revertData: undefined, message: 'NotSpokePool', blockNumber: 101n }
    await expect(run()).rejects.toThrowErrorMatchingInlineSnapshot(`[Error: the destination callback reverted outside its try: NotSpokePool]`)
  })
})
