/**
 * The gateway's stream fan-out on fake calls and connections (EventEmitters): identical subscribers
 * share one call, a joiner's first event is the call's latest answer, and what stays per subscriber
 * (slow-reader drop, charging, disconnect) touches only that subscriber; the last to leave cancels the
 * call; bounds per key and in all.
 */
import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import type { WatchRouteResponse__Output } from '../../grpc/generated/switchyard/routing/v1/WatchRouteResponse.js'
import { cannedRouteResponse } from '../testing/cannedGrpcResponses.js'
import { createWatchFanout, type WatchCall, type WatchConnection, type WatchFanout, type WatchStartParameters } from './createWatchFanout.js'

class FakeCall extends EventEmitter {
  cancelled = 0
  cancel() {
    this.cancelled++
  }
}

class FakeConnection extends EventEmitter implements WatchConnection {
  chunks: string[] = []
  writableNeedDrain = false
  destroyed = false
  ended = false
  write(chunk: string) {
    this.chunks.push(chunk)
    return !this.writableNeedDrain
  }
  end() {
    this.ended = true
  }
  destroy() {
    this.destroyed = true
  }
  /** The events written, as `[name, data]`. */
  events(): [string, Record<string, unknown>][] {
    return this.chunks.join('').split('\n\n').filter((b) => b !== '').map((b) => [/^event: (.*)$/m.exec(b)![1]!, JSON.parse(/^data: (.*)$/m.exec(b)![1]!) as Record<string, unknown>])
  }
  names(): string[] {
    return this.events().map(([name, data]) => `${name} ${String(data.blockNumber ?? data.code)}`)
  }
}

const answer = (block: number, changed: string[] = []): WatchRouteResponse__Output =>
  ({ block_number: String(block), answer: { ...cannedRouteResponse, amount_out: String(block), amounts_out: [String(block)], bridging_estimates: [] } as never, changed })
const heartbeat = (block: number): WatchRouteResponse__Output => ({ block_number: String(block), heartbeat: {}, changed: [] })
const failure = (block: number): WatchRouteResponse__Output =>
  ({ block_number: String(block), error: { status_code: 400, code: 'NO_ROUTE', message: '', details_json: '' } as never, changed: [] })

const flush = () => new Promise((r) => setImmediate(r))

function setup(options: Partial<Parameters<typeof createWatchFanout>[0]> = {}) {
  const fanout = createWatchFanout({ buffer: 3, ...options })
  const calls: FakeCall[] = []
  const open = () => {
    const call = new FakeCall()
    calls.push(call)
    return call as unknown as WatchCall
  }
  /** Subscribes and, once the call answered, starts streaming to a fresh connection. */
  async function join(fo: WatchFanout, p: { key?: string | undefined; keyId?: string; start?: Partial<WatchStartParameters> } = {}) {
    const ticket = fo.subscribe({ key: 'key' in p ? p.key : 'k', keyId: p.keyId ?? 'key-1', open })
    const connection = new FakeConnection()
    const started = ticket.ready.then((r) => {
      ticket.start({ connection, envelopeOf: (e) => ({ code: (e as { code: string }).code }), ...p.start })
      return r
    })
    // Tests that leave before the first answer never read it.
    started.catch(() => {})
    return { ticket, connection, started }
  }
  return { fanout, calls, join: (p?: Parameters<typeof join>[1]) => join(fanout, p) }
}

