/**
 * SwitchyardBridgeReceiver's guards and accounting at their edges, on an anvil with our contracts: the
 * deployer plays the LayerZero endpoint and the Across spoke pool. Each case kills a mutant of
 * `npm run test:mutation:solidity` (test/mutation-solidity-survivors.md): `lzCompose` re-entry, a message
 * too short to carry its header, minimums without their tokens, native deliveries that carry value, a
 * minimum met exactly or only by what the receiver already held, refunds of one wei and refunds nobody can
 * take. (More receiver cases: bridgeReceiver.test.ts on the devnet's real bridges, guardEdges.test.ts.)
 */
import { type Address, type Hex, decodeErrorResult, encodeFunctionData, erc20Abi, pad, parseEther, parseEventLogs, zeroHash } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { Planner, addSweep, functionCall } from '../encoding/index.js'
import { encodeBridgeCallback, encodeOftComposeMessage, type BridgeCallback } from '../service/bridge/encodeBridgeCallback.js'
import { switchyardBridgeReceiverAbi } from './generated/abis.js'
import { mockVmTargetAbi, weirollRunnerAbi } from './generated/testAbis.js'
import { type ContractsTestEnv, NATIVE, expectRevert, setupContractsTestEnv } from './testing/contractsTestEnv.js'

let env: ContractsTestEnv
let snap: Hex
let bridge: Address
let runner: Address
let target: Address
const ids = { accountId: zeroHash, requestId: zeroHash }
/** Returns 32 zero bytes to any call: a "Stargate pool" whose `token()` is the native coin. */
const NATIVE_POOL: Address = '0x5a7e000000000000000000000000000000000ee1'

beforeAll(async () => {
  env = await setupContractsTestEnv()
  runner = await env.deploy('WeirollRunner')
  target = await env.deploy('MockVmTarget')
  await env.client.setCode({ address: NATIVE_POOL, bytecode: '0x60206000f3' })
  // `other` is "our sender", the only composeFrom accepted.
  bridge = await env.deploy('SwitchyardBridgeReceiver', [env.accounts.deployer, env.accounts.deployer, env.accounts.other, [NATIVE_POOL]])
})
afterAll(async () => {
  await env?.stop()
})
beforeEach(async () => {
  snap = await env.snapshot()
})
afterEach(async () => {
  await env.revert(snap)
})

function callback(plan: Planner, over: Partial<BridgeCallback> = {}): BridgeCallback {
  return { receiver: env.accounts.receiver, refundReceiver: env.accounts.refund, gasLimit: 1_000_000n, value: 0n, tokensOut: [], minAmountsOut: [], ...ids, ...plan.plan(), ...over }
}

function sweep(token: Address): Planner {
  const p = new Planner()
  addSweep(p, { helpers: env.contracts.helpers, token, receiver: env.accounts.receiver })
  return p
}

function failing(): Planner {
  const p = new Planner()
  p.add(functionCall({ address: target, abi: mockVmTargetAbi, functionName: 'fail', args: ['no'] }))
  return p
}

/** Our sender's OFT compose message: `amount` delivered, then the encoded callback. */
function composeMessage(cb: BridgeCallback, amount = 0n): Hex {
  return encodeOftComposeMessage({ nonce: 1n, srcEid: 30101, amountLD: amount, composeFrom: env.accounts.other, composeMsg: encodeBridgeCallback(cb) })
}

/** lzCompose calldata of a native Stargate delivery of `amount`. */
function compose(amount: bigint, cb: BridgeCallback): Hex {
  return encodeFunctionData({ abi: switchyardBridgeReceiverAbi, functionName: 'lzCompose', args: [NATIVE_POOL, pad('0x01'), composeMessage(cb, amount), env.accounts.deployer, '0x'] })
}

/** The native pool pays `amount` to the receiver, then the "endpoint" runs the compose with `attached`. */
async function deliverNative(amount: bigint, cb: BridgeCallback, attached = 0n): Promise<Hex> {
  // Mined before the compose is simulated: a send not yet in a block would leave the receiver without it.
  await env.send({ to: bridge, data: '0x', value: amount })
  return env.send({ to: bridge, data: compose(amount, cb), value: attached })
}

/** The "spoke pool" delivers `amount` of tokenA, then calls the Across handler. */
async function deliverAcross(amount: bigint, cb: BridgeCallback): Promise<Hex> {
  await env.write({ address: env.tokens.tokenA, abi: erc20Abi, functionName: 'transfer', args: [bridge, amount] })
  const data = encodeFunctionData({ abi: switchyardBridgeReceiverAbi, functionName: 'handleV3AcrossMessage', args: [env.tokens.tokenA, amount, env.accounts.deployer, encodeBridgeCallback(cb)] })
  return env.send({ to: bridge, data })
}

async function events(hash: Hex, address: Address = bridge) {
  const logs = (await env.client.getTransactionReceipt({ hash })).logs.filter((l) => l.address.toLowerCase() === address.toLowerCase())
  return parseEventLogs({ abi: switchyardBridgeReceiverAbi, logs })
}
const names = async (hash: Hex, address?: Address) => (await events(hash, address)).map((e) => e.eventName)
const receiverError = ({ raw }: { raw: Hex }) => decodeErrorResult({ abi: switchyardBridgeReceiverAbi, data: raw })

