import type { Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { bridgeAdapters } from '../bridge/registry.js'
import type { BundleActionContext, BundleBridgeRoute } from '../bundle/types.js'
import { planCrossChainRoute } from './planCrossChainRoute.js'

// Issue 28 item 4, for a bundle's cross-chain `enso route`: every name a bridge answers to, in any case,
// in the action's ignoreBridges leaves that bridge out of the candidates.

const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const BASE_USDC: Address = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const receiver: Address = '0x7a1100000000000000000000000000000000000a'

/** One route of every bridge from chain 1 to Base, carrying USDC as it is. */
const routes = bridgeAdapters.map((a, i) => ({
  protocol: a.slug, primary: `0x${String(i + 1).padStart(40, '0')}`, token: USDC, destinationChainId: 8453, destinationToken: BASE_USDC,
  nativeFee: 0n, feeBps: 0n, destinationReceiver: receiver,
}) as BundleBridgeRoute)

class Refused extends Error {
  constructor(readonly code: string) {
    super(code)
  }
}

/**
 * A context that knows the chain and its bridges, refuses through `fail`, and throws `PLANNED` once the
 * plan goes past choosing a bridge (anything else is asked of it).
 */
function contextWith(bridges: readonly BundleBridgeRoute[]): BundleActionContext {
  const known: Record<string, unknown> = {
    chainId: 1,
    contracts: { bridges: { routes: bridges } },
    fail: (code: string) => {
      throw new Refused(code)
    },
  }
  return new Proxy(known, {
    get: (target, key) => {
      if (typeof key === 'string' && key in target) return target[key]
      throw new Error('PLANNED')
    },
  }) as unknown as BundleActionContext
}

const plan = (ignoreBridges: string[]) => () =>
  planCrossChainRoute(contextWith(routes), { tokenIn: USDC, tokenOut: BASE_USDC, amountIn: { kind: 'amount', value: 1_000_000n, estimate: 1_000_000n }, destinationChainId: 8453, receiver, refundReceiver: receiver, ignoreBridges })

describe('planCrossChainRoute: ignoreBridges', () => {
  const cases = bridgeAdapters.flatMap((a) => a.names.flatMap((name) => [name, name.toUpperCase(), name[0]!.toUpperCase() + name.slice(1)].map((sent) => [a.slug, sent] as const)))
  test.each(cases)('%s is left out by %s: with every other bridge ignored there is none to plan', (slug, sent) => {
    const others = bridgeAdapters.filter((a) => a.slug !== slug).map((a) => a.slug)
    // The other bridges alone leave this one to plan with.
    expect(plan(others)).toThrow('PLANNED')
    expect(plan([sent, ...others])).toThrow(new Refused('NO_BRIDGE_ROUTE'))
  })

  test('names no bridge answers to leave out nothing', () => {
    expect(plan(['ccip', 'Relay', 'stargate-v2'])).toThrow('PLANNED')
  })
})
