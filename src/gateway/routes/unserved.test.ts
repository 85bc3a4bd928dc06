import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_KEY, FROM, startTestGateway } from '../testing/startTestGateway.js'
import { unservedOperations } from './unserved.js'

let gw: Awaited<ReturnType<typeof startTestGateway>>
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw.close()
})

const headers = { authorization: `Bearer ${API_KEY}` }
const HASH = `0x${'ab'.repeat(32)}`

describe('published operations we do not serve (issue 24 item 15): a documented 400, never 404', () => {
  it.each([
    ['GET', `/api/v1/ccip/router?chainId=42161`, 'BRIDGE_NOT_SUPPORTED', 'GET /api/v1/ccip/router: CCIP is not served'],
    ['GET', '/api/v1/cctp/bridge/tokenmessengerv2?chainId=1', 'BRIDGE_NOT_SUPPORTED', 'GET /api/v1/cctp/bridge/tokenmessengerv2: CCTP is not served'],
    ['GET', `/api/v1/cctp/bridge/claim?chainId=1&txHash=${HASH}`, 'BRIDGE_NOT_SUPPORTED', 'GET /api/v1/cctp/bridge/claim: CCTP is not served'],
    ['POST', `/api/v1/shortcuts/static/ipor?chainId=1&fromAddress=${FROM}`, 'NOT_SUPPORTED', 'POST /api/v1/shortcuts/static/ipor: IPOR shortcuts are not served'],
  ] as const)('%s %s → 400 %s in our envelope, without a gRPC call', async (method, url, code, message) => {
    gw.fake.calls.length = 0
    const body = method === 'POST' ? { amountIn: '1000', tokenIn: FROM, tokenBToBuy: FROM, percentageForTokenB: '5000' } : undefined
    const res = await gw.app.inject({ method, url, headers, ...(body ? { payload: body } : {}) })
    expect(res.statusCode).toBe(400)
    const json = res.json()
    expect(json).toMatchObject({ statusCode: 400, error: 'Bad Request', code })
    expect(json.message).toContain(message)
    expect(json.message).toMatch(/layerzero|bundle/)
    expect(gw.fake.calls).toHaveLength(0)
  })

  it('whatever the parameters (none at all)', async () => {
    for (const op of unservedOperations) {
      const res = await gw.app.inject({ method: op.method, url: `/api/v1${op.path}`, headers })
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(400)
      expect(res.json().code).toBe(op.code)
    }
  })
})
