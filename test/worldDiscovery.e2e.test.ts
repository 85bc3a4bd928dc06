import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { erc20Abi, maxUint256, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChainAddressBook } from '../src/chain/addressBook.js'
import type { DevnetChain } from '../src/chain/devnet/devnetChain.js'
import { startDevnet, type Devnet } from '../src/chain/devnet/startDevnet.js'
import { createTraffic } from '../src/chain/devnet/world/createTraffic.js'
import { generateWorld, type GeneratedWorld } from '../src/chain/devnet/world/generateWorld.js'
import { seedWorld } from '../src/chain/devnet/world/seedWorld.js'
import { startRpcProxy, type RpcProxy } from '../src/chain/testing/startRpcProxy.js'
import { configSchema } from '../src/config.js'
import { startRedisServer, type RedisServer } from '../src/service/store/testing/startRedisServer.js'
import { startSwitchyard, type RunningSwitchyard } from '../src/startSwitchyard.js'

/**
 * Issue 20: the generated world (a small instance of the `large` scenario's generator) on the devnet's
 * chain 1, read by switchyard as an external node from an empty state directory: every generated pool
 * well above the liquidity floor is found and every one well below it is left out (counted both ways),
 * a route through a generated token answers on the head while traffic moves prices and executes
 * exactly, and a second replica sharing Redis starts warm from the first one's index.
 */

const KEY = 'world-discovery-e2e-key-0123456789'
const FLOOR = 10_000
const trader: Address = '0x0000000000000000000000000000000000d15c02'
const spec = { seed: 'world-discovery-e2e', tokens: 40, uniswapV2: 150, uniswapV3: 30, uniswapV4: 10, balancer: 6, vaults: 5 }

let devnet: Devnet
let upstream: DevnetChain
let world: GeneratedWorld
let proxy: RpcProxy
let redis: RedisServer
const dirs: string[] = []
const running: RunningSwitchyard[] = []
const lines: Record<string, unknown>[] = []
/** Every eth_getLogs the proxy forwarded: its first block. */
const logQueries: bigint[] = []

async function start(): Promise<RunningSwitchyard> {
  const stateDir = mkdtempSync(join(tmpdir(), 'switchyard-world-'))
  dirs.push(stateDir)
  const sink = new Writable({ write(chunk: Buffer, _enc, done) { for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l) as Record<string, unknown>); done() } })
  const config = configSchema.parse({
    chains: [1], rpc: { '1': proxy.url }, stateDir, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'info', engineThreads: 1, rateLimitPerMinute: 100_000,
    gatewayThread: false, redisUrl: redis.url, minPoolTvlUsd: FLOOR,
  })
  const sy = await startSwitchyard({ config, logger: pino({ level: 'info' }, sink) })
  running.push(sy)
  return sy
}

/** The generated pools, by their book identity (V2/V3/Balancer address, V4 id), with the USD liquidity the world gave them. */
function generatedPools(book: ChainAddressBook, before: Record<string, number>): { id: string; usd: number }[] {
  const v2 = world.pools.filter((p) => p.protocol === 'uniswap-v2')
  const v3 = world.pools.filter((p) => p.protocol === 'uniswap-v3')
  const v4 = world.pools.filter((p) => p.protocol === 'uniswap-v4')
  const balancer = world.pools.filter((p) => p.protocol === 'balancer-v2-weighted')
  return [
    ...book.uniswapV2.pairs.slice(before.v2).map((p, i) => ({ id: p.address.toLowerCase(), usd: v2[i]!.liquidityUsd })),
    ...book.uniswapV3.pools.slice(before.v3).map((p, i) => ({ id: p.address.toLowerCase(), usd: v3[i]!.liquidityUsd })),
    ...book.uniswapV4!.pools.slice(before.v4).map((p, i) => ({ id: p.id.toLowerCase(), usd: v4[i]!.liquidityUsd })),
    ...book.balancerV2.pools.slice(before.balancer).map((p, i) => ({ id: p.address.toLowerCase(), usd: balancer[i]!.liquidityUsd })),
  ]
}

const servedIds = (book: ChainAddressBook) => new Set([
  ...book.uniswapV2.pairs.map((p) => p.address.toLowerCase()), ...book.uniswapV3.pools.map((p) => p.address.toLowerCase()),
  ...(book.uniswapV4?.pools ?? []).map((p) => p.id.toLowerCase()), ...book.balancerV2.pools.map((p) => p.address.toLowerCase()),
])

let generated: { id: string; usd: number }[]

