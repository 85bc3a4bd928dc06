import type { ChainAddressBook, TokenEntry } from './addressBook.js'

/**
 * Finds a token in a chain's address book by symbol or address (case-insensitive).
 * @returns the token, or `undefined`
 */
export function findToken(book: ChainAddressBook, symbolOrAddress: string): TokenEntry | undefined {
  const needle = symbolOrAddress.toLowerCase()
  return Object.values(book.tokens).find((t) => t.symbol.toLowerCase() === needle || t.address.toLowerCase() === needle)
}
