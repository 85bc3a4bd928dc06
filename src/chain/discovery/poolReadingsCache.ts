import { existsSync, readFileSync } from 'node:fs'
import { deserialize, serialize } from 'node:v8'
import type { Hex } from 'viem'
import { writeFileAtomic } from '../writeFileAtomic.js'
import type { ReadPoolLiquidityReturnType } from './readPoolLiquidity.js'

/**
 * Longest age, in blocks, of the liquidity readings a warm start judges the floor and prices with: about
 * 7 hours of mainnet, an hour of Base. Older readings are taken again in full.
 */
export const READINGS_MAX_AGE_BLOCKS = 2_000n

/** The readings kept with the index: the block the oldest of them was taken at, and the chain they belong to. */
type SavedReadings = { format: 1; genesisHash: Hex; block: bigint; readings: ReadPoolLiquidityReturnType }

/** The families read, in {@link ReadPoolLiquidityReturnType}'s keys. */
const families = ['uniswapV2', 'uniswapV3', 'uniswapV4', 'balancerV2', 'erc4626'] as const

/**
 * The readings saved by an earlier start of this chain history, when no older than
 * {@link READINGS_MAX_AGE_BLOCKS} at `head` (and not from the future: a node restarted from older state);
 * undefined otherwise, or when the file is missing or damaged.
 * @param file - where they are kept
 * @returns the readings and the block the oldest was taken at
 */
export function loadPoolReadings(file: string, { genesisHash, head }: { genesisHash: Hex; head: bigint }): { block: bigint; readings: ReadPoolLiquidityReturnType } | undefined {
  if (!existsSync(file)) return undefined
  try {
    const saved = deserialize(readFileSync(file)) as Partial<SavedReadings> | null
    if (saved?.format !== 1 || saved.genesisHash !== genesisHash || typeof saved.block !== 'bigint' || !saved.readings) return undefined
    if (saved.block > head || head - saved.block > READINGS_MAX_AGE_BLOCKS) return undefined
    if (!families.every((f) => saved.readings![f] instanceof Map)) return undefined
    return { block: saved.block, readings: saved.readings }
  } catch {
    return undefined
  }
}

/**
 * Keeps the readings for the next start ({@link writeFileAtomic}).
 * @param file - where they are kept
 * @param saved - the chain history, the block the oldest reading was taken at, and the readings
 */
export function savePoolReadings(file: string, saved: { genesisHash: Hex; block: bigint; readings: ReadPoolLiquidityReturnType }): void {
  writeFileAtomic(file, serialize({ format: 1, ...saved } satisfies SavedReadings))
}

/**
 * `fresh` over `saved`, family by family: the readings of a warm start (kept ones for the pools read before,
 * new ones for the pools indexed since).
 * @returns the merged readings
 */
export function mergePoolReadings(saved: ReadPoolLiquidityReturnType, fresh: ReadPoolLiquidityReturnType): ReadPoolLiquidityReturnType {
  const out = {} as ReadPoolLiquidityReturnType
  for (const f of families) out[f] = new Map<string, unknown>([...(saved[f] as Map<string, unknown>), ...(fresh[f] as Map<string, unknown>)]) as never
  return out
}
