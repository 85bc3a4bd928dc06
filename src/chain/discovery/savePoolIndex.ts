import { writeFileAtomic } from '../writeFileAtomic.js'
import type { PoolIndex } from './poolIndex.js'

/** Version of the file format `savePoolIndex` writes and `loadPoolIndex` reads. */
export const POOL_INDEX_FORMAT = 2

/**
 * The index as JSON-ready data: compact tuples, not objects (a mainnet index holds hundreds of
 * thousands of pairs), block numbers as decimal strings. Vault candidates are not kept: they are
 * checked before every save.
 */
export function serializePoolIndex(index: PoolIndex): Record<string, unknown> {
  const streams = Object.fromEntries(
    Object.entries(index.streams).map(([name, s]) => [name, { fromBlock: s.fromBlock.toString(), toBlock: s.toBlock.toString(), ...(s.toBlockHash ? { toBlockHash: s.toBlockHash } : {}) }]),
  )
  return {
    format: POOL_INDEX_FORMAT,
    chainId: index.chainId,
    genesisHash: index.genesisHash,
    streams,
    uniswapV2: [...index.uniswapV2.values()].map((p) => [p.address, p.token0, p.token1]),
    uniswapV3: [...index.uniswapV3.values()].map((p) => [p.address, p.token0, p.token1, p.fee, p.tickSpacing]),
    uniswapV4: [...index.uniswapV4.values()].map((p) => [p.id, p.currency0, p.currency1, p.fee, p.tickSpacing, p.hooks]),
    balancerV2: [...index.balancerV2.values()].map((p) => [p.poolId, p.address, p.specialization, p.tokens]),
    morphoBlue: [...index.morphoBlue.values()].map((m) => [m.id, m.loanToken, m.collateralToken, m.oracle, m.irm, m.lltv]),
    pendle: [...index.pendle.values()].map((m) => [m.address, m.factory, m.pt]),
    erc4626: [...index.erc4626.values()].map((v) => [v.address, v.asset]),
    notVaults: [...index.notVaults.entries()],
    tokens: [...index.tokens.entries()].map(([address, t]) => [address, t.symbol, t.name, t.decimals]),
    unusableTokens: [...index.unusableTokens.entries()],
  }
}

/**
 * Writes the index to `file` atomically (a temporary file renamed over it), so a crash mid-write
 * leaves the previous index whole.
 * @returns the file written
 */
export function savePoolIndex(index: PoolIndex, { file }: { file: string }): string {
  writeFileAtomic(file, JSON.stringify(serializePoolIndex(index)))
  return file
}
