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
const uniswapV2 = {
  protocol: { slug: 'uniswap-v2', name: 'Uniswap V2', url: 'https://app.uniswap.org' },
  forks: [{ slug: 'sushiswap', name: 'SushiSwap', url: 'https://www.sushi.com' }],
  actions: [{
    action: 'swap', name: 'Swap', functionNames: ['swapExactTokensForTokens'], supportedChains: [{ id: 1, name: 'Ethereum' }, { id: 8453, name: 'Base' }],
    inputs: ['tokenIn', 'tokenOut', 'amountIn'],
  }],
}

describe('GET /standards', () => {
  it('lists standards without a slug filter', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/standards', headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([uniswapV2])
    expect(gw.fake.calls[0]).toMatchObject({ method: 'Standards', metadata: { authorization: `Bearer ${API_KEY}` } })
    expect(gw.fake.calls[0]?.request).not.toHaveProperty('slug')
  })
})

const uniswapV2Model = {
  project: 'uniswap', slug: 'uniswap-v2', name: 'Uniswap V2', description: 'Constant-product AMM.', url: 'https://app.uniswap.org', logosUri: [],
  chains: [{ id: 1, name: 'Ethereum' }, { id: 8453, name: 'Base' }],
}

describe.each(['standards', 'integration'])('GET /%s/:slug', (prefix) => {
  it('answers one object: the ProtocolModel on /standards/{slug} (the published document), the standard on /integration/{slug}', async () => {
    const res = await gw.app.inject({ method: 'GET', url: `/api/v1/${prefix}/uniswap-v2`, headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(prefix === 'standards' ? uniswapV2Model : uniswapV2)
    expect(res.headers['x-ratelimit-limit']).toBe('100')
    expect(gw.fake.calls[0]?.request).toMatchObject({ slug: 'uniswap-v2' })
  })

  it('an unknown slug → 404 NOT_FOUND with the service’s message', async () => {
    const res = await gw.app.inject({ method: 'GET', url: `/api/v1/${prefix}/nope`, headers })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Unknown protocol slug "nope".' })
  })

  it('an empty answer → 404 NOT_FOUND', async () => {
    gw.fake.handlers.Standards = (_c, cb) => cb(null, { standards: [] })
    const res = await gw.app.inject({ method: 'GET', url: `/api/v1/${prefix}/uniswap-v2`, headers })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Standard not found.' })
  })

  it('an action without inputs and a protocol without url answer [] and "" (never dropped)', async () => {
    gw.fake.handlers.Standards = (_c, cb) => cb(null, { standards: [{ protocol: { slug: 'enso', name: 'Enso' }, forks: [], actions: [{ action: 'route', name: 'Route' }], details: { project: 'enso', slug: 'enso', name: 'Enso' } }] })
    const res = await gw.app.inject({ method: 'GET', url: `/api/v1/${prefix}/enso`, headers })
    expect(res.statusCode).toBe(200)
    const standard = { protocol: { slug: 'enso', name: 'Enso', url: '' }, forks: [], actions: [{ action: 'route', name: 'Route', functionNames: [], supportedChains: [], inputs: [] }] }
    const model = { project: 'enso', slug: 'enso', name: 'Enso', description: '', url: '', logosUri: [], chains: [] }
    expect(res.json()).toEqual(prefix === 'standards' ? model : standard)
  })

  it('a standard without its protocol → 500 INTERNAL', async () => {
    gw.fake.handlers.Standards = (_c, cb) => cb(null, { standards: [{ forks: [], actions: [] }] })
    const res = await gw.app.inject({ method: 'GET', url: `/api/v1/${prefix}/uniswap-v2`, headers })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toMatchObject({ code: 'INTERNAL', message: 'Internal error.' })
  })
})
