import type { Address, Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bridgeAdapters } from '../protocols/bridge/registry.js'
import { bridgesOf } from './bridge/bridgesOf.js'
import { getRoute } from './getRoute.js'
import { startServiceOnDevnet } from './testing/startServiceOnDevnet.js'

// Issue 28 item 4 through the route use case on the devnet (chains 1 and Base, every bridge deployed):
// each name a bridge answers to, in any case, leaves it out of a cross-chain route's candidates. With
// every other bridge left out by its slug, a name that works leaves none, which getRoute says before it
// estimates or simulates anything; a name that did not would go on to route over that bridge.

const user: Address = '0x7a11000000000000000000000000000000000109'
const receiver: Address = '0x7a1100000000000000000000000000000000010a'
const caller = { accountId: `0x${'44'.repeat(32)}` as Hex, keyId: 'test' }

let service: Awaited<ReturnType<typeof startServiceOnDevnet>>
beforeAll(async () => {
  service = await startServiceOnDevnet({ chains: [1, 8453] })
}, 120_000)
afterAll(async () => {
  await service?.stop()
})

const route = (ignoreBridges: string[]) => {
  const tokens = (id: number) => service.devnet.chains[id]!.addressBook.tokens['USDC']!.address
  return getRoute(service.ctx, {
    chainId: 1, destinationChainId: 8453, fromAddress: user, receiver, routingStrategy: 'router', variableEstimates: {},
    tokenIn: [tokens(1)], amountIn: ['1000000000'], tokenOut: [tokens(8453)], ignoreBridges,
  }, { caller, requireVariableEstimates: true })
}

describe('cross-chain routes leave out a bridge by every name it answers to', () => {
  test('every bridge connects chain 1 to Base on the devnet (so leaving one out is observable)', async () => {
    const head = await service.devnet.chains[1]!.client.getBlock()
    const bridges = await bridgesOf(service.ctx.chains, { chainId: 1, blockNumber: head.number, timestamp: head.timestamp })
    const reaching = new Set(bridges?.routes.filter((r) => r.destinationChainId === 8453).map((r) => r.protocol))
    expect([...reaching].sort()).toEqual(bridgeAdapters.map((a) => a.slug).sort())
  })

  const cases = bridgeAdapters.flatMap((a) => a.names.flatMap((name) => [name, name.toUpperCase(), name[0]!.toUpperCase() + name.slice(1)].map((sent) => [a.slug, sent] as const)))
  test.each(cases)('%s, left out as %s with every other bridge left out by slug: no bridge connects', async (slug, sent) => {
    const others = bridgeAdapters.filter((a) => a.slug !== slug).map((a) => a.slug)
    await expect(route([sent, ...others])).rejects.toMatchObject({ code: 'NO_ROUTE', reason: 'no bridge connects chain 1 to chain 8453' })
  })

  test('names no bridge answers to are not refused and leave the known names working', async () => {
    await expect(route(['ccip', 'Relay', 'stargate-v2', ...bridgeAdapters.map((a) => a.names.at(-1)!.toUpperCase())]))
      .rejects.toMatchObject({ code: 'NO_ROUTE', reason: 'no bridge connects chain 1 to chain 8453' })
  })
})
