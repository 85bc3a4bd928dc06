import type { ChainAddressBook } from '../chain/addressBook.js'

const cache = new WeakMap<ChainAddressBook, ReadonlySet<string>>()

/**
 * Tokens whose balances are computed rather than stored (lowercase): stETH (shares × pooled ether),
 * Aave aTokens (scaled balance × liquidity index) and any token the book marks `rebasing`. Writing
 * such a balance into storage is not backed by the total supply (a burn underflows), so simulations
 * fund their senders from holders instead.
 */
export function computedBalanceTokensOf(book: ChainAddressBook): ReadonlySet<string> {
  const hit = cache.get(book)
  if (hit) return hit
  const set = new Set<string>()
  for (const t of Object.values(book.tokens)) if (t.kind === 'rebasing') set.add(t.address.toLowerCase())
  for (const r of book.aaveV3?.reserves ?? []) set.add(r.aToken.toLowerCase())
  if (book.lido) set.add(book.lido.stETH.toLowerCase())
  cache.set(book, set)
  return set
}
