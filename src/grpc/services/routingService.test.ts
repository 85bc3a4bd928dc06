import { status } from '@grpc/grpc-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BaseError } from '../../errors/base.js'
import { NoRouteError, QueueFullError, TaskAbortedError } from '../../errors/engine.js'
import { InvalidRequestError } from '../../errors/request.js'
import { createGrpcTestHarness, TEST_KEYS, type GrpcTestHarness } from '../testing/createGrpcTestHarness.js'
import { authMetadata } from '../testing/authMetadata.js'
import { callUnary } from '../testing/callUnary.js'
import { detailsOf } from '../testing/detailsOf.js'
import { sampleApproveAnswer, sampleRouteAnswer } from '../testing/sampleAnswers.js'

const from = '0x2222222222222222222222222222222222222222'
const minimal = {
  from_address: from,
  amount_in: ['1000'],
  token_in: ['0x3333333333333333333333333333333333333333'],
  token_out: ['0x4444444444444444444444444444444444444444'],
}
const md = () => authMetadata(`Bearer ${TEST_KEYS.alice}`)

describe('RoutingService', () => {
  let h: GrpcTestHarness
  beforeAll(async () => {
    h = await createGrpcTestHarness()
  })
  afterAll(() => h.stop())
  beforeEach(() => {
    h.services.calls.length = 0
    h.services.impl.route = async () => sampleRouteAnswer
    h.services.impl.approve = async () => sampleApproveAnswer
  })

  describe('Route request mapping', () => {
    it('leaves unset optional fields out and does not require variableEstimates', async () => {
      await callUnary(h.routing, 'Route', minimal, { metadata: md() })
      const [call] = h.services.calls
      expect(call?.request).toEqual({ fromAddress: from, amountIn: ['1000'], tokenIn: minimal.token_in, tokenOut: minimal.token_out })
      expect(call?.options.requireVariableEstimates).toBe(false)
      expect(call?.options.signal).toBeInstanceOf(AbortSignal)
      expect(call?.options.deadline).toBeUndefined()
    })

    it('maps set fields (zero values too), chain ids to numbers, JSON estimates; ignores account_id', async () => {
      await callUnary(h.routing, 'Route', {
        ...minimal,
        chain_id: 0,
        destination_chain_id: '8453',
        to_eoa: false,
        slippage: '100',
        min_amount_out: ['5'],
        fee: ['10'],
        fee_receiver: from,
        ignore_standards: ['erc4626'],
        referral_code: 'ref',
        variable_estimates_json: '{"x":"1"}',
        account_id: `0x${'ff'.repeat(32)}`,
      }, { metadata: md(), deadline: Date.now() + 5_000 })
      const [call] = h.services.calls
      expect(call?.request).toEqual({
        fromAddress: from, amountIn: ['1000'], tokenIn: minimal.token_in, tokenOut: minimal.token_out,
        chainId: 0, destinationChainId: 8453, toEoa: false, slippage: '100', minAmountOut: ['5'], fee: ['10'], feeReceiver: from,
        ignoreStandards: ['erc4626'], referralCode: 'ref', variableEstimates: { x: '1' },
      })
      expect(call?.options.caller.accountId).not.toBe(`0x${'ff'.repeat(32)}`)
      expect(call?.options.deadline).toBeGreaterThan(Date.now())
    })

    it('passes empty required lists through (validation reports them)', async () => {
      await callUnary(h.routing, 'Route', {}, { metadata: md() })
      expect(h.services.calls[0]?.request).toEqual({ amountIn: [], tokenIn: [], tokenOut: [] })
    })

    it('refuses invalid variable_estimates_json with INVALID_ARGUMENT before calling the service', async () => {
      const { error } = await callUnary(h.routing, 'Route', { ...minimal, variable_estimates_json: '{nope' }, { metadata: md() })
      expect(error?.code).toBe(status.INVALID_ARGUMENT)
      expect(detailsOf(error)).toMatchObject({ code: 'INVALID_JSON', details: [{ field: 'variableEstimates' }] })
      expect(h.services.calls).toHaveLength(0)
    })
  })

  describe('Route response', () => {
    it('maps the answer', async () => {
      const { response } = await callUnary(h.routing, 'Route', minimal, { metadata: md() })
      expect(response).toMatchObject({
        gas: '123456', amount_out: '1000', min_amount_out: '995', price_impact: 12.5, created_at: '19000000',
        tx: sampleRouteAnswer.tx,
        route: [{ protocol: 'uniswap-v2', args_json: '{"amountIn":"1000","path":["a","b"]}', chain_id: '1' }],
      })
    })

    it('leaves price_impact unset when null', async () => {
      h.services.impl.route = async () => ({ ...sampleRouteAnswer, priceImpact: null })
      const { response } = await callUnary(h.routing, 'Route', minimal, { metadata: md() })
      expect(response).not.toHaveProperty('price_impact')
      expect(response).not.toHaveProperty('_price_impact')
    })
  })

  describe('errors', () => {
    it('InvalidRequestError → INVALID_ARGUMENT with the JSON envelope and rate-limit trailers', async () => {
      h.services.impl.route = async () => {
        throw new InvalidRequestError({ code: 'INVALID_AMOUNT', message: 'amountIn[0]: must be a base-10 integer string', issues: [{ field: 'amountIn[0]', reason: 'must be a base-10 integer string' }] })
      }
      const { error, initial } = await callUnary(h.routing, 'Route', minimal, { metadata: md() })
      expect(error?.code).toBe(status.INVALID_ARGUMENT)
      expect(JSON.parse(error?.details ?? '')).toEqual({
        code: 'INVALID_AMOUNT',
        message: 'amountIn[0]: must be a base-10 integer string',
        details: [{ field: 'amountIn[0]', reason: 'must be a base-10 integer string' }],
      })
      expect(error?.metadata.get('switchyard-error-code')).toEqual(['INVALID_AMOUNT'])
      expect(error?.metadata.get('x-ratelimit-limit')).toEqual(['600'])
      expect(initial?.get('x-ratelimit-limit')).toEqual(['600'])
    })

    it('NO_ROUTE → FAILED_PRECONDITION with the spec message', async () => {
      h.services.impl.route = async () => {
        throw new NoRouteError({ reason: 'no pool' })
      }
      const { error } = await callUnary(h.routing, 'Route', minimal, { metadata: md() })
      expect(error?.code).toBe(status.FAILED_PRECONDITION)
      expect(detailsOf(error)).toEqual({ code: 'NO_ROUTE', message: 'Could not build shortcuts for route', detail: 'no pool' })
      expect(detailsOf(error).message).toBe('Could not build shortcuts for route')
    })

    it('a full engine queue → UNAVAILABLE without internals', async () => {
      h.services.impl.route = async () => {
        throw new QueueFullError({ maxQueue: 64 })
      }
      const { error } = await callUnary(h.routing, 'Route', minimal, { metadata: md() })
      expect(error?.code).toBe(status.UNAVAILABLE)
      expect(detailsOf(error)).toEqual({ code: 'RESOURCE_EXHAUSTED', message: 'The route engine is busy: its task queue is full.' })
    })

    it.each([
      ['a sync throw', () => {
        throw new Error('sync secret /srv/app.ts')
      }],
      ['a rejected promise', async () => {
        throw new TypeError('async secret http://rpc-user:pw@node')
      }],
      ['an async TypeError after a tick (THREATS W5)', async () => {
        await new Promise((r) => setTimeout(r, 5))
        return (undefined as unknown as { x: { y: number } }).x.y as never
      }],
      ['a thrown non-Error', async () => {
        throw 'secret string' as unknown as Error
      }],
      ['a BaseError with an unknown code', async () => {
        throw new BaseError('secret pool 0xabc', { code: 'POOL_NOT_FOUND' })
      }],
    ])('%s → INTERNAL "Internal error.", logged, not leaked; the next call still works', async (_name, impl) => {
      h.services.impl.route = impl as typeof h.services.impl.route
      const logged = h.logLines.length
      const { error } = await callUnary(h.routing, 'Route', minimal, { metadata: md() })
      expect(error?.code).toBe(status.INTERNAL)
      expect(detailsOf(error)).toEqual({ code: 'INTERNAL', message: 'Internal error.' })
      expect(error?.details).not.toContain('secret')
      expect(error?.metadata.get('switchyard-error-code')).toEqual(['INTERNAL'])
      const errorLogs = h.logLines.slice(logged).map((l) => JSON.parse(l) as { level: number; method?: string; err?: unknown })
      expect(errorLogs.some((l) => l.level === 50 && l.method === 'RoutingService/Route' && l.err !== undefined)).toBe(true)
      h.services.impl.route = async () => sampleRouteAnswer
      expect((await callUnary(h.routing, 'Route', minimal, { metadata: md() })).response).toMatchObject({ amount_out: '1000' })
    })

    it('a response that cannot be mapped → INTERNAL (caught like any other failure)', async () => {
      h.services.impl.route = async () => ({ ...sampleRouteAnswer, route: null as never })
      const { error } = await callUnary(h.routing, 'Route', minimal, { metadata: md() })
      expect(error?.code).toBe(status.INTERNAL)
    })
  })

  describe('deadlines and cancellation', () => {
    it('the deadline passing aborts the service’s signal (TimeoutError); the client gets DEADLINE_EXCEEDED', async () => {
      let seen: { aborted: boolean; reason: unknown } | undefined
      let deadline: number | undefined
      h.services.impl.route = (_request, options) => new Promise((_resolve, reject) => {
        deadline = options.deadline
        options.signal?.addEventListener('abort', () => {
          seen = { aborted: options.signal?.aborted ?? false, reason: options.signal?.reason }
          reject(new TaskAbortedError({ task: 'findRoute', deadlineExceeded: true }))
        })
      })
      const sent = Date.now() + 100
      const { error } = await callUnary(h.routing, 'Route', minimal, { metadata: md(), deadline: sent })
      expect(error?.code).toBe(status.DEADLINE_EXCEEDED)
      await waitFor(() => seen !== undefined)
      expect(seen?.aborted).toBe(true)
      expect((seen?.reason as DOMException).name).toBe('TimeoutError')
      expect(Math.abs((deadline ?? 0) - sent)).toBeLessThan(1_000)
    })

    it('client cancellation aborts the service’s signal (AbortError)', async () => {
      let reason: unknown
      h.services.impl.route = (_request, options) => new Promise((_resolve, reject) => {
        options.signal?.addEventListener('abort', () => {
          reason = options.signal?.reason
          reject(new Error('aborted'))
        })
      })
      const { error } = await callUnary(h.routing, 'Route', minimal, {
        metadata: md(),
        onCall: (call) => void waitFor(() => h.services.calls.length === 1).then(() => call.cancel()),
      })
      expect(error?.code).toBe(status.CANCELLED)
      await waitFor(() => reason !== undefined)
      expect((reason as DOMException).name).toBe('AbortError')
    })
  })

  describe('Approve', () => {
    it('maps the request and the response', async () => {
      const { response } = await callUnary(h.routing, 'Approve', { from_address: from, token_address: minimal.token_in[0], amount: '1000', chain_id: '8453' }, { metadata: md() })
      expect(h.services.calls[0]?.request).toEqual({ fromAddress: from, tokenAddress: minimal.token_in[0], amount: '1000', chainId: 8453 })
      expect(response).toEqual({
        tx: sampleApproveAnswer.tx, gas: '46000', token: sampleApproveAnswer.token, amount: '1000', spender: sampleApproveAnswer.spender,
        prerequisites: [], requires_zero_allowance_first: false,
      })
    })

    it('maps errors like Route', async () => {
      h.services.impl.approve = async () => {
        throw new InvalidRequestError({ code: 'MISSING_FIELD', message: 'tokenAddress: required', issues: [{ field: 'tokenAddress', reason: 'required' }] })
      }
      const { error } = await callUnary(h.routing, 'Approve', {}, { metadata: md() })
      expect(error?.code).toBe(status.INVALID_ARGUMENT)
      expect(detailsOf(error).code).toBe('MISSING_FIELD')
    })
  })
})

async function waitFor(predicate: () => boolean, timeoutMs = 2_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!predicate()) {
    if (Date.now() > until) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 5))
  }
}
