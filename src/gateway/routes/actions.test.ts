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
const transfer = {
  action: 'transfer',
  inputs: {
    token: { type: 'address', description: 'Token address', optional: false },
    receiver: { type: 'address', description: 'Receiver of the output', optional: false },
    amount: { type: 'uint256', description: 'Amount in base units (wei)', optional: true },
  },
}

describe('GET /actions', () => {
  it('answers OpenAPI Actions: inputs keyed by name, in declaration order; no slug sent', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/actions', headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([transfer])
    expect(Object.keys(res.json()[0].inputs)).toEqual(['token', 'receiver', 'amount'])
    expect(res.headers['x-ratelimit-limit']).toBe('100')
    expect(gw.fake.calls[0]).toMatchObject({ method: 'Actions', metadata: { authorization: `Bearer ${API_KEY}` } })
    expect((gw.fake.calls[0]?.request as Record<string, unknown>)._slug).toBeUndefined()
  })
})

describe('GET /actions/:slug', () => {
  it('sends the slug and answers that protocol’s actions', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/actions/erc20', headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([transfer])
    expect(gw.fake.calls[0]?.request).toMatchObject({ slug: 'erc20', _slug: 'slug' })
  })

  it('an unknown slug → 404 NOT_FOUND with the service’s message', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/actions/curve', headers })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Unknown protocol "curve".' })
  })
})
