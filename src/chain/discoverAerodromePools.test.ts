import type { PublicClient } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { DevnetChain } from './devnet/devnetChain.js'
import { startDevnet, type Devnet } from './devnet/startDevnet.js'
import { discoverAerodromePools } from './discoverAerodromePools.js'

// The Base devnet as an external node would be: Aerodrome's factory at its address, pools found by asking it.

let devnet: Devnet
let chain: DevnetChain
beforeAll(async () => {
  devnet = await startDevnet({ chains: [8453] })
  chain = devnet.chains[8453]!
}, 180_000)
afterAll(async () => {
  await devnet?.stop()
})

test('finds every seeded pool between the book\'s tokens through the factory\'s getPool, both curves, nothing else', async () => {
  const book = chain.addressBook
  const found = await discoverAerodromePools(chain.client as unknown as PublicClient, { chainId: 8453, multicall3: book.multicall3, tokens: Object.values(book.tokens).map((t) => t.address) })
  expect(found?.factory).toBe(book.aerodrome!.factory)
  const key = (p: { address: string; token0: string; token1: string; stable: boolean }) => `${p.address.toLowerCase()} ${p.token0.toLowerCase()} ${p.token1.toLowerCase()} ${p.stable}`
  expect(found!.pools.map(key).sort()).toEqual(book.aerodrome!.pools.map(key).sort())
  // A chain without Aerodrome's factory has none.
  expect(await discoverAerodromePools(chain.client as unknown as PublicClient, { chainId: 1, multicall3: book.multicall3, tokens: [] })).toBeUndefined()
  // Only the listed tokens are paired: without USDbC the sAMM-USDC/USDbC pool is not found.
  const usdbc = book.tokens.USDbC!.address
  const fewer = await discoverAerodromePools(chain.client as unknown as PublicClient, { chainId: 8453, multicall3: book.multicall3, tokens: Object.values(book.tokens).map((t) => t.address).filter((t) => t !== usdbc) })
  expect(fewer!.pools).toHaveLength(book.aerodrome!.pools.length - 1)
})
