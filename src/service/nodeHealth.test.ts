import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPublicClient, http, HttpRequestError, TimeoutError } from 'viem'
import { describe, expect, it } from 'vitest'
import { NodeDownError } from '../errors/admission.js'
import { createNodeHealth, isNodeFailure, nodeHealth, runGuarded } from './nodeHealth.js'
import { withUpstream } from './withUpstream.js'

const refused = () => new HttpRequestError({ url: 'http://127.0.0.1:1', details: 'fetch failed', cause: new Error('connect ECONNREFUSED 127.0.0.1:1') })

function clock() {
  let t = 1_000_000
  return { now: () => t, advance: (ms: number) => void (t += ms) }
}

describe('withUpstream under the node circuit (issue 12)', () => {
  it('a node failure marks the chain down: later calls fail at once, without touching the node, with retry-after', async () => {
    const c = clock()
    const health = createNodeHealth({ retryMs: 5_000, now: c.now })
    let calls = 0
    const failing = async () => {
      calls++
      throw refused()
    }
    await expect(withUpstream(1, failing, health)).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' })
    expect(health.isDown(1)).toBe(true)
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => withUpstream(1, failing, health)))
    expect(calls).toBe(1)
    expect(results.every((r) => r.status === 'rejected' && r.reason instanceof NodeDownError && r.reason.code === 'UPSTREAM_UNAVAILABLE')).toBe(true)
    // The first wait is 200 ms: Retry-After rounds up to a whole second.
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ retryAfterSeconds: 1, shortMessage: 'The node for chain 1 is unavailable.' })
    // Other chains are not affected.
    await expect(withUpstream(8453, async () => 'ok', health)).resolves.toBe('ok')
  })

  it('after retryMs one probe goes through (the others still fail fast); its success closes the circuit', async () => {
    const c = clock()
    const health = createNodeHealth({ retryMs: 5_000, now: c.now })
    health.markDown(1, 'chainId mismatch')
    await expect(withUpstream(1, async () => 'never', health)).rejects.toBeInstanceOf(NodeDownError)
    c.advance(5_000)
    let release = () => {}
    let probes = 0
    const probe = withUpstream(1, () => {
      probes++
      return new Promise<string>((resolve) => {
        release = () => resolve('up')
      })
    }, health)
    await expect(withUpstream(1, async () => 'second', health)).rejects.toBeInstanceOf(NodeDownError)
    expect(health.stateOf(1)).toMatchObject({ state: 'probing', reason: 'chainId mismatch' })
    release()
    await expect(probe).resolves.toBe('up')
    expect(probes).toBe(1)
    expect(health.isDown(1)).toBe(false)
    await expect(withUpstream(1, async () => 'again', health)).resolves.toBe('again')
  })

  it('each failed probe doubles the wait, from firstRetryMs up to retryMs; a success starts over', async () => {
    const c = clock()
    const health = createNodeHealth({ retryMs: 5_000, firstRetryMs: 200, now: c.now })
    health.markDown(1, 'test')
    const waits: number[] = []
    for (let k = 0; k < 7; k++) {
      const state = health.stateOf(1) as { retryAt: number }
      waits.push(state.retryAt - c.now())
      c.advance(state.retryAt - c.now() - 1)
      await expect(withUpstream(1, async () => 'x', health)).rejects.toBeInstanceOf(NodeDownError)
      c.advance(1)
      await expect(withUpstream(1, async () => { throw refused() }, health)).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' })
    }
    expect(waits).toEqual([200, 400, 800, 1_600, 3_200, 5_000, 5_000])
    c.advance(5_000)
    await expect(withUpstream(1, async () => 'up', health)).resolves.toBe('up')
    health.markDown(1, 'again')
    expect((health.stateOf(1) as { retryAt: number }).retryAt - c.now()).toBe(200)
  })

  it('a probe that never settles stops blocking after probeTimeoutMs: the next caller becomes the probe', async () => {
    const c = clock()
    const health = createNodeHealth({ retryMs: 1_000, firstRetryMs: 1_000, probeTimeoutMs: 30_000, now: c.now })
    health.markDown(1, 'test')
    c.advance(1_000)
    // The probe hangs (a node that accepts the connection and never answers).
    void withUpstream(1, () => new Promise<string>(() => {}), health)
    expect(health.stateOf(1)).toMatchObject({ state: 'probing' })
    c.advance(29_999)
    await expect(withUpstream(1, async () => 'x', health)).rejects.toBeInstanceOf(NodeDownError)
    c.advance(1)
    await expect(withUpstream(1, async () => 'next probe', health)).resolves.toBe('next probe')
    expect(health.isDown(1)).toBe(false)
  })

  it('the failure that trips the circuit already says when to retry', async () => {
    const health = createNodeHealth({ now: clock().now })
    await expect(withUpstream(1, async () => { throw refused() }, health)).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', retryAfterSeconds: 1 })
  })

  it('the state keeps when the outage began, its reason and its count; Retry-After is whole seconds, at least 1', async () => {
    const c = clock()
    const health = createNodeHealth({ retryMs: 5_000, firstRetryMs: 1_500, now: c.now })
    const began = c.now()
    health.markDown(1, 'first')
    c.advance(1_500)
    // The probe fails: down again, since the same outage, one more failure, the new reason.
    await expect(withUpstream(1, async () => { throw new HttpRequestError({ url: 'http://x', details: 'fetch failed', cause: new Error('connect ECONNREFUSED\nsecond line') }) }, health)).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' })
    expect(health.stateOf(1)).toMatchObject({ state: 'down', since: began, failures: 2 })
    expect((health.stateOf(1) as { reason: string }).reason).not.toContain('second line')
    // 3,000 ms left: Retry-After 3; 1 ms left: 1, never 0.
    await expect(withUpstream(1, async () => 'x', health)).rejects.toMatchObject({ retryAfterSeconds: 3 })
    c.advance(2_999)
    await expect(withUpstream(1, async () => 'x', health)).rejects.toMatchObject({ retryAfterSeconds: 1 })
    // While a probe runs, the others are told the wait after two failures (1.5 s doubled).
    c.advance(1)
    let release = () => {}
    const probe = withUpstream(1, () => new Promise<string>((resolve) => { release = () => resolve('up') }), health)
    expect(health.stateOf(1)).toMatchObject({ state: 'probing', since: began, failures: 2, reason: expect.stringMatching(/^HTTP request failed|ECONNREFUSED|fetch failed/) })
    await expect(withUpstream(1, async () => 'x', health)).rejects.toMatchObject({ retryAfterSeconds: 3 })
    release()
    await expect(probe).resolves.toBe('up')
    expect(health.stateOf(1)).toEqual({ state: 'up' })
  })

  it('an admission settles once; a call admitted before the outage neither closes nor (without tripOnFailure) opens it', () => {
    const c = clock()
    const health = createNodeHealth({ retryMs: 1_000, firstRetryMs: 1_000, now: c.now })
    const early = health.admit(1)
    expect(early.probe).toBe(false)
    health.markDown(1, 'detector')
    // Admitted while up: its success is no news about the node now.
    early.succeeded()
    expect(health.isDown(1)).toBe(true)
    c.advance(1_000)
    const probe = health.admit(1)
    expect(probe.probe).toBe(true)
    probe.failed('still down')
    probe.succeeded() // already settled: no effect
    expect(health.stateOf(1)).toMatchObject({ state: 'down', reason: 'still down', failures: 2 })
    c.advance(2_000)
    const second = health.admit(1)
    second.succeeded()
    second.failed('late') // already settled: no effect
    expect(health.isDown(1)).toBe(false)
    // configure: no automatic tripping, then longer waits.
    health.configure({ tripOnFailure: false })
    health.admit(1).failed('ignored')
    expect(health.isDown(1)).toBe(false)
    health.configure({ tripOnFailure: true, retryMs: 8_000, firstRetryMs: 3_000 })
    health.admit(1).failed('counted')
    expect((health.stateOf(1) as { retryAt: number }).retryAt - c.now()).toBe(3_000)
  })

  it('a revert or any answer of the node does not mark the chain down (a caller cannot take a chain down)', async () => {
    const health = createNodeHealth({ now: clock().now })
    await expect(withUpstream(1, async () => { throw new Error('execution reverted') }, health)).rejects.toThrow('execution reverted')
    expect(health.isDown(1)).toBe(false)
  })

  it('steps nested under a probe for the same chain run under its admission, and failures are charged to the chain that saw them', async () => {
    const c = clock()
    const health = createNodeHealth({ retryMs: 1_000, now: c.now })
    health.markDown(1, 'test')
    c.advance(1_000)
    // A route that builds two bundles on the same chain while it is the probe.
    await expect(withUpstream(1, async () => Promise.all([withUpstream(1, async () => 'a', health), withUpstream(1, async () => 'b', health)]), health)).resolves.toEqual(['a', 'b'])
    expect(health.isDown(1)).toBe(false)
    // A destination chain's failure inside a source chain's step marks only the destination down.
    await expect(withUpstream(1, () => withUpstream(8453, async () => { throw refused() }, health), health)).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' })
    expect([health.isDown(1), health.isDown(8453)]).toEqual([false, true])
  })

  it('tripOnFailure: false (the shared registry before startSwitchyard configures it) never trips by itself; markDown always applies', async () => {
    const health = createNodeHealth({ tripOnFailure: false, now: clock().now })
    await expect(runGuarded(health, 1, async () => { throw refused() })).rejects.toBeInstanceOf(HttpRequestError)
    expect(health.isDown(1)).toBe(false)
    health.markDown(1, 'head jumped back')
    expect(health.isDown(1)).toBe(true)
    health.markUp(1)
    expect(health.isDown(1)).toBe(false)
  })
})

