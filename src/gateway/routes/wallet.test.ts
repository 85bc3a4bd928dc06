import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { API_KEY, FROM, USDC, startTestGateway } from '../testing/startTestGateway.js'

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
const url = (q: string) => `/api/v1/wallet/approve?${q}`
const good = `chainId=1&fromAddress=${FROM}&tokenAddress=${USDC}&amount=1000000000&routingStrategy=router`

describe('GET /wallet/approve', () => {
  it('maps the query to Approve and the answer to { tx, gas, token, amount, spender }', async () => {
    const res = await gw.app.inject({ method: 'GET', url: url(good), headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      tx: { data: '0x095ea7b3', to: USDC, from: FROM, value: '0' },
      gas: '46000', token: USDC, amount: '1000000000', spender: '0x1111111111111111111111111111111111111111',
    })
    expect(res.headers['x-ratelimit-remaining']).toBe('99')
    expect(gw.fake.calls[0]).toMatchObject({
      method: 'Approve',
      request: { from_address: FROM, token_address: USDC, amount: '1000000000', chain_id: '1', routing_strategy: 'router' },
      metadata: { authorization: `Bearer ${API_KEY}` },
    })
  })

  it('adds prerequisites and requiresZeroAllowanceFirst for USDT-style tokens', async () => {
    const reset = { data: '0x095ea7b30000', to: USDC, from: FROM, value: '0' }
    gw.fake.handlers.Approve = (_c, cb) => cb(null, {
      tx: { data: '0x095ea7b3', to: USDC, from: FROM, value: '0' }, gas: '46000', token: USDC, amount: '5', spender: FROM,
      prerequisites: [reset], requires_zero_allowance_first: true,
    })
    const res = await gw.app.inject({ method: 'GET', url: url(good), headers })
    expect(res.json()).toMatchObject({ prerequisites: [reset], requiresZeroAllowanceFirst: true })
  })

  it.each([
    ['missing amount', `chainId=1&fromAddress=${FROM}&tokenAddress=${USDC}`, 'MISSING_FIELD'],
    ['bad address', `fromAddress=0x1234&tokenAddress=${USDC}&amount=1`, 'INVALID_ADDRESS'],
    ['zero token', `fromAddress=${FROM}&tokenAddress=0x0000000000000000000000000000000000000000&amount=1`, 'INVALID_TOKEN'],
    ['negative amount', `fromAddress=${FROM}&tokenAddress=${USDC}&amount=-1`, 'INVALID_AMOUNT'],
    ['2^256 amount', `fromAddress=${FROM}&tokenAddress=${USDC}&amount=${2n ** 256n}`, 'AMOUNT_TOO_LARGE'],
    ['unknown strategy', `fromAddress=${FROM}&tokenAddress=${USDC}&amount=1&routingStrategy=foo`, 'INVALID_STRATEGY'],
    ['unknown key', `fromAddress=${FROM}&tokenAddress=${USDC}&amount=1&spender=${FROM}`, 'UNKNOWN_FIELD'],
    ['chainId 0', `fromAddress=${FROM}&tokenAddress=${USDC}&amount=1&chainId=0`, 'UNSUPPORTED_CHAIN'],
  ])('%s → 400 %s... before any gRPC call', async (_name, q, code) => {
    const res = await gw.app.inject({ method: 'GET', url: url(q), headers })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe(code)
    // An unsupported chain only asks which chains are served, to list them.
    expect(gw.fake.calls.filter((c) => c.method !== 'Networks')).toHaveLength(0)
  })

  it('amount 0 is allowed (revoking an approval)', async () => {
    const res = await gw.app.inject({ method: 'GET', url: url(`fromAddress=${FROM}&tokenAddress=${USDC}&amount=0`), headers })
    expect(res.statusCode).toBe(200)
    expect(gw.fake.calls[0]?.request).not.toHaveProperty('chain_id')
  })
})
