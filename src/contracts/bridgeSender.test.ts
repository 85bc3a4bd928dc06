/**
 * SwitchyardBridgeSender's value accounting on the devnet's real Stargate V2 pools: a native pool takes the
 * amount from `msg.value`, the dust the pool's shared decimals cannot carry and any value past the fee come
 * back to the caller, too little value is refused before anything moves, and a caller that cannot take its
 * change makes the send revert rather than leave it in the sender. (The compose side: bridgeReceiver.test.ts.)
 */
import { type Address, type Hex, decodeErrorResult, encodeFunctionData, erc20Abi, parseEventLogs, toFunctionSelector, zeroHash } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startDevnet, type Devnet, type DevnetChain } from '../chain/devnet/startDevnet.js'
import { functionCall } from '../encoding/call.js'
import { Planner } from '../encoding/planner.js'
import { encodeBridgeCallback } from '../service/bridge/encodeBridgeCallback.js'
import { switchyardBridgeSenderAbi } from './generated/abis.js'
import { loadContractArtifact } from './loadContractArtifact.js'
import { weirollRunnerAbi } from './generated/testAbis.js'

const user: Address = '0x7a11000000000000000000000000000000000031'
const to: Address = '0x7a11000000000000000000000000000000000032'

let devnet: Devnet
let c1: DevnetChain['client']
let sender: Address
let nativePool: Address
let usdcPool: Address
let usdc: Address
let eid: number

beforeAll(async () => {
  devnet = await startDevnet({ chains: [1, 8453] })
  const chain = devnet.chains[1]!
  c1 = chain.client
  sender = (chain.addressBook.switchyard as unknown as { bridgeSender: Address }).bridgeSender
  nativePool = chain.addressBook.stargate!.pools.find((p) => p.native)!.pool
  usdcPool = chain.addressBook.stargate!.pools.find((p) => !p.native)!.pool
  usdc = chain.addressBook.tokens['USDC']!.address
  eid = devnet.chains[8453]!.addressBook.layerZero!.eid
  await devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 10n ** 20n })
  await devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 10n ** 12n })
  await c1.impersonateAccount({ address: user })
}, 180_000)
afterAll(async () => {
  await devnet?.stop()
})

const quote = (pool: Address, amount: bigint) => c1.readContract({ address: sender, abi: switchyardBridgeSenderAbi, functionName: 'quoteStargate', args: [pool, eid, to, amount, '0x'] })

/** Sends and returns what the user paid in native coin, gas excluded, and the amount the event says left. */
async function send(pool: Address, amount: bigint, value: bigint): Promise<{ paid: bigint; sent: bigint }> {
  const before = await c1.getBalance({ address: user })
  const hash = await c1.writeContract({ account: user, address: sender, abi: switchyardBridgeSenderAbi, functionName: 'sendStargate', args: [pool, eid, to, amount, 0n, '0x'], value, chain: c1.chain })
  const receipt = await c1.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  const [event] = parseEventLogs({ abi: switchyardBridgeSenderAbi, eventName: 'BridgeSent', logs: receipt.logs })
  const paid = before - (await c1.getBalance({ address: user })) - receipt.gasUsed * receipt.effectiveGasPrice
  return { paid, sent: event!.args.amountSentLD }
}

