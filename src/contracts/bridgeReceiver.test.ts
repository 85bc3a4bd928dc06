import { erc20Abi, keccak256, parseAbi, parseEventLogs, stringToHex, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { encodeBridgeCallback, encodeOftComposeMessage, type BridgeCallback } from '../service/bridge/encodeBridgeCallback.js'
import { startCrossChainHarness, type CrossChainHarness } from '../service/testing/startCrossChainHarness.js'
import { addSweep, addTransfer, addBalanceOfSelf } from '../encoding/planActions.js'
import { functionCall } from '../encoding/call.js'
import { Planner } from '../encoding/planner.js'
import { switchyardBridgeReceiverAbi, switchyardBridgeSenderAbi } from './generated/abis.js'

const user: Address = '0x7a11000000000000000000000000000000000021'
const attacker: Address = '0x7a11000000000000000000000000000000000022'
const BASE_VAULT: Address = '0x5a7e000000000000000000000000000000000001'
const endpointAbi = parseAbi([
  'function sendCompose(address to, bytes32 guid, uint16 index, bytes message)',
  'function lzCompose(address from, address to, bytes32 guid, uint16 index, bytes message, bytes extraData) payable',
  'event ComposeSent(address from, address to, bytes32 guid, uint16 index, bytes message)',
  'error LZ_ComposeNotFound(bytes32 expected, bytes32 actual)',
])
const vaultAbi = parseAbi(['function deposit(uint256 assets, address receiver) returns (uint256)'])
const poolAbi = parseAbi([
  'struct SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD; bytes extraOptions; bytes composeMsg; bytes oftCmd; }',
  'struct MessagingFee { uint256 nativeFee; uint256 lzTokenFee; }',
  'function quoteSend(SendParam sendParam, bool payInLzToken) view returns (MessagingFee)',
  'function send(SendParam sendParam, MessagingFee fee, address refundAddress) payable',
])

let h: CrossChainHarness
let base: CrossChainHarness['chains'][number]
let receiverContract: Address
let executor: Address
let sender: Address
let usdcPool1: Address
let usdcPool8453: Address
let usdc1: Address
let usdc8453: Address

beforeAll(async () => {
  h = await startCrossChainHarness(user)
  base = h.chains[8453]!
  const sy = base.addressBook.switchyard as Record<string, Address>
  receiverContract = sy['bridgeReceiver']!
  executor = sy['bridgeReceiverExecutor']!
  sender = sy['bridgeSender']!
  usdc1 = h.tok(1, 'USDC')
  usdc8453 = h.tok(8453, 'USDC')
  usdcPool1 = h.chains[1]!.addressBook.stargate!.pools.find((p) => !p.native)!.pool
  usdcPool8453 = base.addressBook.stargate!.pools.find((p) => !p.native)!.pool
  for (const who of [user, attacker]) {
    await h.devnet.fund({ chainId: 1, address: who, token: 'USDC', amount: 100_000n * 10n ** 6n })
    await h.devnet.fund({ chainId: 8453, address: who, token: 'ETH', amount: 10n ** 20n })
    await h.devnet.fund({ chainId: 1, address: who, token: 'ETH', amount: 10n ** 20n })
    await base.client.impersonateAccount({ address: who })
    await h.chains[1]!.client.impersonateAccount({ address: who })
  }
}, 180_000)
afterAll(async () => {
  await h?.stop()
})

const helpersOf = () => (base.addressBook.switchyard as unknown as { helpers: { balance: Address; math: Address; check: Address } }).helpers

/** A callback (plan built here) with the shortcut ids of a test. */
function callback(plan: (p: Planner) => void, over: Partial<BridgeCallback> = {}): Hex {
  const planner = new Planner()
  plan(planner)
  const { commands, state } = planner.plan()
  return encodeBridgeCallback({ receiver: user, refundReceiver: user, gasLimit: 500_000n, value: 0n, tokensOut: [], minAmountsOut: [], accountId: `0x${'55'.repeat(32)}`, requestId: `0x${'66'.repeat(32)}`, commands, state, ...over })
}

/** Sends `amount` USDC from chain 1 to our receiver on Base through our sender with `composeMsg`; returns the source tx. */
async function sendThroughSender(from: Address, amount: bigint, composeMsg: Hex): Promise<Hex> {
  const c1 = h.chains[1]!.client
  const eid = base.addressBook.layerZero!.eid
  const fee = await c1.readContract({ address: sender, abi: switchyardBridgeSenderAbi, functionName: 'quoteStargate', args: [usdcPool1, eid, receiverContract, amount, composeMsg] })
  await c1.waitForTransactionReceipt({ hash: await c1.writeContract({ account: from, address: usdc1, abi: erc20Abi, functionName: 'approve', args: [sender, amount], chain: c1.chain }) })
  const hash = await c1.writeContract({ account: from, address: sender, abi: switchyardBridgeSenderAbi, functionName: 'sendStargate', args: [usdcPool1, eid, receiverContract, amount, 0n, composeMsg], value: fee, chain: c1.chain })
  expect((await c1.waitForTransactionReceipt({ hash })).status).toBe('success')
  return hash
}

async function receiverEvents(fromBlock: bigint) {
  if ((await base.client.getBlockNumber({ cacheTime: 0 })) < fromBlock) return []
  return parseEventLogs({ abi: switchyardBridgeReceiverAbi, logs: await base.client.getLogs({ address: receiverContract, fromBlock }) })
}

/** Parks USDC in our receiver as another message's tokens awaiting their compose would sit there. */
async function parkInFlight(amount: bigint): Promise<void> {
  await h.devnet.fund({ chainId: 8453, address: receiverContract, token: 'USDC', amount })
}

describe('SwitchyardBridgeReceiver under attack (THREATS X1–X7), on the devnet with real Stargate and LayerZero', () => {
  test('X1 forged compose: a compose queued by anyone but a Stargate pool is refused; in-flight tokens stay', async () => {
    await parkInFlight(5_000_000n)
    const before = await h.balance(8453, usdc8453, receiverContract)
    const steal = callback((p) => addTransfer(p, { token: usdc8453, receiver: attacker, amount: 5_000_000n }))
    const message = encodeOftComposeMessage({ nonce: 1n, srcEid: 30101, amountLD: 5_000_000n, composeFrom: sender, composeMsg: steal })
    const guid = keccak256(stringToHex('forged'))
    const endpoint = base.addressBook.layerZero!.endpoint
    await base.client.waitForTransactionReceipt({ hash: await base.client.writeContract({ account: attacker, address: endpoint, abi: endpointAbi, functionName: 'sendCompose', args: [receiverContract, guid, 0, message], chain: base.client.chain }) })
    await expect(base.client.simulateContract({ account: attacker, address: endpoint, abi: [...endpointAbi, ...switchyardBridgeReceiverAbi], functionName: 'lzCompose', args: [attacker, receiverContract, guid, 0, message, '0x'] })).rejects.toThrow(/UntrustedPool/)
    expect(await h.balance(8453, usdc8453, receiverContract)).toBe(before)
    expect(await h.balance(8453, usdc8453, attacker)).toBe(0n)
  })

  test('X2 direct call: lzCompose from anyone but the endpoint, and the Across handler from anyone but the spoke pool, revert', async () => {
    const message = encodeOftComposeMessage({ nonce: 1n, srcEid: 30101, amountLD: 1n, composeFrom: sender, composeMsg: callback(() => {}) })
    await expect(base.client.simulateContract({ account: attacker, address: receiverContract, abi: switchyardBridgeReceiverAbi, functionName: 'lzCompose', args: [usdcPool8453, keccak256('0x01'), message, attacker, '0x'] })).rejects.toThrow(/NotEndpoint/)
    await expect(base.client.simulateContract({ account: attacker, address: receiverContract, abi: switchyardBridgeReceiverAbi, functionName: 'handleV3AcrossMessage', args: [usdc8453, 1n, attacker, callback(() => {})] })).rejects.toThrow(/NotSpokePool/)
    await expect(base.client.simulateContract({ account: attacker, address: receiverContract, abi: switchyardBridgeReceiverAbi, functionName: 'runCallback', args: [usdc8453, 1n, { receiver: attacker, refundReceiver: attacker, gasLimit: 1n, value: 0n, tokensOut: [], minAmountsOut: [], accountId: `0x${'00'.repeat(32)}`, requestId: `0x${'00'.repeat(32)}`, commands: [], state: [] }] })).rejects.toThrow(/NotSelf/)
  })

  test('X3 message from another sender: a taxi with a compose sent straight to the pool (not through our sender) never runs', async () => {
    await parkInFlight(7_000_000n)
    const from = await base.client.getBlockNumber()
    const c1 = h.chains[1]!.client
    const steal = callback((p) => addSweep(p, { helpers: helpersOf(), token: usdc8453, receiver: attacker }))
    const param = { dstEid: base.addressBook.layerZero!.eid, to: `0x${'00'.repeat(12)}${receiverContract.slice(2)}` as Hex, amountLD: 1_000_000n, minAmountLD: 0n, extraOptions: '0x' as Hex, composeMsg: steal, oftCmd: '0x' as Hex }
    const fee = await c1.readContract({ address: usdcPool1, abi: poolAbi, functionName: 'quoteSend', args: [param, false] })
    await c1.waitForTransactionReceipt({ hash: await c1.writeContract({ account: attacker, address: usdc1, abi: erc20Abi, functionName: 'approve', args: [usdcPool1, 1_000_000n], chain: c1.chain }) })
    const inFlight = await h.balance(8453, usdc8453, receiverContract)
    await c1.waitForTransactionReceipt({ hash: await c1.writeContract({ account: attacker, address: usdcPool1, abi: poolAbi, functionName: 'send', args: [param, fee, attacker], value: fee.nativeFee, chain: c1.chain }) })
    // The packet is delivered (the pool pays our receiver); the compose reverts UntrustedSender every time.
    await h.until(async () => (await h.balance(8453, usdc8453, receiverContract)) > inFlight)
    await h.relayer.tick()
    await h.relayer.tick()
    expect(await receiverEvents(from + 1n)).toHaveLength(0)
    expect(await h.balance(8453, usdc8453, attacker)).toBe(0n)
  })

  test('X4 replay: a delivered compose cannot run again, through the endpoint or by impersonating it', async () => {
    const from = await base.client.getBlockNumber()
    const arriving = 2_000_000n
    const deposit = callback((p) => {
      const bal = addBalanceOfSelf(p, { helpers: helpersOf(), token: usdc8453 })
      p.add(functionCall({ address: usdc8453, abi: erc20Abi, functionName: 'approve', args: [BASE_VAULT, bal] }))
      p.add(functionCall({ address: BASE_VAULT, abi: vaultAbi, functionName: 'deposit', args: [bal, user] }))
    }, { tokensOut: [BASE_VAULT], minAmountsOut: [1n] })
    await sendThroughSender(user, arriving, deposit)
    await h.until(async () => (await receiverEvents(from + 1n)).length > 0)
    const [executed] = await receiverEvents(from + 1n)
    expect(executed!.eventName).toBe('CallbackExecuted')
    const endpoint = base.addressBook.layerZero!.endpoint
    const [compose] = parseEventLogs({ abi: endpointAbi, eventName: 'ComposeSent', logs: await base.client.getLogs({ address: endpoint, fromBlock: from + 1n }) })
    const { from: pool, guid, index, message } = compose!.args
    await expect(base.client.simulateContract({ account: attacker, address: endpoint, abi: endpointAbi, functionName: 'lzCompose', args: [pool, receiverContract, guid, index, message, '0x'] })).rejects.toThrow(/LZ_ComposeNotFound/)
    await base.client.impersonateAccount({ address: endpoint })
    await h.devnet.fund({ chainId: 8453, address: endpoint, token: 'ETH', amount: 10n ** 18n })
    await expect(base.client.simulateContract({ account: endpoint, address: receiverContract, abi: switchyardBridgeReceiverAbi, functionName: 'lzCompose', args: [pool, guid, message, endpoint, '0x'] })).rejects.toThrow(/AlreadyHandled/)
  })

  test('X5 a callback that tries to keep the tokens (leaves them in the executor, or sends them back into the receiver) is refunded in full', async () => {
    for (const keep of [
      callback(() => {}),
      callback((p) => addSweep(p, { helpers: helpersOf(), token: usdc8453, receiver: receiverContract })),
    ]) {
      const from = await base.client.getBlockNumber()
      const userBefore = await h.balance(8453, usdc8453, user)
      const receiverBefore = await h.balance(8453, usdc8453, receiverContract)
      await sendThroughSender(user, 3_000_000n, keep)
      await h.until(async () => (await receiverEvents(from + 1n)).length > 0)
      const [event] = await receiverEvents(from + 1n)
      expect(event!.eventName).toBe('CallbackRefunded')
      const amount = (event!.args as { amount: bigint }).amount
      expect((await h.balance(8453, usdc8453, user)) - userBefore).toBe(amount)
      expect(await h.balance(8453, usdc8453, executor)).toBe(0n)
      expect(await h.balance(8453, usdc8453, receiverContract)).toBe(receiverBefore)
    }
  })

  test('X6 a callback that runs out of its callbackGasLimit is refunded exactly what arrived', async () => {
    const from = await base.client.getBlockNumber()
    const userBefore = await h.balance(8453, usdc8453, user)
    const sharesBefore = await h.balance(8453, BASE_VAULT, user)
    const hungry = callback((p) => {
      const bal = addBalanceOfSelf(p, { helpers: helpersOf(), token: usdc8453 })
      p.add(functionCall({ address: usdc8453, abi: erc20Abi, functionName: 'approve', args: [BASE_VAULT, bal] }))
      p.add(functionCall({ address: BASE_VAULT, abi: vaultAbi, functionName: 'deposit', args: [bal, user] }))
    }, { gasLimit: 40_000n })
    const hash = await sendThroughSender(user, 4_000_000n, hungry)
    const sent = parseEventLogs({ abi: parseAbi(['event OFTSent(bytes32 indexed guid, uint32 dstEid, address indexed fromAddress, uint256 amountSentLD, uint256 amountReceivedLD)']), logs: (await h.chains[1]!.client.getTransactionReceipt({ hash })).logs })
    const arrived = sent[0]!.args.amountReceivedLD
    await h.until(async () => (await receiverEvents(from + 1n)).length > 0)
    const [event] = await receiverEvents(from + 1n)
    expect(event!.eventName).toBe('CallbackRefunded')
    expect((event!.args as { amount: bigint }).amount).toBe(arrived)
    expect((await h.balance(8453, usdc8453, user)) - userBefore).toBe(arrived)
    expect(await h.balance(8453, BASE_VAULT, user)).toBe(sharesBefore)
  })

  test('X7 the sender refuses a compose message that is not a callback, while the tokens are still the sender\'s', async () => {
    const c1 = h.chains[1]!.client
    await expect(c1.simulateContract({ account: user, address: sender, abi: switchyardBridgeSenderAbi, functionName: 'sendStargate', args: [usdcPool1, base.addressBook.layerZero!.eid, receiverContract, 1_000_000n, 0n, '0xdeadbeef'], value: 10n ** 16n })).rejects.toThrow(/InvalidCallback/)
    const tooHungry = callback(() => {}, { gasLimit: 20_000_000n })
    await expect(c1.simulateContract({ account: user, address: sender, abi: switchyardBridgeSenderAbi, functionName: 'sendStargate', args: [usdcPool1, base.addressBook.layerZero!.eid, receiverContract, 1_000_000n, 0n, tooHungry], value: 10n ** 16n })).rejects.toThrow(/InvalidCallback/)
  })
})
