import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startAnvil, type AnvilNode } from './devnet/startAnvil.js'
import { subscribeNewHeads } from './subscribeNewHeads.js'

let node: AnvilNode
beforeAll(async () => {
  node = await startAnvil({ chainId: 1 })
})
afterAll(async () => {
  await node?.stop()
})

const rpc = async (method: string): Promise<unknown> => {
  const res = await fetch(node.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }) })
  return ((await res.json()) as { result: unknown }).result
}

describe('subscribeNewHeads', () => {
  test('a real node announces each mined block over its WebSocket; nothing arrives after the stop', async () => {
    const heads: bigint[] = []
    const failures: unknown[] = []
    const stop = subscribeNewHeads(node.rpcUrl.replace(/^http/, 'ws'))((head) => heads.push(head), (error) => failures.push(error))
    // The subscription is open once a mined block arrives.
    const until = async (count: number) => {
      for (let i = 0; i < 200 && heads.length < count; i++) {
        await rpc('evm_mine')
        await new Promise((r) => setTimeout(r, 25))
      }
    }
    await until(1)
    const first = heads.length
    await rpc('evm_mine')
    await rpc('evm_mine')
    for (let i = 0; i < 80 && heads.length < first + 2; i++) await new Promise((r) => setTimeout(r, 25))
    expect(heads.length).toBe(first + 2)
    expect(heads.at(-1)).toBe(BigInt(await rpc('eth_blockNumber') as string))
    expect(failures).toEqual([])
    stop()
    stop()
    const seen = heads.length
    await rpc('evm_mine')
    await new Promise((r) => setTimeout(r, 200))
    expect(heads.length).toBe(seen)
  })

  test('a node with no WebSocket endpoint reports a failure instead of heads', async () => {
    const failures: unknown[] = []
    const stop = subscribeNewHeads('ws://127.0.0.1:1')(() => {}, (error) => failures.push(error))
    for (let i = 0; i < 100 && failures.length === 0; i++) await new Promise((r) => setTimeout(r, 20))
    stop()
    expect(failures.length).toBeGreaterThan(0)
  })
})
