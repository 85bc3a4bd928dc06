import { pino } from 'pino'
import { describe, expect, test } from 'vitest'
import type { CallOptions, RouteAnswer } from '../types.js'
import { createRouteWatchRegistry, type WatchEvent, type WatchHead } from './createRouteWatchRegistry.js'

/** A chain whose head the test moves, and a route whose amountOut the test sets per block. */
function harness({ buffer = 4, maxPerKey = 3, maxTotal = 100 } = {}) {
  let head = 100n
  const amountAt = new Map<number, string>()
  const calls: { request: unknown; options: CallOptions; at: WatchHead }[] = []
  const answerAt = (block: number, request: unknown): RouteAnswer => ({
    gas: '100000', amountOut: amountAt.get(block) ?? '1000', minAmountOut: '990', amountsOut: [amountAt.get(block) ?? '1000'], minAmountsOut: ['990'],
    feeAmount: [], ensoFeeAmount: [], priceImpact: null, createdAt: block, blockNumber: block,
    tx: { data: '0x', to: '0x', from: String((request as { from?: string }).from ?? ''), value: '0' }, route: [], externalContracts: [],
  })
  const watches = createRouteWatchRegistry({
    route: async (request, options, at) => {
      calls.push({ request, options, at })
      await new Promise((r) => setTimeout(r, 1))
      if (amountAt.get(Number(head)) === 'fail') throw Object.assign(new Error('no route'), { code: 'NO_ROUTE' })
      return answerAt(Number(head), request)
    },
    readHead: async () => head,
    logger: pino({ level: 'silent' }),
    pollMs: 5, gasChangeBps: 1_000, maxPerKey, maxTotal, buffer,
  })
  const subscribe = (key: string, { keyId = 'k1', accept = () => true }: { keyId?: string; accept?: () => boolean } = {}) => {
    const events: WatchEvent[] = []
    const ended: Error[] = []
    const release = watches.reserve(keyId)
    const unsubscribe = watches.subscribe({
      key, chains: [1], request: { from: key }, caller: { accountId: '0x01', keyId }, first: answerAt(Number(head), { from: key }),
      sink: { send: (e) => (accept() ? (events.push(e), true) : false), end: (e) => ended.push(e) },
    })
    return { events, ended, close: () => (unsubscribe(), release()) }
  }
  const mine = async (amountOut?: string) => {
    head++
    if (amountOut !== undefined) amountAt.set(Number(head), amountOut)
    const before = calls.length
    await until(() => calls.length > before)
    await new Promise((r) => setTimeout(r, 20))
  }
  /** Moves the head without waiting for anyone to compute. */
  const bump = () => {
    head++
  }
  return { watches, calls, subscribe, mine, bump }
}

async function until(check: () => boolean, ms = 2_000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 2))
  }
}

describe('createRouteWatchRegistry', () => {
  test('identical subscribers share one computation per block; each gets a heartbeat when nothing changed and the answer when amountOut moved', async () => {
    const h = harness()
    const a = h.subscribe('same')
    const b = h.subscribe('same')
    const c = h.subscribe('other')
    expect(h.watches.stats()).toMatchObject({ subscribers: 3, distinct: 2, chains: 1 })
    await until(() => h.calls.length >= 2) // the first head read: already answered, nothing sent
    h.calls.length = 0
    await h.mine()
    expect(h.calls.filter((c) => (c.request as { from: string }).from === 'same')).toHaveLength(1)
    // Both entries' re-quotes name the head that asked for them (the service answers them together).
    expect(h.calls.map((c) => c.at)).toEqual([{ chainId: 1, head: 101 }, { chainId: 1, head: 101 }])
    expect(a.events).toEqual([{ kind: 'heartbeat', blockNumber: 101 }])
    await h.mine('1200')
    for (const s of [a, b, c]) {
      expect(s.events.map((e) => e.kind)).toEqual(['heartbeat', 'answer'])
      expect(s.events[1]).toMatchObject({ blockNumber: 102, changed: ['amountOut'] })
    }
    // A failure is an error event once, then heartbeats while it lasts; the route's return is an answer.
    await h.mine('fail')
    await h.mine('fail')
    await h.mine('1200')
    expect(a.events.map((e) => e.kind)).toEqual(['heartbeat', 'answer', 'error', 'heartbeat', 'answer'])
    expect(a.events[4]).toMatchObject({ changed: ['error'] })
  })

  test('the last subscriber to leave stops the work: no computation, no poller', async () => {
    const h = harness()
    const a = h.subscribe('x')
    const b = h.subscribe('x')
    await h.mine()
    a.close()
    await h.mine()
    expect(b.events).toHaveLength(2)
    b.close()
    expect(h.watches.stats()).toMatchObject({ subscribers: 0, distinct: 0, chains: 0 })
    const computed = h.watches.stats().computations
    h.calls.length = 0
    for (let i = 0; i < 3; i++) {
      h.bump()
      await new Promise((r) => setTimeout(r, 20))
    }
    expect(h.calls).toHaveLength(0)
    expect(h.watches.stats().computations).toBe(computed)
    // The slots are free again.
    for (let i = 0; i < 3; i++) h.subscribe('y')
  })

  test('a reader that refuses an event is dropped with SLOW_READER, the others go on', async () => {
    const h = harness()
    let accepting = true
    const slow = h.subscribe('s', { accept: () => accepting })
    const fast = h.subscribe('s')
    await h.mine()
    accepting = false
    await h.mine()
    expect(slow.ended.map((e) => (e as { code?: string }).code)).toEqual(['SLOW_READER'])
    await h.mine()
    expect(fast.events).toHaveLength(3)
    expect(slow.events).toHaveLength(1)
    expect(h.watches.stats().subscribers).toBe(1)
  })

  test('subscriptions are bounded per key and in all (TOO_MANY_SUBSCRIPTIONS); a released slot is free again', () => {
    const h = harness({ maxPerKey: 2, maxTotal: 3 })
    const first = h.subscribe('a', { keyId: 'k1' })
    h.subscribe('b', { keyId: 'k1' })
    expect(() => h.watches.reserve('k1')).toThrow(expect.objectContaining({ code: 'TOO_MANY_SUBSCRIPTIONS' }))
    h.subscribe('c', { keyId: 'k2' })
    expect(() => h.watches.reserve('k3')).toThrow(/server holds its most/)
    first.close()
    expect(() => h.watches.reserve('k1')).not.toThrow()
  })

  test('close ends every subscription and stops every poller', async () => {
    const h = harness()
    const a = h.subscribe('a')
    h.watches.close(new Error('bye'))
    expect(a.ended.map((e) => e.message)).toEqual(['bye'])
    expect(h.watches.stats()).toMatchObject({ subscribers: 0, distinct: 0, chains: 0 })
  })
})
