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

describe('GET /projects', () => {
  it('lists projects as [{ id, chains, protocols }] and forwards the key', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/projects', headers: { authorization: `Bearer ${API_KEY}` } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([{ id: 'uniswap', chains: [1, 8453], protocols: ['uniswap-v2'] }])
    expect(gw.fake.calls[0]).toMatchObject({ method: 'Projects', metadata: { authorization: `Bearer ${API_KEY}` } })
  })
})
