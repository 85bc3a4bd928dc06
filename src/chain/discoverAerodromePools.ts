import { getAddress, parseAbi, zeroAddress, type Address, type PublicClient } from 'viem'
import { SNAPSHOT_MULTICALL_BYTES } from '../protocols/loadContext.js'
import type { AerodromePoolEntry } from './addressBook.js'
import { aerodromeDeployments } from './canonicalAddresses.js'
import { hasCode } from './hasCode.js'

const factoryAbi = parseAbi(['function getPool(address tokenA, address tokenB, bool stable) view returns (address)'])

/** Parameters of {@link discoverAerodromePools}. */
export type DiscoverAerodromePoolsParameters = {
  chainId: number
  multicall3: Address
  /** Tokens to pair (the book's): a pool is found when both its tokens are here. */
  tokens: readonly Address[]
  /** At most this many tokens are paired (each pair costs two `getPool` reads); the first ones win. */
  maxTokens?: number | undefined
}

/** What {@link discoverAerodromePools} found: the factory, the implementation it clones, the Router, the pools. */
export type DiscoverAerodromePoolsReturnType = { factory: Address; implementation: Address; router: Address; pools: AerodromePoolEntry[] } | undefined

/**
 * Aerodrome's classic pools between the given tokens on a node, where Aerodrome's PoolFactory has code:
 * the factory's own `getPool(a, b, stable)` for every pair and both curves, in Multicall3 batches (a
 * few hundred reads for the tokens a book lists, instead of scanning the factory's tens of thousands of
 * `PoolCreated` logs). Pools between tokens outside the list are not found.
 * @returns the factory and the pools, or undefined where the chain has no Aerodrome
 */
export async function discoverAerodromePools(client: PublicClient, p: DiscoverAerodromePoolsParameters): Promise<DiscoverAerodromePoolsReturnType> {
  const known = aerodromeDeployments[p.chainId]
  if (!known || !(await hasCode(client, known.factory))) return undefined
  const tokens = [...new Set(p.tokens.map((t) => t.toLowerCase()))].slice(0, p.maxTokens ?? 60).map((t) => getAddress(t))
  const asks: { token0: Address; token1: Address; stable: boolean }[] = []
  for (let i = 0; i < tokens.length; i++) {
    for (let j = i + 1; j < tokens.length; j++) {
      const [token0, token1] = tokens[i]!.toLowerCase() < tokens[j]!.toLowerCase() ? [tokens[i]!, tokens[j]!] : [tokens[j]!, tokens[i]!]
      asks.push({ token0, token1, stable: false }, { token0, token1, stable: true })
    }
  }
  const results = await client.multicall({
    multicallAddress: p.multicall3,
    batchSize: SNAPSHOT_MULTICALL_BYTES,
    contracts: asks.map((a) => ({ address: known.factory, abi: factoryAbi, functionName: 'getPool' as const, args: [a.token0, a.token1, a.stable] as const })),
  })
  const pools: AerodromePoolEntry[] = []
  results.forEach((r, k) => {
    if (r.status === 'success' && r.result !== zeroAddress) pools.push({ address: getAddress(r.result), ...asks[k]! })
  })
  return { factory: known.factory, implementation: known.implementation, router: known.router, pools }
}
