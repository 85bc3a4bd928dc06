import type { ChainAddressBook, TokenEntry } from './addressBook.js'

/** Per `tokens` object: lowercase symbol or address → the key of its entry. */
const indexes = new WeakMap<ChainAddressBook['tokens'], Map<string, string>>()

function indexOf(tokens: ChainAddressBook['tokens']): Map<string, string> {
  const index = new Map<string, string>()
  for (const [key, t] of Object.entries(tokens)) {
    // The first entry of a symbol or address wins, as a scan in key order would find it.
    if (!index.has(t.symbol.toLowerCase())) index.set(t.symbol.toLowerCase(), key)
    if (!index.has(t.address.toLowerCase())) index.set(t.address.toLowerCase(), key)
  }
  indexes.set(tokens, index)
  return index
}

/**
 * Finds a token in a chain's address book by symbol or address (case-insensitive), as the first entry in
 * key order that matches, else by its key in the book (exact). Constant time on a mainnet book's thousands of tokens: an index per `tokens`
 * object, checked against the entry it points at (an entry replaced in place). A miss (an unknown token, or
 * one added or renamed in place) scans the entries once, as a lookup without the index would, and rebuilds
 * the index only when the scan finds the token, so unknown tokens never cost more than that scan.
 * @returns the token, or `undefined`
 */
export function findToken(book: ChainAddressBook, symbolOrAddress: string): TokenEntry | undefined {
  const needle = symbolOrAddress.toLowerCase()
  const matches = (t: TokenEntry | undefined): t is TokenEntry => t !== undefined && (t.symbol.toLowerCase() === needle || t.address.toLowerCase() === needle)
  const key = indexes.get(book.tokens)?.get(needle)
  if (key !== undefined && matches(book.tokens[key])) return book.tokens[key]
  for (const t of Object.values(book.tokens)) {
    if (matches(t)) {
      const rebuilt = indexOf(book.tokens).get(needle)
      return rebuilt === undefined ? t : book.tokens[rebuilt]
    }
  }
  // Last, the book's own key: not always the symbol (Pendle's LP token is keyed PENDLE-LPT-<vault>, its
  // symbol the market factory's, e.g. PLP-svUSDC-1JAN2027).
  return Object.hasOwn(book.tokens, symbolOrAddress) ? book.tokens[symbolOrAddress] : undefined
}
