/**
 * A snapshot kept across restarts: a second store on the same file starts from it without a full load,
 * catches up by logs, and serves exactly what a full load would; a file of other code, another chain or
 * damaged bytes is ignored; a book that lost a pool drops it and a book that gained one reads it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PublicClient } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startDevnet, type Devnet } from '../chain/devnet/startDevnet.js'
import { createSnapshotStore } from './createSnapshotStore.js'
import { readPersistedSnapshot } from './persistedSnapshot.js'

let devnet: Devnet
let dir: string
beforeAll(async () => {
  devnet = await startDevnet({ chains: [1] })
  dir = mkdtempSync(join(tmpdir(), 'switchyard-persisted-'))
})
afterAll(async () => {
  await devnet?.stop()
  rmSync(dir, { recursive: true, force: true })
})

const byAddress = (pools: readonly { address: string }[]) => Object.fromEntries(pools.map((p) => [p.address, p]))

test('a restart restores the kept snapshot (no full load), catches up by logs and equals a full load; a pool the book dropped goes, one it added is read', async () => {
  const chain = devnet.chains[1]!
  const client = chain.client as unknown as PublicClient
  const book = chain.addressBook
  const path = join(dir, '1.v8')
  const first = createSnapshotStore({ chainId: 1, client, book, persistPath: path })
  await first.current()
  await first.persist()
  await chain.client.mine({ blocks: 3 })

  // The book of the restart lost one V2 pair: it must leave the snapshot.
  const [gone, ...kept] = book.uniswapV2.pairs
  const second = createSnapshotStore({ chainId: 1, client, book: { ...book, uniswapV2: { ...book.uniswapV2, pairs: kept } }, persistPath: path })
  const restored = await second.current()
  expect(second.stats()).toMatchObject({ restored: 1, fullLoads: 0, incrementalLoads: 1 })
  expect(restored.pools.some((p) => p.address === gone!.address.toLowerCase())).toBe(false)
  await second.persist()

  // The next restart's book has it again: read with the catch-up, and the whole equals a full load.
  const third = createSnapshotStore({ chainId: 1, client, book, persistPath: path })
  const caughtUp = await third.current()
  expect(third.stats()).toMatchObject({ restored: 1, fullLoads: 0 })
  const fresh = await createSnapshotStore({ chainId: 1, client, book }).current()
  expect(caughtUp.blockNumber).toBe(fresh.blockNumber)
  expect(byAddress(caughtUp.pools)).toEqual(byAddress(fresh.pools))
})

test('a damaged file, another chain or a missing file is not restored: the store loads from the chain', async () => {
  const chain = devnet.chains[1]!
  const client = chain.client as unknown as PublicClient
  const damaged = join(dir, 'damaged.v8')
  writeFileSync(damaged, 'not a snapshot')
  const store = createSnapshotStore({ chainId: 1, client, book: chain.addressBook, persistPath: damaged })
  await store.current()
  expect(store.stats()).toMatchObject({ restored: 0, fullLoads: 1 })
  // The full load replaced the damaged file (in the background): a store of chain 1 reads it, one of chain 8453 does not.
  await store.persist()
  const key = (await import('node:v8')).deserialize((await import('node:fs')).readFileSync(damaged)).key as string
  expect(await readPersistedSnapshot(damaged, key, 1)).toBeDefined()
  expect(await readPersistedSnapshot(damaged, key, 8453)).toBeUndefined()
  expect(await readPersistedSnapshot(damaged, 'other code', 1)).toBeUndefined()
  expect(await readPersistedSnapshot(join(dir, 'absent.v8'), key, 1)).toBeUndefined()
})
