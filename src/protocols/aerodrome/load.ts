import { parseAbi } from 'viem'
import { lower, type LoadContext, SNAPSHOT_MULTICALL_BYTES } from '../loadContext.js'
import type { LoadSnapshots } from '../types.js'
import type { AerodromePoolSnapshot } from './types.js'

/** Aerodrome's own Pool and PoolFactory getters, nothing of ours. */
export const aerodromePoolReadAbi = parseAbi([
  'function metadata() view returns (uint256 dec0, uint256 dec1, uint256 r0, uint256 r1, bool st, address t0, address t1)',
  'function getAmountOut(uint256 amountIn, address tokenIn) view returns (uint256)',
  'function getReserves() view returns (uint256 reserve0, uint256 reserve1, uint256 blockTimestampLast)',
  'function totalSupply() view returns (uint256)',
])
export const aerodromeFactoryReadAbi = parseAbi([
  'function getFee(address pool, bool stable) view returns (uint256)',
  'function isPaused() view returns (bool)',
  'function getPool(address tokenA, address tokenB, bool stable) view returns (address)',
])

type Read = { status: string; result?: unknown } | undefined

/**
 * Reads the address book's Aerodrome classic pools (or the given ones) at one block in one Multicall3
 * batch through Aerodrome's own getters: the pool's `metadata()` (decimals, reserves, curve, tokens) and
 * the pool's `totalSupply()` (its LP token), the factory's `getFee(pool, stable)`, plus `isPaused()` (a paused factory's pools cannot swap: none is
 * loaded). A pool is left out when a read fails or its tokens differ from the book's.
 * @returns one snapshot per usable pool
 */
export const loadAerodrome: LoadSnapshots<LoadContext, AerodromePoolSnapshot> = async ({ client, book }, { blockNumber, pools }) => {
  const aero = book.aerodrome
  if (!aero) return []
  const wanted = pools ? new Set(pools.map((p) => p.toLowerCase())) : undefined
  const entries = aero.pools.filter((p) => !wanted || wanted.has(p.address.toLowerCase()))
  if (entries.length === 0) return []
  const results = (await client.multicall({
    blockNumber,
    multicallAddress: book.multicall3,
    batchSize: SNAPSHOT_MULTICALL_BYTES,
    contracts: [
      { address: aero.factory, abi: aerodromeFactoryReadAbi, functionName: 'isPaused' as const },
      ...entries.flatMap((p) => [
        { address: p.address, abi: aerodromePoolReadAbi, functionName: 'metadata' as const },
        { address: p.address, abi: aerodromePoolReadAbi, functionName: 'totalSupply' as const },
        { address: aero.factory, abi: aerodromeFactoryReadAbi, functionName: 'getFee' as const, args: [p.address, p.stable] as const },
      ]),
    ] as never,
  })) as Read[]
  const paused = results[0]
  if (paused?.status !== 'success' || paused.result === true) return []
  const out: AerodromePoolSnapshot[] = []
  entries.forEach((p, i) => {
    const meta = results[1 + 3 * i]
    const supply = results[2 + 3 * i]
    const fee = results[3 + 3 * i]
    if (meta?.status !== 'success' || supply?.status !== 'success' || fee?.status !== 'success') return
    const [dec0, dec1, r0, r1, st, t0, t1] = meta.result as readonly [bigint, bigint, bigint, bigint, boolean, `0x${string}`, `0x${string}`]
    if (lower(t0) !== lower(p.token0) || lower(t1) !== lower(p.token1) || st !== p.stable) return
    out.push({
      protocol: 'aerodrome',
      address: lower(p.address),
      blockNumber,
      tokens: [lower(t0), lower(t1), lower(p.address)],
      stable: st,
      reserve0: r0,
      reserve1: r1,
      decimals0: dec0,
      decimals1: dec1,
      fee: fee.result as bigint,
      totalSupply: supply.result as bigint,
    })
  })
  return out
}
