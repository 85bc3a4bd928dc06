import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { createCallSignal } from './createCallSignal.js'

type SignalCall = Parameters<typeof createCallSignal>[0]

function fakeCall(deadline: number | Date, cancelled = false): SignalCall & EventEmitter {
  return Object.assign(new EventEmitter(), { getDeadline: () => deadline, cancelled }) as unknown as SignalCall & EventEmitter
}

describe('createCallSignal', () => {
  it('has no deadline when the client set none', () => {
    const s = createCallSignal(fakeCall(Infinity))
    expect(s.deadline).toBeUndefined()
    expect(s.signal.aborted).toBe(false)
    s.dispose()
  })

  it('aborts with TimeoutError when the deadline passes', async () => {
    const at = new Date(Date.now() + 20)
    const s = createCallSignal(fakeCall(at))
    expect(s.deadline).toBe(at.getTime())
    await new Promise((r) => s.signal.addEventListener('abort', r))
    expect((s.signal.reason as DOMException).name).toBe('TimeoutError')
  })

  it('aborts at once when the deadline has already passed or the call is already cancelled', () => {
    expect(createCallSignal(fakeCall(Date.now() - 1)).signal.aborted).toBe(true)
    expect((createCallSignal(fakeCall(Infinity, true)).signal.reason as DOMException).name).toBe('AbortError')
  })

  it('aborts with AbortError on cancellation, and dispose detaches', () => {
    const call = fakeCall(Date.now() + 60_000)
    const s = createCallSignal(call)
    call.emit('cancelled')
    expect((s.signal.reason as DOMException).name).toBe('AbortError')
    s.dispose()
    expect(call.listenerCount('cancelled')).toBe(0)
  })

  it('holds the listeners of a batch at once without a leak warning', async () => {
    const warnings: Error[] = []
    const onWarning = (w: Error) => warnings.push(w)
    process.on('warning', onWarning)
    try {
      const s = createCallSignal(fakeCall(Infinity))
      const listeners = Array.from({ length: 200 }, () => () => {})
      for (const l of listeners) s.signal.addEventListener('abort', l)
      // Warnings are emitted on the next tick.
      await new Promise((r) => setImmediate(r))
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([])
      for (const l of listeners) s.signal.removeEventListener('abort', l)
      s.dispose()
    } finally {
      process.off('warning', onWarning)
    }
  })
})

describe('createCallSignal: cancellation after the deadline', () => {
  it('is reported as a timeout (grpc-js cancels expired calls itself)', () => {
    let now = 1_000_000
    const realNow = Date.now
    Date.now = () => now
    try {
      const call = fakeCall(now + 50)
      const s = createCallSignal(call)
      now += 60
      call.emit('cancelled')
      expect((s.signal.reason as DOMException).name).toBe('TimeoutError')
      s.dispose()
    } finally {
      Date.now = realNow
    }
  })
})
