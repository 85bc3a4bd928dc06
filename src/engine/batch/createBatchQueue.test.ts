import { describe, expect, test } from 'vitest'
import { QueueFullError, TaskAbortedError, WorkerCrashedError } from '../../errors/engine.js'
import { BatchControl } from './batchControl.js'
import { type OutgoingBatch, createBatchQueue } from './createBatchQueue.js'
import { type BatchAnswers, BatchStatus, runBatchItems } from './runBatchItems.js'

type Sent = { batch: OutgoingBatch<string>; signal: AbortSignal; answer: (answers?: BatchAnswers) => void; crash: (message?: string) => void }

/** A queue whose `send` is held by the test: each batch waits until the test answers or crashes it. */
function harness({ slots = 2, maxQueue = 16, maxBatch = 8, killGraceMs = 0 } = {}) {
  const sent: Sent[] = []
  const waiters: (() => void)[] = []
  const queue = createBatchQueue<string>({
    slots,
    maxQueue,
    maxBatch,
    killGraceMs,
    toError: (failure, task) => new Error(`${task}: ${failure.message}`),
    send: (batch, signal) =>
      new Promise<BatchAnswers>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })))
        sent.push({
          batch,
          signal,
          // Default answer: the worker's own loop over the items (skips cancelled ones), echoing each item.
          answer: (answers) => resolve(answers ?? runBatchItems({ items: batch.items, control: batch.control, run: (item) => ({ echo: item }) })),
          crash: (message = 'worker exited with code 1') => reject(new Error(message)),
        })
        waiters.splice(0).forEach((wake) => wake())
      }),
  })
  const sentCount = async (n: number): Promise<void> => {
    while (sent.length < n) await new Promise<void>((resolve) => waiters.push(resolve))
  }
  return { queue, sent, sentCount }
}

const submit = (queue: ReturnType<typeof harness>['queue'], item: unknown, options: { signal?: AbortSignal; deadline?: number; version?: string; admitted?: boolean } = {}) =>
  queue.submit({ kind: 'route', version: options.version ?? 'v1', item, task: 'findRoute' }, options)

/** One batch of three on one slot, the worker running the second (`b`), which its caller then aborts. */
async function abortRunning(killGraceMs: number) {
  const { queue, sent, sentCount } = harness({ slots: 1, killGraceMs })
  const controller = new AbortController()
  const calls = [submit(queue, 'a'), submit(queue, 'b', { signal: controller.signal }), submit(queue, 'c')]
  await sentCount(1)
  Atomics.store(sent[0]!.batch.control, BatchControl.running, 1)
  controller.abort()
  return { calls, sent, sentCount }
}

