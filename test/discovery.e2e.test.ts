import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { erc20Abi, getAddress, maxUint256, parseAbi, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChainAddressBook } from '../src/chain/addressBook.js'
import { setNextBlockOneSecondLater } from '../src/chain/devnet/setNextBlockOneSecondLater.js'
import { loadPoolReadings } from '../src/chain/discovery/poolReadingsCache.js'
import { startDevnet, type Devnet, type DevnetChain } from '../src/chain/devnet/startDevnet.js'
import { startRpcProxy, type RpcProxy } from '../src/chain/testing/startRpcProxy.js'
import { configSchema } from '../src/config.js'
import { morphoBlueAbi } from '../src/protocols/morpho-blue/abi.js'
import { startSwitchyard, type RunningSwitchyard } from '../src/startSwitchyard.js'

/**
 * Issue 20 part 2: a second switchyard pointed at the devnet's chain 1 as an external node, from an
 * empty state directory and without a token list, finds every pool the scenario built from the
 * chain's own logs (Balancer pools, the ERC-4626 vaults, the Morpho markets and Pendle's market included), routes
 * through them (executed on the devnet), and resumes from its saved index on restart. The node sits
 * behind a proxy that refuses `eth_getLogs` over more than 64 blocks, as providers cap ranges, and
 * counts every log query.
 */

const KEY = 'discovery-e2e-key-0123456789abcdef'
const trader: Address = '0x0000000000000000000000000000000000d15c01'
/** No code at this address: a pair with it must be indexed and left out, with its reason logged. */
const CODELESS: Address = '0x000000000000000000000000000000000000dEaD'
const MAX_RANGE = 64
const factoryAbi = parseAbi(['function createPair(address tokenA, address tokenB) returns (address pair)', 'function getPair(address, address) view returns (address)'])

let devnet: Devnet
let upstream: DevnetChain
let built: ChainAddressBook
let proxy: RpcProxy
let stateDir: string
let sy: RunningSwitchyard | undefined
/** Every eth_getLogs the proxy saw: [fromBlock, toBlock, refused]. */
const logQueries: [bigint, bigint, boolean][] = []
const lines: Record<string, unknown>[] = []

async function start(): Promise<RunningSwitchyard> {
  const sink = new Writable({ write(chunk: Buffer, _enc, done) { for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l) as Record<string, unknown>); done() } })
  const config = configSchema.parse({ chains: [1], rpc: { '1': proxy.url }, stateDir, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'info', engineThreads: 1, rateLimitPerMinute: 100_000, gatewayThread: false })
  return startSwitchyard({ config, logger: pino({ level: 'info' }, sink) })
}

const tokenOf = (symbol: string) => built.tokens[symbol]!.address
const book = () => sy!.connected.chains[1]!.addressBook
const balanceOf = (token: Address, who: Address) => upstream.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })

async function mined(hash: Hex) {
  const receipt = await upstream.client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt
}

async function send(tx: { to: string; data: string; value?: string }, gas?: string) {
  await setNextBlockOneSecondLater(upstream.client)
  return mined(await upstream.client.sendTransaction({ account: trader, to: tx.to as Address, data: tx.data as Hex, value: BigInt(tx.value ?? '0'), chain: upstream.client.chain, ...(gas ? { gas: BigInt(gas) + 100_000n } : {}) }))
}

async function approveRouter(token: Address) {
  await setNextBlockOneSecondLater(upstream.client)
  await mined(await upstream.client.writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [book().switchyard!.router as Address, maxUint256], account: trader, chain: upstream.client.chain }))
}

