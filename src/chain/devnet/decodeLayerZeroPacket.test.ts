import { encodePacked, getAddress, keccak256, pad, toHex } from 'viem'
import { describe, expect, test } from 'vitest'
import { decodeLayerZeroPacket } from './decodeLayerZeroPacket.js'

const sender = '0x00000000000000000000000000000000000000aa'
const receiver = '0x00000000000000000000000000000000000000bB'
const guid = keccak256(toHex('guid'))

describe('decodeLayerZeroPacket', () => {
  test('reads the PacketV1Codec header, guid and message', () => {
    const message = toHex('payload')
    const encoded = encodePacked(
      ['uint8', 'uint64', 'uint32', 'bytes32', 'uint32', 'bytes32', 'bytes32', 'bytes'],
      [1, 7n, 30101, pad(sender), 30184, pad(receiver), guid, message],
    )
    expect(decodeLayerZeroPacket(encoded)).toEqual({
      nonce: 7n,
      srcEid: 30101,
      sender: pad(sender),
      dstEid: 30184,
      receiver: getAddress(receiver),
      guid,
      message,
      payloadHash: keccak256(encodePacked(['bytes32', 'bytes'], [guid, message])),
      encoded,
    })
  })

  test('an empty message decodes to 0x', () => {
    const encoded = encodePacked(['uint8', 'uint64', 'uint32', 'bytes32', 'uint32', 'bytes32', 'bytes32'], [1, 1n, 1, pad(sender), 2, pad(receiver), guid])
    expect(decodeLayerZeroPacket(encoded).message).toBe('0x')
  })

  test('rejects another codec version or a short packet', () => {
    expect(() => decodeLayerZeroPacket('0x02')).toThrowErrorMatchingInlineSnapshot(`[Error: not a LayerZero V1-codec packet]`)
  })
})