describe('isNodeFailure', () => {
  it('is true for transport failures and timeouts, false for answers', () => {
    expect(isNodeFailure(refused())).toBe(true)
    expect(isNodeFailure(new TimeoutError({ body: {}, url: 'http://x' }))).toBe(true)
    expect(isNodeFailure(new Error('outer', { cause: new Error('socket hang up') }))).toBe(true)
    expect(isNodeFailure(new Error('execution reverted: STF'))).toBe(false)
    expect(isNodeFailure('nope')).toBe(false)
  })
})

/** `error` wrapped in `times` plain errors, each the cause of the next. */
function wrap(error: Error, times: number): Error {
  let outer = error
  for (let i = 0; i < times; i++) outer = new Error(`wrapped ${i}`, { cause: outer })
  return outer
}

describe('the circuit\'s edges', () => {
  it('configure changes only the settings it is given', () => {
    const c = clock()
    const health = createNodeHealth({ retryMs: 5_000, firstRetryMs: 200, tripOnFailure: true, now: c.now })
    health.configure({ firstRetryMs: 300 })
    health.configure({ retryMs: 4_000 })
    health.configure({})
    // Still trips on a failure, waits the first wait (300 ms), doubling up to 4 s.
    health.admit(1).failed('refused')
    expect((health.stateOf(1) as { retryAt: number }).retryAt - c.now()).toBe(300)
    for (let i = 0; i < 5; i++) health.markDown(1, 'again')
    expect((health.stateOf(1) as { retryAt: number }).retryAt - c.now()).toBe(4_000)
    health.configure({ tripOnFailure: false })
    health.markUp(1)
    health.admit(1).failed('refused')
    expect(health.isDown(1)).toBe(false)
  })

  it('a call admitted while up that fails after another call opened the circuit does not open it again', () => {
    const c = clock()
    const health = createNodeHealth({ retryMs: 5_000, firstRetryMs: 200, now: c.now })
    const early = health.admit(1)
    health.admit(1).failed('first failure')
    c.advance(50)
    early.failed('second failure')
    // The outage is the first one: one failure, its reason, the first wait from its start.
    expect(health.stateOf(1)).toEqual({ state: 'down', reason: 'first failure', since: 1_000_000, retryAt: 1_000_200, failures: 1 })
  })

  it('the reason is the first line of the error, at most 200 characters', async () => {
    const health = createNodeHealth({ now: clock().now })
    const long = new HttpRequestError({ url: 'http://127.0.0.1:1', details: 'fetch failed' })
    long.message = `${'x'.repeat(300)}\nsecond line`
    await expect(runGuarded(health, 1, async () => { throw long })).rejects.toBe(long)
    expect((health.stateOf(1) as { reason: string }).reason).toBe('x'.repeat(200))
  })

  it('a failure a nested step of the same chain saw is charged once, found up to 16 causes deep', async () => {
    for (const [depth, down] of [[15, true], [16, false]] as const) {
      const health = createNodeHealth({ now: clock().now })
      // The nested step charges the node failure to chain 1; the outer step wraps it before it leaves.
      const outer = runGuarded(health, 1, async () => {
        try {
          await runGuarded(health, 1, async () => { throw refused() })
        } catch (error) {
          throw wrap(error as Error, depth)
        }
      })
      await expect(outer).rejects.toThrow(`wrapped ${depth - 1}`)
      expect([depth, health.isDown(1)]).toEqual([depth, down])
    }
  })

  it('a cyclic cause chain ends, and so does one ending in a null cause: not node failures, the step\'s error passes through', async () => {
    const cyclic = new Error('loops')
    cyclic.cause = cyclic
    const nullCause = new Error('no cause', { cause: null })
    const health = createNodeHealth({ now: clock().now })
    for (const error of [cyclic, nullCause]) {
      expect(isNodeFailure(error)).toBe(false)
      await expect(runGuarded(health, 1, async () => { throw error })).rejects.toBe(error)
    }
    expect(health.isDown(1)).toBe(false)
  })

  it('the process registry does not trip by itself until startSwitchyard configures it', () => {
    const chain = 990_028
    try {
      nodeHealth.admit(chain).failed('refused')
      expect(nodeHealth.isDown(chain)).toBe(false)
    } finally {
      nodeHealth.markUp(chain)
    }
  })
})

