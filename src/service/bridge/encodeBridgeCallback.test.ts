import { type Address, type Hex, concatHex, decodeAbiParameters, encodeAbiParameters, getAddress, parseAbiParameters, sliceHex } from 'viem'
import { describe, expect, test } from 'vitest'
import { type BridgeCallback, decodeBridgeCallback, encodeBridgeCallback, encodeOftComposeMessage, replaceBridgePlaceholders } from './encodeBridgeCallback.js'

// The `Callback` struct of contracts/router/SwitchyardBridgeCallback.sol, written out from the Solidity
// source: the encoder must produce exactly what this independent description of it does.
const solidityCallback = parseAbiParameters('(address receiver, address refundReceiver, uint256 gasLimit, uint256 value, address[] tokensOut, uint256[] minAmountsOut, bytes32 accountId, bytes32 requestId, bytes32[] commands, bytes[] state)')

/** Checksummed, as the decoder returns addresses. */
const a = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, '0')}`)
const word = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex

const callback: BridgeCallback = {
  receiver: a(0xa1),
  refundReceiver: a(0xa2),
  gasLimit: 500_000n,
  value: 7n,
  tokensOut: [a(0xb1), a(0xb2)],
  minAmountsOut: [11n, 12n],
  accountId: word(0xacc),
  requestId: word(0x4e9),
  commands: [word(0xc1), word(0xc2), word(0xc3)],
  state: ['0x01', '0xdeadbeef'],
}

describe('encodeBridgeCallback', () => {
  test('encodes the Solidity Callback struct, field by field in its order', () => {
    const encoded = encodeBridgeCallback(callback)
    expect(encoded).toBe(encodeAbiParameters(solidityCallback, [callback]))
    // A dynamic tuple: an offset word, then the head of the ten fields.
    expect(sliceHex(encoded, 0, 32)).toBe(word(0x20))
    expect(getAddress(sliceHex(encoded, 32 + 12, 64))).toBe(a(0xa1))
    expect(getAddress(sliceHex(encoded, 64 + 12, 96))).toBe(a(0xa2))
    expect(BigInt(sliceHex(encoded, 96, 128))).toBe(500_000n)
    expect(BigInt(sliceHex(encoded, 128, 160))).toBe(7n)
    expect(sliceHex(encoded, 32 + 6 * 32, 32 + 7 * 32)).toBe(word(0xacc))
    expect(sliceHex(encoded, 32 + 7 * 32, 32 + 8 * 32)).toBe(word(0x4e9))
  })

  test('an empty callback (what a bridge carries before its callback is built) encodes every list empty', () => {
    const empty: BridgeCallback = { ...callback, value: 0n, tokensOut: [], minAmountsOut: [], commands: [], state: [] }
    const [decoded] = decodeAbiParameters(solidityCallback, encodeBridgeCallback(empty))
    expect(decoded).toEqual(empty)
  })
})

describe('decodeBridgeCallback', () => {
  test('reads back every field of what the encoder wrote, lists included', () => {
    expect(decodeBridgeCallback(encodeBridgeCallback(callback))).toEqual(callback)
  })

  test('reads a callback encoded from the Solidity description (as the receiver and the relayer see it)', () => {
    const decoded = decodeBridgeCallback(encodeAbiParameters(solidityCallback, [callback]))
    expect(decoded.tokensOut).toEqual([a(0xb1), a(0xb2)])
    expect(decoded.minAmountsOut).toEqual([11n, 12n])
    expect(decoded.commands).toEqual(callback.commands)
    expect(decoded.state).toEqual(['0x01', '0xdeadbeef'])
    expect(decoded.value).toBe(7n)
  })

  test('the lists are plain mutable arrays of the callback\'s own', () => {
    const decoded = decodeBridgeCallback(encodeBridgeCallback(callback))
    for (const list of [decoded.tokensOut, decoded.minAmountsOut, decoded.commands, decoded.state]) expect(Object.isFrozen(list)).toBe(false)
    decoded.state.push('0x02')
    expect(decodeBridgeCallback(encodeBridgeCallback(callback)).state).toHaveLength(2)
  })
})

describe('encodeOftComposeMessage', () => {
  test('nonce (8 bytes) | srcEid (4) | amountLD (32) | composeFrom (32) | composeMsg, as OFTComposeMsgCodec lays it out', () => {
    const composeMsg = encodeBridgeCallback(callback)
    const message = encodeOftComposeMessage({ nonce: 0x0102030405060708n, srcEid: 30101, amountLD: 123_456_789n, composeFrom: a(0x5e4d), composeMsg })
    expect(sliceHex(message, 0, 8)).toBe('0x0102030405060708')
    expect(sliceHex(message, 8, 12)).toBe('0x00007595')
    expect(BigInt(sliceHex(message, 12, 44))).toBe(123_456_789n)
    expect(sliceHex(message, 44, 76).toLowerCase()).toBe(word(0x5e4d))
    expect(sliceHex(message, 76)).toBe(composeMsg)
    expect(message.toLowerCase()).toBe(concatHex(['0x0102030405060708', '0x00007595', word(123_456_789), word(0x5e4d), composeMsg]).toLowerCase())
  })
})

describe('replaceBridgePlaceholders', () => {
  /** A `bytes` literal as the plan's state holds it (length word, then the data padded to words). */
  const slot = (value: Hex) => sliceHex(encodeAbiParameters([{ type: 'bytes' }], [value]), 32)
  const placeholder = (n: number) => `0x${'ab'.repeat(20)}${n.toString(16).padStart(2, '0')}` as Hex
  const state: Hex[] = [word(1), slot(placeholder(1)), word(2), slot(placeholder(2))]

  test('puts each leg\'s encoded callback in the slot of its placeholder, the rest of the state untouched', () => {
    const legs = [{ placeholder: placeholder(2), callback: [{}] }, { placeholder: placeholder(1), callback: [{}] }]
    const out = replaceBridgePlaceholders(state, legs, ['0xf00d', '0xbeef'])
    expect(out).toEqual([word(1), slot('0xbeef'), word(2), slot('0xf00d')])
    expect(out[1]).toBe(`0x${'0'.repeat(63)}2beef${'0'.repeat(60)}`)
    // A new array: the caller's state is left as it was.
    expect(state).toEqual([word(1), slot(placeholder(1)), word(2), slot(placeholder(2))])
  })

  test('a placeholder in the first slot is found', () => {
    expect(replaceBridgePlaceholders([slot(placeholder(1)), word(9)], [{ placeholder: placeholder(1), callback: [{}] }], ['0x01'])).toEqual([slot('0x01'), word(9)])
  })

  test('state and placeholder compared without regard to case', () => {
    const upper = `0x${slot(placeholder(0xcd)).slice(2).toUpperCase()}` as Hex
    expect(replaceBridgePlaceholders([upper], [{ placeholder: placeholder(0xcd), callback: [{}] }], ['0x02'])).toEqual([slot('0x02')])
    const mixed = `0x${'AB'.repeat(20)}cd` as Hex
    expect(replaceBridgePlaceholders([slot(placeholder(0xcd))], [{ placeholder: mixed, callback: [{}] }], ['0x03'])).toEqual([slot('0x03')])
  })

  test('a leg without a callback has no placeholder in the plan and is skipped', () => {
    const legs = [{ placeholder: '0x99' as Hex, callback: [] }, { placeholder: placeholder(2), callback: [{}] }]
    expect(replaceBridgePlaceholders(state, legs, ['0x', '0xbeef'])).toEqual([word(1), slot(placeholder(1)), word(2), slot('0xbeef')])
  })

  test('a placeholder missing from the state is an error naming the leg', () => {
    const legs = [{ placeholder: placeholder(1), callback: [{}] }, { placeholder: placeholder(7), callback: [{}] }]
    expect(() => replaceBridgePlaceholders(state, legs, ['0x01', '0x02'])).toThrowErrorMatchingInlineSnapshot(`[Error: bridge placeholder 1 is not in the plan's state]`)
  })
})
