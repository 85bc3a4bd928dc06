import { afterAll, beforeAll, expect, it } from 'vitest'
import { API_KEY, startTestGateway } from '../testing/startTestGateway.js'

let gw: Awaited<ReturnType<typeof startTestGateway>>
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.close()
})

it('nontokenized answers 501 NOT_IMPLEMENTED with a clear message, after authentication', async () => {
  const nontokenized = await gw.app.inject({ method: 'GET', url: '/api/v1/shortcuts/route/nontokenized?chainId=1', headers: { authorization: `Bearer ${API_KEY}` } })
  expect(nontokenized.statusCode).toBe(501)
  expect(gw.fake.calls.filter((c) => c.method === 'Account')).toHaveLength(1)
})
