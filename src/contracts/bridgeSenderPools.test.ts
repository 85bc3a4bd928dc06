/**
 * SwitchyardBridgeSender against pools no real Stargate V2 pool resembles (FakeStargatePool, test-only): the
 * sender takes any pool its caller names, so what it does must hold whatever the pool does. A pool whose shared
 * decimals exceed the token's loses nothing to dust, a pool that sends part of its fee back pays the caller (the
 * refund address the sender names), never the sender, and a pool that calls sendStargate again during its own
 * send is refused. Each case kills a mutant of `npm run test:mutation:solidity`
 * (test/mutation-solidity-survivors.md); the real pools of the devnet: bridgeSender.test.ts.
 */
import { type Abi, type Address, type Hex, encodeFunctionData, parseEventLogs, toFunctionSelector, zeroAddress } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { switchyardBridgeSenderAbi } from './generated/abis.js'
import { loadContractArtifact } from './loadContractArtifact.js'
import { type ContractsTestEnv, NATIVE, setupContractsTestEnv } from './testing/contractsTestEnv.js'

let env: ContractsTestEnv
let snap: Hex
let sender: Address
const poolAbi = loadContractArtifact('FakeStargatePool').abi as Abi
/** The native fee every fake pool quotes. */
const FEE = 1_000n
const DST_EID = 30_184

beforeAll(async () => {
  env = await setupContractsTestEnv()
  sender = await env.deploy('SwitchyardBridgeSender')
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

/** A fake pool of the native coin (18 local decimals) with `sharedDecimals`. */
const nativePool = (sharedDecimals: number) => env.deploy('FakeStargatePool', [zeroAddress, sharedDecimals, FEE])

const sendData = (pool: Address, amount: bigint): Hex =>
  encodeFunctionData({ abi: switchyardBridgeSenderAbi, functionName: 'sendStargate', args: [pool, DST_EID, env.accounts.receiver, amount, 0n, '0x'] })

const readPool = (pool: Address, functionName: string) => env.client.readContract({ address: pool, abi: poolAbi, functionName }) as Promise<unknown>

/** The user sends `amount` through `pool` with exactly fee + amount; returns what left (the event) and what the user paid, gas excluded. */
async function send(pool: Address, amount: bigint): Promise<{ sent: bigint; paid: bigint }> {
  const { user } = env.accounts
  const before = await env.balanceOf(NATIVE, user)
  const hash = await env.send({ account: user, to: sender, data: sendData(pool, amount), value: FEE + amount })
  const receipt = await env.client.getTransactionReceipt({ hash })
  const [event] = parseEventLogs({ abi: switchyardBridgeSenderAbi, eventName: 'BridgeSent', logs: receipt.logs })
  const paid = before - (await env.balanceOf(NATIVE, user)) - receipt.gasUsed * receipt.effectiveGasPrice
  return { sent: event!.args.amountSentLD, paid }
}

describe('bridge sender: whatever the pool it is given does', () => {
  test("a pool whose shared decimals exceed the token's carries every unit: nothing is taken as dust", async () => {
    const pool = await nativePool(20)
    const amount = 10n ** 15n + 123n
    expect(await send(pool, amount)).toEqual({ sent: amount, paid: FEE + amount })
    expect(await readPool(pool, 'lastAmount')).toBe(amount)
    expect(await env.balanceOf(NATIVE, sender)).toBe(0n)
  })

  test('a pool that sends part of its fee back pays the caller (the refund address it is given), and the sender ends holding nothing', async () => {
    const pool = await nativePool(6)
    await env.write({ address: pool, abi: poolAbi, functionName: 'setRefund', args: [400n] })
    const amount = 10n ** 16n
    expect(await send(pool, amount)).toEqual({ sent: amount, paid: FEE + amount - 400n })
    expect(await readPool(pool, 'lastRefundAddress')).toBe(env.accounts.user)
    expect(await env.balanceOf(NATIVE, sender)).toBe(0n)
  })

  test('a pool that calls sendStargate again during its send is refused (ReentrancyGuardReentrantCall); the first send completes', async () => {
    const pool = await nativePool(6)
    const amount = 10n ** 16n
    // The pool re-enters with value of its own (the fee and amount it was just paid), through itself again.
    await env.write({ address: pool, abi: poolAbi, functionName: 'setReentry', args: [sendData(pool, amount), FEE + amount] })
    expect(await send(pool, amount)).toEqual({ sent: amount, paid: FEE + amount })
    expect([await readPool(pool, 'reentryOk'), await readPool(pool, 'reentryResult')]).toEqual([false, toFunctionSelector('ReentrancyGuardReentrantCall()')])
    expect(await env.balanceOf(NATIVE, sender)).toBe(0n)
  })
})
