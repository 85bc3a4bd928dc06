import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, custom, type Hex } from 'viem'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { configSchema } from '../config.js'
import { createServiceContext } from '../service/createServiceContext.js'
import { getApproval } from '../service/getApproval.js'
import { getRoute } from '../service/getRoute.js'
import { connectChains } from './connectChains.js'
import { startDevnet, type Devnet } from './devnet/startDevnet.js'
import { guardChainId } from './guardChainId.js'
import { redactRpcUrl } from './redactRpcUrl.js'
import { startRpcProxy, type RpcProxy, type RpcProxyHandler } from './testing/startRpcProxy.js'

const caller = { accountId: `0x${'33'.repeat(32)}` as Hex, keyId: 'test' }
const honest: RpcProxyHandler = (_call, forward) => forward()
/** A node that forwards everything but says it serves Polygon (137). */
const polygon: RpcProxyHandler = async (call, forward) => (call.method === 'eth_chainId' ? { jsonrpc: '2.0', id: call.id, result: '0x89' } : forward())

let devnet: Devnet
let proxy: RpcProxy
let stateDir: string
beforeAll(async () => {
  devnet = await startDevnet({ chains: [1] })
  proxy = await startRpcProxy({ target: devnet.chains[1]!.rpcUrl })
  stateDir = mkdtempSync(join(tmpdir(), 'switchyard-chainid-'))
})
afterAll(async () => {
  await proxy?.close()
  await devnet?.stop()
  rmSync(stateDir, { recursive: true, force: true })
})

describe('redactRpcUrl', () => {
  test.each([
    ['http://127.0.0.1:8545', 'http://127.0.0.1:8545/'],
    ['https://user:secret@node.example.com/', 'https://node.example.com/…'],
    ['https://mainnet.example.com/v3/0123456789abcdef', 'https://mainnet.example.com/…'],
    ['https://node.example.com/?apikey=k', 'https://node.example.com/…'],
    ['not a url', '(invalid URL)'],
  ])('%s → %s', (url, expected) => {
    expect(redactRpcUrl(url)).toBe(expected)
  })
})

describe('one guard over several clients of a chain', () => {
  test("each client's calls leave through its own transport; a later wrap never reroutes an earlier client's", async () => {
    // The service wraps a chain's plain client, its log client and (later) its batching client with one
    // guard. Rerouting the plain client through the batching transport sent a snapshot load's chunks as one
    // JSON-RPC batch of megabytes, which the node refused whole: every pool dropped out of the snapshot.
    const seen: string[] = []
    const node = (name: string) => custom({ request: async ({ method }: { method: string }) => (seen.push(`${name} ${method}`), method === 'eth_chainId' ? '0x1' : '0x10') })
    const guard = guardChainId({ chainId: 1, url: 'http://node.invalid' })
    const plain = createPublicClient({ transport: guard.transport(node('plain')) })
    const batching = createPublicClient({ transport: guard.transport(node('batching')) })
    await plain.getBlockNumber({ cacheTime: 0 })
    await batching.getBlockNumber({ cacheTime: 0 })
    await plain.getBlockNumber({ cacheTime: 0 })
    expect(seen).toEqual(['plain eth_chainId', 'plain eth_blockNumber', 'batching eth_blockNumber', 'plain eth_blockNumber'])
  })
})

