import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, expect, test } from 'vitest'
import { keepDevnetClock, type DevnetRpc } from './keepDevnetClock.js'
import { startAnvil, type AnvilNode } from './startAnvil.js'

const GENESIS = 1_767_225_600 // 2026-01-01, long before the wall clock
const nodes: AnvilNode[] = []
const dir = mkdtempSync(join(tmpdir(), 'switchyard-clock-'))
afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop()))
  rmSync(dir, { recursive: true, force: true })
})

function rpcOf(node: AnvilNode): DevnetRpc {
  return async (method, params) => {
    const res = await fetch(node.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
    const body = (await res.json()) as { result?: unknown; error?: { message: string } }
    if (body.error) throw new Error(body.error.message)
    return body.result
  }
}

async function headTime(rpc: DevnetRpc): Promise<number> {
  return Number(((await rpc('eth_getBlockByNumber', ['latest', false])) as { timestamp: string }).timestamp)
}

/** Mines `n` blocks as fast as the node takes them (several per wall-clock second) and returns their stamps. */
async function mine(rpc: DevnetRpc, n: number): Promise<number[]> {
  const stamps: number[] = []
  for (let i = 0; i < n; i++) {
    await rpc('evm_mine', [])
    stamps.push(await headTime(rpc))
  }
  return stamps
}

test('every block is stamped one second after its parent, from the chain\'s head: cold, after a revert, and loaded from a dump', async () => {
  const cold = await startAnvil({ chainId: 1, extraArgs: ['--timestamp', String(GENESIS)] })
  nodes.push(cold)
  const rpc = rpcOf(cold)
  await keepDevnetClock(rpc)
  const head = await headTime(rpc)
  expect(await mine(rpc, 5)).toEqual([1, 2, 3, 4, 5].map((k) => head + k))

  const snapshot = await rpc('evm_snapshot', [])
  await mine(rpc, 3)
  await rpc('evm_revert', [snapshot])
  expect(await mine(rpc, 2)).toEqual([head + 6, head + 7])

  // A node loaded from a dump (a warm start, a supervisor's restart) continues the chain's clock, not the wall's.
  const dump = (await rpc('anvil_dumpState', [])) as string
  const file = join(dir, 'state.json')
  writeFileSync(file, gunzipSync(Buffer.from(dump.slice(2), 'hex')))
  const warm = await startAnvil({ chainId: 1, extraArgs: ['--load-state', file] })
  nodes.push(warm)
  const warmRpc = rpcOf(warm)
  const loaded = await headTime(warmRpc)
  expect(loaded).toBe(head + 7)
  await keepDevnetClock(warmRpc)
  expect(await mine(warmRpc, 3)).toEqual([loaded + 1, loaded + 2, loaded + 3])
  expect(loaded + 3).toBeLessThan(Math.floor(Date.now() / 1000) - 86_400)
})

test('the clock moves forward with evm_setNextBlockTimestamp, one second apart again after it', async () => {
  const node = await startAnvil({ chainId: 1, extraArgs: ['--timestamp', String(GENESIS)] })
  nodes.push(node)
  const rpc = rpcOf(node)
  await keepDevnetClock(rpc)
  const head = await headTime(rpc)
  await rpc('evm_setNextBlockTimestamp', [head + 86_400])
  expect(await mine(rpc, 2)).toEqual([head + 86_400, head + 86_401])
})
