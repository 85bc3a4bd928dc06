import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { grpcError } from '../testing/grpcError.js'
import { API_KEY, DAI, FROM, NATIVE, startTestGateway } from '../testing/startTestGateway.js'

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
const get = (query: string) => gw.app.inject({ method: 'GET', url: `/api/v1/wallet/balances?${query}`, headers })

describe('GET /wallet/balances', () => {
  it('maps the query to WalletBalancesRequest and the answer to OpenAPI WalletBalance (unset fields → null)', async () => {
    const res = await get(`chainId=1&eoaAddress=${FROM.toLowerCase()}&useEoa=true`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-ratelimit-limit']).toBe('100')
    expect(res.json()).toEqual([
      { token: NATIVE, amount: '1500000000000000000', chainId: 1, decimals: 18, price: '3012.25', name: 'Ether', symbol: 'ETH', logoUri: 'https://icons.example/eth.png' },
      { token: DAI, amount: '42', chainId: 1, decimals: 18, price: null, name: null, symbol: null, logoUri: null },
    ])
    expect(gw.fake.calls).toHaveLength(1)
    // The address arrives checksummed (the shared validator normalises it).
    expect(gw.fake.calls[0]).toMatchObject({ method: 'WalletBalances', request: { chain_id: '1', eoa_address: FROM, use_eoa: true }, metadata: { authorization: `Bearer ${API_KEY}` } })
  })

  it('chainId=all leaves chain_id unset; useEoa=false asks for the smart wallet', async () => {
    const res = await get(`chainId=all&eoaAddress=${FROM}&useEoa=false`)
    expect(res.statusCode).toBe(200)
    const request = gw.fake.calls[0]?.request as Record<string, unknown>
    expect(request).toMatchObject({ eoa_address: FROM, use_eoa: false })
    expect(request._chain_id).toBeUndefined()
    expect(request._use_eoa).toBe('use_eoa')
  })

  it.each([
    ['a missing useEoa', `chainId=1&eoaAddress=${FROM}`, 'MISSING_FIELD', 'useEoa: required: true (the EOA) or false (its smart wallet)'],
    ['a useEoa that is not a boolean', `chainId=1&eoaAddress=${FROM}&useEoa=yes`, 'INVALID_TYPE', 'useEoa: must be true or false'],
    ['a missing chainId', `eoaAddress=${FROM}&useEoa=true`, 'MISSING_FIELD', 'chainId: required: a chain id or "all"'],
    ['a chainId that is neither a number nor all', `chainId=mainnet&eoaAddress=${FROM}&useEoa=true`, 'INVALID_TYPE', 'chainId: must be a chain id (positive integer) or "all"'],
    ['a zero chainId', `chainId=0&eoaAddress=${FROM}&useEoa=true`, 'UNSUPPORTED_CHAIN', 'chainId: Chain 0 is not supported. Supported chains: 1, 8453.'],
    ['a short address', 'chainId=1&eoaAddress=0x1234&useEoa=true', 'INVALID_ADDRESS', 'eoaAddress: must be 0x followed by 40 hex digits'],
    ['a bad checksum', `chainId=1&eoaAddress=${FROM.replace('d8dA', 'd8DA')}&useEoa=true`, 'INVALID_CHECKSUM', 'eoaAddress: mixed-case address fails its EIP-55 checksum'],
    ['an unknown key', `chainId=1&eoaAddress=${FROM}&useEoa=true&wallet=1`, 'UNKNOWN_FIELD', 'wallet: Unrecognized key: "wallet"'],
  ])('%s → 400 %s before any gRPC call', async (_name, query, code, message) => {
    const res = await get(query)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code, message })
    expect(gw.fake.calls.filter((c) => c.method !== 'Networks')).toHaveLength(0)
  })

  it('an unsupported chain from the backend → 400 UNSUPPORTED_CHAIN with its message', async () => {
    gw.fake.handlers.WalletBalances = (_c, cb) => cb(grpcError({ status: 3, envelope: { code: 'UNSUPPORTED_CHAIN', message: 'Chain 10 is not supported. Supported chains: 1.' } }))
    const res = await get(`chainId=10&eoaAddress=${FROM}&useEoa=true`)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_CHAIN', message: 'Chain 10 is not supported. Supported chains: 1.' })
  })
})