describe('createBatchQueue', () => {
  test('requests of one turn travel together, split over the free slots, per version; answers reach their callers', async () => {
    const { queue, sent, sentCount } = harness({ slots: 2, maxBatch: 8 })
    const first = Array.from({ length: 6 }, (_, i) => submit(queue, i))
    const other = submit(queue, 'x', { version: 'v2' })
    await sentCount(2)
    // 7 waiting, 2 free slots: ⌈7/2⌉ = 4 from the oldest group, then the rest of it (2) — v2 waits for a slot.
    expect(sent.map((s) => s.batch.items)).toEqual([[0, 1, 2, 3], [4, 5]])
    expect(sent.map((s) => s.batch.version)).toEqual(['v1', 'v1'])
    sent[1]!.answer()
    await sentCount(3)
    expect(sent[2]!.batch).toMatchObject({ version: 'v2', items: ['x'] })
    sent[0]!.answer()
    sent[2]!.answer()
    expect(await Promise.all(first)).toEqual([0, 1, 2, 3, 4, 5].map((i) => ({ echo: i })))
    expect(await other).toEqual({ echo: 'x' })
  })

  test('an item failing in the worker fails only its caller', async () => {
    const { queue, sent, sentCount } = harness({ slots: 1 })
    const calls = [submit(queue, 'a'), submit(queue, 'b')]
    await sentCount(1)
    sent[0]!.answer({
      statuses: Uint8Array.of(BatchStatus.error, BatchStatus.ok),
      values: [{ name: 'NoRouteError', code: 'NO_ROUTE', message: 'no path' }, 'route b'],
    })
    const [a, b] = await Promise.allSettled(calls)
    expect(a).toMatchObject({ status: 'rejected', reason: { message: 'findRoute: no path' } })
    expect(b).toEqual({ status: 'fulfilled', value: 'route b' })
  })

  test('abort while waiting: fails at once, is never sent', async () => {
    const { queue, sent, sentCount } = harness()
    const controller = new AbortController()
    const aborted = submit(queue, 'a', { signal: controller.signal })
    const kept = submit(queue, 'b')
    controller.abort()
    await expect(aborted).rejects.toMatchObject({ name: 'TaskAbortedError', code: 'CANCELLED' })
    await sentCount(1)
    expect(sent[0]!.batch.items).toEqual(['b'])
    sent[0]!.answer()
    await expect(kept).resolves.toEqual({ echo: 'b' })
  })

  test('abort of a sent, not yet started request: the worker skips it, the others are answered, nothing is stopped', async () => {
    const { queue, sent, sentCount } = harness({ slots: 1 })
    const controller = new AbortController()
    const calls = [submit(queue, 'a'), submit(queue, 'b', { signal: controller.signal }), submit(queue, 'c')]
    await sentCount(1)
    Atomics.store(sent[0]!.batch.control, BatchControl.running, 0)
    controller.abort()
    await expect(calls[1]).rejects.toBeInstanceOf(TaskAbortedError)
    expect(Atomics.load(sent[0]!.batch.control, 1 + 1)).toBe(BatchControl.cancelled)
    expect(sent[0]!.signal.aborted).toBe(false)
    sent[0]!.answer()
    expect(await calls[0]).toEqual({ echo: 'a' })
    expect(await calls[2]).toEqual({ echo: 'c' })
  })

  test('a deadline timer that fires a millisecond early (Date.now() still before the deadline) is a deadline, not a cancel', async () => {
    const { queue } = harness({ slots: 1 })
    const far = Date.now() + 60_000
    const timer = new AbortController()
    const waiting = submit(queue, 'w', { signal: timer.signal, deadline: far })
    timer.abort(new DOMException('deadline', 'TimeoutError'))
    await expect(waiting).rejects.toMatchObject({ name: 'TaskAbortedError', code: 'DEADLINE_EXCEEDED' })
    // Already aborted at submission: the same.
    await expect(submit(queue, 'x', { signal: timer.signal, deadline: far })).rejects.toMatchObject({ code: 'DEADLINE_EXCEEDED' })
    // A caller's own abort before the deadline stays a cancel.
    const caller = new AbortController()
    const cancelled = submit(queue, 'y', { signal: caller.signal, deadline: far })
    caller.abort()
    await expect(cancelled).rejects.toMatchObject({ code: 'CANCELLED' })
  })

  test('a deadline alone (no signal) fails its request when it passes, and only then', async () => {
    const { queue, sent, sentCount } = harness({ slots: 1 })
    const answered = submit(queue, 'a', { deadline: Date.now() + 60_000 })
    await sentCount(1)
    sent[0]!.answer()
    expect(await answered).toEqual({ echo: 'a' })
    // The slot is busy until the test answers: this one waits, and its deadline passes while it does.
    const busy = submit(queue, 'b')
    await sentCount(2)
    const late = submit(queue, 'c', { deadline: Date.now() + 20 })
    await expect(late).rejects.toMatchObject({ name: 'TaskAbortedError', code: 'DEADLINE_EXCEEDED' })
    await expect(submit(queue, 'd', { deadline: Date.now() - 1 })).rejects.toMatchObject({ code: 'DEADLINE_EXCEEDED' })
    sent[1]!.answer()
    expect(await busy).toEqual({ echo: 'b' })
  })

  test('abort of the running request (deadline): its worker is stopped, the others go again and are answered', async () => {
    const { queue, sent, sentCount } = harness({ slots: 1 })
    // The queue's own deadline timer, with no signal; the batch is marked running long before it fires.
    const calls = [submit(queue, 'a'), submit(queue, 'long', { deadline: Date.now() + 200 }), submit(queue, 'c')]
    const long = expect(calls[1]).rejects.toMatchObject({ name: 'TaskAbortedError', code: 'DEADLINE_EXCEEDED' })
    await sentCount(1)
    Atomics.store(sent[0]!.batch.control, BatchControl.running, 1)
    await long
    expect(sent[0]!.signal.aborted).toBe(true)
    await sentCount(2)
    expect(sent[1]!.batch.items).toEqual(['a', 'c'])
    sent[1]!.answer()
    expect(await Promise.all([calls[0], calls[2]])).toEqual([{ echo: 'a' }, { echo: 'c' }])
  })

  test('abort of the running request with a grace: it fails at once; a worker that finishes it within the grace is not stopped and answers the others', async () => {
    const { calls, sent } = await abortRunning(60)
    await expect(calls[1]).rejects.toMatchObject({ name: 'TaskAbortedError', code: 'CANCELLED' })
    expect(sent[0]!.signal.aborted).toBe(false)
    // The worker finishes within the grace: one batch, the others answered from it, nothing stopped after.
    sent[0]!.answer({ statuses: Uint8Array.from([BatchStatus.ok, BatchStatus.ok, BatchStatus.ok]), values: [{ echo: 'a' }, { echo: 'late' }, { echo: 'c' }] })
    expect(await Promise.all([calls[0], calls[2]])).toEqual([{ echo: 'a' }, { echo: 'c' }])
    await new Promise((resolve) => setTimeout(resolve, 90))
    expect(sent[0]!.signal.aborted).toBe(false)
    expect(sent).toHaveLength(1)
  })

  test('abort of the running request with a grace: a worker still on it when the grace ends is stopped, the others go again', async () => {
    const { calls, sent, sentCount } = await abortRunning(30)
    await expect(calls[1]).rejects.toMatchObject({ name: 'TaskAbortedError' })
    expect(sent[0]!.signal.aborted).toBe(false)
    await sentCount(2)
    expect(sent[0]!.signal.aborted).toBe(true)
    expect(sent[1]!.batch.items).toEqual(['a', 'c'])
    sent[1]!.answer()
    expect(await Promise.all([calls[0], calls[2]])).toEqual([{ echo: 'a' }, { echo: 'c' }])
  })

  test('a worker crash fails only the request that was running; the others go again', async () => {
    const { queue, sent, sentCount } = harness({ slots: 2 })
    const calls = ['a', 'boom', 'c', 'd'].map((item) => submit(queue, item))
    await sentCount(2)
    // Batch 0 = [a, boom] crashes while running `boom`; batch 1 = [c, d] shared the worker and had not started.
    Atomics.store(sent[0]!.batch.control, BatchControl.running, 1)
    sent[0]!.crash()
    sent[1]!.crash()
    await expect(calls[1]).rejects.toBeInstanceOf(WorkerCrashedError)
    await sentCount(3)
    expect(sent.slice(2).flatMap((s) => s.batch.items).sort()).toEqual(['a', 'c', 'd'])
    for (const s of sent.slice(2)) s.answer()
    await sentCount(sent.length)
    for (const s of sent.slice(3)) s.answer()
    expect(await Promise.all([calls[0], calls[2], calls[3]])).toEqual([{ echo: 'a' }, { echo: 'c' }, { echo: 'd' }])
  })

  test('a batch that keeps killing workers before any item runs fails after a bounded number of sends', async () => {
    const { queue, sent, sentCount } = harness({ slots: 1 })
    const call = submit(queue, 'poison')
    for (let n = 1; n <= 3; n++) {
      await sentCount(n)
      sent[n - 1]!.crash()
    }
    await expect(call).rejects.toBeInstanceOf(WorkerCrashedError)
    expect(sent).toHaveLength(3)
  })

  test('a batch whose worker the pool stopped (to cancel another batch) is sent again, however often', async () => {
    const { queue, sent, sentCount } = harness({ slots: 1 })
    const call = submit(queue, 'bystander')
    for (let n = 1; n <= 5; n++) {
      await sentCount(n)
      sent[n - 1]!.crash('Terminating worker thread')
    }
    await sentCount(6)
    sent[5]!.answer()
    await expect(call).resolves.toEqual({ echo: 'bystander' })
  })

  test('bounded: past maxQueue waiting requests (beyond what free slots take) a request fails with QueueFullError', async () => {
    const { queue, sent, sentCount } = harness({ slots: 2, maxQueue: 3, maxBatch: 8 })
    const calls = Array.from({ length: 8 }, (_, i) => submit(queue, i).catch((error: unknown) => error))
    const outcomes = await Promise.race([Promise.all(calls.slice(5)), new Promise((resolve) => setTimeout(resolve, 50, 'pending'))])
    // 3 + 2 free slots accepted; the 6th to 8th are refused at once.
    expect(outcomes).toHaveLength(3)
    for (const outcome of outcomes as unknown[]) expect(outcome).toBeInstanceOf(QueueFullError)
    await sentCount(2)
    for (const s of sent) s.answer()
    expect(await Promise.all(calls.slice(0, 5))).toEqual([0, 1, 2, 3, 4].map((i) => ({ echo: i })))
  })

  test('admitted: requests bounded upstream wait past maxQueue, are not counted against it, and all answer', async () => {
    const { queue, sent, sentCount } = harness({ slots: 2, maxQueue: 3, maxBatch: 4 })
    // A head's 20 re-quotes on a queue that sheds past 3 + 2 free slots: none refused.
    const admitted = Array.from({ length: 20 }, (_, i) => submit(queue, i, { admitted: true }).catch((error: unknown) => error))
    // Requests arriving one by one are still bounded, by their own count only: 5 accepted, the 6th refused.
    const singles = Array.from({ length: 6 }, (_, i) => submit(queue, `s${i}`).catch((error: unknown) => error))
    await expect(singles[5]).resolves.toBeInstanceOf(QueueFullError)
    // Drain: answer every batch as it is sent until all 25 accepted requests are answered.
    let answered = 0
    while (answered < 7) {
      await sentCount(answered + 1)
      sent[answered++]!.answer()
    }
    expect(await Promise.all(admitted)).toEqual(Array.from({ length: 20 }, (_, i) => ({ echo: i })))
    expect(await Promise.all(singles.slice(0, 5))).toEqual([0, 1, 2, 3, 4].map((i) => ({ echo: `s${i}` })))
  })

  test('admitted requests that leave while waiting stop counting: the bound still refuses by the others alone', async () => {
    const { queue, sent, sentCount } = harness({ slots: 1, maxQueue: 2, maxBatch: 1 })
    const controller = new AbortController()
    const first = submit(queue, 'running')
    await sentCount(1)
    const gone = Array.from({ length: 3 }, (_, i) => submit(queue, `gone${i}`, { admitted: true, signal: controller.signal }).catch((error: unknown) => error))
    controller.abort()
    for (const outcome of await Promise.all(gone)) expect(outcome).toBeInstanceOf(TaskAbortedError)
    // Nothing waits now: two singles fit (maxQueue 2, no free slot), the third is refused.
    const singles = Array.from({ length: 3 }, (_, i) => submit(queue, `s${i}`).catch((error: unknown) => error))
    await expect(singles[2]).resolves.toBeInstanceOf(QueueFullError)
    sent[0]!.answer()
    await expect(first).resolves.toEqual({ echo: 'running' })
    await sentCount(2)
    sent[1]!.answer()
    await sentCount(3)
    sent[2]!.answer()
    expect(await Promise.all(singles.slice(0, 2))).toEqual([{ echo: 's0' }, { echo: 's1' }])
  })
})
