import type { Address, Hex } from 'viem'

/**
 * The pools, markets and vaults discovered on one chain from its logs, and how far the logs were
 * read: kept in memory as maps (keyed by lowercase address or id, so a log read twice changes
 * nothing) and persisted as `<stateDir>/index/<chainId>.json` (see `savePoolIndex`).
 */
export type PoolIndex = {
  chainId: number
  /** Hash of block 0: an index made on another chain (a reset devnet, another fork) is not reused. */
  genesisHash: Hex
  /** How far each log stream was read. */
  streams: Record<PoolIndexStream, PoolIndexProgress>
  uniswapV2: Map<string, IndexedUniswapV2Pair>
  uniswapV3: Map<string, IndexedUniswapV3Pool>
  uniswapV4: Map<string, IndexedUniswapV4Pool>
  balancerV2: Map<string, IndexedBalancerPool>
  morphoBlue: Map<string, IndexedMorphoMarket>
  /**
   * Pendle V2 markets as their factory's `CreateNewMarket` logged them (from any emitter: each is checked
   * with its factory and its own answers when the book is built, see `readPendleMarkets`).
   */
  pendle: Map<string, IndexedPendleMarket>
  /** ERC-4626 vaults that passed the rule (see `verifyVaults`). */
  erc4626: Map<string, IndexedVault>
  /** Emitters of the ERC-4626 Deposit topic that failed the rule, with the reason: not checked again. */
  notVaults: Map<string, string>
  /** Emitters of the Deposit topic not checked yet (checked before every save, never persisted). */
  vaultCandidates: Set<string>
  /** Token metadata already read (lowercase address → symbol, name, decimals). */
  tokens: Map<string, IndexedToken>
  /** Tokens that cannot be served, with the reason (no code, no decimals): not read again. */
  unusableTokens: Map<string, string>
}

/**
 * The two log streams: creation events of known contracts, and the topics of any contract (the ERC-4626
 * Deposit, Pendle's CreateNewMarket).
 */
export type PoolIndexStream = 'creations' | 'vaults'

/** How far one stream was read: `[fromBlock, toBlock]`, with `toBlock`'s hash (undefined before the first window). */
export type PoolIndexProgress = { fromBlock: bigint; toBlock: bigint; toBlockHash?: Hex | undefined }

export type IndexedUniswapV2Pair = { address: Address; token0: Address; token1: Address }
export type IndexedUniswapV3Pool = { address: Address; token0: Address; token1: Address; fee: number; tickSpacing: number }
export type IndexedUniswapV4Pool = { id: Hex; currency0: Address; currency1: Address; fee: number; tickSpacing: number; hooks: Address }
/** A pool registered in the Balancer V2 Vault, with the tokens registered for it (in the Vault's order). */
export type IndexedBalancerPool = { poolId: Hex; address: Address; specialization: number; tokens: Address[] }
/** A Morpho Blue market; `lltv` a WAD as a decimal string. */
export type IndexedMorphoMarket = { id: Hex; loanToken: Address; collateralToken: Address; oracle: Address; irm: Address; lltv: string }
export type IndexedVault = { address: Address; asset: Address }
/** A Pendle market, the contract that logged its creation, and its PT. */
export type IndexedPendleMarket = { address: Address; factory: Address; pt: Address }
export type IndexedToken = { symbol: string; name: string; decimals: number }

/**
 * An empty index whose streams start at the given blocks.
 * @returns the index
 */
export function createPoolIndex({ chainId, genesisHash, startBlocks }: { chainId: number; genesisHash: Hex; startBlocks: Record<PoolIndexStream, bigint> }): PoolIndex {
  return {
    chainId,
    genesisHash,
    streams: {
      creations: { fromBlock: startBlocks.creations, toBlock: startBlocks.creations - 1n },
      vaults: { fromBlock: startBlocks.vaults, toBlock: startBlocks.vaults - 1n },
    },
    uniswapV2: new Map(),
    uniswapV3: new Map(),
    uniswapV4: new Map(),
    balancerV2: new Map(),
    morphoBlue: new Map(),
    pendle: new Map(),
    erc4626: new Map(),
    notVaults: new Map(),
    vaultCandidates: new Set(),
    tokens: new Map(),
    unusableTokens: new Map(),
  }
}
