import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { API_KEY, FROM, USDC, WETH, startTestGateway } from '../testing/startTestGateway.js'

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
const get = (query: string) => gw.app.inject({ method: 'GET', url: `/api/v1/nontokenized${query ? `?${query}` : ''}`, headers })

const position = {
  chain_id: '1', project: 'morpho', protocol: 'morpho-blue', address: '0x98C23E9d8f34FEFb1B7BD6a91B7FF122F4e16F5c', position_id: `0x${'ab'.repeat(32)}:supply`,
  primary_address: '0xBBBBBbbBBb9cC5e90e3b3Af64bdAF62C37EEFFCb', name: 'Morpho Blue WETH/USDC supply', logos_uri: '',
  underlying_tokens: [{ address: USDC, chain_id: '1', type: 'base', decimals: 6, symbol: 'USDC', name: 'USD Coin' }],
}

describe('GET /nontokenized (issue 24 item 16: its 11 published parameters, validated and described)', () => {
  it('passes every published filter to gRPC, lists in any style', async () => {
    const query = `project=morpho&protocolSlug=morpho-blue&chainId=1&positionId[]=a:supply&positionId[]=b:collateral&address=${WETH}&primaryAddress[]=${USDC}` +
      `&underlyingTokens=${USDC},${WETH}&underlyingTokensExact[0]=${USDC}&page=2&pageSize=10&cursor=20`
    expect((await get(query)).statusCode).toBe(200)
    expect(gw.fake.calls[0]?.request).toMatchObject({
      project: 'morpho', protocol_slug: 'morpho-blue', chain_id: '1', position_id: ['a:supply', 'b:collateral'], address: [WETH], primary_address: [USDC],
      underlying_tokens: [USDC, WETH], underlying_tokens_exact: [USDC], page: 2, page_size: 10, cursor: 20,
    })
  })

  it('ignores keys it does not know (the SDK may send destinationChainId)', async () => {
    expect((await get('destinationChainId=8453')).statusCode).toBe(200)
  })

  it.each([
    ['chainId=-1', 'chainId'],
    ['page=-1', 'page'],
    ['pageSize=1.5', 'pageSize'],
    ['cursor=abc', 'cursor'],
    ['project=a&project=b', 'project'],
  ])('%s → 400 naming %s, without a Nontokenized call', async (query, field) => {
    const res = await get(query)
    expect(res.statusCode).toBe(400)
    expect(res.json().details[0].field).toBe(field)
    expect(gw.fake.calls.filter((c) => c.method === 'Nontokenized')).toHaveLength(0)
  })

  it('answers { data: NonTokenizedModel[], meta } as its response schema describes', async () => {
    gw.fake.handlers.Nontokenized = (_c, cb) => cb(null, { data: [position], meta: { total: '1', last_page: 1, current_page: 1, per_page: 1000 } })
    const res = await get('chainId=1')
    expect(res.json()).toEqual({
      data: [{
        chainId: 1, project: 'morpho', protocol: 'morpho-blue', address: position.address, positionId: position.position_id, primaryAddress: position.primary_address,
        name: position.name, logosUri: '', underlyingTokens: [{ address: USDC, chainId: 1, type: 'base', decimals: 6, symbol: 'USDC', name: 'USD Coin' }],
      }],
      meta: { total: 1, lastPage: 1, currentPage: 1, perPage: 1000, prev: null, next: null, cursor: null },
    })
  })
})

describe('GET /shortcuts/route/nontokenized', () => {
  it('answers as its response schema describes', async () => {
    const res = await gw.app.inject({ method: 'GET', url: `/api/v1/shortcuts/route/nontokenized?chainId=1&fromAddress=${FROM}&receiver=${FROM}&positionOut=a:supply&tokenIn=${USDC}&amountIn=1000000`, headers })
    expect(res.statusCode).toBe(200)
    expect(Object.keys(res.json()).sort()).toEqual(['amountDeposited', 'createdAt', 'ensoFeeAmount', 'externalContracts', 'feeAmount', 'gas', 'priceImpact', 'route', 'tx'])
  })
})
