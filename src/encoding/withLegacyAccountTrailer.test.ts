import { decodeFunctionData, keccak256, slice, stringToHex, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { switchyardLegacyDelegateAbi } from '../contracts/generated/abis.js'
import { encodeLegacyExecuteShortcut } from './legacyCalldata.js'
import { parseLegacyAccountTrailer } from './parseLegacyAccountTrailer.js'
import { LEGACY_ACCOUNT_TRAILER_MAGIC, LEGACY_ACCOUNT_TRAILER_SIZE, withLegacyAccountTrailer } from './withLegacyAccountTrailer.js'

const accountId = `0x${'a1'.repeat(32)}` as Hex
const requestId = `0x${'00'.repeat(16)}${'0f'.repeat(16)}` as Hex

describe('withLegacyAccountTrailer', () => {
  test('golden: data ‖ accountId ‖ requestId ‖ magic; the magic is bytes4(keccak256("switchyard.v1:legacyAccountTrailer"))', () => {
    expect(LEGACY_ACCOUNT_TRAILER_MAGIC).toBe(slice(keccak256(stringToHex('switchyard.v1:legacyAccountTrailer')), 0, 4))
    expect(withLegacyAccountTrailer('0x12345678', { accountId, requestId })).toBe(`0x12345678${'a1'.repeat(32)}${'00'.repeat(16)}${'0f'.repeat(16)}203b433b`)
    expect(LEGACY_ACCOUNT_TRAILER_SIZE).toBe(68)
  })

  test('the ABI arguments before it are untouched: the legacy call decodes to the same commands and state', () => {
    const plain = encodeLegacyExecuteShortcut({ commands: [`0x${'11'.repeat(32)}`], state: ['0xdeadbeef'] })
    const trailed = withLegacyAccountTrailer(plain, { accountId, requestId })
    expect(trailed.startsWith(plain)).toBe(true)
    // viem refuses trailing bytes; the arguments are the same over the original length (Solidity ignores the rest).
    expect(decodeFunctionData({ abi: switchyardLegacyDelegateAbi, data: slice(trailed, 0, (trailed.length - 2) / 2 - LEGACY_ACCOUNT_TRAILER_SIZE) })).toEqual(decodeFunctionData({ abi: switchyardLegacyDelegateAbi, data: plain }))
  })

  test('two accounts give two calldatas; each reads back its own account and request', () => {
    const other = `0x${'b2'.repeat(32)}` as Hex
    const a = withLegacyAccountTrailer('0xabcdef01', { accountId, requestId })
    const b = withLegacyAccountTrailer('0xabcdef01', { accountId: other, requestId })
    expect(a).not.toBe(b)
    expect(parseLegacyAccountTrailer(a)).toEqual({ accountId, requestId })
    expect(parseLegacyAccountTrailer(b)).toEqual({ accountId: other, requestId })
  })

  test('an id that is not 32 bytes is a typed error', () => {
    expect(() => withLegacyAccountTrailer('0x', { accountId: '0x1234', requestId })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidShortcutIdError: The accountId of a shortcut must be 32 bytes, got 0x1234.

      accountId comes from deriveAccountId, requestId from createRequestId; both are 32 bytes.]
    `)
  })
})

describe('parseLegacyAccountTrailer', () => {
  test('calldata without the trailer (too short, or no magic at the end) carries no account', () => {
    expect(parseLegacyAccountTrailer('0x12345678')).toBeUndefined()
    expect(parseLegacyAccountTrailer(encodeLegacyExecuteShortcut({ commands: [], state: [] }))).toBeUndefined()
    expect(parseLegacyAccountTrailer(`0x${'00'.repeat(72)}`)).toBeUndefined()
  })
})
