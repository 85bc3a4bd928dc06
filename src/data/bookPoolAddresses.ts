import type { Address } from 'viem'
import type { ChainAddressBook } from '../chain/addressBook.js'
import { uniswapV4PoolKeyAddress } from '../protocols/uniswap-v4/load.js'

/**
 * The address every pool of the book has in an engine snapshot (lowercase), per family as its loader
 * names it: V2 pairs, V3 pools, V4 pools by their key address, Balancer pools, Curve pools (StableSwap and
 * twocrypto-ng), Aerodrome pools, Pendle markets, ERC-4626
 * vaults, Lido's stETH and wstETH, Aave reserves by aToken. A loader may leave some out (a read that
 * failed, a V4 pool with hooks), so this is what a full load can return at most; the snapshot store uses
 * it to find the pools a restored snapshot lacks and the ones the book no longer lists.
 * @param book - the chain's address book
 * @returns the addresses, lowercase
 */
export function bookPoolAddresses(book: ChainAddressBook): Set<string> {
  const out = new Set<string>()
  const add = (a: Address | string) => out.add(a.toLowerCase())
  for (const p of book.uniswapV2.pairs) add(p.address)
  for (const p of book.uniswapV3.pools) add(p.address)
  for (const p of book.uniswapV4?.pools ?? []) add(uniswapV4PoolKeyAddress(p.id))
  for (const p of book.balancerV2.pools) add(p.address)
  for (const p of book.curve?.pools ?? []) add(p.address)
  for (const p of book.curve?.twocryptoPools ?? []) add(p.address)
  for (const p of book.aerodrome?.pools ?? []) add(p.address)
  for (const m of book.pendle?.markets ?? []) add(m.address)
  for (const v of book.erc4626?.vaults ?? []) add(v.address)
  if (book.lido) {
    add(book.lido.stETH)
    add(book.lido.wstETH)
  }
  for (const r of book.aaveV3?.reserves ?? []) add(r.aToken)
  return out
}

