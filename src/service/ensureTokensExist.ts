import { LRUCache } from 'lru-cache'
import type { Address } from 'viem'
import type { ChainRuntime } from '../chain/connectChains.js'
import { NoRouteError } from '../errors/engine.js'

const hasCode = new LRUCache<string, boolean>({ max: 10_000 })

/**
 * THREATS A13: a token with no code on the chain (an EOA, a typo) gets NO_ROUTE after one
 * `eth_getCode`, cached, instead of a failing simulation.
 * @throws NoRouteError naming the token
 */
export async function ensureTokensExist(chain: ChainRuntime, tokens: readonly Address[]): Promise<void> {
  for (const token of tokens) {
    const key = `${chain.chainId}:${token.toLowerCase()}`
    let exists = hasCode.get(key)
    if (exists === undefined) {
      const code = await chain.client.getCode({ address: token })
      exists = !!code && code !== '0x'
      // A missing contract may be deployed later: remember that only briefly.
      hasCode.set(key, exists, exists ? {} : { ttl: 60_000 })
    }
    if (!exists) throw new NoRouteError({ reason: `token ${token} has no code on chain ${chain.chainId}` })
  }
}
