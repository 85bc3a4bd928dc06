import { getAddress, pad, toHex, type Abi, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { getLayerZeroPacketsSent, type LayerZeroPacket } from './decodeLayerZeroPacket.js'
import { devnetLayerZeroRelayer } from './deployLayerZero.js'
import { layerZeroRelayAbi, relayLayerZeroPacket } from './relayLayerZeroPacket.js'
import { startDevnet, type Devnet } from './startDevnet.js'

const app = loadContractArtifact('LayerZeroTestApp')
const abi = app.abi as Abi

let devnet: Devnet
let src: DevnetClient
let dst: DevnetClient
let appSrc: Address
let appDst: Address

async function deployApp(client: DevnetClient, endpoint: Address): Promise<Address> {
  const hash = await client.deployContract({ abi, bytecode: app.bytecode, args: [endpoint], account: devnetDeployer, chain: client.chain })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  return getAddress(receipt.contractAddress!)
}

async function write(client: DevnetClient, address: Address, functionName: string, args: readonly unknown[], value?: bigint) {
  const hash = await client.writeContract({ address, abi, functionName, args, account: devnetDeployer, chain: client.chain, ...(value === undefined ? {} : { value }) } as never)
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  expect(receipt.status).toBe('success')
  return receipt
}

beforeAll(async () => {
  devnet = await startDevnet()
  src = devnet.chains[1]!.client
  dst = devnet.chains[8453]!.client
  appSrc = await deployApp(src, devnet.chains[1]!.addressBook.layerZero!.endpoint)
  appDst = await deployApp(dst, devnet.chains[8453]!.addressBook.layerZero!.endpoint)
  await write(src, appSrc, 'setPeer', [30184, pad(appDst)])
  await write(dst, appDst, 'setPeer', [30101, pad(appSrc)])
}, 120_000)
afterAll(async () => {
  await devnet?.stop()
})

describe('relayLayerZeroPacket', () => {
  const message = toHex('hello from chain 1')
  let packet: LayerZeroPacket

  test('chain 1 sends, paying the quoted fee, and emits PacketSent', async () => {
    const book = devnet.chains[1]!.addressBook.layerZero!
    const fee = (await src.readContract({ address: appSrc, abi, functionName: 'quote', args: [30184, message] })) as { nativeFee: bigint; lzTokenFee: bigint }
    expect(fee).toEqual({ nativeFee: 100n, lzTokenFee: 0n })
    const receipt = await write(src, appSrc, 'send', [30184, message], fee.nativeFee)
    const packets = getLayerZeroPacketsSent({ logs: receipt.logs, endpoint: book.endpoint })
    expect(packets).toHaveLength(1)
    packet = packets[0]!
    expect(packet).toMatchObject({ nonce: 1n, srcEid: 30101, sender: pad(appSrc).toLowerCase(), dstEid: 30184, receiver: appDst, message })
    expect(await src.getBalance({ address: book.sendLib })).toBe(100n)
  })

  test('the relayer validates and delivers it on chain 8453; the receiver records the payload', async () => {
    const book = devnet.chains[8453]!.addressBook.layerZero!
    const result = await relayLayerZeroPacket(dst, { encodedPacket: packet.encoded, endpoint: book.endpoint, receiveLib: book.receiveLib, relayer: devnetLayerZeroRelayer })
    expect(result.validateHash).toBeDefined()
    const read = (functionName: string) => dst.readContract({ address: appDst, abi, functionName })
    expect(await read('lastMessage')).toBe(message)
    expect(await read('lastGuid')).toBe(packet.guid)
    expect(await read('received')).toBe(1n)
  })

  test('exactly once: delivering the same packet again reverts', async () => {
    const book = devnet.chains[8453]!.addressBook.layerZero!
    const params = { encodedPacket: packet.encoded, endpoint: book.endpoint, receiveLib: book.receiveLib, relayer: devnetLayerZeroRelayer }
    await expect(relayLayerZeroPacket(dst, params)).rejects.toThrow(/LZ_PathNotVerifiable/)
    const origin = { srcEid: packet.srcEid, sender: packet.sender, nonce: packet.nonce }
    await expect(
      dst.simulateContract({
        address: book.endpoint,
        abi: layerZeroRelayAbi,
        functionName: 'lzReceive',
        args: [origin, packet.receiver, packet.guid, packet.message, '0x'],
        account: devnetLayerZeroRelayer,
      }),
    ).rejects.toThrow(/LZ_PayloadHashNotFound/)
    expect(await dst.readContract({ address: appDst, abi, functionName: 'received' })).toBe(1n)
  })

  test('only the relayer may validate packets', async () => {
    const book = devnet.chains[8453]!.addressBook.layerZero!
    await expect(
      dst.simulateContract({ address: book.receiveLib, abi: layerZeroRelayAbi, functionName: 'validatePacket', args: [packet.encoded as Hex], account: devnetDeployer }),
    ).rejects.toThrow(/OnlyWhitelistCaller/)
  })
})
