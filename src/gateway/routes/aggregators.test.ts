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
  gw.fake.handlers = {}
})

const headers = { authorization: `Bearer ${API_KEY}` }

describe('GET /aggregators', () => {
  it('answers the backend’s list as an array of strings', async () => {
    gw.fake.handlers.Aggregators = (_call, cb) => cb(null, { aggregators: ['one', 'two'] })
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/aggregators', headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(['one', 'two'])
    expect((gw.fake.calls[0]?.request as Record<string, unknown>)._chain_id).toBeUndefined()
  })

  it('an empty list stays an empty array; chainId is forwarded', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/aggregators?chainId=8453', headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([])
    expect(res.headers['x-ratelimit-limit']).toBe('100')
    expect(gw.fake.calls[0]).toMatchObject({ method: 'Aggregators', request: { chain_id: '8453', _chain_id: 'chain_id' } })
  })

  it.each([['chainId=abc'], ['chainId=-1'], ['other=1']])('a bad query (%s) → 400 before any gRPC call', async (query) => {
    const res = await gw.app.inject({ method: 'GET', url: `/api/v1/aggregators?${query}`, headers })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    // An unsupported chain (-1) only asks which chains are served, to list them.
    expect(gw.fake.calls.filter((c) => c.method !== 'Networks')).toHaveLength(0)
  })
})
