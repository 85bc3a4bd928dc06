import type { UniswapV4PoolSnapshot } from './types.js'

/**
 * The fee a V4 swap charges, in pips: `ProtocolFeeLibrary.calculateSwapFee` of the direction's protocol fee
 * and the LP fee (`protocolFee + lpFee - protocolFee * lpFee / 1e6`), or the LP fee alone when the protocol
 * fee is 0 (`Pool.swap`).
 * @returns the swap fee in hundredths of a bip
 */
export function swapFeeOf(snapshot: Pick<UniswapV4PoolSnapshot, 'fee' | 'protocolFee'>, zeroForOne: boolean): number {
  const protocolFee = zeroForOne ? snapshot.protocolFee & 0xfff : (snapshot.protocolFee >> 12) & 0xfff
  if (protocolFee === 0) return snapshot.fee
  return protocolFee + snapshot.fee - Math.floor((protocolFee * snapshot.fee) / 1_000_000)
}
