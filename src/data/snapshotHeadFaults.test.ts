import { createPublicClient, http, toHex, type Hex, type PublicClient } from 'viem'
import { pino } from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { ChainRuntime } from '../chain/connectChains.js'
import { startDevnet, type Devnet } from '../chain/devnet/startDevnet.js'
import { startRpcProxy, type RpcProxy, type RpcProxyHandler } from '../chain/testing/startRpcProxy.js'
import { createServiceContext } from '../service/createServiceContext.js'
import { getPrices } from '../service/getPrices.js'
import { getRoute } from '../service/getRoute.js'

const caller = { accountId: `0x${'33'.repeat(32)}` as Hex, keyId: 'test' }
const honest: RpcProxyHandler = (_call, forward) => forward()

/** A node whose `latest` head is `shift(real head)`; every other call reaches the real chain. */
function lyingHead(shift: (head: bigint) => bigint): RpcProxyHandler {
  return async (call, forward) => {
    const answer = await forward()
    if (call.method === 'eth_blockNumber' && typeof answer.result === 'string') return { ...answer, result: toHex(shift(BigInt(answer.result))) }
    if (call.method === 'eth_getBlockByNumber' && call.params?.[0] === 'latest' && answer.result && typeof answer.result === 'object') {
      const block = answer.result as { number: Hex }
      return { ...answer, result: { ...block, number: toHex(shift(BigInt(block.number))) } }
    }
    return answer
  }
}

let devnet: Devnet
let proxy: RpcProxy
let ctx: ReturnType<typeof createServiceContext>
let request: { fromAddress: string; tokenIn: string[]; tokenOut: string[]; amountIn: string[] }
let amount = 1_000_000
const route = () => getRoute(ctx, { ...request, amountIn: [String(amount++)] }, { caller, requireVariableEstimates: false })

beforeAll(async () => {
  devnet = await startDevnet({ chains: [1] })
  const chain = devnet.chains[1]!
  proxy = await startRpcProxy({ target: chain.rpcUrl })
  const client = createPublicClient({ transport: http(proxy.url, { retryCount: 0 }) }) as PublicClient
  const runtime: ChainRuntime = { chainId: 1, rpcUrl: proxy.url, source: 'external', client, addressBook: chain.addressBook }
  ctx = createServiceContext({ chains: { 1: runtime }, logger: pino({ level: 'silent' }), threads: 1 })
  request = { fromAddress: '0x000000000000000000000000000000000001dead', tokenIn: [chain.addressBook.tokens.USDC!.address], tokenOut: [chain.addressBook.tokens.WETH!.address], amountIn: ['1'] }
})
afterAll(async () => {
  await ctx?.close()
  await proxy?.close()
  await devnet?.stop()
})
beforeEach(async () => {
  proxy.handler = honest
  await expect(route()).resolves.toMatchObject({ createdAt: expect.any(Number) })
})

describe('a head the node cannot back is UPSTREAM_UNAVAILABLE, never "no route" or "no price"', () => {
  test.each([
    ['a million blocks ahead', (h: bigint) => h + 1_000_000n],
    ['one block ahead of what it serves', (h: bigint) => h + 1n],
    ['far behind (block 1, with the real head hash)', () => 1n],
  ])('%s', async (_name, shift) => {
    // A new block, so the store cannot answer from the snapshot it holds.
    await devnet.chains[1]!.client.mine({ blocks: 1 })
    proxy.handler = lyingHead(shift)
    await expect(route()).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', name: 'UnhealthyHeadError' })
    await expect(getPrices(ctx, { chainId: 1, addresses: [request.tokenOut[0]] })).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' })
    expect(ctx.snapshots[1]!.stats().fullLoads).toBe(1)
  })
})

describe('a head the node does back is followed, reloading in full', () => {
  // (A backed jump over 2,000 blocks takes the same path; mining that many blocks takes anvil ~10 s.)
  test('back to an earlier block (a revert, as after a reorg)', async () => {
    const client = devnet.chains[1]!.client
    const id = await client.snapshot()
    await client.mine({ blocks: 5 })
    await expect(route()).resolves.toMatchObject({ createdAt: expect.any(Number) })
    const before = ctx.snapshots[1]!.stats().fullLoads
    await client.revert({ id })
    await expect(route()).resolves.toMatchObject({ createdAt: expect.any(Number) })
    expect(ctx.snapshots[1]!.stats().fullLoads).toBe(before + 1)
  })
})
