import type { Address, PublicClient } from 'viem'
import type { PoolIndex } from './poolIndex.js'
import { readTokenMetadata } from './readTokenMetadata.js'

/**
 * Reads the metadata of every token the index's pools, markets and vaults hold (vault shares
 * included) and of `extra`, once: tokens already read, or already found unusable, are not read again.
 * Results go into `index.tokens` and `index.unusableTokens`.
 */
export async function indexTokens(client: PublicClient, { index, multicall3, extra }: { index: PoolIndex; multicall3: Address; extra: readonly string[] }): Promise<void> {
  const all = new Set<string>(extra.map((a) => a.toLowerCase()))
  const add = (...tokens: string[]) => tokens.forEach((t) => all.add(t.toLowerCase()))
  for (const p of index.uniswapV2.values()) add(p.token0, p.token1)
  for (const p of index.uniswapV3.values()) add(p.token0, p.token1)
  for (const p of index.uniswapV4.values()) add(p.currency0, p.currency1)
  for (const p of index.balancerV2.values()) add(...p.tokens)
  for (const m of index.morphoBlue.values()) add(m.loanToken, m.collateralToken)
  for (const v of index.erc4626.values()) add(v.asset, v.address)
  const wanted = [...all].filter((a) => BigInt(a) !== 0n && !index.tokens.has(a) && !index.unusableTokens.has(a))
  if (wanted.length === 0) return
  const { tokens, unusable } = await readTokenMetadata(client, { multicall3, addresses: wanted })
  for (const [a, t] of tokens) index.tokens.set(a, t)
  for (const [a, why] of unusable) index.unusableTokens.set(a, why)
}
