import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Address, Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ChainAddressBook } from '../addressBook.js'
import { createDevnetClient } from './createDevnetClient.js'
import { startAnvil, type AnvilNode } from './startAnvil.js'
import { writeCache } from './writeCache.js'

/** viem's http transport refuses answers past this (`ResponseBodyTooLargeError`). */
const VIEM_RESPONSE_LIMIT = 10 * 1024 * 1024

const rpc = async (url: string, body: unknown): Promise<unknown> => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return res.json()
}

let node: AnvilNode
let dir: string
const probe = { account: '0x0000000000000000000000000000000000001000' as Address, slot: '0x' as Hex, value: '0x' as Hex }

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'switchyard-cache-'))
  node = await startAnvil({ chainId: 31337 })
  // A state far past 10 MiB even gzip-compressed: 100,000 random storage slots over 8 accounts (what
  // thousands of pools' ticks, reserves and balances look like to a dump).
  for (let b = 0; b < 50; b++) {
    const batch = Array.from({ length: 2_000 }, (_, i) => {
      const account = `0x${(0x1000 + (b % 8)).toString(16).padStart(40, '0')}`
      const slot = `0x${randomBytes(32).toString('hex')}` as Hex
      const value = `0x${randomBytes(32).toString('hex')}` as Hex
      if (b === 0 && i === 0) Object.assign(probe, { slot, value })
      return { jsonrpc: '2.0', id: i, method: 'anvil_setStorageAt', params: [account, slot, value] }
    })
    await rpc(node.rpcUrl, batch)
  }
  await rpc(node.rpcUrl, { jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] })
}, 120_000)

afterAll(async () => {
  await node?.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('writeCache', () => {
  test('a state whose dump passes 10 MiB is written whole, and anvil loads it back', async () => {
    const client = createDevnetClient({ rpcUrl: node.rpcUrl, chainId: 31337 })
    const book = { chainId: 31337, tokens: {} } as unknown as ChainAddressBook
    const paths = { state: join(dir, 'devnet-31337-aaaa.state.json'), book: join(dir, 'devnet-31337-aaaa.book.json') }
    // The answer itself (gzip, hex-encoded) is past viem's limit: the old `client.request` path failed here.
    const raw = await fetch(node.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_dumpState', params: [] }) })
    expect((await raw.text()).length).toBeGreaterThan(VIEM_RESPONSE_LIMIT)

    await writeCache({ chainId: 31337, rpcUrl: node.rpcUrl, client, addressBook: book } as never, paths)
    expect(statSync(paths.state).size).toBeGreaterThan(VIEM_RESPONSE_LIMIT)
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([])

    const loaded = await startAnvil({ chainId: 31337, extraArgs: ['--load-state', paths.state] })
    try {
      const answer = (await rpc(loaded.rpcUrl, { jsonrpc: '2.0', id: 1, method: 'eth_getStorageAt', params: [probe.account, probe.slot, 'latest'] })) as { result: Hex }
      expect(answer.result).toBe(probe.value)
    } finally {
      await loaded.stop()
    }
  }, 120_000)

  test('keeps the three most recently used builds per chain and removes the older ones', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'switchyard-cache-prune-'))
    try {
      const hour = 3_600_000
      const old = (name: string, hoursAgo: number) => {
        const file = join(cache, name)
        writeFileSync(file, '{}')
        const at = new Date(Date.now() - hoursAgo * hour)
        utimesSync(file, at, at)
      }
      // Chain 31337: four older builds; chain 8453: two (both kept); a stale temporary file.
      for (const [key, hoursAgo] of [['0001', 5], ['0002', 4], ['0003', 3], ['0004', 2]] as const) {
        old(`devnet-31337-${key}.state.json`, hoursAgo)
        old(`devnet-31337-${key}.book.json`, hoursAgo)
      }
      old('devnet-8453-0001.state.json', 9)
      old('devnet-8453-0001.book.json', 9)
      old('devnet-8453-0002.state.json', 8)
      old('devnet-8453-0002.book.json', 8)
      old('devnet-31337-0009.state.json.123.tmp', 9)
      const small = await startAnvil({ chainId: 31337 })
      try {
        const client = createDevnetClient({ rpcUrl: small.rpcUrl, chainId: 31337 })
        const paths = { state: join(cache, 'devnet-31337-0005.state.json'), book: join(cache, 'devnet-31337-0005.book.json') }
        await writeCache({ chainId: 31337, rpcUrl: small.rpcUrl, client, addressBook: { chainId: 31337 } } as never, paths)
      } finally {
        await small.stop()
      }
      expect(readdirSync(cache).sort()).toEqual([
        'devnet-31337-0003.book.json', 'devnet-31337-0003.state.json',
        'devnet-31337-0004.book.json', 'devnet-31337-0004.state.json',
        'devnet-31337-0005.book.json', 'devnet-31337-0005.state.json',
        'devnet-8453-0001.book.json', 'devnet-8453-0001.state.json',
        'devnet-8453-0002.book.json', 'devnet-8453-0002.state.json',
      ])
      expect(existsSync(join(cache, 'devnet-31337-0001.state.json'))).toBe(false)
    } finally {
      rmSync(cache, { recursive: true, force: true })
    }
  }, 60_000)
})