describe('a node whose eth_chainId differs from its configured chain', () => {
  test('is refused at startup, with both ids and the URL without credentials', async () => {
    proxy.handler = polygon
    const url = proxy.url.replace('http://', 'http://user:hunter2@') + '/v3/secretkey'
    const config = configSchema.parse({ chains: [1], rpc: { '1': url }, stateDir })
    const error = await connectChains(config).then(() => undefined, (e: Error) => e)
    expect(error).toMatchObject({ name: 'ChainIdMismatchError', chainId: 1, reportedChainId: 137 })
    const message = error!.message.replaceAll(proxy.url.slice('http://'.length), 'PROXY')
    expect(message).not.toContain('hunter2')
    expect(message).not.toContain('secretkey')
    expect(message).toMatchInlineSnapshot(`
      "The node for chain 1 (http://PROXY/…) reports chain id 137.

      Is SWITCHYARD_RPC_1 pointing at a node of another chain?
      Did the provider behind the URL switch networks?

      Details: configured chain id 1, reported chain id 137, node http://PROXY/…"
    `)
  })

  test('after startup: calls answer UPSTREAM_UNAVAILABLE within the check interval, and recover when the node is right again', async () => {
    proxy.handler = honest
    const config = configSchema.parse({ chains: [1], rpc: { '1': proxy.url }, stateDir })
    const changes: (string | undefined)[] = []
    const connected = await connectChains(config, { chainIdCheckMs: 200, onChainIdChange: (_id, e) => changes.push(e?.name) })
    const ctx = createServiceContext({ chains: connected.chains, logger: pino({ level: 'silent' }), threads: 1 })
    try {
      const book = connected.chains[1]!.addressBook
      const request = { fromAddress: '0x000000000000000000000000000000000001dead', tokenIn: [book.tokens.USDC!.address], tokenOut: [book.tokens.WETH!.address], amountIn: ['1000000'] }
      const approve = { fromAddress: request.fromAddress, tokenAddress: request.tokenIn[0], amount: '1' }
      await expect(getRoute(ctx, request, { caller, requireVariableEstimates: false })).resolves.toMatchObject({ createdAt: expect.any(Number) })

      proxy.handler = polygon
      await new Promise((r) => setTimeout(r, 250))
      await expect(getRoute(ctx, { ...request, amountIn: ['2000000'] }, { caller, requireVariableEstimates: false })).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', name: 'ChainIdMismatchError' })
      await expect(getApproval(ctx, approve, { caller })).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', name: 'ChainIdMismatchError' })
      expect(changes).toEqual(['ChainIdMismatchError'])

      proxy.handler = honest
      // Re-asked at most every interval while lying.
      await new Promise((r) => setTimeout(r, 250))
      await expect(getApproval(ctx, approve, { caller })).resolves.toMatchObject({ spender: expect.any(String) })
      await expect(getRoute(ctx, { ...request, amountIn: ['3000000'] }, { caller, requireVariableEstimates: false })).resolves.toMatchObject({ createdAt: expect.any(Number) })
      expect(changes).toEqual(['ChainIdMismatchError', undefined])
    } finally {
      await ctx.close()
      await connected.stop()
    }
  })

  test('after startup: a new head is checked at once, without waiting for the interval', async () => {
    proxy.handler = honest
    const config = configSchema.parse({ chains: [1], rpc: { '1': proxy.url }, stateDir })
    const connected = await connectChains(config, { chainIdCheckMs: 600_000 })
    const ctx = createServiceContext({ chains: connected.chains, logger: pino({ level: 'silent' }), threads: 1 })
    try {
      const book = connected.chains[1]!.addressBook
      const request = { fromAddress: '0x000000000000000000000000000000000001dead', tokenIn: [book.tokens.USDC!.address], tokenOut: [book.tokens.WETH!.address], amountIn: ['1000000'] }
      await expect(getRoute(ctx, request, { caller, requireVariableEstimates: false })).resolves.toMatchObject({ createdAt: expect.any(Number) })
      proxy.handler = polygon
      // Same head, interval not elapsed: not yet noticed.
      await expect(getRoute(ctx, { ...request, amountIn: ['2000000'] }, { caller, requireVariableEstimates: false })).resolves.toMatchObject({ createdAt: expect.any(Number) })
      await devnet.chains[1]!.client.mine({ blocks: 1 })
      await expect(getRoute(ctx, { ...request, amountIn: ['3000000'] }, { caller, requireVariableEstimates: false })).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', name: 'ChainIdMismatchError' })
    } finally {
      proxy.handler = honest
      await ctx.close()
      await connected.stop()
    }
  })
})
