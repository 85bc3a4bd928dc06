import { concat, encodeAbiParameters, getAddress, numberToHex, pad, parseAbi, toHex, type Abi, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import type { StargatePoolEntry } from '../addressBook.js'
import { devnetDeployer } from './createDevnetClient.js'
import { getLayerZeroPacketsSent } from './decodeLayerZeroPacket.js'
import { devnetLayerZeroRelayer } from './deployLayerZero.js'
import { loadProtocolArtifact } from './protocolArtifacts.js'
import { getLayerZeroComposesSent, layerZeroComposeAbi, LayerZeroComposeNotSentError, relayLayerZeroCompose, type LayerZeroCompose } from './relayLayerZeroCompose.js'
import { relayLayerZeroPacket } from './relayLayerZeroPacket.js'
import { startDevnet, type Devnet } from './startDevnet.js'

const probeArtifact = loadContractArtifact('StargateComposeProbe')
const probeAbi = probeArtifact.abi as Abi
const poolAbi = loadProtocolArtifact('StargatePool').abi
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)', 'function approve(address, uint256) returns (bool)'])
const alice: Address = '0x00000000000000000000000000000000000a11ce'

let devnet: Devnet
let probe: Address
let usdc1: StargatePoolEntry
let usdc8453: StargatePoolEntry

beforeAll(async () => {
  devnet = await startDevnet()
  const dst = devnet.chains[8453]!
  const hash = await dst.client.deployContract({
    abi: probeAbi,
    bytecode: probeArtifact.bytecode,
    args: [dst.addressBook.layerZero!.endpoint],
    account: devnetDeployer,
    chain: dst.client.chain,
  })
  probe = getAddress((await dst.client.waitForTransactionReceipt({ hash, pollingInterval: 20 })).contractAddress!)
  usdc1 = devnet.chains[1]!.addressBook.stargate!.pools.find((p) => p.symbol === 'USDC')!
  usdc8453 = dst.addressBook.stargate!.pools.find((p) => p.symbol === 'USDC')!
}, 120_000)
afterAll(async () => {
  await devnet?.stop()
})

