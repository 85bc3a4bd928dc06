import { describe, expect, it } from 'vitest'
import { API_KEY, FROM, USDC, WETH, startTestGateway } from '../testing/startTestGateway.js'
import { ROUTE_WORK_ROUTES } from './admission.js'

const headers = { authorization: `Bearer ${API_KEY}` }
const routeBody = { fromAddress: FROM, amountIn: ['1000000000'], tokenIn: [USDC], tokenOut: [WETH], chainId: 1, variableEstimates: {} }
/** One valid request per route-work endpoint (the gateway's fake gRPC server answers each with 200). */
const ROUTE_WORK = [
  { method: 'POST', url: '/api/v1/shortcuts/route', payload: routeBody },
  { method: 'GET', url: `/api/v1/shortcuts/quote?chainId=1&tokenIn=${USDC}&tokenOut=${WETH}&amountIn=1` },
  { method: 'POST', url: `/api/v1/shortcuts/bundle?chainId=1&fromAddress=${FROM}`, payload: [{ protocol: 'enso', action: 'balance', args: { token: USDC } }] },
  { method: 'GET', url: `/api/v1/shortcuts/route/nontokenized?chainId=1&fromAddress=${FROM}&receiver=${FROM}&positionOut=0x98C23E9d8f34FEFb1B7BD6a91B7FF122F4e16F5c&tokenIn=${USDC}&amountIn=1000000` },
] as const

// Each test builds its gateway itself: a plugin that fails to register fails the test, not a hook.
describe('load shedding at the door (admission plugin)', () => {
  it('with the bound reached, each route-work endpoint is refused 503 OVERLOADED with Retry-After 1, nothing sent to gRPC', async () => {
    const gw = await startTestGateway({ admission: { isFull: () => true } })
    try {
      expect([...ROUTE_WORK_ROUTES].sort()).toEqual(ROUTE_WORK.map((r) => r.url.split('?')[0]).sort())
      for (const request of ROUTE_WORK) {
        const res = await gw.app.inject({ ...request, headers })
        expect([request.url, res.statusCode, res.headers['retry-after'], res.json()]).toEqual([request.url, 503, '1', {
          statusCode: 503, error: 'Service Unavailable', code: 'OVERLOADED', message: 'The server is overloaded, retry in 1 s.', requestId: expect.any(String),
        }])
      }
      expect(gw.fake.calls).toEqual([])
      // Other endpoints are not route work: served while the bound is reached.
      expect((await gw.app.inject({ method: 'GET', url: '/api/v1/networks', headers })).statusCode).toBe(200)
      expect(gw.fake.calls.map((c) => c.method)).toEqual(['Networks'])
    } finally {
      await gw.close()
    }
  })

  it('below the bound, route work goes through', async () => {
    let full = false
    const gw = await startTestGateway({ admission: { isFull: () => full } })
    try {
      for (const request of ROUTE_WORK) expect([request.url, (await gw.app.inject({ ...request, headers })).statusCode]).toEqual([request.url, 200])
      expect(gw.fake.calls.map((c) => c.method)).toEqual(['Route', 'Quote', 'Bundle', 'RouteNontokenized'])
      full = true
      expect((await gw.app.inject({ ...ROUTE_WORK[0], headers })).statusCode).toBe(503)
    } finally {
      await gw.close()
    }
  })
})
