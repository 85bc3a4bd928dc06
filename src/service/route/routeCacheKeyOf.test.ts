import type { Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { snapshotVersionOf } from '../../data/snapshotVersionOf.js'
import type { RouteParams } from '../../schemas/routeRequest.js'
import { routeCacheKeyOf } from './routeCacheKeyOf.js'

const user: Address = '0x00000000000000000000000000000000000105e1'
const params = { chainId: 1, fromAddress: user, fromAddressAsSent: user, tokenIn: ['0xaa'], amountIn: [10n ** 20n], slippageBps: 50n } as unknown as RouteParams
const key = (p: Partial<{ version: string; accountId: string; params: RouteParams }> = {}) => routeCacheKeyOf({ version: '1:100', accountId: '0x11', params, ...p })

describe('routeCacheKeyOf', () => {
  test('the sender\'s spelling does not split the cache', () => {
    expect(key({ params: { ...params, fromAddressAsSent: user.toUpperCase().replace('0X', '0x') as Address } })).toBe(key())
  })

  test('another block, account, amount, slippage or sender is another key', () => {
    const keys = [
      key(),
      key({ version: '1:101' }),
      key({ accountId: '0x22' }),
      key({ params: { ...params, amountIn: [10n ** 20n + 1n] } }),
      key({ params: { ...params, slippageBps: 51n } }),
      key({ params: { ...params, fromAddress: '0x00000000000000000000000000000000000105e2' } }),
    ]
    expect(new Set(keys).size).toBe(keys.length)
  })

  test('bigints are written out in full, prefixed by version and account', () => {
    expect(key()).toBe('1:100|0x11|{"chainId":1,"fromAddress":"0x00000000000000000000000000000000000105e1","tokenIn":["0xaa"],"amountIn":["100000000000000000000"],"slippageBps":"50"}')
  })

  test('issue 28 item 6: two chains at the same block number and hash never share a computation', () => {
    const hash = `0x${'3c'.repeat(32)}` as const
    const [v1, v8453] = [1, 8453].map((chainId) => snapshotVersionOf({ chainId, blockNumber: 100n, hash }))
    const on = (version: string, chainId: number) => key({ version, params: { ...params, chainId } })
    expect(on(v1!, 1)).not.toBe(on(v8453!, 8453))
    // Each half names the chain on its own: the snapshot version, and the request.
    expect(on(v1!, 8453)).not.toBe(on(v8453!, 8453))
    expect(on(v8453!, 1)).not.toBe(on(v8453!, 8453))
  })
})
