import { describe, expect, test } from 'vitest'
import type { BundleBridgeLeg } from '../../protocols/bundle/types.js'
import { bridgingEstimateOf, DEVNET_BRIDGE_SECONDS, type CompletedLeg } from './bridgingEstimateOf.js'

describe('bridgingEstimateOf', () => {
  test('the SDK\'s BridgeLatencyEstimate of a leg: its chains, the source token, the devnet relayer\'s 2 s, the bridge', () => {
    const leg = {
      route: { protocol: 'across', primary: '0x00000000000000000000000000000000000000a1', token: '0x00000000000000000000000000000000000000b1', destinationChainId: 8453, destinationToken: '0x00000000000000000000000000000000000000b2', nativeFee: 0n, feeBps: 4n, destinationReceiver: '0x00000000000000000000000000000000000000c1' },
    } as unknown as BundleBridgeLeg
    const completed: CompletedLeg = { leg, sourceChainId: 1, arrival: 5n, route: [], callbackGas: 0n }
    expect(DEVNET_BRIDGE_SECONDS).toBe(2)
    expect(bridgingEstimateOf(completed)).toEqual({ fromChainId: 1, toChainId: 8453, token: '0x00000000000000000000000000000000000000b1', estimatedSeconds: 2, bridge: 'across', source: 'switchyard relayer (devnet)' })
  })
})
