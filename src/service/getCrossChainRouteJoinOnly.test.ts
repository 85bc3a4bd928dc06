import type { Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { OverloadedError } from '../errors/admission.js'
import type { ServiceContext } from './context.js'
import { getCrossChainRoute } from './getCrossChainRoute.js'

// Issue 22 item 5: a call past the in-flight bound (joinOnly) may only join an identical computation.
// A cross-chain route simulates its own candidates on both chains, so there is nothing whole to join:
// such a call is refused OVERLOADED before it reads anything (the snapshots here throw when touched).

const caller = { accountId: `0x${'44'.repeat(32)}` as Hex, keyId: 'test' }
const untouchable = new Proxy({}, { get: () => { throw new Error('read past the bound') } })
// Two devnet chains (a bridge between them is delivered); their clients and the snapshots throw when touched.
const chain = (chainId: number) => ({ chainId, source: 'devnet', client: untouchable, addressBook: untouchable })
const ctx = { chains: { 1: chain(1), 8453: chain(8453) }, snapshots: untouchable } as unknown as ServiceContext
const params = {
  chainId: 1, destinationChainId: 8453, fromAddress: '0x7a11000000000000000000000000000000000109', routingStrategy: 'router', variableEstimates: {},
  tokenIn: ['0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'], amountIn: ['1000000000'], tokenOut: ['0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'], ignoreBridges: [],
} as unknown as Parameters<typeof getCrossChainRoute>[1]

describe('a cross-chain route past the in-flight bound', () => {
  test('is refused OVERLOADED (Retry-After 1) before any read', async () => {
    await expect(getCrossChainRoute(ctx, params, { caller, joinOnly: true })).rejects.toBeInstanceOf(OverloadedError)
    await expect(getCrossChainRoute(ctx, params, { caller, joinOnly: true })).rejects.toMatchObject({ code: 'OVERLOADED', retryAfterSeconds: 1 })
  })

  test('with a slot it goes on to read (and here meets the untouchable snapshots)', async () => {
    await expect(getCrossChainRoute(ctx, params, { caller })).rejects.toThrow('read past the bound')
  })
})
