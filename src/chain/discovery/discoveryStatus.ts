/** The families pool discovery finds from logs. */
export type DiscoveredProtocol = 'uniswap-v2' | 'uniswap-v3' | 'uniswap-v4' | 'balancer-v2' | 'erc4626' | 'morpho-blue'

/** Pools of one family: in the index, and above the liquidity floor (in the search graph). */
export type DiscoveredCounts = { indexed: number; aboveFloor: number }

/** What discovery did on one external chain, for `/networks`, `/metrics` and the start log. Plain data. */
export type DiscoveryStatus = {
  chainId: number
  /** The index file under the state directory. */
  indexFile: string
  /** The last block whose logs are indexed (the head when discovery ran). */
  indexedBlock: bigint
  /** The first block the creation events are read from. */
  startBlock: bigint
  /** The first block read by this start; undefined when nothing new was read. A resumed start reads from past the saved index. */
  firstBlockRead: bigint | undefined
  /** Least USD TVL of a pool in the search graph. */
  minPoolTvlUsd: number
  /** Tokens in the address book. */
  tokens: number
  pools: Record<DiscoveredProtocol, DiscoveredCounts>
  /** `eth_getLogs` calls and refusals of this start. */
  logRequests: number
  logRefusals: number
  /** How long discovery took, ms. */
  ms: number
}

/** The slice of a pino logger discovery writes to. */
export type DiscoveryLogger = {
  info(fields: Record<string, unknown>, message: string): void
  warn(fields: Record<string, unknown>, message: string): void
}

/** Every family with zero counts. */
export function emptyDiscoveredCounts(): Record<DiscoveredProtocol, DiscoveredCounts> {
  return {
    'uniswap-v2': { indexed: 0, aboveFloor: 0 },
    'uniswap-v3': { indexed: 0, aboveFloor: 0 },
    'uniswap-v4': { indexed: 0, aboveFloor: 0 },
    'balancer-v2': { indexed: 0, aboveFloor: 0 },
    erc4626: { indexed: 0, aboveFloor: 0 },
    'morpho-blue': { indexed: 0, aboveFloor: 0 },
  }
}
