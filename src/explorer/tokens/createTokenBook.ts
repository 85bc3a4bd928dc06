import type { TokenInfo } from '../types.js'

/** The native coin's placeholder address, as the API spells it. */
export const NATIVE_TOKEN = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/** Tokens the page knows, by chain: labels and decimals for amounts, and look-up of what a person typed. */
export type TokenBook = {
  /** The token, or undefined when /tokens did not list it. */
  find(chainId: number, address: string): TokenInfo | undefined
  /** Every token of a chain, the native coin first, then by symbol. */
  list(chainId: number): TokenInfo[]
  /** A listed token from a typed symbol (case-insensitive, when unique on the chain) or address (its decimals are needed to read an amount). */
  resolve(chainId: number, text: string): TokenInfo | undefined
  /** A short label: the symbol, else the address shortened. */
  label(chainId: number, address: string): string
}

/** `0xA0b8…eB48`. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}

/**
 * Builds a token book from /tokens answers; every chain also gets its native coin (`ETH`,
 * {@link NATIVE_TOKEN}, 18 decimals), which /tokens does not list.
 * @param tokens - tokens of any chains
 * @param chainIds - the chains served (from /networks)
 */
export function createTokenBook({ tokens, chainIds }: { tokens: readonly TokenInfo[]; chainIds: readonly number[] }): TokenBook {
  const byChain = new Map<number, Map<string, TokenInfo>>()
  const put = (t: TokenInfo) => {
    const chain = byChain.get(t.chainId) ?? byChain.set(t.chainId, new Map()).get(t.chainId)!
    chain.set(t.address.toLowerCase(), t)
  }
  for (const chainId of chainIds) put({ address: NATIVE_TOKEN, chainId, symbol: 'ETH', name: 'Native coin', decimals: 18 })
  for (const t of tokens) put(t)
  const find = (chainId: number, address: string) => byChain.get(chainId)?.get(address.toLowerCase())
  return {
    find,
    list(chainId) {
      const all = [...(byChain.get(chainId)?.values() ?? [])]
      return all.sort((a, b) => (a.address === NATIVE_TOKEN ? -1 : b.address === NATIVE_TOKEN ? 1 : a.symbol.localeCompare(b.symbol)))
    },
    resolve(chainId, text) {
      const wanted = text.trim()
      if (/^0x[0-9a-fA-F]{40}$/.test(wanted)) return find(chainId, wanted)
      const matches = [...(byChain.get(chainId)?.values() ?? [])].filter((t) => t.symbol.toLowerCase() === wanted.toLowerCase())
      return matches.length === 1 ? matches[0] : undefined
    },
    label(chainId, address) {
      return find(chainId, address)?.symbol ?? shortAddress(address)
    },
  }
}