describe('bridge receiver: who may deliver, and what a message must carry', () => {
  test('lzCompose refuses re-entry: a callback that makes the endpoint compose again is refunded', async () => {
    // A receiver whose "endpoint" is a weiroll runner, so a callback plan can make the endpoint call lzCompose.
    const reentered = await env.deploy('SwitchyardBridgeReceiver', [runner, env.accounts.deployer, env.accounts.other, [NATIVE_POOL]])
    const composeVia = (guid: Hex, cb: BridgeCallback) => {
      const p = new Planner()
      p.add(functionCall({ address: reentered, abi: switchyardBridgeReceiverAbi, functionName: 'lzCompose', args: [NATIVE_POOL, guid, composeMessage(cb), env.accounts.deployer, '0x'] }))
      return p.plan()
    }
    const inner = composeVia(pad('0x02'), callback(new Planner()))
    const reenter = new Planner()
    reenter.add(functionCall({ address: runner, abi: weirollRunnerAbi, functionName: 'execute', args: [inner.commands, inner.state] }))
    const outer = composeVia(pad('0x01'), callback(reenter, { gasLimit: 3_000_000n }))
    const hash = await env.send({ to: runner, data: encodeFunctionData({ abi: weirollRunnerAbi, functionName: 'execute', args: [outer.commands, outer.state] }) })
    expect(await names(hash, reentered)).toEqual(['CallbackRefunded'])
  })

  test('a compose message shorter than its 76-byte header is refused (MalformedCompose)', async () => {
    const message = encodeOftComposeMessage({ nonce: 1n, srcEid: 30101, amountLD: 0n, composeFrom: env.accounts.other, composeMsg: '0x' }).slice(0, -2) as Hex
    const data = encodeFunctionData({ abi: switchyardBridgeReceiverAbi, functionName: 'lzCompose', args: [NATIVE_POOL, pad('0x01'), message, env.accounts.deployer, '0x'] })
    expect(receiverError(await expectRevert(env.send({ to: bridge, data }))).errorName).toBe('MalformedCompose')
  })

  test('minimums without their tokens (or tokens without minimums) are refused: the delivery is refunded', async () => {
    const before = await env.balanceOf(env.tokens.tokenA, env.accounts.refund)
    const hash = await deliverAcross(parseEther('5'), callback(sweep(env.tokens.tokenA), { tokensOut: [], minAmountsOut: [1n] }))
    const [event] = await events(hash)
    expect(event?.eventName).toBe('CallbackRefunded')
    expect(decodeErrorResult({ abi: switchyardBridgeReceiverAbi, data: (event!.args as { reason: Hex }).reason }).errorName).toBe('LengthMismatch')
    expect(await env.balanceOf(env.tokens.tokenA, env.accounts.refund)).toBe(before + parseEther('5'))
  })
})

describe('bridge receiver: what a callback gets and what counts as delivered', () => {
  test('a native delivery that carries value: the callback gets the amount and the value, and runs', async () => {
    const amount = parseEther('0.01')
    const attached = parseEther('0.002')
    const receiverBefore = await env.balanceOf(NATIVE, env.accounts.receiver)
    const bridgeBefore = await env.balanceOf(NATIVE, bridge)
    const hash = await deliverNative(amount, callback(sweep(NATIVE), { value: attached }), attached)
    expect(await names(hash)).toEqual(['CallbackExecuted'])
    expect(await env.balanceOf(NATIVE, env.accounts.receiver)).toBe(receiverBefore + amount + attached)
    expect(await env.balanceOf(NATIVE, bridge)).toBe(bridgeBefore)
  })

  test('a minimum counts the delta only, on top of what the receiver held: met exactly it runs, one more is refunded', async () => {
    const { tokenA } = env.tokens
    await env.write({ address: tokenA, abi: erc20Abi, functionName: 'transfer', args: [env.accounts.receiver, parseEther('10')] })
    const amount = parseEther('5')
    const exact = await deliverAcross(amount, callback(sweep(tokenA), { tokensOut: [tokenA], minAmountsOut: [amount] }))
    expect(await names(exact)).toEqual(['CallbackExecuted'])
    const short = await deliverAcross(amount, callback(sweep(tokenA), { tokensOut: [tokenA], minAmountsOut: [amount + 1n] }))
    expect(await names(short)).toEqual(['CallbackRefunded'])
  })
})

describe('bridge receiver: refunds', () => {
  test('a failed delivery of one wei with one wei attached refunds both', async () => {
    const before = await env.balanceOf(NATIVE, env.accounts.refund)
    const hash = await deliverNative(1n, callback(failing(), { value: 1n }), 1n)
    expect(await names(hash)).toEqual(['CallbackRefunded'])
    expect(await env.balanceOf(NATIVE, env.accounts.refund)).toBe(before + 2n)
  })

  test('a refund of nothing pays nothing: a failed delivery of zero completes even to a receiver that cannot take native', async () => {
    expect(await names(await deliverNative(0n, callback(failing(), { refundReceiver: target })))).toEqual(['CallbackRefunded'])
  })

  test('a refund receiver that cannot take native makes the delivery revert (TransferFailed), so it can be retried', async () => {
    const err = receiverError(await expectRevert(deliverNative(parseEther('0.01'), callback(failing(), { refundReceiver: target }))))
    expect(err.errorName).toBe('TransferFailed')
  })
})
