import type { Hex } from 'viem'

/** Parameters of {@link snapshotVersionOf}. */
export type SnapshotVersionOfParameters = { chainId: number; blockNumber: bigint; hash: Hex }

/**
 * The name of one chain's state at one block: `<chainId>:<number>:<first 12 hex digits of the hash>`.
 * Every cache of state (the route and bundle computations, the workers' graphs, prices, token
 * catalogs, code and sender reads, gas prices) is keyed by it, so it must tell apart two chains at the
 * same height, even with the same block hash (two devnets from one genesis), and two states at one
 * height of one chain (a reorg, an anvil revert).
 * @param params - {@link SnapshotVersionOfParameters}
 * @returns the version string
 */
export function snapshotVersionOf({ chainId, blockNumber, hash }: SnapshotVersionOfParameters): string {
  return `${chainId}:${blockNumber}:${hash.slice(2, 14)}`
}
