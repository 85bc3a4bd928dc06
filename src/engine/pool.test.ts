import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { NoRouteError, QueueFullError, TaskAbortedError, WorkerCrashedError } from '../errors/engine.js'
import { protocolAdapters } from '../protocols/registry.js'
import type { UniswapV2PoolSnapshot } from '../protocols/uniswap-v2/types.js'
import { buildGraph } from './graph/buildGraph.js'
import { type EnginePool, createEnginePool } from './pool.js'
import { createSearchContext } from './search/searchContext.js'
import { findRoute } from './tasks/findRoute.js'
import { randomSnapshot } from './testing/randomSnapshot.js'
import type { EngineSnapshot } from './types.js'

const snapshot = randomSnapshot({ seed: 9, tokens: 30, v2Pools: 120, v3Pools: 5, balancerPools: 5, minExp: 16, maxExp: 24 })
const context = createSearchContext(buildGraph({ adapters: protocolAdapters }, snapshot))
const tokens = context.graph.tokens
const request = (i: number) => ({
  tokensIn: [{ token: tokens[i % tokens.length]!, amount: 10n ** 18n + BigInt(i) }],
  tokensOut: [{ token: tokens[(i * 7 + 3) % tokens.length]! }],
  maxHops: 3,
})

// With `idleGc` the workers' event loops run between tasks (Piscina without Atomics.wait): every behaviour holds both ways.
describe.each([false, true])('createEnginePool (idleGc %s)', (idleGc) => {
  let pool: EnginePool
  beforeAll(() => {
    pool = createEnginePool({ threads: 2, maxQueue: 64, enableTestTasks: true, idleGc })
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

  test('with idleGc, a worker\'s collector sees the end of its burst between tasks; without, it has no collector', async () => {
    const statsOf = async () => (await Promise.all(Array.from({ length: 6 }, () => pool.runTestTask('idleGcStatsForTest', {})))) as ({ bursts: number } | null)[]
    if (!idleGc) {
      expect(await statsOf()).toEqual(Array(6).fill(null))
      return
    }
    // A burst on the workers (each task allocates as a search does), then the quiet, in which the
    // collector's timer must run (it does not while a worker waits in Atomics.wait). Whether it then
    // collects depends on what V8 left in the young generation (createIdleCollector.test.ts).
    await Promise.all(Array.from({ length: 4 }, () => pool.runTestTask('busyForTest', { ms: 150 })))
    await new Promise((resolve) => setTimeout(resolve, 600))
    const bursts = (await statsOf()).map((s) => s!.bursts)
    expect(Math.max(...bursts)).toBeGreaterThanOrEqual(1)
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

describe('batching', () => {
  const expectedOf = (i: number): unknown => {
    try {
      return { ...findRoute(context, request(i)), version: snapshot.version }
    } catch (error) {
      return error
    }
  }
  const settle = (promise: Promise<unknown>): Promise<unknown> => promise.catch((error: unknown) => error)
  const ids = Array.from({ length: 40 }, (_, i) => i).filter((i) => request(i).tokensIn[0]!.token !== request(i).tokensOut[0]!.token)

  test('concurrent routes travel in batches; answers equal in-process and one-at-a-time answers', async () => {
    const sizes: number[] = []
    const pool = createEnginePool({ threads: 2, onBatch: ({ size }) => sizes.push(size) })
    try {
      await pool.setSnapshot(snapshot)
      const together = await Promise.all(ids.map((i) => settle(pool.findRoute(request(i)))))
      expect(sizes.length).toBeLessThan(ids.length / 4)
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(ids.length)
      const alone: unknown[] = []
      for (const i of ids) alone.push(await settle(pool.findRoute(request(i))))
      expect(sizes.slice(-ids.length).every((size) => size === 1)).toBe(true)
      ids.forEach((i, k) => {
        const expected = expectedOf(i)
        if (expected instanceof NoRouteError) {
          expect(together[k], `request ${i}`).toBeInstanceOf(NoRouteError)
          expect((together[k] as NoRouteError).reason).toBe(expected.reason)
        } else expect(together[k], `request ${i}`).toStrictEqual(expected)
        expect(alone[k]).toEqual(together[k])
      })
    } finally {
      await pool.close()
    }
  })

  test('aborting one request of a running batch fails it at once and leaves the others answered', async () => {
    const sizes: number[] = []
    const pool = createEnginePool({ threads: 1, enableTestTasks: true, onBatch: ({ size }) => sizes.push(size) })
    try {
      const controller = new AbortController()
      // One worker, two slots: [running 1.5 s, waiting 50 ms] then [50 ms].
      const running = pool.runTestTask('busyForTest', { ms: 1_500 })
      let runningDone = false
      void running.then(() => (runningDone = true), () => {})
      const aborted = settle(pool.runTestTask('busyForTest', { ms: 50 }, { signal: controller.signal }))
      const last = pool.runTestTask('busyForTest', { ms: 50 })
      setTimeout(() => controller.abort(), 100)
      expect(await aborted).toMatchObject({ name: 'TaskAbortedError', code: 'CANCELLED' })
      // At once: the abort does not wait for the running request of its batch (an ordering, not a time).
      expect(runningDone).toBe(false)
      await expect(running).resolves.toMatchObject({ spun: expect.any(Number) })
      await expect(last).resolves.toMatchObject({ spun: expect.any(Number) })
      // The worker was not stopped: nothing was sent again.
      expect(sizes).toEqual([2, 1])

      // Aborting the request that is running stops its worker at once; the batch queued behind it on that worker is sent again and answered.
      const longOne = settle(pool.runTestTask('busyForTest', { ms: 10_000 }, { deadline: Date.now() + 150 }))
      const mate = pool.runTestTask('busyForTest', { ms: 20 })
      expect(await longOne).toMatchObject({ name: 'TaskAbortedError', code: 'DEADLINE_EXCEEDED' })
      await expect(mate).resolves.toMatchObject({ spun: expect.any(Number) })
    } finally {
      await pool.close()
    }
  })

  test('a crash inside a batch fails only the crashing request; its batch-mates are answered', async () => {
    const pool = createEnginePool({ threads: 1, enableTestTasks: true })
    try {
      await pool.setSnapshot(snapshot)
      // [busy, crash] and [busy] (queued on the same worker): the crash takes both batches down.
      const outcomes = await Promise.all([
        settle(pool.runTestTask('busyForTest', { ms: 50 })),
        settle(pool.runTestTask('crashForTest', {})),
        settle(pool.runTestTask('busyForTest', { ms: 50 })),
      ])
      expect(outcomes[0]).toMatchObject({ spun: expect.any(Number) })
      expect(outcomes[1]).toBeInstanceOf(WorkerCrashedError)
      expect(outcomes[2]).toMatchObject({ spun: expect.any(Number) })
      // The replacement worker gets the snapshot again (needSnapshot) and routes.
      expect(await settle(pool.findRoute(request(1)))).toEqual(expectedOf(1))
    } finally {
      await pool.close()
    }
  })

  test('the queue bound holds for batched routes: the surplus fails with QueueFullError, the rest is answered', async () => {
    const pool = createEnginePool({ threads: 1, maxQueue: 3 })
    try {
      await pool.setSnapshot(snapshot)
      const outcomes = await Promise.all(ids.slice(0, 20).map((i) => settle(pool.findRoute(request(i)))))
      // 3 waiting + 2 free batch slots are accepted; the other 15 are refused at once.
      expect(outcomes.filter((o) => o instanceof QueueFullError)).toHaveLength(15)
      outcomes.slice(0, 5).forEach((outcome, k) => {
        const expected = expectedOf(ids[k]!)
        if (expected instanceof NoRouteError) expect(outcome).toBeInstanceOf(NoRouteError)
        else expect(outcome).toStrictEqual(expected)
      })
    } finally {
      await pool.close()
    }
  })
})

describe('issue 28 item 6: two chains at the same block number and hash', () => {
  const t = (n: number) => `0x${n.toString(16).padEnd(40, '0')}` as const
  /** One V2 pair on `chainId` at block 100, versioned as `data/snapshotVersionOf` names it (chain, number, hash prefix). */
  const pairOn = (chainId: number, tokens: readonly [number, number]): EngineSnapshot => ({
    version: `${chainId}:100:abababababab`, chainId, blockNumber: 100n,
    pools: [{ protocol: 'uniswap-v2', address: t(chainId), blockNumber: 100n, tokens: [t(tokens[0]), t(tokens[1])], reserve0: 10n ** 24n, reserve1: 10n ** 24n, feeBps: 30 } as UniswapV2PoolSnapshot],
  })

  test('each version routes on its own chain\'s pools', async () => {
    const pool = createEnginePool({ threads: 1 })
    try {
      const [one, base] = [pairOn(1, [0xa1, 0xa2]), pairOn(8453, [0xb1, 0xb2])]
      await pool.setSnapshot(one)
      await pool.setSnapshot(base)
      const swap = (version: string, from: number, to: number) =>
        pool.findRoute({ version, tokensIn: [{ token: t(from), amount: 10n ** 18n }], tokensOut: [{ token: t(to) }], maxHops: 2 }).then((r) => r.paths[0]?.steps[0]?.primary, (e: unknown) => (e as Error).name)
      expect(await swap(one.version, 0xa1, 0xa2)).toBe(t(1))
      expect(await swap(base.version, 0xb1, 0xb2)).toBe(t(8453))
      expect(await swap(base.version, 0xa1, 0xa2)).toBe('NoRouteError')
    } finally {
      await pool.close()
    }
  })
})