async function rest(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${sy!.httpUrl}${path}`, {
    method, headers: { authorization: `Bearer ${KEY}`, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

async function createPair(a: Address, b: Address): Promise<Address> {
  await setNextBlockOneSecondLater(upstream.client)
  await mined(await upstream.client.writeContract({ address: built.uniswapV2.factory, abi: factoryAbi, functionName: 'createPair', args: [a, b], account: trader, chain: upstream.client.chain }))
  return upstream.client.readContract({ address: built.uniswapV2.factory, abi: factoryAbi, functionName: 'getPair', args: [a, b] })
}

const ids = {
  v2: (b: ChainAddressBook) => b.uniswapV2.pairs.map((p) => p.address.toLowerCase()).sort(),
  v3: (b: ChainAddressBook) => b.uniswapV3.pools.map((p) => p.address.toLowerCase()).sort(),
  v4: (b: ChainAddressBook) => (b.uniswapV4?.pools ?? []).map((p) => p.id.toLowerCase()).sort(),
  balancer: (b: ChainAddressBook) => b.balancerV2.pools.map((p) => p.poolId.toLowerCase()).sort(),
  vaults: (b: ChainAddressBook) => (b.erc4626?.vaults ?? []).map((v) => v.address.toLowerCase()).sort(),
  morpho: (b: ChainAddressBook) => (b.morphoBlue?.markets ?? []).map((m) => m.id.toLowerCase()).sort(),
}

let dustPair: Address
let codelessPair: Address

beforeAll(async () => {
  devnet = await startDevnet({ chains: [1], ports: { 1: 0 } })
  upstream = devnet.chains[1]!
  built = upstream.addressBook
  await devnet.fund({ chainId: 1, address: trader, token: 'ETH', amount: 10n ** 21n })
  await upstream.client.impersonateAccount({ address: trader })
  // Two pairs the scenario did not build: an empty one (below any floor) and one with a token without code.
  dustPair = await createPair(tokenOf('LINK'), tokenOf('USDC'))
  codelessPair = await createPair(tokenOf('USDC'), CODELESS)
  proxy = await startRpcProxy({
    target: upstream.rpcUrl,
    handler: async (call, forward) => {
      if (call.method !== 'eth_getLogs') return forward()
      const { fromBlock, toBlock } = (call.params as [{ fromBlock: Hex; toBlock: Hex }])[0]
      const refused = BigInt(toBlock) - BigInt(fromBlock) + 1n > BigInt(MAX_RANGE)
      logQueries.push([BigInt(fromBlock), BigInt(toBlock), refused])
      return refused ? { jsonrpc: '2.0', id: call.id, error: { code: -32005, message: `block range is too large (max ${MAX_RANGE})` } } : forward()
    },
  })
  stateDir = mkdtempSync(join(tmpdir(), 'switchyard-discovery-'))
  sy = await start()
}, 120_000)

afterAll(async () => {
  await sy?.stop()
  await proxy?.close()
  await devnet?.stop()
  if (stateDir) rmSync(stateDir, { recursive: true, force: true })
})

describe('external-node discovery from the chain’s logs', () => {
  it('finds every pool, vault and market the scenario built, both ways, from an empty state directory and no token list', () => {
    const found = book()
    for (const [name, of] of Object.entries(ids)) expect({ name, ids: of(found) }).toEqual({ name, ids: of(built) })
    expect([found.uniswapV2.pairs.length, found.uniswapV3.pools.length, found.uniswapV4?.pools.length, found.balancerV2.pools.length, found.erc4626?.vaults.length, found.morphoBlue?.markets.length])
      .toEqual([17, 17, 6, 5, 4, 3])
    // What the engine and the encoders read of each, as the devnet recorded it.
    expect(found.balancerV2.pools.map(({ address, poolId, tokens, weights, swapFeeBps }) => ({ address, poolId, tokens, weights, swapFeeBps })).sort((a, b) => (a.poolId < b.poolId ? -1 : 1)))
      .toEqual([...built.balancerV2.pools].sort((a, b) => (a.poolId < b.poolId ? -1 : 1)))
    expect(found.erc4626?.vaults).toEqual(built.erc4626?.vaults)
    expect(found.morphoBlue?.markets).toEqual(built.morphoBlue?.markets)
    expect(found.uniswapV3.pools).toEqual(expect.arrayContaining(built.uniswapV3.pools))
    // Pendle's market from its factory's CreateNewMarket (the factory at a devnet address: any emitter
    // counts, vouched for by the factory's isValidMarket), with its SY, PT, YT, asset, vault and expiry.
    const lowered = (b: ChainAddressBook) => JSON.parse(JSON.stringify(b.pendle?.markets ?? []).toLowerCase()) as unknown
    expect(lowered(found)).toEqual(lowered(built))
    expect(found.pendle?.markets).toHaveLength(1)
    expect(found.pendle?.marketFactory.toLowerCase()).toBe(built.pendle?.marketFactory.toLowerCase())
    expect(found.pendle?.yieldContractFactory.toLowerCase()).toBe(built.pendle?.yieldContractFactory.toLowerCase())
    // Tokens come from the pools (Pendle's SY, PT and LP token from its market): every scenario token, with
    // its decimals; priced from the stablecoins.
    for (const t of Object.values(built.tokens)) expect(Object.values(found.tokens).find((x) => x.address.toLowerCase() === t.address.toLowerCase()), t.symbol).toMatchObject({ symbol: t.symbol, decimals: t.decimals })
    expect(found.tokens.WETH!.priceUsd).toBeGreaterThan(2_900)
    expect(found.tokens.WETH!.priceUsd).toBeLessThan(3_100)
  })

  it('keeps the empty pair and the pair of a codeless token indexed but out of the graph, and says why', async () => {
    const discovery = sy!.connected.chains[1]!.discovery!
    expect(discovery.pools).toEqual({
      'uniswap-v2': { indexed: 19, aboveFloor: 17 },
      'uniswap-v3': { indexed: 17, aboveFloor: 17 },
      'uniswap-v4': { indexed: 6, aboveFloor: 6 },
      'balancer-v2': { indexed: 5, aboveFloor: 5 },
      erc4626: { indexed: 4, aboveFloor: 4 },
      'morpho-blue': { indexed: 3, aboveFloor: 3 },
    })
    const skips = lines.filter((l) => l.component === 'discovery' && l.protocol === 'uniswap-v2')
    expect(skips).toEqual(expect.arrayContaining([
      expect.objectContaining({ level: 30, reason: 'below the liquidity floor', count: 1, examples: [dustPair.toLowerCase()] }),
      expect.objectContaining({ level: 40, reason: 'a token has no code', count: 1, examples: [codelessPair.toLowerCase()] }),
    ]))
    // The floor and the counts are published: /networks and /metrics.
    const networks = await rest('GET', '/api/v1/networks')
    expect((networks.body as unknown as { index?: unknown }[])[0]!.index).toEqual({
      indexedBlock: Number(discovery.indexedBlock), minPoolTvlUsd: 10_000, poolsIndexed: 54, poolsAboveFloor: 52,
      protocols: Object.entries(discovery.pools).map(([protocol, c]) => ({ protocol, indexed: c.indexed, aboveFloor: c.aboveFloor })),
    })
    const metrics = await (await fetch(`${sy!.httpUrl}/metrics`)).text()
    expect(metrics).toContain('switchyard_discovery_pools{chain_id="1",protocol="uniswap-v2",state="indexed"} 19')
    expect(metrics).toContain('switchyard_discovery_pools{chain_id="1",protocol="uniswap-v2",state="above_floor"} 17')
    expect(metrics).toContain('switchyard_discovery_min_pool_tvl_usd{chain_id="1"} 10000')
  })

  it('read the logs in windows the node accepts: refused ranges halved, every block read once', () => {
    const refused = logQueries.filter(([, , r]) => r)
    const answered = logQueries.filter(([, , r]) => !r)
    expect(refused.length).toBeGreaterThan(0)
    expect(answered.every(([from, to]) => to - from + 1n <= BigInt(MAX_RANGE))).toBe(true)
    // Two streams (creation events, the ERC-4626 Deposit topic), each read from block 0 to the head exactly once.
    const head = sy!.connected.chains[1]!.discovery!.indexedBlock
    const covered = answered.reduce((n, [from, to]) => n + (to - from + 1n), 0n)
    expect(covered).toBe(2n * (head + 1n))
  })

  it('routes through a Balancer pool, deposits into a vault and supplies a Morpho market it found; each executes on the devnet', async () => {
    await devnet.fund({ chainId: 1, address: trader, token: 'AAVE', amount: 100n * 10n ** 18n })
    await devnet.fund({ chainId: 1, address: trader, token: 'USDC', amount: 20_000n * 10n ** 6n })
    const [aave, weth, usdc] = [tokenOf('AAVE'), tokenOf('WETH'), tokenOf('USDC')]
    await approveRouter(aave)
    await approveRouter(usdc)
    // Without the Uniswap families, AAVE → WETH goes through Balancer (the 80/20 pool).
    const balancer = await rest('POST', '/api/v1/shortcuts/route', { fromAddress: trader, chainId: 1, tokenIn: [aave], tokenOut: [weth], amountIn: ['10000000000000000000'], ignoreStandards: ['uniswap-v2', 'uniswap-v3', 'uniswap-v4'], variableEstimates: {} })
    expect(balancer.status).toBe(200)
    expect((balancer.body.route as { protocol: string }[]).map((s) => s.protocol)).toContain('balancer-v2')
    let before = await balanceOf(weth, trader)
    await send(balancer.body.tx as never, balancer.body.gas as string)
    expect((await balanceOf(weth, trader)) - before).toBeGreaterThanOrEqual(BigInt(balancer.body.minAmountOut as string))
    // USDC → svUSDC: the vault's deposit edge.
    const vault = built.erc4626!.vaults.find((v) => v.asset.toLowerCase() === usdc.toLowerCase())!.address
    const deposit = await rest('POST', '/api/v1/shortcuts/route', { fromAddress: trader, chainId: 1, tokenIn: [usdc], tokenOut: [vault], amountIn: ['5000000000'], variableEstimates: {} })
    expect(deposit.status).toBe(200)
    expect((deposit.body.route as { protocol: string }[]).map((s) => s.protocol)).toContain('erc4626')
    before = await balanceOf(vault, trader)
    await send(deposit.body.tx as never, deposit.body.gas as string)
    expect((await balanceOf(vault, trader)) - before).toBeGreaterThanOrEqual(BigInt(deposit.body.minAmountOut as string))
    // A Morpho Blue supply to the WETH/USDC market, as a bundle action, on behalf of the trader.
    const market = book().morphoBlue!.markets.find((m) => m.symbol === 'WETH/USDC-86')!
    const amount = 3_000n * 10n ** 6n
    const bundle = await rest('POST', `/api/v1/shortcuts/bundle?chainId=1&fromAddress=${trader}&routingStrategy=router`, [
      { protocol: 'morpho-blue', action: 'deposit', args: { tokenIn: usdc, amountIn: amount.toString(), primaryAddress: book().morphoBlue!.morpho, positionId: market.id } },
    ])
    expect(bundle.status).toBe(200)
    const usdcBefore = await balanceOf(usdc, trader)
    await send(bundle.body.tx as never, bundle.body.gas as string)
    expect(usdcBefore - (await balanceOf(usdc, trader))).toBe(amount)
    const [supplyShares] = await upstream.client.readContract({ address: book().morphoBlue!.morpho, abi: morphoBlueAbi, functionName: 'position', args: [market.id, trader] })
    expect(supplyShares).toBeGreaterThan(0n)
  })

  it('routes USDC into the Pendle market it found (its PT, its LP token); each executes on the devnet and delivers the quote exactly', async () => {
    await devnet.fund({ chainId: 1, address: trader, token: 'USDC', amount: 10_000n * 10n ** 6n })
    const usdc = tokenOf('USDC')
    await approveRouter(usdc)
    const market = book().pendle!.markets[0]!
    for (const tokenOut of [market.pt, market.address]) {
      const route = await rest('POST', '/api/v1/shortcuts/route', { fromAddress: trader, chainId: 1, tokenIn: [usdc], tokenOut: [tokenOut], amountIn: ['2000000000'], variableEstimates: {} })
      expect(route.status).toBe(200)
      expect((route.body.route as { protocol: string }[]).map((s) => s.protocol)).toEqual(['pendle'])
      const before = await balanceOf(tokenOut, trader)
      await send(route.body.tx as never, route.body.gas as string)
      expect((await balanceOf(tokenOut, trader)) - before).toBe(BigInt(route.body.amountOut as string))
    }
  })

  it('resumes from the saved index on restart: only blocks past it are read, and a pair created since is found', async () => {
    const indexed = sy!.connected.chains[1]!.discovery!.indexedBlock
    await sy!.stop()
    sy = undefined
    const created = await createPair(tokenOf('UNI'), tokenOf('USDC'))
    const before = logQueries.length
    sy = await start()
    const again = logQueries.slice(before)
    expect(again.length).toBeGreaterThan(0)
    expect(again.every(([from]) => from > indexed)).toBe(true)
    expect(again[0]![0]).toBe(indexed + 1n)
    const discovery = sy.connected.chains[1]!.discovery!
    expect(discovery.firstBlockRead).toBe(indexed + 1n)
    // The new pair is empty: indexed, below the floor.
    expect(discovery.pools['uniswap-v2']).toEqual({ indexed: 20, aboveFloor: 17 })
    expect(lines.some((l) => l.msg === 'discovery: resuming the saved index' && l.resumeFrom === String(indexed + 1n))).toBe(true)
    expect(lines.some((l) => l.reason === 'below the liquidity floor' && (l.examples as string[]).includes(getAddress(created).toLowerCase()))).toBe(true)
    for (const [name, of] of Object.entries(ids)) expect({ name, ids: of(book()) }).toEqual({ name, ids: of(built) })
    // The floor was judged with the first start's liquidity readings (kept, not read again), plus the new pair's.
    const genesis = await upstream.client.getBlock({ blockNumber: 0n })
    const kept = loadPoolReadings(join(stateDir, 'index', '1.readings.v8'), { genesisHash: genesis.hash, head: discovery.indexedBlock })
    expect(kept?.block).toBeLessThanOrEqual(indexed)
    expect(kept?.readings.uniswapV2.has(created.toLowerCase())).toBe(true)
  })
})
