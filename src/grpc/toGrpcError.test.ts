import { Metadata, status } from '@grpc/grpc-js'
import { describe, expect, it } from 'vitest'
import { BaseError } from '../errors/base.js'
import { EngineTaskError, NoRouteError, WorkerCrashedError } from '../errors/engine.js'
import { InvalidRequestError, UnsupportedChainError } from '../errors/request.js'
import { toGrpcError } from './toGrpcError.js'

function map(err: unknown) {
  const { error, code, unexpected } = toGrpcError(err, new Metadata())
  return { grpc: error.code, body: JSON.parse(error.details ?? '') as unknown, metaCode: error.metadata?.get('switchyard-error-code'), code, unexpected }
}

describe('toGrpcError', () => {
  it('maps InvalidRequestError to INVALID_ARGUMENT with every issue', () => {
    const err = new InvalidRequestError({ code: 'INVALID_AMOUNT', message: 'amountIn[0]: bad', issues: [{ field: 'amountIn[0]', reason: 'bad' }] })
    expect(map(err)).toEqual({
      grpc: status.INVALID_ARGUMENT,
      body: { code: 'INVALID_AMOUNT', message: 'amountIn[0]: bad', details: [{ field: 'amountIn[0]', reason: 'bad' }] },
      metaCode: ['INVALID_AMOUNT'],
      code: 'INVALID_AMOUNT',
      unexpected: false,
    })
  })

  it('maps NO_ROUTE to FAILED_PRECONDITION with the spec message', () => {
    expect(map(new NoRouteError({ reason: 'no pool' }))).toMatchObject({
      grpc: status.FAILED_PRECONDITION,
      body: { code: 'NO_ROUTE', message: 'Could not build shortcuts for route' },
    })
  })

  it('sends detail on client errors only', () => {
    expect(map(new UnsupportedChainError({ chainId: 5, supported: [1] })).body).toMatchObject({ code: 'UNSUPPORTED_CHAIN', detail: 'chainId' })
    const crashed = map(new WorkerCrashedError({ task: 'findRoute', cause: new Error('worker exited with code: 1') }))
    expect(crashed.grpc).toBe(status.UNAVAILABLE)
    expect(crashed.body).toEqual({ code: 'WORKER_CRASHED', message: 'The engine worker running task "findRoute" crashed.' })
  })

  it.each([
    ['a plain Error', new Error('ECONNREFUSED http://secret-rpc:8545')],
    ['a thrown string', 'boom'],
    ['undefined', undefined],
    ['an INTERNAL BaseError with details', new EngineTaskError({ task: 't', message: 'at /srv/secret.ts:1' })],
    ['a BaseError with a code outside the table', new BaseError('Pool 0xabc missing', { code: 'POOL_NOT_FOUND' })],
  ])('hides %s behind INTERNAL', (_name, err) => {
    const out = map(err)
    expect(out).toMatchObject({ grpc: status.INTERNAL, body: { code: 'INTERNAL', message: 'Internal error.' }, metaCode: ['INTERNAL'], unexpected: true })
    expect(Object.keys(out.body as object)).toEqual(['code', 'message'])
  })

  it('keeps metadata already set (rate-limit keys)', () => {
    const md = new Metadata()
    md.set('x-ratelimit-remaining', '3')
    const { error } = toGrpcError(new NoRouteError(), md)
    expect(error.metadata?.get('x-ratelimit-remaining')).toEqual(['3'])
    expect(error.metadata?.get('switchyard-error-code')).toEqual(['NO_ROUTE'])
  })
})
