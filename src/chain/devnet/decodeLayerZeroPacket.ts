import { getAddress, hexToNumber, isAddressEqual, keccak256, parseAbi, parseEventLogs, sliceHex, size, type Address, type Hex, type Log } from 'viem'

/** A LayerZero V2 packet (PacketV1Codec): header, guid and message. */
export type LayerZeroPacket = {
  nonce: bigint
  srcEid: number
  /** The sending OApp, as bytes32 (left-padded address on EVM). */
  sender: Hex
  dstEid: number
  /** The receiving OApp on the destination chain. */
  receiver: Address
  guid: Hex
  message: Hex
  /** `keccak256(guid ‖ message)`: what the receive library hands to `EndpointV2.verify`. */
  payloadHash: Hex
  /** The encoded packet as emitted, for `validatePacket`. */
  encoded: Hex
}

/** EndpointV2's `PacketSent` event. */
export const packetSentEventAbi = parseAbi(['event PacketSent(bytes encodedPayload, bytes options, address sendLibrary)'])

/** Byte offsets of PacketV1Codec. */
const NONCE = 1
const SRC_EID = 9
const SENDER = 13
const DST_EID = 45
const RECEIVER = 49
const GUID = 81
const MESSAGE = 113

/**
 * Decodes a packet as EndpointV2 emits it in `PacketSent` (PacketV1Codec, version 1).
 * @param encoded - `PacketSent.encodedPayload`
 * @returns header fields, guid, message and payload hash
 * @throws Error when the bytes are not a version-1 packet
 */
export function decodeLayerZeroPacket(encoded: Hex): LayerZeroPacket {
  if (size(encoded) < MESSAGE || hexToNumber(sliceHex(encoded, 0, 1)) !== 1) throw new Error('not a LayerZero V1-codec packet')
  const receiver32 = sliceHex(encoded, RECEIVER, GUID)
  return {
    nonce: BigInt(sliceHex(encoded, NONCE, SRC_EID)),
    srcEid: hexToNumber(sliceHex(encoded, SRC_EID, SENDER)),
    sender: sliceHex(encoded, SENDER, DST_EID),
    dstEid: hexToNumber(sliceHex(encoded, DST_EID, RECEIVER)),
    receiver: getAddress(sliceHex(receiver32, 12)),
    guid: sliceHex(encoded, GUID, MESSAGE),
    message: size(encoded) === MESSAGE ? '0x' : sliceHex(encoded, MESSAGE),
    payloadHash: keccak256(sliceHex(encoded, GUID)),
    encoded,
  }
}

/**
 * Finds the packets an EndpointV2 sent in a set of logs (e.g. a transaction receipt's).
 * @param params - `logs` and the source chain's `endpoint`
 * @returns the decoded packets, in log order
 */
export function getLayerZeroPacketsSent({ logs, endpoint }: { logs: readonly Log[]; endpoint: Address }): LayerZeroPacket[] {
  return parseEventLogs({ abi: packetSentEventAbi, eventName: 'PacketSent', logs: logs as Log[] })
    .filter((l) => isAddressEqual(l.address, endpoint))
    .map((l) => decodeLayerZeroPacket(l.args.encodedPayload))
}