describe('SwitchyardBridgeSender value accounting (real Stargate V2 pools)', () => {
  test('native pool: the amount comes from msg.value; the dust and the value past fee + amount come back', async () => {
    const dust = 123n
    const amount = 10n ** 16n
    const fee = await quote(nativePool, amount + dust)
    const { paid, sent } = await send(nativePool, amount + dust, fee + amount + dust + 10n ** 15n)
    expect(sent).toBe(amount)
    expect(paid).toBe(fee + amount)
    expect(await c1.getBalance({ address: sender })).toBe(0n)
  })

  test('ERC-20 pool: value past the fee comes back; one wei short of the fee is refused before anything moves', async () => {
    const amount = 10n ** 6n
    const fee = await quote(usdcPool, amount)
    await c1.waitForTransactionReceipt({ hash: await c1.writeContract({ account: user, address: usdc, abi: erc20Abi, functionName: 'approve', args: [sender, amount], chain: c1.chain }) })
    await expect(c1.simulateContract({ account: user, address: sender, abi: switchyardBridgeSenderAbi, functionName: 'sendStargate', args: [usdcPool, eid, to, amount, 0n, '0x'], value: fee - 1n })).rejects.toThrow(/InsufficientValue/)
    const { paid, sent } = await send(usdcPool, amount, fee + 10n ** 15n)
    expect(sent).toBe(amount)
    expect(paid).toBe(fee)
    expect(await c1.getBalance({ address: sender })).toBe(0n)
  })

  test('an amount that is all dust (below what the shared decimals carry) is refused (ZeroAmount) before anything moves', async () => {
    const fee = await quote(nativePool, 10n ** 16n)
    await expect(
      c1.simulateContract({ account: user, address: sender, abi: switchyardBridgeSenderAbi, functionName: 'sendStargate', args: [nativePool, eid, to, 123n, 0n, '0x'], value: fee + 123n }),
    ).rejects.toThrow(/ZeroAmount/)
  })

  test('a compose message may ask for 10,000,000 callback gas, as the receiver accepts, and no more (InvalidCallback)', async () => {
    const amount = 10n ** 6n
    await c1.waitForTransactionReceipt({ hash: await c1.writeContract({ account: user, address: usdc, abi: erc20Abi, functionName: 'approve', args: [sender, amount], chain: c1.chain }) })
    const composeWith = (gasLimit: bigint) =>
      encodeBridgeCallback({ receiver: to, refundReceiver: to, gasLimit, value: 0n, tokensOut: [], minAmountsOut: [], accountId: zeroHash, requestId: zeroHash, commands: [], state: [] })
    const simulate = async (gasLimit: bigint) => {
      const composeMsg = composeWith(gasLimit)
      const fee = await c1.readContract({ address: sender, abi: switchyardBridgeSenderAbi, functionName: 'quoteStargate', args: [usdcPool, eid, to, amount, composeMsg] })
      return c1.simulateContract({ account: user, address: sender, abi: switchyardBridgeSenderAbi, functionName: 'sendStargate', args: [usdcPool, eid, to, amount, 0n, composeMsg], value: fee })
    }
    expect((await simulate(10_000_000n)).result).toBe(amount)
    await expect(simulate(10_000_001n)).rejects.toThrow(/InvalidCallback/)
  })

  test('a caller that cannot take its change (a contract without receive) makes the send revert RefundFailed', async () => {
    const { abi, bytecode } = loadContractArtifact('WeirollRunner')
    const deployed = await c1.waitForTransactionReceipt({ hash: await c1.deployContract({ account: user, abi, bytecode, chain: c1.chain }) })
    const runner = deployed.contractAddress!
    const amount = 10n ** 16n
    const fee = await quote(nativePool, amount)
    const plan = new Planner()
    plan.add(functionCall({ address: sender, abi: switchyardBridgeSenderAbi, functionName: 'sendStargate', args: [nativePool, eid, to, amount, 0n, '0x'] }).withValue(fee + amount + 1n))
    const { commands, state } = plan.plan()
    const data = encodeFunctionData({ abi: weirollRunnerAbi, functionName: 'execute', args: [commands, state] })
    const failure = await c1.call({ account: user, to: runner, data, value: fee + amount + 1n }).then(
      () => undefined,
      (error: { walk: (fn: (e: unknown) => boolean) => unknown }) => error.walk((e) => typeof (e as { data?: unknown }).data === 'string') as { data: Hex } | undefined,
    )
    expect(failure).toBeDefined()
    const decoded = decodeErrorResult({ abi: weirollRunnerAbi, data: failure!.data })
    expect(decoded.errorName).toBe('ExecutionFailed')
    expect(decoded.args?.[2]).toBe(toFunctionSelector('RefundFailed()'))
  })
})
