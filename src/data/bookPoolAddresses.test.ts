import type { PublicClient } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startDevnet, type Devnet } from '../chain/devnet/startDevnet.js'
import { bookPoolAddresses } from './bookPoolAddresses.js'
import { createSnapshotStore } from './createSnapshotStore.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ chains: [1] })
})
afterAll(async () => {
  await devnet?.stop()
})

test('names every pool a full load returns, by the address the loader gives it (every family of the devnet book)', async () => {
  // A restored snapshot is checked against these addresses: a family missing here would lose its new pools
  // at every restart, and one named differently would be dropped and read again each time.
  const chain = devnet.chains[1]!
  const snapshot = await createSnapshotStore({ chainId: 1, client: chain.client as unknown as PublicClient, book: chain.addressBook }).current()
  const listed = bookPoolAddresses(chain.addressBook)
  const loaded = snapshot.pools.map((p) => p.address.toLowerCase())
  expect(new Set(snapshot.pools.map((p) => p.protocol)).size).toBeGreaterThanOrEqual(7)
  expect(loaded.filter((a) => !listed.has(a))).toEqual([])
  expect([...listed].filter((a) => !loaded.includes(a))).toEqual([])
})
