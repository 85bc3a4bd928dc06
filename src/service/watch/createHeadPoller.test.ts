import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createHeadPoller } from './createHeadPoller.js'

/** A subscription the test drives: `push` and `fail` stand for the node's socket. */
function fakeSubscription() {
  const state = { push: (_: bigint) => {}, fail: (_: unknown) => {}, stopped: 0 }
  return {
    state,
    subscribe: (push: (n: bigint) => void, fail: (e: unknown) => void) => {
      state.push = push
      state.fail = fail
      return () => {
        state.stopped++
      }
    },
  }
}

describe('createHeadPoller', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('reads every intervalMs without a subscription, and reports each new head once', async () => {
    let head = 1n
    const readHead = vi.fn(async () => head)
    const heads: bigint[] = []
    const poller = createHeadPoller({ readHead, intervalMs: 25, onHead: (h) => heads.push(h), onError: () => {} })
    await vi.advanceTimersByTimeAsync(100)
    head = 2n
    await vi.advanceTimersByTimeAsync(100)
    poller.stop()
    expect(heads).toEqual([1n, 2n])
    expect(readHead.mock.calls.length).toBeGreaterThanOrEqual(8)
  })

  it('takes pushed heads at once and only backs them up with slow reads', async () => {
    const head = 1n
    const readHead = vi.fn(async () => head)
    const heads: bigint[] = []
    const sub = fakeSubscription()
    const poller = createHeadPoller({ readHead, intervalMs: 25, subscribe: sub.subscribe, pushedIntervalMs: 1_000, onHead: (h) => heads.push(h), onError: () => {} })
    await vi.advanceTimersByTimeAsync(0)
    sub.state.push(2n)
    sub.state.push(2n)
    sub.state.push(3n)
    const readsBefore = readHead.mock.calls.length
    await vi.advanceTimersByTimeAsync(2_000)
    // At most one read a second while the subscription pushes (the first timer may still be the fast one).
    expect(readHead.mock.calls.length - readsBefore).toBeLessThanOrEqual(3)
    expect(heads).toEqual([1n, 2n, 3n, 1n])
    poller.stop()
    poller.stop()
    expect(sub.state.stopped).toBe(1)
  })

  it('drops a read that a pushed head overtook (it may be older), so a head is never reported going back', async () => {
    let release: (head: bigint) => void = () => {}
    const readHead = vi.fn(() => new Promise<bigint>((resolve) => (release = resolve)))
    const heads: bigint[] = []
    const sub = fakeSubscription()
    const poller = createHeadPoller({ readHead, intervalMs: 25, subscribe: sub.subscribe, onHead: (h) => heads.push(h), onError: () => {} })
    await vi.advanceTimersByTimeAsync(0)
    sub.state.push(101n)
    release(100n)
    await vi.advanceTimersByTimeAsync(0)
    expect(heads).toEqual([101n])
    poller.stop()
  })

  it('goes back to fast reads when the subscription fails, and reports the failure', async () => {
    const readHead = vi.fn(async () => 5n)
    const errors: unknown[] = []
    const sub = fakeSubscription()
    const poller = createHeadPoller({ readHead, intervalMs: 25, subscribe: sub.subscribe, pushedIntervalMs: 1_000, onHead: () => {}, onError: (e) => errors.push(e) })
    await vi.advanceTimersByTimeAsync(0)
    sub.state.push(5n)
    await vi.advanceTimersByTimeAsync(1_100)
    sub.state.fail(new Error('socket closed'))
    const readsBefore = readHead.mock.calls.length
    await vi.advanceTimersByTimeAsync(1_100)
    expect(readHead.mock.calls.length - readsBefore).toBeGreaterThanOrEqual(20)
    expect(errors).toHaveLength(1)
    poller.stop()
  })
})
