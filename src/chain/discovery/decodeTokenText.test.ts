import { encodeAbiParameters, stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeTokenDecimals, decodeTokenText } from './decodeTokenText.js'

const ok = (returnData: `0x${string}`) => ({ success: true, returnData })

describe('decodeTokenText', () => {
  it('reads an ABI string, and a bytes32 symbol (MKR) without its NUL padding', () => {
    expect(decodeTokenText(ok(encodeAbiParameters([{ type: 'string' }], ['USD Coin'])))).toBe('USD Coin')
    expect(decodeTokenText(ok(stringToHex('MKR', { size: 32 })))).toBe('MKR')
  })

  it('is undefined for a revert, no answer (no code), an empty or undecodable text', () => {
    expect(decodeTokenText({ success: false, returnData: '0x' })).toBeUndefined()
    expect(decodeTokenText(ok('0x'))).toBeUndefined()
    expect(decodeTokenText(ok(stringToHex('', { size: 32 })))).toBeUndefined()
    expect(decodeTokenText(ok(`0x${'ff'.repeat(64)}`))).toBeUndefined()
    expect(decodeTokenText(ok('0x1234'))).toBeUndefined()
  })

  it('drops control characters and keeps 64 characters', () => {
    expect(decodeTokenText(ok(encodeAbiParameters([{ type: 'string' }], [`A\nB\u0000${'x'.repeat(100)}`])))).toBe(`AB${'x'.repeat(62)}`)
  })
})

describe('decodeTokenDecimals', () => {
  it('reads uint8 and uint256 answers up to 255, nothing else', () => {
    expect(decodeTokenDecimals(ok(encodeAbiParameters([{ type: 'uint8' }], [6])))).toBe(6)
    expect(decodeTokenDecimals(ok(encodeAbiParameters([{ type: 'uint256' }], [0n])))).toBe(0)
    expect(decodeTokenDecimals(ok(encodeAbiParameters([{ type: 'uint256' }], [256n])))).toBeUndefined()
    expect(decodeTokenDecimals(ok('0x'))).toBeUndefined()
    expect(decodeTokenDecimals({ success: false, returnData: encodeAbiParameters([{ type: 'uint8' }], [6]) })).toBeUndefined()
  })
})
