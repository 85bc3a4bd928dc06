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

describe('GET /projects/:project/protocols', () => {
  it('sends the project and answers the protocols in the /protocols shape', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/projects/uniswap/protocols', headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([{
      project: 'uniswap', slug: 'uniswap-v2', name: 'Uniswap V2', description: 'Constant-product AMM.', url: 'https://app.uniswap.org',
      logosUri: ['https://icons.example/uniswap-v2.png'], chains: [{ id: 1, name: 'mainnet' }, { id: 8453, name: 'base' }],
    }])
    expect(res.headers['x-ratelimit-limit']).toBe('100')
    expect(gw.fake.calls[0]).toMatchObject({ method: 'ProjectProtocols', request: { project: 'uniswap' }, metadata: { authorization: `Bearer ${API_KEY}` } })
  })

  it('an unknown project → 404 NOT_FOUND with the service’s message', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/projects/curve/protocols', headers })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Unknown project "curve".' })
  })
})
