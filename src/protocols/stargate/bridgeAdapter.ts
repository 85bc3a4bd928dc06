import { NATIVE_ADDRESS } from '../../schemas/fields.js'
import type { BridgeAdapter } from '../bridge/types.js'

/**
 * Stargate V2 as a bridge adapter: one edge per pool whose asset (Stargate asset id) also has a pool on
 * the destination, carried as a LayerZero V2 taxi to the destination's endpoint id. The messaging fee
 * (`quoteSend`) and the pool fee (`quoteOFT`) are read by the service at the snapshot.
 */
export const stargateBridgeAdapter: BridgeAdapter = {
  slug: 'stargate',
  names: ['stargate', 'layerzero'],
  edges({ source, dest, receiver }) {
    const dstEid = dest.book.layerZero?.eid
    if (dstEid === undefined) return []
    return (source.book.stargate?.pools ?? []).flatMap((pool) => {
      const remote = dest.book.stargate?.pools.find((p) => p.assetId === pool.assetId)
      if (!remote) return []
      return [{
        protocol: 'stargate' as const, primary: pool.pool, token: pool.native ? NATIVE_ADDRESS : pool.token, destinationChainId: dest.chainId,
        destinationToken: remote.native ? NATIVE_ADDRESS : remote.token, dstEid, nativeFee: 0n, feeBps: 0n, destinationReceiver: receiver,
      }]
    })
  },
}
