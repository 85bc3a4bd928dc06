import { createPublicClient, erc20Abi, getAddress, http, pad, zeroAddress, type Address, type Hash, type Hex, type PublicClient } from 'viem'
import { advanceDevnetClock } from '../chain/devnet/advanceDevnetClock.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { StargatePoolEntry } from '../chain/addressBook.js'
import { devnetDeployer } from '../chain/devnet/createDevnetClient.js'
import { getLayerZeroPacketsSent } from '../chain/devnet/decodeLayerZeroPacket.js'
import { devnetLayerZeroRelayer } from '../chain/devnet/deployLayerZero.js'
import { loadProtocolArtifact } from '../chain/devnet/protocolArtifacts.js'
import { getLayerZeroComposesSent, relayLayerZeroCompose } from '../chain/devnet/relayLayerZeroCompose.js'
import { relayLayerZeroPacket } from '../chain/devnet/relayLayerZeroPacket.js'
import type { DevnetChain } from '../chain/devnet/devnetChain.js'
import { acrossSpokePoolAbi } from '../chain/devnet/acrossSpokePoolAbi.js'
import { decodeAcrossDeposits } from '../chain/devnet/decodeAcrossDeposits.js'
import { deployAcross, type AcrossEntry } from '../chain/devnet/deployAcross.js'
import { fillAcrossDeposit } from '../chain/devnet/fillAcrossDeposit.js'
import { switchyardBridgeSenderAbi } from '../contracts/generated/abis.js'
import { deployBridgeReceiver } from '../contracts/deployBridgeReceiver.js'
import { Planner, addSweep, type SwitchyardHelperAddresses } from '../encoding/index.js'
import { encodeBridgeCallback, type BridgeCallback } from './bridge/encodeBridgeCallback.js'
import { getBridgeStatus } from './getBridgeStatus.js'
import { startServiceOnDevnet } from './testing/startServiceOnDevnet.js'

const poolAbi = loadProtocolArtifact('StargatePool').abi
const alice: Address = '0x00000000000000000000000000000000000a11ce'
const bob: Address = getAddress('0x0000000000000000000000000000000000010b0b')
const carol: Address = getAddress('0x00000000000000000000000000000000000ca201')

let s: Awaited<ReturnType<typeof startServiceOnDevnet>>
let src: DevnetChain
let dst: DevnetChain
let usdc1: StargatePoolEntry
let usdcBase: Address
let receiver: Address

beforeAll(async () => {
  s = await startServiceOnDevnet({ chains: [1, 8453] })
  src = s.devnet.chains[1]!
  dst = s.devnet.chains[8453]!
  usdc1 = src.addressBook.stargate!.pools.find((p) => p.symbol === 'USDC')!
  usdcBase = dst.addressBook.tokens.USDC!.address
  // The devnet build does not deploy our destination receiver everywhere yet: deploy it where it is missing.
  const sy = dst.addressBook.switchyard as Record<string, unknown>
  if (typeof sy.bridgeReceiver !== 'string') {
    Object.assign(sy, await deployBridgeReceiver(dst.client, {
      endpoint: dst.addressBook.layerZero!.endpoint,
      spokePool: zeroAddress,
      bridgeSender: src.addressBook.switchyard!.bridgeSender as Address,
      stargatePools: dst.addressBook.stargate!.pools.map((p) => p.pool),
      account: devnetDeployer,
    }))
  }
  receiver = sy.bridgeReceiver as Address
  await s.devnet.fund({ chainId: 1, address: alice, token: 'ETH', amount: 10n ** 19n })
  await s.devnet.fund({ chainId: 1, address: alice, token: 'USDC', amount: 10_000n * 10n ** 6n })
  await src.client.impersonateAccount({ address: alice })
}, 120_000)
afterAll(async () => {
  await s?.stop()
})

async function mined(chain: DevnetChain, hash: Hash) {
  const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  expect(receipt.status).toBe('success')
  return receipt
}

