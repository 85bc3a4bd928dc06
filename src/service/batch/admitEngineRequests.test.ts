import { describe, expect, test } from 'vitest'
import type { EnginePool, RunOptions } from '../../engine/pool.js'
import type { ServiceContext } from '../context.js'
import { admitEngineRequests } from './admitEngineRequests.js'

/** An engine that records the options of each request; its `version` moves as a pool's does. */
function fakeEngine() {
  const seen: { task: string; options: RunOptions | undefined }[] = []
  let latest = 'v1'
  const engine = {
    threads: 1,
    maxQueue: 32,
    get version() {
      return latest
    },
    setSnapshot: async (snapshot: { version: string }) => {
      latest = snapshot.version
    },
    findRoute: async (_parameters: unknown, options?: RunOptions) => {
      seen.push({ task: 'findRoute', options })
      return { ok: true }
    },
    buildBundle: async (_parameters: unknown, options?: RunOptions) => {
      seen.push({ task: 'buildBundle', options })
      return { ok: true }
    },
  }
  return { engine: engine as unknown as EnginePool, seen }
}

describe('admitEngineRequests', () => {
  test('every search and bundle through the context is admitted, with the caller’s own signal and deadline kept', async () => {
    const { engine, seen } = fakeEngine()
    const ctx = admitEngineRequests({ engine } as Pick<ServiceContext, 'engine'>)
    const signal = new AbortController().signal
    await ctx.engine.findRoute({} as never, { signal, deadline: 123 })
    await ctx.engine.buildBundle({} as never)
    expect(seen).toEqual([
      { task: 'findRoute', options: { signal, deadline: 123, admitted: true } },
      { task: 'buildBundle', options: { admitted: true } },
    ])
    // The original context is untouched: requests arriving one by one stay bounded.
    await engine.findRoute({} as never, { deadline: 1 })
    expect(seen[2]).toEqual({ task: 'findRoute', options: { deadline: 1 } })
  })

  test('the rest of the engine is the pool’s own, live: a snapshot published later is the version it reports', async () => {
    const { engine } = fakeEngine()
    const ctx = admitEngineRequests({ engine } as Pick<ServiceContext, 'engine'>)
    expect(ctx.engine.version).toBe('v1')
    await engine.setSnapshot({ version: 'v2' } as never)
    expect(ctx.engine.version).toBe('v2')
    expect(ctx.engine.threads).toBe(1)
  })
})
