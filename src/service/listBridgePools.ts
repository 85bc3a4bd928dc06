import { isAddressEqual } from 'viem'
import type { StargatePoolEntry } from '../chain/addressBook.js'
import { UnsupportedChainError, type InvalidRequestError } from '../errors/request.js'
import { parseBridgePoolsQuery } from '../schemas/bridgePoolsQuery.js'
import type { ServiceContext } from './context.js'
import type { BridgePoolAnswer } from './types.js'

export type ListBridgePoolsErrorType = InvalidRequestError | UnsupportedChainError

/**
 * `GET /layerzero/pool` and `GET /stargate/pool`: the Stargate pools of `token` on `chainId`, each
 * paired with the pool of the same Stargate asset on every other served chain that has one
 * (narrowed by `destinationChainId` / `destinationToken` when given), ordered by destination chain.
 * Reads the address books only. A token without a pool, or a chain without Stargate, answers `[]`
 * (the OpenAPI's only answer is a 200 array).
 *
 * @example
 * listBridgePools(ctx, { chainId: 1, token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', destinationChainId: 8453 })
 * // [{ pool: '0xc026…89C7', chainId: 1, destinationChainId: 8453, token: '0xA0b8…eB48', decimals: 6,
 * //    destinationData: { pool: '0x27a1…5d26', token: '0x8335…2913', decimals: 6 } }]
 *
 * @param ctx - the chains (address books)
 * @param request - `{ chainId, token, destinationChainId?, destinationToken? }`, validated here
 * @returns one entry per (source pool, destination chain) pair
 * @throws {@link ListBridgePoolsErrorType}: InvalidRequestError, UnsupportedChainError (chainId or destinationChainId not served)
 */
export function listBridgePools(ctx: ServiceContext, request: unknown): BridgePoolAnswer[] {
  const q = parseBridgePoolsQuery(request)
  const supported = Object.keys(ctx.chains).map(Number)
  const source = ctx.chains[q.chainId]
  if (!source) throw new UnsupportedChainError({ chainId: q.chainId, supported })
  if (q.destinationChainId !== undefined && !ctx.chains[q.destinationChainId]) {
    throw new UnsupportedChainError({ chainId: q.destinationChainId, supported, field: 'destinationChainId' })
  }
  const pools = (source.addressBook.stargate?.pools ?? []).filter((p) => isAddressEqual(p.token, q.token))
  const destinations = Object.values(ctx.chains)
    .filter((c) => c.chainId !== q.chainId && (q.destinationChainId === undefined || c.chainId === q.destinationChainId) && c.addressBook.layerZero)
    .sort((a, b) => a.chainId - b.chainId)
  return pools.flatMap((pool) =>
    destinations.flatMap((chain) => {
      const remote = (chain.addressBook.stargate?.pools ?? []).find((p) => p.assetId === pool.assetId)
      if (!remote || (q.destinationToken !== undefined && !isAddressEqual(remote.token, q.destinationToken))) return []
      return [toAnswer(q.chainId, pool, chain.chainId, remote)]
    }),
  )
}

function toAnswer(chainId: number, pool: StargatePoolEntry, destinationChainId: number, remote: StargatePoolEntry): BridgePoolAnswer {
  return {
    pool: pool.pool,
    chainId,
    destinationChainId,
    token: pool.token,
    decimals: pool.localDecimals,
    destinationData: { pool: remote.pool, token: remote.token, decimals: remote.localDecimals },
  }
}
