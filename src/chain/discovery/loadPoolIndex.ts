import { existsSync, readFileSync } from 'node:fs'
import { z } from 'zod'
import type { Address, Hex } from 'viem'
import { createPoolIndex, type PoolIndex } from './poolIndex.js'
import { POOL_INDEX_FORMAT } from './savePoolIndex.js'

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/).transform((a) => a as Address)
const bytes32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/).transform((h) => h as Hex)
const block = z.string().regex(/^-?\d+$/).transform(BigInt)
const stream = z.object({ fromBlock: block, toBlock: block, toBlockHash: bytes32.optional() })

const fileSchema = z.object({
  format: z.literal(POOL_INDEX_FORMAT),
  chainId: z.number().int(),
  genesisHash: bytes32,
  streams: z.object({ creations: stream, vaults: stream }),
  uniswapV2: z.array(z.tuple([address, address, address])),
  uniswapV3: z.array(z.tuple([address, address, address, z.number().int(), z.number().int()])),
  uniswapV4: z.array(z.tuple([bytes32, address, address, z.number().int(), z.number().int(), address])),
  balancerV2: z.array(z.tuple([bytes32, address, z.number().int(), z.array(address)])),
  morphoBlue: z.array(z.tuple([bytes32, address, address, address, address, z.string().regex(/^\d+$/)])),
  pendle: z.array(z.tuple([address, address, address])),
  erc4626: z.array(z.tuple([address, address])),
  notVaults: z.array(z.tuple([z.string(), z.string()])),
  tokens: z.array(z.tuple([z.string(), z.string(), z.string(), z.number().int().min(0).max(255)])),
  unusableTokens: z.array(z.tuple([z.string(), z.string()])),
})

/** {@link loadPoolIndex}'s answer: the index, or why there is none to resume from. */
export type LoadPoolIndexReturnType = { index: PoolIndex; reason?: undefined } | { index?: undefined; reason: string }

/**
 * Reads a chain's saved index (`savePoolIndex`'s format). A missing, unreadable or malformed file, or
 * one of another format version or chain, is no index (with the reason, for the log): discovery
 * then starts from its start blocks.
 * @returns the index, or the reason there is none
 */
export function loadPoolIndex({ file, chainId }: { file: string; chainId: number }): LoadPoolIndexReturnType {
  if (!existsSync(file)) return { reason: 'no saved index' }
  let data: unknown
  try {
    data = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    return { reason: `saved index unreadable: ${(error as Error).message.split('\n')[0]}` }
  }
  return parsePoolIndex(data, { chainId })
}

/**
 * An index from its saved data (`serializePoolIndex`'s shape: the file's JSON, or the copy a replica
 * shares through the shared store); malformed data, another format version or chain is no index.
 * @returns the index, or the reason there is none
 */
export function parsePoolIndex(data: unknown, { chainId }: { chainId: number }): LoadPoolIndexReturnType {
  const result = fileSchema.safeParse(data)
  if (!result.success) return { reason: `saved index is malformed or of another format (${result.error.issues[0]?.path.join('.') ?? 'root'}: ${result.error.issues[0]?.message ?? ''})` }
  const parsed = result.data
  if (parsed.chainId !== chainId) return { reason: `saved index is of chain ${parsed.chainId}` }
  const index = createPoolIndex({ chainId, genesisHash: parsed.genesisHash, startBlocks: { creations: parsed.streams.creations.fromBlock, vaults: parsed.streams.vaults.fromBlock } })
  index.streams.creations = parsed.streams.creations
  index.streams.vaults = parsed.streams.vaults
  for (const [a, t0, t1] of parsed.uniswapV2) index.uniswapV2.set(a.toLowerCase(), { address: a, token0: t0, token1: t1 })
  for (const [a, t0, t1, fee, tickSpacing] of parsed.uniswapV3) index.uniswapV3.set(a.toLowerCase(), { address: a, token0: t0, token1: t1, fee, tickSpacing })
  for (const [id, c0, c1, fee, tickSpacing, hooks] of parsed.uniswapV4) index.uniswapV4.set(id.toLowerCase(), { id, currency0: c0, currency1: c1, fee, tickSpacing, hooks })
  for (const [poolId, a, specialization, tokens] of parsed.balancerV2) index.balancerV2.set(poolId.toLowerCase(), { poolId, address: a, specialization, tokens })
  for (const [id, loanToken, collateralToken, oracle, irm, lltv] of parsed.morphoBlue) index.morphoBlue.set(id.toLowerCase(), { id, loanToken, collateralToken, oracle, irm, lltv })
  for (const [a, factory, pt] of parsed.pendle) index.pendle.set(a.toLowerCase(), { address: a, factory, pt })
  for (const [a, asset] of parsed.erc4626) index.erc4626.set(a.toLowerCase(), { address: a, asset })
  for (const [a, why] of parsed.notVaults) index.notVaults.set(a.toLowerCase(), why)
  for (const [a, symbol, name, decimals] of parsed.tokens) index.tokens.set(a.toLowerCase(), { symbol, name, decimals })
  for (const [a, why] of parsed.unusableTokens) index.unusableTokens.set(a.toLowerCase(), why)
  return { index }
}
