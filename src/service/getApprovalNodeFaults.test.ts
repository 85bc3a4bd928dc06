import { createPublicClient, http, type Hex, type PublicClient } from 'viem'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ChainRuntime } from '../chain/connectChains.js'
import { startDevnet, type Devnet } from '../chain/devnet/startDevnet.js'
import { startRpcProxy, type RpcProxy } from '../chain/testing/startRpcProxy.js'
import { createServiceContext } from './createServiceContext.js'
import { parseSimulatedCalls } from '../simulate/parseSimulatedCalls.js'
import { getApproval } from './getApproval.js'

const caller = { accountId: `0x${'33'.repeat(32)}` as Hex, keyId: 'test' }
const ok = { status: '0x1', gasUsed: '0xb4a0', returnData: '0x', logs: [] }

/** Answers to eth_simulateV1 that no honest node gives; none may become a 500 or a 400 blaming the token. */
const garbage: [string, unknown][] = [
  ['null', null],
  ['a string', '0xzz'],
  ['an object', { calls: [ok] }],
  ['no blocks', []],
  ['a block without calls', [{ number: '0x1' }]],
  ['no call results', [{ calls: [] }]],
  ['more call results than calls', [{ calls: [ok, ok] }]],
  ['status not hex (was BigInt SyntaxError → 500)', [{ calls: [{ ...ok, status: 'success' }] }]],
  ['gasUsed NaN (was BigInt(NaN) → 500)', [{ calls: [{ ...ok, gasUsed: Number.NaN }] }]],
  ['gasUsed missing', [{ calls: [{ status: '0x1' }] }]],
  ['status 7', [{ calls: [{ ...ok, status: '0x7' }] }]],
  ['a call that is null', [{ calls: [null] }]],
]

describe('parseSimulatedCalls', () => {
  test.each(garbage)('%s → InvalidNodeResponseError', (_name, answer) => {
    expect(() => parseSimulatedCalls(answer, 1)).toThrow(expect.objectContaining({ name: 'InvalidNodeResponseError', code: 'UPSTREAM_UNAVAILABLE' }))
  })

  test('a well-formed answer', () => {
    const reverted = { ...ok, status: '0x0', gasUsed: '0x10' }
    expect(parseSimulatedCalls([{ calls: [ok, reverted] }], 2)).toEqual([{ ok: true, gasUsed: 46240n, result: ok }, { ok: false, gasUsed: 16n, result: reverted }])
  })
})

describe('GET /wallet/approve against a node answering garbage to eth_simulateV1 → 503 UPSTREAM_UNAVAILABLE', () => {
  let devnet: Devnet
  let proxy: RpcProxy
  let ctx: ReturnType<typeof createServiceContext>
  let approve: { fromAddress: string; tokenAddress: string; amount: string }
  let answer: unknown
  beforeAll(async () => {
    devnet = await startDevnet({ chains: [1] })
    const chain = devnet.chains[1]!
    proxy = await startRpcProxy({
      target: chain.rpcUrl,
      handler: async (call, forward) => (call.method === 'eth_simulateV1' && answer !== undefined ? { jsonrpc: '2.0', id: call.id, result: answer } : forward()),
    })
    const client = createPublicClient({ transport: http(proxy.url, { retryCount: 0 }) }) as PublicClient
    const runtime: ChainRuntime = { chainId: 1, rpcUrl: proxy.url, source: 'external', client, addressBook: chain.addressBook }
    ctx = createServiceContext({ chains: { 1: runtime }, logger: pino({ level: 'silent' }), threads: 1 })
    approve = { fromAddress: '0x000000000000000000000000000000000001dead', tokenAddress: chain.addressBook.tokens.USDC!.address, amount: '1000000' }
  })
  afterAll(async () => {
    await ctx?.close()
    await proxy?.close()
    await devnet?.stop()
  })

  test('the honest node answers', async () => {
    answer = undefined
    await expect(getApproval(ctx, approve, { caller })).resolves.toMatchObject({ gas: expect.stringMatching(/^[1-9]\d*$/), requiresZeroAllowanceFirst: false })
  })

  test.each(garbage)('%s', async (_name, bad) => {
    answer = bad
    await expect(getApproval(ctx, approve, { caller })).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', name: 'InvalidNodeResponseError' })
  })
})
