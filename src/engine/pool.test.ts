import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { NoRouteError, QueueFullError, TaskAbortedError, WorkerCrashedError } from '../errors/engine.js'
import { protocolAdapters } from '../protocols/registry.js'
import { buildGraph } from './graph/buildGraph.js'
import { type EnginePool, createEnginePool } from './pool.js'
import { createSearchContext } from './search/searchContext.js'
import { findRoute } from './tasks/findRoute.js'
import { randomSnapshot } from './testing/randomSnapshot.js'

const snapshot = randomSnapshot({ seed: 9, tokens: 30, v2Pools: 120, v3Pools: 5, balancerPools: 5, minExp: 16, maxExp: 24 })
const context = createSearchContext(buildGraph({ adapters: protocolAdapters }, snapshot))
const tokens = context.graph.tokens
const request = (i: number) => ({
  tokensIn: [{ token: tokens[i % tokens.length]!, amount: 10n ** 18n + BigInt(i) }],
  tokensOut: [{ token: tokens[(i * 7 + 3) % tokens.length]! }],
  maxHops: 3,
})

describe('createEnginePool', () => {
  let pool: EnginePool
  beforeAll(() => {
    pool = createEnginePool({ threads: 2, maxQueue: 64, enableTestTasks: true })
  })
  afterAll(async () => {
    await pool.close()
  })

  test('routes in workers equal in-process routes; each worker gets the snapshot once', async () => {
    await pool.setSnapshot(snapshot)
    const ids = Array.from({ length: 24 }, (_, i) => i).filter((i) => request(i).tokensIn[0]!.token !== request(i).tokensOut[0]!.token)
    const expectedOf = (i: number): unknown => {
      try {
        return findRoute(context, request(i))
      } catch (error) {
        expect(error).toBeInstanceOf(NoRouteError)
        return error
      }
    }
    const expected = ids.map(expectedOf)
    // Most of these pairs have a route: the comparison below is about routes, not only about errors.
    expect(expected.filter((e) => !(e instanceof NoRouteError)).length).toBeGreaterThanOrEqual(ids.length - 2)
    const answers = (results: unknown[], version: string) =>
      results.forEach((result, k) => {
        if (expected[k] instanceof NoRouteError) expect(result, `request ${ids[k]}`).toBeInstanceOf(NoRouteError)
        else expect(result, `request ${ids[k]}`).toEqual({ ...(expected[k] as object), version })
      })
    answers(await Promise.all(ids.map((i) => pool.findRoute(request(i)).catch((error: unknown) => error))), snapshot.version)
    // One install per worker on publish; a worker that missed it gets the snapshot once with its first route.
    const first = pool.stats()
    expect(first.snapshotMisses).toBeLessThanOrEqual(1)
    expect(first).toEqual({ snapshotSends: 2 + first.snapshotMisses, snapshotMisses: first.snapshotMisses, completed: ids.length })
    // A new version reaches workers again, and the answers on it are the same routes.
    await pool.setSnapshot({ ...snapshot, version: 'v2' })
    answers(await Promise.all(ids.slice(0, 6).map((i) => pool.findRoute(request(i)).catch((error: unknown) => error))), 'v2')
    const second = pool.stats()
    expect(second.snapshotMisses - first.snapshotMisses).toBeLessThanOrEqual(1)
    expect(second).toEqual({ snapshotSends: 4 + second.snapshotMisses, snapshotMisses: second.snapshotMisses, completed: ids.length + 6 })
  })

  test('a deadline aborts a running task with TaskAbortedError; the pool keeps working', async () => {
    const started = Date.now()
    const timedOut = await pool.runTestTask('busyForTest', { ms: 10_000 }, { deadline: Date.now() + 150 }).catch((e: unknown) => e)
    expect(timedOut).toBeInstanceOf(TaskAbortedError)
    expect((timedOut as TaskAbortedError).code).toBe('DEADLINE_EXCEEDED')
    expect(Date.now() - started).toBeLessThan(5_000)
    const controller = new AbortController()
    const pending = pool.runTestTask('busyForTest', { ms: 10_000 }, { signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'TaskAbortedError', code: 'CANCELLED' })
    await expect(pool.findRoute(request(1))).resolves.toBeDefined()
  })

  test('a worker crash fails only its task, and the pool recovers', async () => {
    const busy = pool.runTestTask('busyForTest', { ms: 400 })
    const crash = pool.runTestTask('crashForTest', {})
    await expect(crash).rejects.toBeInstanceOf(WorkerCrashedError)
    await expect(busy).resolves.toMatchObject({ spun: expect.any(Number) })
    const after = await Promise.all([1, 2, 4, 5].map((i) => pool.findRoute(request(i)).then(() => 'ok', (e: unknown) => (e instanceof NoRouteError ? 'ok' : e))))
    expect(after).toEqual(['ok', 'ok', 'ok', 'ok'])
  })
})

describe('bounded queue', () => {
  test('a full queue rejects with QueueFullError (RESOURCE_EXHAUSTED)', async () => {
    const pool = createEnginePool({ threads: 1, maxQueue: 2, enableTestTasks: true })
    try {
      const tasks = Array.from({ length: 6 }, () => pool.runTestTask('busyForTest', { ms: 200 }).then(() => 'done', (e: unknown) => e))
      const outcomes = await Promise.all(tasks)
      const full = outcomes.filter((o) => o instanceof QueueFullError) as QueueFullError[]
      expect(full.length).toBeGreaterThan(0)
      expect(full[0]!.code).toBe('RESOURCE_EXHAUSTED')
      expect(outcomes.filter((o) => o === 'done').length).toBeGreaterThanOrEqual(2)
    } finally {
      await pool.close()
    }
  })
})