describe('createWatchFanout', () => {
  it('shares one call among subscribers with the same key; another key, or none, opens its own', async () => {
    const { fanout, calls, join } = setup()
    const a = await join()
    const b = await join()
    expect(calls).toHaveLength(1)
    await join({ key: 'other' })
    await join({ key: undefined })
    await join({ key: undefined })
    expect(calls).toHaveLength(4)
    calls[0]!.emit('data', answer(10))
    expect(await a.started).toEqual({ metadata: undefined, opened: true })
    expect(await b.started).toEqual({ metadata: undefined, opened: false })
    calls[0]!.emit('data', heartbeat(11))
    await flush()
    for (const s of [a, b]) expect(s.connection.names()).toEqual(['answer 10', 'heartbeat 11'])
    // One encoding per event: every subscriber is written the very same text.
    expect(a.connection.chunks).toEqual(b.connection.chunks)
    expect(fanout.stats()).toEqual({ subscribers: 2, calls: 4 })
  })

  it('a joiner of a live call gets its latest answer at once as a first answer (changed: [], the error that followed it), then the same events', async () => {
    const { calls, join } = setup()
    const a = await join()
    calls[0]!.emit('data', answer(10))
    await a.started
    calls[0]!.emit('data', answer(12, ['amountOut']))
    calls[0]!.emit('data', heartbeat(13))
    const b = await join()
    await b.started
    expect(b.connection.events()).toEqual([['answer', { blockNumber: 12, changed: [], answer: expect.objectContaining({ amountOut: '12' }) }]])
    expect(b.connection.chunks[0]).toMatch(/^id: 12\n/)
    calls[0]!.emit('data', failure(14))
    const c = await join()
    await c.started
    expect(c.connection.names()).toEqual(['answer 12', 'error 14'])
    calls[0]!.emit('data', heartbeat(15))
    await flush()
    expect(a.connection.names()).toEqual(['answer 10', 'answer 12', 'heartbeat 13', 'error 14', 'heartbeat 15'])
    expect(b.connection.names()).toEqual(['answer 12', 'error 14', 'heartbeat 15'])
    expect(c.connection.names()).toEqual(['answer 12', 'error 14', 'heartbeat 15'])
    expect(calls).toHaveLength(1)
  })

  it('drops only the slow reader (SLOW_READER after `buffer` events wait unread); the others and the call go on', async () => {
    const { calls, join } = setup({ buffer: 3 })
    const slow = await join()
    const fast = await join()
    calls[0]!.emit('data', answer(10))
    await Promise.all([slow.started, fast.started])
    slow.connection.writableNeedDrain = true
    for (const block of [11, 12, 13]) calls[0]!.emit('data', heartbeat(block))
    await flush()
    expect(slow.connection.destroyed).toBe(true)
    expect(slow.connection.names()).toEqual(['answer 10', 'heartbeat 11', 'heartbeat 12'])
    calls[0]!.emit('data', heartbeat(14))
    await flush()
    expect(fast.connection.names()).toEqual(['answer 10', 'heartbeat 11', 'heartbeat 12', 'heartbeat 13', 'heartbeat 14'])
    expect(fast.connection.destroyed).toBe(false)
    expect(calls[0]!.cancelled).toBe(0)
  })

  it('a disconnect removes only that subscriber; the last to leave cancels the call, and the next subscriber opens a new one', async () => {
    const { fanout, calls, join } = setup()
    const a = await join()
    const b = await join()
    calls[0]!.emit('data', answer(10))
    await Promise.all([a.started, b.started])
    a.connection.emit('close')
    expect(calls[0]!.cancelled).toBe(0)
    calls[0]!.emit('data', heartbeat(11))
    await flush()
    expect(a.connection.names()).toEqual(['answer 10'])
    expect(b.connection.names()).toEqual(['answer 10', 'heartbeat 11'])
    b.connection.emit('close')
    expect(calls[0]!.cancelled).toBe(1)
    expect(fanout.stats()).toEqual({ subscribers: 0, calls: 0 })
    await join()
    expect(calls).toHaveLength(2)
  })

  it('a subscriber leaving before the first answer: the call goes on for the others, and is cancelled when none waits', async () => {
    const { calls, join } = setup()
    const a = await join()
    const b = await join()
    a.ticket.cancel()
    await expect(a.ticket.ready).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(calls[0]!.cancelled).toBe(0)
    b.ticket.cancel()
    expect(calls[0]!.cancelled).toBe(1)
  })

  it('bounds subscribers per API key and in all (TOO_MANY_SUBSCRIPTIONS), shared or not; a leaver frees its slot', async () => {
    const { calls, join } = setup({ bounds: { maxPerKey: 2, maxTotal: 3 } })
    const a = await join({ keyId: 'key-1' })
    await join({ keyId: 'key-1' })
    await expect(join({ keyId: 'key-1' })).rejects.toMatchObject({ name: 'TooManySubscriptionsError', code: 'TOO_MANY_SUBSCRIPTIONS', shortMessage: 'This API key already holds 2 route subscriptions; close one first.' })
    await join({ keyId: 'key-2', key: 'other' })
    await expect(join({ keyId: 'key-3', key: 'third' })).rejects.toMatchObject({ code: 'TOO_MANY_SUBSCRIPTIONS', shortMessage: 'The server holds its most route subscriptions (3); retry later.' })
    expect(calls).toHaveLength(2)
    calls[0]!.emit('data', answer(10))
    await a.started
    a.connection.emit('close')
    await join({ keyId: 'key-1' })
  })

  it('charges each later answer to each subscriber (not the first, not heartbeats); a refusal ends only that subscriber RATE_LIMITED', async () => {
    const { calls, join } = setup()
    const budgets = { a: [true, false], b: [true, true] }
    const charge = (who: 'a' | 'b') => vi.fn(async () => ({ allowed: budgets[who].shift() ?? true, retryAfterSeconds: 7 }))
    const chargeA = charge('a')
    const chargeB = charge('b')
    const a = await join({ start: { charge: chargeA } })
    const b = await join({ start: { charge: chargeB } })
    calls[0]!.emit('data', answer(10))
    await Promise.all([a.started, b.started])
    calls[0]!.emit('data', heartbeat(11))
    calls[0]!.emit('data', answer(12, ['amountOut']))
    await flush()
    expect([chargeA.mock.calls.length, chargeB.mock.calls.length]).toEqual([1, 1])
    calls[0]!.emit('data', answer(13, ['amountOut']))
    calls[0]!.emit('data', heartbeat(14))
    await flush()
    expect([chargeA.mock.calls.length, chargeB.mock.calls.length]).toEqual([2, 2])
    expect(a.connection.names()).toEqual(['answer 10', 'heartbeat 11', 'answer 12', 'end RATE_LIMITED'])
    expect(a.connection.ended).toBe(true)
    expect(b.connection.names()).toEqual(['answer 10', 'heartbeat 11', 'answer 12', 'answer 13', 'heartbeat 14'])
    expect(calls[0]!.cancelled).toBe(0)
  })

  it('an error before the first message refuses every waiting subscriber and frees their slots; after it, ends every subscriber with an `end` event', async () => {
    const { calls, join } = setup({ bounds: { maxPerKey: 2, maxTotal: 10 } })
    const a = await join()
    const b = await join()
    calls[0]!.emit('error', Object.assign(new Error('no route'), { code: 'NO_ROUTE' }))
    await expect(a.started).rejects.toMatchObject({ code: 'NO_ROUTE' })
    await expect(b.started).rejects.toMatchObject({ code: 'NO_ROUTE' })
    const c = await join()
    const d = await join()
    expect(calls).toHaveLength(2)
    calls[1]!.emit('data', answer(10))
    await Promise.all([c.started, d.started])
    calls[1]!.emit('error', Object.assign(new Error('gone'), { code: 'UNAVAILABLE' }))
    await flush()
    for (const s of [c, d]) {
      expect(s.connection.names()).toEqual(['answer 10', 'end UNAVAILABLE'])
      expect(s.connection.ended).toBe(true)
    }
  })

  it('close ends every streaming subscriber with an `end` event', async () => {
    const { fanout, calls, join } = setup()
    const a = await join()
    const b = await join({ key: 'other' })
    calls[0]!.emit('data', answer(10))
    calls[1]!.emit('data', answer(10))
    await Promise.all([a.started, b.started])
    fanout.close(Object.assign(new Error('shutting down'), { code: 'UNAVAILABLE' }))
    for (const s of [a, b]) expect(s.connection.names()).toEqual(['answer 10', 'end UNAVAILABLE'])
    expect(calls.map((c) => c.cancelled)).toEqual([1, 1])
  })
})
