/**
 * Test thread of createSharedRateLimiter.test.ts: attaches to the table in `workerData.buffer`, charges
 * `workerData.key` `workerData.times` times and posts the `remaining` of each check.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { createSharedRateLimiter } from '../createSharedRateLimiter.js'

const { buffer, key, times, limit, windowMs, maxEntries } = workerData as {
  buffer: SharedArrayBuffer; key: string; times: number; limit: number; windowMs: number; maxEntries: number
}
const limiter = createSharedRateLimiter({ limit, windowMs, maxEntries, buffer })
const seen: number[] = []
for (let i = 0; i < times; i++) seen.push(limiter.check(key).remaining)
parentPort?.postMessage(seen)