beforeAll(async () => {
  devnet = await startDevnet({ chains: [1], ports: { 1: 0 } })
  upstream = devnet.chains[1]!
  const book = upstream.addressBook
  const before = { v2: book.uniswapV2.pairs.length, v3: book.uniswapV3.pools.length, v4: book.uniswapV4!.pools.length, balancer: book.balancerV2.pools.length }
  const listed = devnet.scenario.chains['1']!
  world = generateWorld({ listed: listed.tokens, spec, chainId: 1, existing: listed.pools })
  await seedWorld(upstream.client, { book, world })
  generated = generatedPools(book, before)
  proxy = await startRpcProxy({
    target: upstream.rpcUrl,
    handler: async (call, forward) => {
      if (call.method === 'eth_getLogs') logQueries.push(BigInt((call.params as [{ fromBlock: Hex }])[0].fromBlock))
      return forward()
    },
  })
  redis = await startRedisServer()
}, 300_000)

afterAll(async () => {
  for (const sy of running) await sy.stop().catch(() => {})
  await proxy?.close()
  await redis?.stop()
  await devnet?.stop()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('the generated world, discovered from the chain by an external switchyard', () => {
  let first: RunningSwitchyard

  it('finds every generated pool well above the floor and leaves out every one well below it, counted both ways', async () => {
    first = await start()
    const served = servedIds(first.connected.chains[1]!.addressBook)
    const above = generated.filter((p) => p.usd >= 3 * FLOOR)
    const below = generated.filter((p) => p.usd <= FLOOR / 3)
    expect(above.length).toBeGreaterThan(20)
    expect(below.length).toBeGreaterThan(20)
    expect(above.filter((p) => !served.has(p.id))).toEqual([])
    expect(below.filter((p) => served.has(p.id))).toEqual([])
    // Indexed all the same: the status counts every generated pool, above the floor or not.
    const status = first.connected.chains[1]!.discovery!
    const indexed = Object.values(status.pools).reduce((s, c) => s + c.indexed, 0)
    expect(indexed).toBeGreaterThanOrEqual(generated.length)
    // The vaults over listed hubs holding well above the floor are found.
    const vaults = new Set((first.connected.chains[1]!.addressBook.erc4626?.vaults ?? []).map((v) => v.address.toLowerCase()))
    const hubVaults = world.vaults.filter((v) => ['WETH', 'USDC', 'USDT', 'DAI', 'WBTC'].includes(v.asset) && v.depositUsd * v.sharePrice >= 3 * FLOOR)
    expect(hubVaults.length).toBeGreaterThan(0)
    for (const v of hubVaults) expect(vaults.has(upstream.addressBook.tokens[v.symbol]!.address.toLowerCase()), v.symbol).toBe(true)
  }, 300_000)

  it('answers a route through a generated token on the head while traffic moves prices, and the answer executes exactly', async () => {
    const book = first.connected.chains[1]!.addressBook
    // The generated token with the deepest served USDC pair.
    const usdc = upstream.addressBook.tokens.USDC!.address
    const token = world.tokens.map((t) => upstream.addressBook.tokens[t.symbol]!).find((t) => book.uniswapV2.pairs.some((p) => [p.token0, p.token1].includes(t.address) && [p.token0, p.token1].includes(usdc)))
    expect(token).toBeDefined()
    const traffic = createTraffic(upstream.client, upstream.addressBook, { seed: 'e2e', perBlock: 40, traders: 6 })
    for (let i = 0; i < 3; i++) await traffic.block()
    const amountIn = 500n * 10n ** 6n
    await devnet.fund({ chainId: 1, address: trader, token: 'USDC', amount: amountIn })
    await devnet.fund({ chainId: 1, address: trader, token: 'ETH', amount: 10n ** 20n })
    await upstream.client.impersonateAccount({ address: trader })
    const res = await fetch(`${first.httpUrl}/api/v1/shortcuts/route?chainId=1&fromAddress=${trader}&tokenIn=${usdc}&tokenOut=${token!.address}&amountIn=${amountIn}&routingStrategy=router`, { headers: { authorization: `Bearer ${KEY}` } })
    const answer = (await res.json()) as { amountOut: string; gas: string; blockNumber: number; tx: { to: Address; data: Hex; value: string } }
    expect(res.status).toBe(200)
    const head = (await upstream.client.getBlock()).number
    expect(BigInt(answer.blockNumber)).toBeGreaterThanOrEqual(head - 1n)
    await upstream.client.writeContract({ address: usdc, abi: erc20Abi, functionName: 'approve', args: [answer.tx.to, maxUint256], account: trader, chain: upstream.client.chain })
    const balance = () => upstream.client.readContract({ address: token!.address, abi: erc20Abi, functionName: 'balanceOf', args: [trader] })
    const before = await balance()
    const hash = await upstream.client.sendTransaction({ account: trader, to: answer.tx.to, data: answer.tx.data, value: BigInt(answer.tx.value), gas: BigInt(answer.gas) + 100_000n, chain: upstream.client.chain })
    expect((await upstream.client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await balance() - before).toBe(BigInt(answer.amountOut))
  }, 120_000)

  it('a bundle on the generated world (a route from a generated token to a hub, then a deposit into a discovered hub vault) executes and delivers exactly amountsOut', async () => {
    const book = first.connected.chains[1]!.addressBook
    const usdc = upstream.addressBook.tokens.USDC!.address
    const vault = (book.erc4626?.vaults ?? []).find((v) => v.asset.toLowerCase() === usdc.toLowerCase())
    expect(vault).toBeDefined()
    const token = world.tokens.map((t) => upstream.addressBook.tokens[t.symbol]!).find((t) => book.uniswapV2.pairs.some((p) => [p.token0, p.token1].includes(t.address) && [p.token0, p.token1].includes(usdc)))!
    const owner: Address = '0x0000000000000000000000000000000000d15c03'
    await devnet.fund({ chainId: 1, address: owner, token: 'ETH', amount: 10n ** 20n })
    await devnet.fund({ chainId: 1, address: owner, token: 'USDC', amount: 200n * 10n ** 6n })
    await upstream.client.impersonateAccount({ address: owner })
    // Some of the generated token first, bought through the service's own route.
    const buy = (await (await fetch(`${first.httpUrl}/api/v1/shortcuts/route?chainId=1&fromAddress=${owner}&tokenIn=${usdc}&tokenOut=${token.address}&amountIn=${200n * 10n ** 6n}&routingStrategy=router`, { headers: { authorization: `Bearer ${KEY}` } })).json()) as { gas: string; tx: { to: Address; data: Hex; value: string } }
    await upstream.client.writeContract({ address: usdc, abi: erc20Abi, functionName: 'approve', args: [buy.tx.to, maxUint256], account: owner, chain: upstream.client.chain })
    await upstream.client.waitForTransactionReceipt({ hash: await upstream.client.sendTransaction({ account: owner, to: buy.tx.to, data: buy.tx.data, gas: BigInt(buy.gas) + 100_000n, chain: upstream.client.chain }) })
    const held = await upstream.client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
    expect(held).toBeGreaterThan(0n)
    const res = await fetch(`${first.httpUrl}/api/v1/shortcuts/bundle?chainId=1&fromAddress=${owner}&routingStrategy=router`, {
      method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify([
        { protocol: 'enso', action: 'route', args: { tokenIn: token.address, tokenOut: usdc, amountIn: (held / 2n).toString() } },
        { protocol: 'erc4626', action: 'deposit', args: { tokenIn: usdc, amountIn: { useOutputOfCallAt: 0 }, primaryAddress: vault!.address } },
      ]),
    })
    const bundle = (await res.json()) as { amountsOut: Record<string, string>; gas: string; tx: { to: Address; data: Hex; value: string } }
    expect(res.status).toBe(200)
    await upstream.client.writeContract({ address: token.address, abi: erc20Abi, functionName: 'approve', args: [bundle.tx.to, maxUint256], account: owner, chain: upstream.client.chain })
    const shares = () => upstream.client.readContract({ address: vault!.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
    const before = await shares()
    const hash = await upstream.client.sendTransaction({ account: owner, to: bundle.tx.to, data: bundle.tx.data, value: BigInt(bundle.tx.value), gas: BigInt(bundle.gas), chain: upstream.client.chain })
    expect((await upstream.client.waitForTransactionReceipt({ hash })).status).toBe('success')
    const out = Object.entries(bundle.amountsOut).find(([k]) => k.toLowerCase() === vault!.address.toLowerCase())
    expect(out).toBeDefined()
    expect(await shares() - before).toBe(BigInt(out![1]))
  }, 120_000)

  it('a second replica sharing Redis starts warm from the first one’s index: no log is read below it, and it finds the same pools', async () => {
    const indexed = first.connected.chains[1]!.discovery!.indexedBlock
    const from = logQueries.length
    const second = await start()
    expect(lines.some((l) => l.msg === 'discovery: starting warm from the index another replica shared' && l.indexedBlock === indexed.toString())).toBe(true)
    const reads = logQueries.slice(from)
    expect(reads.every((block) => block > indexed)).toBe(true)
    expect(second.connected.chains[1]!.discovery!.firstBlockRead ?? indexed + 1n).toBeGreaterThan(indexed)
    const a = first.connected.chains[1]!.discovery!.pools
    const b = second.connected.chains[1]!.discovery!.pools
    for (const [protocol, counts] of Object.entries(a)) expect(b[protocol as keyof typeof b]!.indexed, protocol).toBeGreaterThanOrEqual(counts.indexed)
  }, 300_000)
})
