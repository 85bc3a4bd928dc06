import { readFileSync } from 'node:fs'
import { getAddress, type Address } from 'viem'
import { z } from 'zod'
import type { TokenEntry } from '../addressBook.js'

/** A token an operator lists for a chain: optional on every point but the address. */
export type ListedToken = {
  address: Address
  /** Shown instead of the token's own `symbol()`. */
  symbol?: string | undefined
  name?: string | undefined
  /** A USD price taken as given: an anchor prices spread from (see `priceTokens`). */
  priceUsd?: number | undefined
  /** Behaviour class; `rebasing` tokens are funded by transfer in simulations. */
  kind?: TokenEntry['kind'] | undefined
}

const entry = z.object({
  chainId: z.number().int().positive(),
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address'),
  symbol: z.string().min(1).max(64).optional(),
  name: z.string().max(128).optional(),
  priceUsd: z.number().positive().finite().optional(),
  kind: z.enum(['erc20', 'weth', 'tether', 'feeOnTransfer', 'rebasing']).optional(),
}).loose()
/** The Uniswap token-list shape (`{ tokens: [...] }`, other fields ignored), or a bare array of its tokens. */
const fileSchema = z.union([z.object({ tokens: z.array(entry) }).loose(), z.array(entry)])

/**
 * Reads an operator's token list: a JSON file in the Uniswap token-list format (`{ "tokens": [{
 * "chainId", "address", "symbol", "name", "decimals", … }] }`, or just the array), each token with an
 * optional `priceUsd` (a reference price) and `kind`. Decimals are always read from the chain.
 * @returns the listed tokens by chain id
 * @throws ZodError naming the invalid entry; the file's own read or JSON error
 */
export function readTokenList(path: string): Map<number, ListedToken[]> {
  const parsed = fileSchema.parse(JSON.parse(readFileSync(path, 'utf8')))
  const tokens = Array.isArray(parsed) ? parsed : parsed.tokens
  const out = new Map<number, ListedToken[]>()
  for (const t of tokens) {
    const list = out.get(t.chainId) ?? []
    list.push({ address: getAddress(t.address), symbol: t.symbol, name: t.name, priceUsd: t.priceUsd, kind: t.kind })
    out.set(t.chainId, list)
  }
  return out
}