const status = (txHash: string, bridgeProtocol = 'stargate', chainId = 1) => getBridgeStatus(s.ctx, { bridgeProtocol, chainId, txHash })

/** Relays the source transaction's packet to chain 8453; returns the lzReceive transaction and the compose it queued, if any. */
async function relayPacket(txHash: Hash) {
  const { logs } = await src.client.getTransactionReceipt({ hash: txHash })
  const [packet] = getLayerZeroPacketsSent({ logs, endpoint: src.addressBook.layerZero!.endpoint })
  const lz = dst.addressBook.layerZero!
  const { deliverHash } = await relayLayerZeroPacket(dst.client, { encodedPacket: packet!.encoded, endpoint: lz.endpoint, receiveLib: lz.receiveLib, relayer: devnetLayerZeroRelayer })
  const [compose] = getLayerZeroComposesSent({ logs: (await dst.client.getTransactionReceipt({ hash: deliverHash })).logs, endpoint: lz.endpoint })
  return { deliverHash, compose }
}

/** Alice sends `amount` USDC from chain 1 to our receiver on 8453 through our bridge sender, with `callback` as the compose. */
async function sendWithCallback(amount: bigint, callback: BridgeCallback): Promise<Hash> {
  const sender = src.addressBook.switchyard!.bridgeSender as Address
  const composeMsg = encodeBridgeCallback(callback)
  const dstEid = dst.addressBook.layerZero!.eid
  await mined(src, await src.client.writeContract({ address: usdc1.token, abi: erc20Abi, functionName: 'approve', args: [sender, amount], account: alice, chain: src.client.chain }))
  const fee = await src.client.readContract({ address: sender, abi: switchyardBridgeSenderAbi, functionName: 'quoteStargate', args: [usdc1.pool, dstEid, receiver, amount, composeMsg] })
  const hash = await src.client.writeContract({
    address: sender, abi: switchyardBridgeSenderAbi, functionName: 'sendStargate', args: [usdc1.pool, dstEid, receiver, amount, 0n, composeMsg], value: fee, account: alice, chain: src.client.chain,
  })
  await mined(src, hash)
  return hash
}

const callback = (over: Partial<BridgeCallback>): BridgeCallback => ({
  receiver: bob, refundReceiver: carol, gasLimit: 500_000n, value: 0n, tokensOut: [], minAmountsOut: [],
  accountId: pad('0xacc0', { size: 32 }), requestId: pad('0x4e9', { size: 32 }), commands: [], state: [], ...over,
})

