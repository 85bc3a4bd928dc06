import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { API_KEY, startTestGateway } from '../testing/startTestGateway.js'

let gw: Awaited<ReturnType<typeof startTestGateway>>
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw.close()
})
beforeEach(() => {
  gw.fake.calls.length = 0
})

const headers = { authorization: `Bearer ${API_KEY}` }

describe('GET /networks', () => {
  it('lists networks as [{ id, name, isConnected }]', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/networks', headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([{ id: 1, name: 'mainnet', isConnected: true }, { id: 8453, name: 'base', isConnected: false }])
    expect(gw.fake.calls[0]?.request).not.toHaveProperty('chain_id')
  })

  it('passes on the pool index of a chain on an external node (issue 20): block, floor, counts', async () => {
    gw.fake.handlers.Networks = (_call, callback) => callback(null, {
      networks: [{
        id: '1', name: 'Ethereum', is_connected: true,
        index: { indexed_block: '21000000', min_pool_tvl_usd: 10_000, pools_indexed: '400005', pools_above_floor: '3004', protocols: [{ protocol: 'uniswap-v2', indexed: '400000', above_floor: '3000' }, { protocol: 'balancer-v2', indexed: '5', above_floor: '4' }] },
      }, { id: '8453', name: 'Base', is_connected: true }],
    })
    try {
      const res = await gw.app.inject({ method: 'GET', url: '/api/v1/networks', headers })
      expect(res.json()).toEqual([
        {
          id: 1, name: 'Ethereum', isConnected: true,
          index: { indexedBlock: 21_000_000, minPoolTvlUsd: 10_000, poolsIndexed: 400_005, poolsAboveFloor: 3_004, protocols: [{ protocol: 'uniswap-v2', indexed: 400_000, aboveFloor: 3_000 }, { protocol: 'balancer-v2', indexed: 5, aboveFloor: 4 }] },
        },
        { id: 8453, name: 'Base', isConnected: true },
      ])
    } finally {
      delete gw.fake.handlers.Networks
    }
  })

  it('passes the name and chainId filters', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/networks?name=Base&chainId=8453', headers })
    expect(res.json()).toEqual([{ id: 8453, name: 'base', isConnected: false }])
    expect(gw.fake.calls[0]?.request).toMatchObject({ name: 'Base', chain_id: '8453' })
  })

  it.each([['chainId=abc', 'INVALID_ARGUMENT'], ['chainId=0', 'INVALID_ARGUMENT'], ['foo=1', 'UNKNOWN_FIELD'], ['name=a&name=b', 'INVALID_TYPE']])(
    '%s → 400 %s',
    async (q, code) => {
      const res = await gw.app.inject({ method: 'GET', url: `/api/v1/networks?${q}`, headers })
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe(code)
      expect(gw.fake.calls).toHaveLength(0)
    },
  )
})
