import { describe, expect, test } from 'vitest'
import { assertUsableAddresses } from './assertUsableAddresses.js'
import { USDC, a, bookOf } from './testing/sampleAddressBook.js'

describe('assertUsableAddresses', () => {
  const ctx = { chains: { 1: { addressBook: bookOf() } } } as never
  const codeOf = (p: Parameters<typeof assertUsableAddresses>[1]): string => {
    try {
      assertUsableAddresses(ctx, p)
      return 'OK'
    } catch (e) {
      return (e as { code: string }).code
    }
  }
  const sender = { field: 'fromAddress', address: a(0x99) }

  test('one stable code per class, on every field', () => {
    for (const field of ['receiver', 'refundReceiver', 'feeReceiver', 'spender']) {
      expect(codeOf({ sender, receivers: [{ field, address: a(52) }] })).toBe('INVALID_RECEIVER')
      expect(codeOf({ sender, receivers: [{ field, address: a(19) }] })).toBe('RECEIVER_IS_PROTOCOL_CONTRACT')
      expect(codeOf({ sender, receivers: [{ field, address: USDC }] })).toBe('RECEIVER_IS_TOKEN_CONTRACT')
      expect(codeOf({ sender, receivers: [{ field, address: '0x000000000000000000000000000000000000dEaD' }] })).toBe('RECEIVER_IS_PRECOMPILE')
      expect(codeOf({ sender, receivers: [{ field, address: a(0x1234) }] })).toBe('OK')
    }
  })

  test('the token a request delivers is refused even when the book does not list it', () => {
    const tokenOut = a(0x4444)
    expect(codeOf({ sender, receivers: [{ field: 'receiver', address: tokenOut }] })).toBe('OK')
    expect(codeOf({ sender, receivers: [{ field: 'receiver', address: tokenOut.toUpperCase().replace('0X', '0x') }], tokens: [tokenOut] })).toBe('RECEIVER_IS_TOKEN_CONTRACT')
  })

  test('the sender: only the zero address and precompiles are refused; a receiver equal to the sender is the sender', () => {
    expect(codeOf({ sender: { field: 'fromAddress', address: `0x${'0'.repeat(39)}1` }, receivers: [] })).toBe('SENDER_IS_PRECOMPILE')
    expect(codeOf({ sender: { field: 'fromAddress', address: `0x${'0'.repeat(40)}` }, receivers: [] })).toBe('SENDER_IS_PRECOMPILE')
    expect(codeOf({ sender: { field: 'fromAddress', address: '0x000000000000000000000000000000000000dEaD' }, receivers: [] })).toBe('SENDER_IS_PRECOMPILE')
    const quoteSender = '0x000000000000000000000000000000000001dead'
    expect(codeOf({ sender: { field: 'fromAddress', address: quoteSender }, receivers: [{ field: 'receiver', address: quoteSender }] })).toBe('OK')
  })

  test('the message names the field and where the book lists the address', () => {
    expect(() => assertUsableAddresses(ctx, { sender, receivers: [{ field: 'refundReceiver', address: a(13) }] })).toThrowErrorMatchingInlineSnapshot(`[InvalidRequestError: refundReceiver: 0x000dabababababababababababababababababab is a protocol contract (uniswapV2.router02): funds sent there are stuck or free for anyone to sweep]`)
  })
})