describe('getBridgeStatus on the devnet (chains 1 and 8453)', () => {
  test('a Stargate taxi straight to the pool: inflight until the packet is relayed, then delivered with the relay transaction', async () => {
    const amount = 1_000n * 10n ** 6n
    const send = { dstEid: dst.addressBook.layerZero!.eid, to: pad(bob), amountLD: amount, minAmountLD: 0n, extraOptions: '0x' as Hex, composeMsg: '0x' as Hex, oftCmd: '0x' as Hex }
    const fee = (await src.client.readContract({ address: usdc1.pool, abi: poolAbi, functionName: 'quoteSend', args: [send, false] })) as { nativeFee: bigint; lzTokenFee: bigint }
    await mined(src, await src.client.writeContract({ address: usdc1.token, abi: erc20Abi, functionName: 'approve', args: [usdc1.pool, amount], account: alice, chain: src.client.chain }))
    const hash = await src.client.writeContract({ address: usdc1.pool, abi: poolAbi, functionName: 'send', args: [send, fee, alice], value: fee.nativeFee, account: alice, chain: src.client.chain } as never)
    await mined(src, hash)

    const inflight = { sourceChainId: 1, sourceTxHash: hash, destinationChainId: 8453, status: 'inflight' }
    expect(await status(hash)).toEqual(inflight)
    expect(await status(hash, 'layerzero')).toEqual(inflight)

    const { deliverHash, compose } = await relayPacket(hash)
    expect(compose).toBeUndefined()
    expect(await status(hash)).toEqual({ ...inflight, status: 'delivered', destinationTxHash: deliverHash })
    expect(await dst.client.readContract({ address: usdcBase, abi: erc20Abi, functionName: 'balanceOf', args: [bob] })).toBeGreaterThan(amount * 99n / 100n)
  })

  test('through our sender with a callback: inflight until the compose runs; the callback pays bob → delivered with our events', async () => {
    const before = await dst.client.readContract({ address: usdcBase, abi: erc20Abi, functionName: 'balanceOf', args: [bob] })
    const planner = new Planner()
    addSweep(planner, { helpers: (dst.addressBook.switchyard as unknown as { helpers: SwitchyardHelperAddresses }).helpers, token: usdcBase, receiver: bob })
    const { commands, state } = planner.plan()
    const hash = await sendWithCallback(2_000n * 10n ** 6n, callback({ commands, state }))

    const first = await status(hash)
    expect(first).toMatchObject({ sourceChainId: 1, sourceTxHash: hash, destinationChainId: 8453, status: 'inflight' })
    expect(first.destinationTxHash).toBeUndefined()
    expect(first.ensoSourceEvent).toMatchObject({
      chainId: 1, transactionHash: hash, success: true,
      bridgeSent: { pool: usdc1.pool, dstEid: dst.addressBook.layerZero!.eid, to: receiver, amountSentLD: String(2_000n * 10n ** 6n), nativeFee: expect.stringMatching(/^[0-9]+$/) },
    })

    const { deliverHash, compose } = await relayPacket(hash)
    expect(compose?.to).toBe(receiver)
    // The tokens reached our receiver, but the callback has not run: still in flight, at the lzReceive.
    expect(await status(hash)).toMatchObject({ status: 'inflight', destinationTxHash: deliverHash })

    const composeHash = await relayLayerZeroCompose(dst.client, { ...compose!, relayer: devnetLayerZeroRelayer, gas: 3_000_000n })
    const done = await status(hash)
    const paid = (await dst.client.readContract({ address: usdcBase, abi: erc20Abi, functionName: 'balanceOf', args: [bob] })) - before
    expect(paid).toBeGreaterThan(0n)
    expect(done).toMatchObject({ status: 'delivered', destinationChainId: 8453, destinationTxHash: composeHash })
    expect(done.error).toBeUndefined()
    expect(done.ensoDestinationEvent).toEqual({
      event: 'CallbackExecuted', chainId: 8453, transactionHash: composeHash, blockNumber: expect.any(Number), messageId: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      token: usdcBase, amount: paid.toString(), receiver: bob, success: true, accountId: pad('0xacc0', { size: 32 }), requestId: pad('0x4e9', { size: 32 }),
    })
  })

  test('a callback that keeps the tokens is refunded: failed, with the refund in the error and the event', async () => {
    const hash = await sendWithCallback(500n * 10n ** 6n, callback({}))
    const { compose } = await relayPacket(hash)
    const composeHash = await relayLayerZeroCompose(dst.client, { ...compose!, relayer: devnetLayerZeroRelayer, gas: 3_000_000n })
    const refunded = await dst.client.readContract({ address: usdcBase, abi: erc20Abi, functionName: 'balanceOf', args: [carol] })
    expect(refunded).toBeGreaterThan(0n)
    const answer = await status(hash, 'layerzero')
    expect(answer).toMatchObject({ status: 'failed', destinationChainId: 8453, destinationTxHash: composeHash })
    expect(answer.error).toBe(`callback reverted; refunded ${refunded} of ${usdcBase} to ${carol} (CallbackKeptTokens(${usdcBase}, ${refunded}))`)
    expect(answer.ensoDestinationEvent).toMatchObject({
      event: 'CallbackRefunded', success: false, error: `CallbackKeptTokens(${usdcBase}, ${refunded})`,
      refundDetails: { token: usdcBase, amount: refunded.toString(), recipient: carol, isNative: false },
    })
  })

  test('an unknown hash is pending; a transaction without a packet is unknown; a reverted one failed', async () => {
    const garbage = `0x${'5a'.repeat(32)}`
    expect(await status(garbage)).toEqual({ sourceChainId: 1, sourceTxHash: garbage, status: 'pending' })
    expect(await status(garbage, 'across', 8453)).toEqual({ sourceChainId: 8453, sourceTxHash: garbage, status: 'pending' })

    const approve = await src.client.writeContract({ address: usdc1.token, abi: erc20Abi, functionName: 'approve', args: [usdc1.pool, 1n], account: alice, chain: src.client.chain })
    await mined(src, approve)
    expect(await status(approve)).toEqual({ sourceChainId: 1, sourceTxHash: approve, status: 'unknown', error: 'The transaction sent no LayerZero packet (no PacketSent from the endpoint).' })
    expect(await status(approve, 'across')).toMatchObject({ status: 'unknown', error: expect.stringMatching(/Across/) })

    // A send without its messaging fee reverts; an explicit gas limit skips estimation so it is mined.
    const send = { dstEid: dst.addressBook.layerZero!.eid, to: pad(bob), amountLD: 10n ** 6n, minAmountLD: 0n, extraOptions: '0x' as Hex, composeMsg: '0x' as Hex, oftCmd: '0x' as Hex }
    const reverted = await src.client.writeContract({ address: usdc1.pool, abi: poolAbi, functionName: 'send', args: [send, { nativeFee: 100n, lzTokenFee: 0n }, alice], value: 0n, gas: 500_000n, account: alice, chain: src.client.chain } as never)
    expect((await src.client.waitForTransactionReceipt({ hash: reverted, pollingInterval: 20 })).status).toBe('reverted')
    expect(await status(reverted)).toMatchObject({ sourceChainId: 1, sourceTxHash: reverted, status: 'failed', error: expect.stringMatching(/^The source transaction reverted/) })
  })

  test('bad requests and unserved chains are typed errors', async () => {
    await expect(status(`0x${'5a'.repeat(32)}`, 'stargate', 10)).rejects.toMatchObject({ code: 'UNSUPPORTED_CHAIN' })
    await expect(status('0x1234')).rejects.toMatchObject({ code: 'INVALID_TX_HASH' })
    await expect(status(`0x${'5a'.repeat(32)}`, 'ccip')).rejects.toMatchObject({ code: 'BRIDGE_NOT_SUPPORTED' })
  })

  test('a node that is down → UPSTREAM_UNAVAILABLE naming that chain (source or destination)', async () => {
    const dead = createPublicClient({ transport: http('http://127.0.0.1:1', { retryCount: 0 }) }) as PublicClient
    const sourceDown = { ...s.ctx, chains: { ...s.ctx.chains, 1: { ...s.ctx.chains[1]!, client: dead } } }
    await expect(getBridgeStatus(sourceDown, { bridgeProtocol: 'stargate', chainId: 1, txHash: `0x${'5a'.repeat(32)}` })).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', shortMessage: 'The node for chain 1 is unavailable.' })
    const amount = 10n ** 6n
    const send = { dstEid: dst.addressBook.layerZero!.eid, to: pad(bob), amountLD: amount, minAmountLD: 0n, extraOptions: '0x' as Hex, composeMsg: '0x' as Hex, oftCmd: '0x' as Hex }
    const fee = (await src.client.readContract({ address: usdc1.pool, abi: poolAbi, functionName: 'quoteSend', args: [send, false] })) as { nativeFee: bigint; lzTokenFee: bigint }
    await mined(src, await src.client.writeContract({ address: usdc1.token, abi: erc20Abi, functionName: 'approve', args: [usdc1.pool, amount], account: alice, chain: src.client.chain }))
    const hash = await src.client.writeContract({ address: usdc1.pool, abi: poolAbi, functionName: 'send', args: [send, fee, alice], value: fee.nativeFee, account: alice, chain: src.client.chain } as never)
    await mined(src, hash)
    const destinationDown = { ...s.ctx, chains: { ...s.ctx.chains, 8453: { ...s.ctx.chains[8453]!, client: dead } } }
    await expect(getBridgeStatus(destinationDown, { bridgeProtocol: 'stargate', chainId: 1, txHash: hash })).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', shortMessage: 'The node for chain 8453 is unavailable.' })
  })
})

