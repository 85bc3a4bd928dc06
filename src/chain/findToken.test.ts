import { describe, expect, test } from 'vitest'
import type { ChainAddressBook, TokenEntry } from './addressBook.js'
import { findToken } from './findToken.js'

const token = (symbol: string, n: number): TokenEntry => ({ symbol, address: `0x${n.toString(16).padStart(40, '0')}`, decimals: 18 }) as TokenEntry
const bookOf = (tokens: Record<string, TokenEntry>) => ({ tokens }) as unknown as ChainAddressBook

describe('findToken', () => {
  test('by symbol or address, any case; the first entry in key order wins; unknown is undefined', () => {
    const book = bookOf({ USDC: token('USDC', 1), WETH: token('WETH', 2), 'USDC.e': token('USDC', 3) })
    expect(findToken(book, 'usdc')).toBe(book.tokens.USDC)
    expect(findToken(book, `0x${'0'.repeat(39)}2`.toUpperCase().replace('0X', '0x'))).toBe(book.tokens.WETH)
    expect(findToken(book, `0x${'0'.repeat(39)}3`)).toBe(book.tokens['USDC.e'])
    expect(findToken(book, 'DAI')).toBeUndefined()
  })

  test('a book key that is not a symbol finds its entry; a symbol or address still wins over a key', () => {
    const book = bookOf({ 'PENDLE-LPT-svUSDC': token('PENDLE-LPT', 6), 'PENDLE-LPT-svWETH': token('PENDLE-LPT', 7), X: token('Y', 8), Y: token('Z', 9) })
    expect(findToken(book, 'PENDLE-LPT-svWETH')).toBe(book.tokens['PENDLE-LPT-svWETH'])
    expect(findToken(book, 'pendle-lpt-svweth')).toBeUndefined()
    expect(findToken(book, 'Y')).toBe(book.tokens.X)
  })

  test('entries added, replaced or removed in place are seen at once', () => {
    const book = bookOf({ USDC: token('USDC', 1) })
    expect(findToken(book, 'USDC')).toBe(book.tokens.USDC)
    book.tokens.DAI = token('DAI', 4)
    expect(findToken(book, 'dai')).toBe(book.tokens.DAI)
    book.tokens.USDC = token('USDC', 5)
    expect(findToken(book, 'usdc')!.address).toBe(`0x${'0'.repeat(39)}5`)
    expect(findToken(book, `0x${'0'.repeat(39)}1`)).toBeUndefined()
    delete book.tokens.DAI
    expect(findToken(book, 'DAI')).toBeUndefined()
  })
})