describe('relayLayerZeroCompose', () => {
  const amount = 250n * 10n ** 6n
  const composeMsg = encodeAbiParameters([{ type: 'string' }, { type: 'uint256' }], ['deposit into vault', 42n])
  let compose: LayerZeroCompose
  let received: bigint
  let guid: Hex

  test('a USDC taxi with a compose message: lzReceive pays the composer and queues ComposeSent', async () => {
    const src = devnet.chains[1]!
    const dst = devnet.chains[8453]!
    await devnet.fund({ chainId: 1, address: alice, token: 'ETH', amount: 10n ** 18n })
    await devnet.fund({ chainId: 1, address: alice, token: 'USDC', amount })
    await src.client.impersonateAccount({ address: alice })
    const send = { dstEid: 30184, to: pad(probe), amountLD: amount, minAmountLD: 0n, extraOptions: '0x' as Hex, composeMsg, oftCmd: '0x' as Hex }
    const [, , oft] = (await src.client.readContract({ address: usdc1.pool, abi: poolAbi, functionName: 'quoteOFT', args: [send] })) as [unknown, unknown, { amountReceivedLD: bigint }]
    received = oft.amountReceivedLD
    expect(received).toBe(amount - 150_001n)
    send.minAmountLD = received
    const fee = (await src.client.readContract({ address: usdc1.pool, abi: poolAbi, functionName: 'quoteSend', args: [send, false] })) as { nativeFee: bigint; lzTokenFee: bigint }
    expect(fee).toEqual({ nativeFee: 100n, lzTokenFee: 0n })
    for (const [address, abi, functionName, args, value] of [
      [usdc1.token, erc20, 'approve', [usdc1.pool, amount], 0n],
      [usdc1.pool, poolAbi, 'send', [send, fee, alice], fee.nativeFee],
    ] as const) {
      const hash = await src.client.writeContract({ address, abi, functionName, args, account: alice, chain: src.client.chain, value } as never)
      const receipt = await src.client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
      expect(receipt.status).toBe('success')
      if (functionName !== 'send') continue
      const [packet] = getLayerZeroPacketsSent({ logs: receipt.logs, endpoint: src.addressBook.layerZero!.endpoint })
      guid = packet!.guid
      const lz = dst.addressBook.layerZero!
      const { deliverHash } = await relayLayerZeroPacket(dst.client, { encodedPacket: packet!.encoded, endpoint: lz.endpoint, receiveLib: lz.receiveLib, relayer: devnetLayerZeroRelayer })
      const { logs } = await dst.client.getTransactionReceipt({ hash: deliverHash })
      const composes = getLayerZeroComposesSent({ logs, endpoint: lz.endpoint })
      expect(composes).toHaveLength(1)
      compose = composes[0]!
      // OFTComposeMsgCodec: nonce ‖ srcEid ‖ amountLD ‖ composeFrom (the sender on chain 1) ‖ composeMsg.
      const message = concat([numberToHex(packet!.nonce, { size: 8 }), numberToHex(30101, { size: 4 }), numberToHex(received, { size: 32 }), pad(alice), composeMsg])
      expect(compose).toEqual({ endpoint: lz.endpoint, from: usdc8453.pool, to: probe, guid, index: 0, message })
      expect(getLayerZeroComposesSent({ logs, endpoint: '0x000000000000000000000000000000000000dEaD' })).toEqual([])
    }
    expect(await dst.client.readContract({ address: usdc8453.token, abi: erc20, functionName: 'balanceOf', args: [probe] })).toBe(received)
    expect(await dst.client.readContract({ address: probe, abi: probeAbi, functionName: 'calls' })).toBe(0n)
  })

  test('the relayer delivers it: EndpointV2.lzCompose calls the composer once, with the queued message', async () => {
    const dst = devnet.chains[8453]!
    const extraData = toHex('executor-data')
    const hash = await relayLayerZeroCompose(dst.client, { ...compose, relayer: devnetLayerZeroRelayer, extraData })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const read = (functionName: string) => dst.client.readContract({ address: probe, abi: probeAbi, functionName })
    expect(await read('calls')).toBe(1n)
    expect(await read('lastFrom')).toBe(usdc8453.pool)
    expect(await read('lastGuid')).toBe(guid)
    expect(await read('lastMessage')).toBe(compose.message)
    expect(await read('lastExecutor')).toBe(devnetLayerZeroRelayer)
    expect(await read('lastExtraData')).toBe(extraData)
    const queued = await dst.client.readContract({ address: compose.endpoint, abi: layerZeroComposeAbi, functionName: 'composeQueue', args: [compose.from, compose.to, compose.guid, compose.index] })
    expect(queued).toBe(pad('0x1'))
  })

  test('exactly once: a second relay sends nothing and returns undefined', async () => {
    const dst = devnet.chains[8453]!
    const blockBefore = await dst.client.getBlockNumber()
    expect(await relayLayerZeroCompose(dst.client, { ...compose, relayer: devnetLayerZeroRelayer })).toBeUndefined()
    expect(await dst.client.getBlockNumber()).toBe(blockBefore)
    expect(await dst.client.readContract({ address: probe, abi: probeAbi, functionName: 'calls' })).toBe(1n)
    expect(await dst.client.readContract({ address: usdc8453.token, abi: erc20, functionName: 'balanceOf', args: [probe] })).toBe(received)
  })

  test('a message that was never queued is rejected before any transaction', async () => {
    const dst = devnet.chains[8453]!
    const error = await relayLayerZeroCompose(dst.client, { ...compose, index: 1, relayer: devnetLayerZeroRelayer }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LayerZeroComposeNotSentError)
    expect((error as LayerZeroComposeNotSentError).code).toBe('LAYERZERO_COMPOSE_NOT_SENT')
  })
})
