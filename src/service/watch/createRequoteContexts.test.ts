import type { PublicClient } from 'viem'
import { describe, expect, test } from 'vitest'
import type { ChainAddressBook } from '../../chain/addressBook.js'
import type { EngineSnapshot } from '../../engine/types.js'
import type { ServiceContext } from '../context.js'
import type { ForbiddenAddresses } from '../forbiddenAddressesOf.js'
import { createRequoteContexts } from './createRequoteContexts.js'

/** A context whose snapshot store and book reader count their reads. */
function counted() {
  let snapshotReads = 0
  let bookReads = 0
  const book = { chainId: 1 } as unknown as ChainAddressBook
  const ctx = {
    chains: { 1: { chainId: 1, addressBook: book, client: 'plain' } },
    snapshots: {
      1: {
        current: async () => {
          snapshotReads++
          return { blockNumber: BigInt(100 + snapshotReads) } as unknown as EngineSnapshot
        },
        stats: () => ({}),
        persist: async () => {},
      },
    },
    forbiddenAddresses: (): ForbiddenAddresses => {
      bookReads++
      return new Map()
    },
    engine: { findRoute: async (_parameters: unknown, options: unknown) => options, buildBundle: async (_parameters: unknown, options: unknown) => options },
  } as unknown as ServiceContext
  return { ctx, book, reads: () => ({ snapshotReads, bookReads }) }
}

describe('createRequoteContexts', () => {
  test('the re-quotes of one head share one snapshot read, one book read and the batching clients; the next head reads again', async () => {
    const { ctx, book, reads } = counted()
    const batching = { 1: 'batching' as unknown as PublicClient }
    const at = createRequoteContexts(ctx, batching)
    const a = at({ chainId: 1, head: 101 })
    const b = at({ chainId: 1, head: 101 })
    expect(b).toBe(a)
    expect(a.chains[1]!.client).toBe(batching[1])
    const [s1, s2] = await Promise.all([a.snapshots[1]!.current(), b.snapshots[1]!.current()])
    expect(s2).toBe(s1)
    a.forbiddenAddresses!(book)
    b.forbiddenAddresses!(book)
    expect(reads()).toEqual({ snapshotReads: 1, bookReads: 1 })
    const next = at({ chainId: 1, head: 102 })
    expect(next).not.toBe(a)
    expect((await next.snapshots[1]!.current()).blockNumber).toBe(102n)
    next.forbiddenAddresses!(book)
    expect(reads()).toEqual({ snapshotReads: 2, bookReads: 2 })
    // The context it was built from is left alone.
    expect(ctx.chains[1]!.client).toBe('plain')
  })

  test('a head\'s searches wait for the engine however many watched requests there are (admitted), not refused past its queue', async () => {
    const { ctx } = counted()
    const at = createRequoteContexts(ctx, {})
    expect(await at({ chainId: 1, head: 101 }).engine.findRoute({} as never, { deadline: 5 })).toEqual({ deadline: 5, admitted: true })
    expect(await ctx.engine.findRoute({} as never, { deadline: 5 })).toEqual({ deadline: 5 })
  })

  test('each chain keeps its own newest head', () => {
    const { ctx } = counted()
    const at = createRequoteContexts(ctx, {})
    const one = at({ chainId: 1, head: 101 })
    const base = at({ chainId: 8453, head: 7 })
    expect(base).not.toBe(one)
    expect(at({ chainId: 1, head: 101 })).toBe(one)
    expect(at({ chainId: 8453, head: 7 })).toBe(base)
  })
})
