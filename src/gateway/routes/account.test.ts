import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { status } from '@grpc/grpc-js'
import { FAKE_ACCOUNT_ID } from '../testing/cannedGrpcResponses.js'
import { grpcError } from '../testing/grpcError.js'
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

describe('GET /account/accountId', () => {
  it('returns the caller\'s accountId as a JSON string and forwards the key', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/account/accountId', headers })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.body).toBe(JSON.stringify(FAKE_ACCOUNT_ID))
    expect(gw.fake.calls[0]).toMatchObject({ method: 'Account', metadata: { authorization: `Bearer ${API_KEY}` } })
  })

  it('UNAUTHENTICATED from gRPC → 401', async () => {
    gw.fake.handlers.Account = (_c, cb) => cb(grpcError({ status: status.UNAUTHENTICATED, envelope: { code: 'UNAUTHENTICATED', message: 'Missing or invalid API key. Send "Authorization: Bearer <key>".' } }))
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/account/accountId' })
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('UNAUTHENTICATED')
  })
})

describe('GET /account/:id', () => {
  it('returns the id when it is the caller\'s own (any case)', async () => {
    const res = await gw.app.inject({ method: 'GET', url: `/api/v1/account/${FAKE_ACCOUNT_ID.toUpperCase().replace('0X', '0x')}`, headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toBe(FAKE_ACCOUNT_ID)
  })

  it('answers 404 NOT_FOUND for any other id (no probing of other accounts)', async () => {
    const res = await gw.app.inject({ method: 'GET', url: `/api/v1/account/0x${'b'.repeat(64)}`, headers })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: 'Account not found.' })
  })
})
