import type { Address } from 'viem'
import type { ChainAddressBook } from '../chain/addressBook.js'
import { findToken } from '../chain/findToken.js'

/**
 * For gas-aware routing: the value of one unit of gas in each output token's smallest unit, scaled by
 * 1e18 (wad), from the chain's gas price and the tokens' USD reference prices. Tokens without a price
 * are left out (compared gross).
 * @returns a map keyed by lowercase token address
 */
export function gasPriceInTokens(book: ChainAddressBook, { gasPriceWei, tokens }: { gasPriceWei: bigint; tokens: readonly Address[] }): Record<string, bigint> {
  const eth = findToken(book, book.weth)
  const out: Record<string, bigint> = {}
  if (!eth || !(eth.priceUsd > 0)) return out
  for (const token of tokens) {
    const t = findToken(book, token)
    if (!t || !(t.priceUsd > 0)) continue
    // gas (wei) → ETH → USD → token units, ×1e18 for wad precision.
    const perGas = (Number(gasPriceWei) / 1e18) * (eth.priceUsd / t.priceUsd) * 10 ** t.decimals * 1e18
    if (Number.isFinite(perGas) && perGas > 0) out[token.toLowerCase()] = BigInt(Math.round(perGas))
  }
  return out
}