describe('isNodeFailure, deep', () => {
  it('looks 16 causes deep at most', () => {
    expect(isNodeFailure(wrap(refused(), 15))).toBe(true)
    expect(isNodeFailure(wrap(new Error('connect ECONNREFUSED 127.0.0.1:1'), 15))).toBe(true)
    expect(isNodeFailure(wrap(refused(), 16))).toBe(false)
  })
})

describe('against real viem clients', () => {
  it('a node that hangs times out once; every later call fails at once without reaching it', async () => {
    let received = 0
    const server = createServer(() => {
      received++ // never answers
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const client = createPublicClient({ transport: http(`http://127.0.0.1:${port}`, { timeout: 200, retryCount: 0 }) })
      const health = createNodeHealth({ retryMs: 60_000, firstRetryMs: 60_000 })
      await expect(withUpstream(1, () => client.getBlockNumber({ cacheTime: 0 }), health)).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' })
      expect(health.stateOf(1)).toMatchObject({ state: 'down' })
      const later = await Promise.allSettled(Array.from({ length: 20 }, () => withUpstream(1, () => client.getBlockNumber({ cacheTime: 0 }), health)))
      expect(later.every((r) => r.status === 'rejected' && r.reason instanceof NodeDownError)).toBe(true)
      expect(received).toBe(1)
    } finally {
      server.closeAllConnections()
      server.close()
    }
  })

  it('a refused connection (viem HttpRequestError) marks the chain down', async () => {
    const client = createPublicClient({ transport: http('http://127.0.0.1:1', { retryCount: 0 }) })
    const health = createNodeHealth()
    await expect(withUpstream(1, () => client.getBlockNumber(), health)).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' })
    expect(health.isDown(1)).toBe(true)
  })
})
