import { PerformanceObserver, constants } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { expect, test } from 'vitest'
import { startIdleCollector } from './startIdleCollector.js'

test('on a real thread: the quiet after a burst runs V8\'s minor collection, exposed at run time', async () => {
  const kinds: number[] = []
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) kinds.push((entry as unknown as { detail: { kind: number } }).detail.kind)
  })
  observer.observe({ entryTypes: ['gc'] })
  const collector = startIdleCollector({ minorBytes: 1 })
  try {
    await sleep(60)
    // A burst: the loop busy for 200 ms, allocating what a re-quote would (short-lived objects, strings).
    const until = performance.now() + 200
    let keep = 0
    while (performance.now() < until) keep += JSON.stringify({ a: [1, 2, 3], b: 'x'.repeat(64) }).length
    expect(keep).toBeGreaterThan(0)
    const before = kinds.length
    const minorBefore = collector.stats().minor
    await sleep(400)
    // Once a burst, not at every quiet tick (a loaded machine can add a burst of its own: a slow tick).
    const stats = collector.stats()
    expect(stats.minor).toBeGreaterThan(minorBefore)
    expect(stats.minor).toBe(stats.bursts)
    expect(stats.bursts).toBeLessThanOrEqual(3)
    expect(kinds.slice(before)).toContain(constants.NODE_PERFORMANCE_GC_MINOR)
  } finally {
    collector.stop()
    observer.disconnect()
  }
})
