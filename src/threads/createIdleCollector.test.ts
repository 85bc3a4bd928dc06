import { describe, expect, test } from 'vitest'
import { createIdleCollector, type CollectionKind, type CreateIdleCollectorParameters, type HeapReading, type IdleCollector } from './createIdleCollector.js'

const MIB = 1024 * 1024

/** A collector over a heap the test sets, recording the collections asked for. */
function harness(heap: HeapReading, options: Partial<CreateIdleCollectorParameters> = {}) {
  const collected: CollectionKind[] = []
  const collector = createIdleCollector({
    ...options,
    collect: (kind) => {
      collected.push(kind)
      if (kind === 'minor') heap.young = 0
      else heap.old = Math.round(heap.old * 0.6)
    },
    readHeap: () => ({ ...heap }),
  })
  return { collector, collected, heap }
}

/** One busy tick, then the two quiet ones that end the burst: what the last tick collected. */
function burst(collector: IdleCollector): CollectionKind[] {
  collector.tick(1)
  collector.tick(0)
  return collector.tick(0).collected
}

describe('createIdleCollector', () => {
  test('collects the young generation once a burst has ended, never during it', () => {
    const { collector, collected, heap } = harness({ young: 10 * MIB, old: 60 * MIB })
    for (let i = 0; i < 5; i++) expect(collector.tick(0.9).collected).toEqual([])
    // One quiet tick is not yet the end of the burst.
    expect(collector.tick(0.01).collected).toEqual([])
    expect(collector.tick(0.01).collected).toEqual(['minor'])
    expect(collected).toEqual(['minor'])
    // Still quiet, no new burst: nothing more, whatever the heap holds.
    heap.young = 20 * MIB
    for (let i = 0; i < 10; i++) expect(collector.tick(0).collected).toEqual([])
    expect(collector.stats()).toEqual({ bursts: 1, minor: 1, major: 0 })
  })

  test('a thread that never stops (steady load) keeps V8\'s own schedule', () => {
    const { collector, collected } = harness({ young: 10 * MIB, old: 500 * MIB })
    // Half-busy ticks are neither a burst's end nor quiet.
    for (let i = 0; i < 100; i++) collector.tick(i % 3 === 0 ? 0.9 : 0.1)
    expect(collected).toEqual([])
  })

  test('a nearly empty young generation is left alone', () => {
    const { collector, collected } = harness({ young: MIB / 2, old: 60 * MIB })
    expect(burst(collector)).toEqual([])
    expect(collected).toEqual([])
  })

  test('a full collection only when the old generation grew past both bounds since the last one', () => {
    const { collector, collected, heap } = harness({ young: 0, old: 100 * MIB })
    // +20 MiB: over 16 MiB but under 25 % of 100 MiB.
    heap.old = 120 * MIB
    expect(burst(collector)).toEqual([])
    // +30 MiB: over both.
    heap.old = 130 * MIB
    expect(burst(collector)).toEqual(['major'])
    // The base is now the heap after the collection (78 MiB): +16 MiB is not 25 % of it.
    heap.old = 94 * MIB
    expect(burst(collector)).toEqual([])
    heap.old = 98 * MIB
    expect(burst(collector)).toEqual(['major'])
    expect(collected).toEqual(['major', 'major'])
  })

  test('no forced full collection of an old generation past majorMaxBytes (one pause would be too long): V8\'s incremental marking does it', () => {
    const { collector, heap } = harness({ young: 0, old: 200 * MIB }, { majorMaxBytes: 256 * MIB })
    heap.old = 300 * MIB
    expect(burst(collector)).toEqual([])
    heap.old = 250 * MIB
    expect(burst(collector)).toEqual(['major'])
  })

  test('a smaller heap seen at a burst\'s end (V8 collected on its own) becomes the base', () => {
    const { collector, heap } = harness({ young: 0, old: 100 * MIB })
    heap.old = 40 * MIB
    expect(burst(collector)).toEqual([])
    // +16 MiB over 40 is both bounds (16 MiB, 25 % = 10 MiB).
    heap.old = 56 * MIB
    expect(burst(collector)).toEqual(['major'])
  })
})
