import type { BridgeAdapter } from '../bridge/types.js'

/** What Across's relayer keeps of a deposit, bps: the devnet relayer fills anything at or above it. */
export const ACROSS_RELAYER_FEE_BPS = 4n

/**
 * Across V3 as a bridge adapter: one edge per deposit route the source spoke pool enables for the
 * destination (with the token relayers pay there). The relayer's fee is a fixed share of the amount.
 */
export const acrossBridgeAdapter: BridgeAdapter = {
  slug: 'across',
  names: ['across'],
  edges({ source, dest, receiver }) {
    const across = source.book.across
    if (!across) return []
    return across.routes.flatMap((r) =>
      r.destinationChainId !== dest.chainId || !r.outputToken
        ? []
        : [{
            protocol: 'across' as const, primary: across.spokePool, token: r.token, destinationChainId: dest.chainId, destinationToken: r.outputToken,
            nativeFee: 0n, feeBps: ACROSS_RELAYER_FEE_BPS, destinationReceiver: receiver, wrappedNative: source.book.weth, destinationWrappedNative: dest.book.weth,
          }],
    )
  },
}
