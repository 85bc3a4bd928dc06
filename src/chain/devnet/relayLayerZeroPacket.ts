import { parseAbi, zeroHash, type Account, type Address, type Chain, type Hash, type Hex, type PublicActions, type WalletActions, type Client, type Transport } from 'viem'
import { decodeLayerZeroPacket, type LayerZeroPacket } from './decodeLayerZeroPacket.js'

/** What the relayer calls: SimpleMessageLib's `validatePacket` and EndpointV2's views and `lzReceive`, with their errors. */
export const layerZeroRelayAbi = parseAbi([
  'function validatePacket(bytes packetBytes)',
  'function eid() view returns (uint32)',
  'function inboundPayloadHash(address receiver, uint32 srcEid, bytes32 sender, uint64 nonce) view returns (bytes32)',
  'function lzReceive((uint32 srcEid, bytes32 sender, uint64 nonce) origin, address receiver, bytes32 guid, bytes message, bytes extraData) payable',
  'error OnlyWhitelistCaller()',
  'error LZ_InvalidReceiveLibrary()',
  'error LZ_PathNotInitializable()',
  'error LZ_PathNotVerifiable()',
  'error LZ_InvalidPayloadHash()',
  'error LZ_InvalidNonce(uint64 nonce)',
  'error LZ_PayloadHashNotFound(bytes32 expected, bytes32 actual)',
])

/** A client on the destination chain that can read and send from the relayer account. */
export type RelayClient = Client<Transport, Chain, Account | undefined> & PublicActions<Transport, Chain> & WalletActions<Chain, Account | undefined>

/** Parameters of {@link relayLayerZeroPacket}. */
export type RelayLayerZeroPacketParameters = {
  /** `PacketSent.encodedPayload` from the source chain. */
  encodedPacket: Hex
  /** EndpointV2 on the destination chain. */
  endpoint: Address
  /** The destination's receive library for the packet's source eid (SimpleMessageLib on the devnet). */
  receiveLib: Address
  /** Sender of both transactions: the receive library's whitelisted caller (an unlocked account or a local account). */
  relayer: Address | Account
  /** Passed to the receiver's `lzReceive` (executor extra data). */
  extraData?: Hex | undefined
  /** Native value forwarded to the receiver. */
  value?: bigint | undefined
}

/** Result of {@link relayLayerZeroPacket}. */
export type RelayLayerZeroPacketReturnType = {
  packet: LayerZeroPacket
  /** The `validatePacket` transaction, or `undefined` when the payload was already verified (a retried delivery). */
  validateHash: Hash | undefined
  deliverHash: Hash
}

type RelayCall = {
  address: Address
  functionName: 'validatePacket' | 'lzReceive'
  args: readonly unknown[]
  account: Address | Account
  value?: bigint | undefined
}

async function send(client: RelayClient, call: RelayCall): Promise<Hash> {
  // Simulate first: a revert surfaces as a decoded LayerZero error instead of a failed receipt.
  const { request } = await client.simulateContract({ abi: layerZeroRelayAbi, chain: client.chain, ...call } as never)
  const hash = await client.writeContract(request as never)
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  if (receipt.status !== 'success') throw new Error(`${call.functionName} reverted in ${hash}`)
  return hash
}

/**
 * Delivers one LayerZero V2 packet on its destination chain, as a DVN plus executor would: the
 * relayer calls `validatePacket` on the receive library (which calls `EndpointV2.verify` with the
 * payload hash), then `EndpointV2.lzReceive`, which clears the payload and calls the receiving OApp.
 * Exactly once: a delivered packet's payload hash is cleared and its nonce can no longer be
 * verified, so relaying it again reverts (`LZ_PathNotVerifiable`). A packet verified but not yet
 * delivered (a relayer that stopped in between) skips straight to `lzReceive`.
 *
 * @example
 * const receipt = await app.send(...) // on the source chain
 * const [packet] = getLayerZeroPacketsSent({ logs: receipt.logs, endpoint })
 * await relayLayerZeroPacket(destinationClient, { encodedPacket: packet.encoded, endpoint, receiveLib, relayer })
 *
 * @param client - destination-chain client
 * @returns the decoded packet and the transaction hashes
 * @throws Error when the packet is not for this endpoint's eid; viem's ContractFunctionExecutionError (with the LayerZero error name) when a call reverts
 */
export async function relayLayerZeroPacket(client: RelayClient, params: RelayLayerZeroPacketParameters): Promise<RelayLayerZeroPacketReturnType> {
  const { endpoint, receiveLib, relayer, extraData = '0x', value = 0n } = params
  const packet = decodeLayerZeroPacket(params.encodedPacket)
  const localEid = await client.readContract({ address: endpoint, abi: layerZeroRelayAbi, functionName: 'eid' })
  if (localEid !== packet.dstEid) throw new Error(`packet is for eid ${packet.dstEid}, the endpoint is eid ${localEid}`)
  const stored = await client.readContract({
    address: endpoint,
    abi: layerZeroRelayAbi,
    functionName: 'inboundPayloadHash',
    args: [packet.receiver, packet.srcEid, packet.sender, packet.nonce],
  })
  let validateHash: Hash | undefined
  if (stored === zeroHash) {
    validateHash = await send(client, { address: receiveLib, functionName: 'validatePacket', args: [packet.encoded], account: relayer })
  }
  const origin = { srcEid: packet.srcEid, sender: packet.sender, nonce: packet.nonce }
  const deliverHash = await send(client, {
    address: endpoint,
    functionName: 'lzReceive',
    args: [origin, packet.receiver, packet.guid, packet.message, extraData],
    account: relayer,
    value,
  })
  return { packet, validateHash, deliverHash }
}
