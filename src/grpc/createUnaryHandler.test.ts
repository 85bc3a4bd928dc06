import { Writable } from 'node:stream'
import { Metadata, status, type ServerUnaryCall, type ServiceError } from '@grpc/grpc-js'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { BaseError } from '../errors/base.js'
import { createApiKeyStore } from '../service/auth/createApiKeyStore.js'
import { createRateLimiter } from '../service/auth/createRateLimiter.js'
import { createUnaryHandler } from './createUnaryHandler.js'

const KEY = 'grpc-log-test-key-0123456789'

type LogLine = { level: number; msg: string; code?: string; err?: { stack?: string } }

/** A handler whose work throws `thrown`, with every log line it writes captured as JSON. */
async function callFailing(thrown: unknown): Promise<{ lines: LogLine[]; error: ServiceError }> {
  const lines: LogLine[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as LogLine)
      done()
    },
  })
  const limiter = () => createRateLimiter({ limit: 1000, windowMs: 60_000 })
  const handler = createUnaryHandler(
    {
      auth: { apiKeys: createApiKeyStore({ keys: [KEY] }), keyLimiter: limiter(), ipLimiter: limiter() },
      logger: pino({ level: 'trace' }, stream),
      trustedProxies: new Set(),
    },
    { method: 'Test/Fail', work: () => { throw thrown } },
  )
  const metadata = new Metadata()
  metadata.set('authorization', `Bearer ${KEY}`)
  const call = {
    metadata, request: {}, cancelled: false,
    getPeer: () => 'ipv4:127.0.0.1:5000', getDeadline: () => Infinity,
    sendMetadata: () => {}, on: () => call, off: () => call,
  } as unknown as ServerUnaryCall<object, object>
  const error = await new Promise<ServiceError>((resolve) => handler(call, (err) => resolve(err as ServiceError)))
  return { lines, error }
}

const levels = { info: 30, warn: 40, error: 50 }

describe('createUnaryHandler logs at the level of the outcome', () => {
  it.each([
    ['400 INVALID_ARGUMENT', new BaseError('amountIn[0]: must be positive', { code: 'INVALID_ARGUMENT' }), 'info'],
    ['404 NOT_FOUND', new BaseError('No such token.', { code: 'NOT_FOUND' }), 'info'],
    ['429 RATE_LIMITED', new BaseError('Rate limit exceeded.', { code: 'RATE_LIMITED' }), 'info'],
    ['501 NOT_IMPLEMENTED', new BaseError('Not served yet.', { code: 'NOT_IMPLEMENTED' }), 'warn'],
  ] as const)('%s → %s, without the error or its stack', async (_name, thrown, level) => {
    const { lines } = await callFailing(thrown)
    expect(lines.map((l) => [l.level, l.msg, l.code])).toEqual([[levels[level], 'grpc call failed', thrown.code]])
    expect(lines[0]).not.toHaveProperty('err')
    expect(JSON.stringify(lines)).not.toContain('stack')
  })

  it('503 WORKER_CRASHED (ours) → error, with the stack', async () => {
    const { lines } = await callFailing(new BaseError('The engine worker crashed.', { code: 'WORKER_CRASHED' }))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: levels.error, code: 'WORKER_CRASHED' })
    expect(lines[0]?.err?.stack).toMatch(/createUnaryHandler\.test\.ts/)
  })

  it('an unexpected error → 500 INTERNAL, logged at error with the stack, never sent', async () => {
    const { lines, error } = await callFailing(new TypeError('cannot read x of undefined'))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: levels.error, code: 'INTERNAL', msg: 'grpc call failed with an unexpected error' })
    expect(lines[0]?.err?.stack).toMatch(/TypeError: cannot read x of undefined/)
    expect(error.details).toBe('{"code":"INTERNAL","message":"Internal error."}')
  })
})

describe('createUnaryHandler: two authorization values (issue 12)', () => {
  // grpc-js clients refuse to send two values, but other HTTP/2 clients can; the handler sees both.
  it('→ INVALID_ARGUMENT DUPLICATE_AUTHORIZATION before any work, charged to the IP budget', async () => {
    let worked = 0
    const handler = createUnaryHandler(
      {
        auth: { apiKeys: createApiKeyStore({ keys: [KEY] }), keyLimiter: createRateLimiter({ limit: 100, windowMs: 60_000 }), ipLimiter: createRateLimiter({ limit: 2, windowMs: 60_000 }) },
        logger: pino({ level: 'silent' }),
      },
      { method: 'RoutingService/Route', work: () => { worked++; return {} } },
    )
    const call = () => {
      const metadata = new Metadata()
      metadata.add('authorization', `Bearer ${KEY}`)
      metadata.add('authorization', `Bearer ${KEY}`)
      const c = {
        metadata, request: {}, cancelled: false,
        getPeer: () => 'ipv4:203.0.113.9:5000', getDeadline: () => Infinity,
        sendMetadata: () => {}, on: () => c, off: () => c,
      } as unknown as ServerUnaryCall<object, object>
      return new Promise<ServiceError>((resolve) => handler(c, (err) => resolve(err as ServiceError)))
    }
    const errors = [await call(), await call(), await call()]
    expect(errors.map((e) => [e.code, JSON.parse(e.details).code])).toEqual([
      [status.INVALID_ARGUMENT, 'DUPLICATE_AUTHORIZATION'],
      [status.INVALID_ARGUMENT, 'DUPLICATE_AUTHORIZATION'],
      [status.RESOURCE_EXHAUSTED, 'RATE_LIMITED'],
    ])
    expect(errors[0]?.metadata.get('switchyard-error-code')).toEqual(['DUPLICATE_AUTHORIZATION'])
    expect(errors[2]?.metadata.get('retry-after')).toEqual(['30'])
    expect(worked).toBe(0)
  })
})
