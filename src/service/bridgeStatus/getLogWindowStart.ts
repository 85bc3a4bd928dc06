/** How far back (blocks) a bridge status looks for the destination side: about 7 days on Ethereum, 2.3 on Base. */
export const BRIDGE_LOG_LOOKBACK_BLOCKS = 50_000n

/**
 * First block of the window a bridge status searches for destination logs: the whole chain on a
 * devnet, the last {@link BRIDGE_LOG_LOOKBACK_BLOCKS} on a long chain (nodes cap `eth_getLogs` ranges,
 * and a delivery older than that is not worth a full scan).
 * @param client - a client on the destination chain
 * @returns the block to pass as `fromBlock`
 */
export async function getLogWindowStart(client: { getBlockNumber(args?: { cacheTime?: number }): Promise<bigint> }): Promise<bigint> {
  const latest = await client.getBlockNumber({ cacheTime: 0 })
  return latest > BRIDGE_LOG_LOOKBACK_BLOCKS ? latest - BRIDGE_LOG_LOOKBACK_BLOCKS : 0n
}
