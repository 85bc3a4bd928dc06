import { describe, expect, test } from 'vitest'
import { generateGraph } from '../generateGraph.js'
import { GAP_BUCKETS, selectGapQueries } from './selectGapQueries.js'

describe('selectGapQueries', () => {
  const generated = generateGraph({ size: 'small', seed: 1 })

  test('the first queries of each size bucket, in draw order, none under the USD floor; deterministic', () => {
    const queries = selectGapQueries(generated, { perBucket: 5, seed: 2 })
    expect(queries.map((q) => q.bucket)).toEqual(GAP_BUCKETS.flatMap((b) => Array(5).fill(b.name)))
    for (const q of queries) {
      expect(q.usd).toBeGreaterThanOrEqual(10)
      const bucket = GAP_BUCKETS.findIndex((b) => b.name === q.bucket)
      expect(q.fraction).toBeLessThan(GAP_BUCKETS[bucket]!.below)
      if (bucket > 0) expect(q.fraction).toBeGreaterThanOrEqual(GAP_BUCKETS[bucket - 1]!.below)
    }
    expect(selectGapQueries(generated, { perBucket: 5, seed: 2 })).toEqual(queries)
    expect(selectGapQueries(generated, { perBucket: 5, seed: 2, minUsd: 1e6 }).every((q) => q.usd >= 1e6)).toBe(true)
  })
})
