import { connect } from 'node:net'
import { Readable } from 'node:stream'
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
/** The batch and the stream (issue 26): route work too, refused at the door past the bound. */
const STREAM_AND_BATCH = [
  { method: 'POST', url: '/api/v1/shortcuts/route/batch', payload: { requests: [routeBody] } },
  { method: 'GET', url: `/api/v1/shortcuts/route/stream?chainId=1&fromAddress=${FROM}&tokenIn=${USDC}&tokenOut=${WETH}&amountIn=1` },
] as const

// Each test builds its gateway itself: a plugin that fails to register fails the test, not a hook.
describe('load shedding at the door (admission plugin)', () => {
  it('with the bound reached, each route-work endpoint is refused 503 OVERLOADED with Retry-After 1, nothing sent to gRPC', async () => {
    const gw = await startTestGateway({ admission: { isFull: () => true } })
    try {
      expect([...ROUTE_WORK_ROUTES].sort()).toEqual([...ROUTE_WORK, ...STREAM_AND_BATCH].map((r) => r.url.split('?')[0]).sort())
      for (const request of [...ROUTE_WORK, ...STREAM_AND_BATCH]) {
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
      // Past the bound, a request identical to route work forwarded in the last minute still goes
      // through, to join it (the service refuses it where it would have to compute); any other is refused.
      for (const request of ROUTE_WORK) expect([request.url, (await gw.app.inject({ ...request, headers })).statusCode]).toEqual([request.url, 200])
      const other = { ...ROUTE_WORK[0], payload: { ...routeBody, amountIn: ['1000000001'] } }
      expect((await gw.app.inject({ ...other, headers })).statusCode).toBe(503)
      expect((await gw.app.inject({ ...ROUTE_WORK[1], url: `${ROUTE_WORK[1].url}0`, headers })).statusCode).toBe(503)
      // Another key's identical request is another identity (the service keys computations by account).
      expect((await gw.app.inject({ ...ROUTE_WORK[0], headers: { authorization: `Bearer ${API_KEY}x` } })).statusCode).not.toBe(200)
      expect(gw.fake.calls.map((c) => c.method)).toEqual(['Route', 'Quote', 'Bundle', 'RouteNontokenized', 'Route', 'Quote', 'Bundle', 'RouteNontokenized'])
    } finally {
      await gw.close()
    }
  })

  it('past the bound, a body is read as bytes and never parsed: not JSON is 503, not 400', async () => {
    const gw = await startTestGateway({ admission: { isFull: () => true } })
    try {
      const res = await gw.app.inject({ method: 'POST', url: '/api/v1/shortcuts/route', headers: { ...headers, 'content-type': 'application/json' }, payload: '{not json' })
      expect([res.statusCode, res.json().code]).toEqual([503, 'OVERLOADED'])
    } finally {
      await gw.close()
    }
  })

  it('the body handed on is the body received, byte for byte (below the bound and when joining)', async () => {
    let full = false
    const gw = await startTestGateway({ admission: { isFull: () => full } })
    try {
      const payload = JSON.stringify({ ...routeBody, receiver: FROM })
      for (const f of [false, true]) {
        full = f
        const res = await gw.app.inject({ method: 'POST', url: '/api/v1/shortcuts/route', headers: { ...headers, 'content-type': 'application/json' }, payload })
        expect(res.statusCode).toBe(200)
      }
      const sent = gw.fake.calls.map((c) => (c.request as { receiver?: string; amount_in?: string[] }))
      expect(sent.map((r) => [r.receiver, r.amount_in])).toEqual([[FROM, ['1000000000']], [FROM, ['1000000000']]])
    } finally {
      await gw.close()
    }
  })

  it('a body past the limit is 413 whether the bound is reached or not, with or without a declared length', async () => {
    let full = false
    const gw = await startTestGateway({ admission: { isFull: () => full }, bodyLimit: 1_000 })
    try {
      const big = JSON.stringify({ ...routeBody, pad: 'x'.repeat(2_000) })
      for (const f of [false, true]) {
        full = f
        const declared = await gw.app.inject({ method: 'POST', url: '/api/v1/shortcuts/route', headers: { ...headers, 'content-type': 'application/json' }, payload: big })
        const chunked = await gw.app.inject({ method: 'POST', url: '/api/v1/shortcuts/route', headers: { ...headers, 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, payload: Readable.from([big.slice(0, 900), big.slice(900)]) })
        expect([f, declared.statusCode, chunked.statusCode]).toEqual([f, 413, 413])
      }
      expect(gw.fake.calls).toEqual([])
    } finally {
      await gw.close()
    }
  })
})

describe('admission of bodies at the limit and of look-alike requests', () => {
  const json = { ...headers, 'content-type': 'application/json' }
  /** The valid route body, padded with trailing whitespace (still JSON) to exactly `bytes` bytes. */
  const routeBodyOf = (bytes: number) => JSON.stringify(routeBody).padEnd(bytes, ' ')

  it('a body of exactly the limit is read and admitted like any other: refused 503 past the bound, served below it', async () => {
    let full = true
    const gw = await startTestGateway({ admission: { isFull: () => full }, bodyLimit: 1_000 })
    try {
      const payload = routeBodyOf(1_000)
      expect(Buffer.byteLength(payload)).toBe(1_000)
      expect((await gw.app.inject({ method: 'POST', url: '/api/v1/shortcuts/route', headers: json, payload })).statusCode).toBe(503)
      full = false
      const chunked = await gw.app.inject({ method: 'POST', url: '/api/v1/shortcuts/route', headers: { ...json, 'transfer-encoding': 'chunked' }, payload: Readable.from([payload.slice(0, 500), payload.slice(500)]) })
      expect(chunked.statusCode).toBe(200)
      expect(gw.fake.calls.map((c) => c.method)).toEqual(['Route'])
    } finally {
      await gw.close()
    }
  })

  it('past the bound, a chunked body longer than the limit is 413, not 503: the limit is checked while it is read', async () => {
    const gw = await startTestGateway({ admission: { isFull: () => true }, bodyLimit: 1_000 })
    try {
      const big = routeBodyOf(1_001)
      const res = await gw.app.inject({ method: 'POST', url: '/api/v1/shortcuts/route', headers: { ...json, 'transfer-encoding': 'chunked' }, payload: Readable.from([big.slice(0, 600), big.slice(600)]) })
      expect([res.statusCode, res.json().code]).toEqual([413, 'PAYLOAD_TOO_LARGE'])
    } finally {
      await gw.close()
    }
  })

  it('past the bound too, a declared length past the limit is answered 413 (not 503) before the body arrives (never read)', async () => {
    const gw = await startTestGateway({ admission: { isFull: () => true }, bodyLimit: 1_000 })
    const url = new globalThis.URL(await gw.app.listen({ host: '127.0.0.1', port: 0 }))
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const socket = connect({ host: url.hostname, port: Number(url.port) }, () => {
          const head = ['POST /api/v1/shortcuts/route HTTP/1.1', `host: ${url.host}`, 'content-type: application/json', 'content-length: 2000', `authorization: ${headers.authorization}`]
          // 10 of the 2 000 declared bytes, then silence: only an answer that does not wait for the body arrives.
          socket.write(`${head.join('\r\n')}\r\n\r\n{"a":"bcd"`)
        })
        socket.setTimeout(5_000, () => reject(new Error('no answer within 5 s')))
        socket.once('data', (chunk: Buffer) => {
          resolve(Number(chunk.toString().slice(9, 12)))
          socket.destroy()
        })
        socket.once('error', reject)
      })
      expect(status).toBe(413)
    } finally {
      await gw.close()
    }
  })

  it('a URL and a body that run together alike are two requests: the one not forwarded before is refused', async () => {
    let full = false
    const gw = await startTestGateway({ admission: { isFull: () => full } })
    try {
      const url = `/api/v1/shortcuts/bundle?chainId=1&fromAddress=${FROM}&note=`
      const actions = JSON.stringify([{ protocol: 'enso', action: 'balance', args: { token: USDC } }])
      await gw.app.inject({ method: 'POST', url, headers: json, payload: actions })
      full = true
      // The same bytes split at another place: the URL takes the body's first character.
      const res = await gw.app.inject({ method: 'POST', url: `${url}${actions[0]}`, headers: json, payload: actions.slice(1) })
      expect([res.statusCode, res.json().code]).toEqual([503, 'OVERLOADED'])
    } finally {
      await gw.close()
    }
  })
})