describe('getBridgeStatus for Across on the devnet', () => {
  const acrossOf = (chain: DevnetChain) => (chain.addressBook as { across?: AcrossEntry }).across
  beforeAll(async () => {
    // Across joins the devnet build separately: deploy it where the address book has none yet.
    for (const [chain, remote] of [[src, dst], [dst, src]] as const) {
      if (acrossOf(chain)) continue
      const entry = await deployAcross(chain.client, {
        book: chain.addressBook,
        routes: [{ token: chain.addressBook.tokens.USDC!.address, destinationChainId: remote.chainId, outputToken: remote.addressBook.tokens.USDC!.address }],
      })
      Object.assign(chain.addressBook, { across: entry })
    }
  }, 120_000)

  /** Alice deposits `amount` USDC on chain 1 for bob on 8453; `deadline` seconds to fill. */
  async function deposit(amount: bigint, deadline: number): Promise<Hash> {
    const spokePool = acrossOf(src)!.spokePool
    await mined(src, await src.client.writeContract({ address: usdc1.token, abi: erc20Abi, functionName: 'approve', args: [spokePool, amount], account: alice, chain: src.client.chain }))
    const [origin, destination] = await Promise.all([src.client.getBlock(), dst.client.getBlock()])
    const now = Number(origin.timestamp > destination.timestamp ? origin.timestamp : destination.timestamp)
    const hash = await src.client.writeContract({
      address: spokePool, abi: acrossSpokePoolAbi, functionName: 'depositV3',
      args: [alice, bob, usdc1.token, usdcBase, amount, amount - amount / 1000n, 8453n, zeroAddress, Number(origin.timestamp), now + deadline, 0, '0x'],
      account: alice, chain: src.client.chain,
    })
    await mined(src, hash)
    return hash
  }

  test('a deposit is inflight until the relayer fills it, then delivered with the fill transaction', async () => {
    const hash = await deposit(300n * 10n ** 6n, 3600)
    expect(await status(hash, 'across')).toEqual({ sourceChainId: 1, sourceTxHash: hash, destinationChainId: 8453, status: 'inflight' })
    // Across is not LayerZero: the same transaction has no packet.
    expect(await status(hash, 'stargate')).toMatchObject({ status: 'unknown' })
    const [d] = decodeAcrossDeposits({ logs: (await src.client.getTransactionReceipt({ hash })).logs, originChainId: 1, spokePool: acrossOf(src)!.spokePool })
    const fillHash = await fillAcrossDeposit(dst.client, { deposit: d!, spokePool: acrossOf(dst)!.spokePool, relayer: acrossOf(dst)!.relayer })
    expect(fillHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await status(hash, 'across')).toEqual({ sourceChainId: 1, sourceTxHash: hash, destinationChainId: 8453, destinationTxHash: fillHash, status: 'delivered' })
  })

  test('a deposit left unfilled past its deadline is failed', async () => {
    const hash = await deposit(100n * 10n ** 6n, 600)
    expect(await status(hash, 'across')).toMatchObject({ status: 'inflight' })
    await advanceDevnetClock(dst.client, 3_600)
    expect(await status(hash, 'across')).toMatchObject({ status: 'failed', destinationChainId: 8453, error: expect.stringMatching(/not filled before its deadline/) })
  })
})
