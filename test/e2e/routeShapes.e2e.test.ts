import { EnsoClient } from '@ensofinance/sdk'
import * as grpc from '@grpc/grpc-js'
import { pino } from 'pino'
import { erc20Abi, maxUint256, parseAbi, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { setNextBlockOneSecondLater } from '../../src/chain/devnet/setNextBlockOneSecondLater.js'
import type { DevnetClient } from '../../src/chain/devnet/createDevnetClient.js'
import { configSchema } from '../../src/config.js'
import { toProtoRouteRequest } from '../../src/gateway/mapping/toProtoRouteRequest.js'
import { IGNORED_FILTERS_HEADER } from '../../src/gateway/routes/shortcuts.js'
import { loadProtoDefinition } from '../../src/grpc/loadProtoDefinition.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * The route answer's shape, as the real client reads it, on both transports of one running
 * switchyard: several outputs as arrays, `gas` as a limit the transaction succeeds with, `tx.from`
 * as spelled, `blockNumber` and `validUntil`, unknown ignore entries ignored and reported, senders
 * without funds routed for every input (aTokens and stETH included), and `/shortcuts/quote`.
 */

const KEY = 'route-shapes-key-0123456789abcdef'
const trader: Address = '0x0000000000000000000000000000000000e2e0a1'
const poor: Address = '0x0000000000000000000000000000000000e2e0a2'

type RouteClient = grpc.Client & { Route: (...args: unknown[]) => unknown; Quote: (...args: unknown[]) => unknown }

let sy: RunningSwitchyard
let enso: EnsoClient
let client: DevnetClient
let routing: RouteClient
let tokens: Record<string, Address>
let book: RunningSwitchyard['connected']['chains'][number]['addressBook']

beforeAll(async () => {
  const config = configSchema.parse({ chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1, rateLimitPerMinute: 100_000 })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  enso = new EnsoClient({ apiKey: KEY, baseURL: `${sy.httpUrl}/api/v1` })
  const chain = sy.connected.devnet!.chains[1]!
  client = chain.client
  book = sy.connected.chains[1]!.addressBook
  tokens = Object.fromEntries(Object.values(chain.addressBook.tokens).map((t) => [t.symbol, t.address]))
  await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'ETH', amount: 10n ** 22n })
  await client.impersonateAccount({ address: trader })
  const proto = grpc.loadPackageDefinition(loadProtoDefinition({})) as unknown as { switchyard: { routing: { v1: { RoutingService: grpc.ServiceClientConstructor } } } }
  routing = new proto.switchyard.routing.v1.RoutingService(sy.grpcAddress, grpc.credentials.createInsecure()) as never
}, 120_000)
afterAll(async () => {
  routing?.close()
  await sy?.stop()
})

function grpcCall(method: 'Route' | 'Quote', body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const md = new grpc.Metadata()
  md.set('authorization', `Bearer ${KEY}`)
  return new Promise((resolve, reject) => {
    routing[method](toProtoRouteRequest(body as never), md, { deadline: Date.now() + 30_000 }, (err: grpc.ServiceError | null, res: Record<string, unknown>) => (err ? reject(err) : resolve(res)))
  })
}

async function rest(path: string, query: Record<string, string | string[]>): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const qs = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) for (const x of [v].flat()) qs.append(k, x)
  const res = await fetch(`${sy.httpUrl}/api/v1${path}?${qs}`, { headers: { authorization: `Bearer ${KEY}` } })
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> }
}

const balanceOf = (token: Address, who: Address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })

async function send(tx: { to: string; data: string; value?: string }, gas: bigint) {
  // Mined one second after its parent, as on a live chain and as simulated (anvil can otherwise mine two blocks in one second).
  await setNextBlockOneSecondLater(client)
  const hash = await client.sendTransaction({ account: trader, to: tx.to as Address, data: tx.data as Hex, value: BigInt(tx.value ?? '0'), chain: client.chain, gas })
  return client.waitForTransactionReceipt({ hash })
}

async function approve(token: Address) {
  const hash = await client.writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [book.switchyard!.router as Address, maxUint256], account: trader, chain: client.chain })
  await client.waitForTransactionReceipt({ hash })
}

describe('route answer shapes (REST through EnsoClient, and gRPC)', () => {
  test('several outputs: amountOut and minAmountOut are arrays of strings, one per tokenOut, each delivered to the wei', async () => {
    const amountIn = 6n * 10n ** 18n
    await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: tokens.WETH!, amount: amountIn })
    await approve(tokens.WETH!)
    const outs = [tokens.USDC!, tokens.WBTC!]
    const route = await enso.getRouteData({ fromAddress: trader, chainId: 1, amountIn: [amountIn.toString()], tokenIn: [tokens.WETH!], tokenOut: outs, routingStrategy: 'router' } as never)
    expect(Array.isArray(route.amountOut)).toBe(true)
    expect(Array.isArray(route.minAmountOut)).toBe(true)
    const amounts = (route.amountOut as string[]).map((a) => BigInt(a))
    const mins = (route.minAmountOut as string[]).map((a) => BigInt(a))
    expect(amounts).toHaveLength(2)
    expect(mins).toHaveLength(2)
    amounts.forEach((a, i) => {
      expect(a).toBeGreaterThan(0n)
      expect(mins[i]).toBe((a * 9950n) / 10000n)
    })
    const before = await Promise.all(outs.map((t) => balanceOf(t, trader)))
    const receipt = await send(route.tx as never, BigInt(route.gas))
    expect(receipt.status).toBe('success')
    const after = await Promise.all(outs.map((t) => balanceOf(t, trader)))
    expect(after.map((a, i) => a - before[i]!)).toEqual(amounts)

    // gRPC: amounts_out carries each; amount_out the first.
    const viaGrpc = await grpcCall('Route', { fromAddress: trader, chainId: 1, amountIn: [amountIn.toString()], tokenIn: [tokens.WETH!], tokenOut: outs })
    expect(viaGrpc.amounts_out).toHaveLength(2)
    expect(viaGrpc.min_amounts_out).toHaveLength(2)
    expect(viaGrpc.amount_out).toBe((viaGrpc.amounts_out as string[])[0])
  })

  test('gas is a limit: sent with exactly `gas` the transaction succeeds, within 1.3× of the gas used (single hop, multi-hop, ETH in)', async () => {
    // The second USDC → WETH has the first one's shape: it is simulated once, under the limit the first's gas implies.
    const cases = [
      { tokenIn: tokens.USDC!, tokenOut: tokens.WETH!, amount: 20_000n * 10n ** 6n },
      { tokenIn: tokens.USDC!, tokenOut: tokens.WETH!, amount: 20_001n * 10n ** 6n },
      { tokenIn: tokens.LINK!, tokenOut: tokens.CRV!, amount: 30_000n * 10n ** 18n },
      { tokenIn: tokens.LINK!, tokenOut: tokens.CRV!, amount: 29_000n * 10n ** 18n },
    ]
    for (const c of cases) {
      await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: c.tokenIn, amount: c.amount })
      await approve(c.tokenIn)
      const route = await enso.getRouteData({ fromAddress: trader, chainId: 1, amountIn: [c.amount.toString()], tokenIn: [c.tokenIn], tokenOut: [c.tokenOut], routingStrategy: 'router' } as never)
      const receipt = await send(route.tx as never, BigInt(route.gas))
      expect(receipt.status).toBe('success')
      expect(Number(route.gas) / Number(receipt.gasUsed)).toBeLessThanOrEqual(1.3)
      expect(Number(route.gas)).toBeGreaterThan(Number(receipt.gasUsed))
    }
    const eth = await enso.getRouteData({ fromAddress: trader, chainId: 1, amountIn: ['2000000000000000000'], tokenIn: ['0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'], tokenOut: [tokens.DAI!], routingStrategy: 'router' } as never)
    const receipt = await send(eth.tx as never, BigInt(eth.gas))
    expect(receipt.status).toBe('success')
    expect(Number(eth.gas) / Number(receipt.gasUsed)).toBeLessThanOrEqual(1.3)
  })

  test('tx.from echoes fromAddress as spelled; blockNumber and validUntil are set on both transports', async () => {
    const spelled = trader.toUpperCase().replace('0X', '0x')
    const query = { fromAddress: spelled, chainId: '1', amountIn: '1000000000', tokenIn: tokens.USDC!, tokenOut: tokens.WETH! }
    const r = await rest('/shortcuts/route', query)
    expect(r.status).toBe(200)
    expect((r.body.tx as { from: string }).from).toBe(spelled)
    expect(r.body.blockNumber).toBe(r.body.createdAt)
    const head = await client.getBlock({ blockNumber: BigInt(r.body.createdAt as number) })
    expect(r.body.validUntil).toBe(Number(head.timestamp) + 60)
    const lower = trader.toLowerCase()
    const g = await grpcCall('Route', { fromAddress: lower, chainId: 1, amountIn: ['1000000000'], tokenIn: [tokens.USDC!], tokenOut: [tokens.WETH!] })
    expect((g.tx as { from: string }).from).toBe(lower)
    expect(g.block_number).toBe(g.created_at)
    expect(Number(g.valid_until)).toBe(Number(head.timestamp) + 60)
  })

  test('unknown ignoreStandards / ignoreAggregators / ignoreBridges entries are ignored and reported; known ones still apply', async () => {
    const query = {
      fromAddress: trader, chainId: '1', amountIn: '1000000000', tokenIn: tokens.USDC!, tokenOut: tokens.WETH!,
      ignoreStandards: ['dodo', 'uniswap-v3'], ignoreAggregators: ['1inch'], ignoreBridges: ['hop'],
    }
    const r = await rest('/shortcuts/route', query)
    expect(r.status).toBe(200)
    expect(r.headers.get(IGNORED_FILTERS_HEADER)).toBe(['ignoreStandards=dodo', 'ignoreAggregators=1inch', 'ignoreBridges=hop'].map(encodeURIComponent).join(', '))
    expect((r.body.route as { protocol: string }[]).map((s) => s.protocol)).not.toContain('uniswap-v3')
    // The vendor's slugs through the real client: no refusal.
    const viaSdk = await enso.getRouteData({ fromAddress: trader, chainId: 1, amountIn: ['1000000000'], tokenIn: [tokens.USDC!], tokenOut: [tokens.WETH!], routingStrategy: 'router', ignoreAggregators: ['paraswap'], ignoreStandards: ['curve-v2'] } as never)
    expect(BigInt(viaSdk.amountOut as string)).toBeGreaterThan(0n)
    const g = await grpcCall('Route', { fromAddress: trader, chainId: 1, amountIn: ['1000000000'], tokenIn: [tokens.USDC!], tokenOut: [tokens.WETH!], ignoreStandards: ['dodo'] })
    expect(g.unknown_filters).toEqual(['ignoreStandards=dodo'])
  })

  test('GET ignoreBridges accepts every array style', async () => {
    const base = `fromAddress=${trader}&chainId=1&amountIn=1000000000&tokenIn=${tokens.USDC}&tokenOut=${tokens.WETH}`
    for (const style of ['ignoreBridges=hop,celer', 'ignoreBridges=hop&ignoreBridges=celer', 'ignoreBridges[]=hop&ignoreBridges[]=celer', 'ignoreBridges[0]=hop&ignoreBridges[1]=celer']) {
      const res = await fetch(`${sy.httpUrl}/api/v1/shortcuts/route?${base}&${style}`, { headers: { authorization: `Bearer ${KEY}` } })
      expect(res.status, style).toBe(200)
      expect(res.headers.get(IGNORED_FILTERS_HEADER), style).toBe(['ignoreBridges=hop', 'ignoreBridges=celer'].map(encodeURIComponent).join(', '))
    }
  })

  test('a sender without funds gets a route for every input token, aTokens and stETH included', async () => {
    const aTokens = (book.aaveV3?.reserves ?? []).map((r) => ({ token: r.aToken, asset: r.asset }))
    expect(aTokens.length).toBeGreaterThanOrEqual(2)
    const decimals = (t: Address) => client.readContract({ address: t, abi: erc20Abi, functionName: 'decimals' })
    const inputs: Address[] = [...aTokens.map((a) => a.token), book.lido!.stETH, book.lido!.wstETH, ...Object.values(tokens).filter((t) => t !== tokens.WETH)]
    const failures: string[] = []
    for (const token of [...new Set(inputs)]) {
      // One whole unit, or a thousandth of the supply where that is less (a Pendle LP token has 18 decimals
      // over a 6-decimal SY: its whole supply is a few millionths of a unit).
      const unit = 10n ** BigInt(await decimals(token))
      const supply = await client.readContract({ address: token, abi: erc20Abi, functionName: 'totalSupply' })
      const amount = unit < supply / 1000n ? unit : supply / 1000n
      const out = token.toLowerCase() === tokens.WETH!.toLowerCase() ? tokens.USDC! : tokens.WETH!
      const r = await rest('/shortcuts/route', { fromAddress: poor, chainId: '1', amountIn: amount.toString(), tokenIn: token, tokenOut: out })
      if (r.status !== 200) failures.push(`${token}: ${r.status} ${String(r.body.message)}`)
      else if (BigInt(r.body.amountOut as string) <= 0n) failures.push(`${token}: zero`)
    }
    expect(failures).toEqual([])
  })

  test('an unfunded-sender stETH route is right: funded for real afterwards, the same transaction delivers at least minAmountOut', async () => {
    const st = parseAbi(['function submit(address) payable returns (uint256)'])
    const amount = 5n * 10n ** 18n
    const route = await enso.getRouteData({ fromAddress: trader, chainId: 1, amountIn: [amount.toString()], tokenIn: [book.lido!.stETH], tokenOut: [tokens.WETH!], routingStrategy: 'router' } as never)
    const hash = await client.writeContract({ address: book.lido!.stETH, abi: st, functionName: 'submit', args: ['0x0000000000000000000000000000000000010000'], value: amount + 10n, account: trader, chain: client.chain })
    await client.waitForTransactionReceipt({ hash })
    await approve(book.lido!.stETH)
    const before = await balanceOf(tokens.WETH!, trader)
    const receipt = await send(route.tx as never, BigInt(route.gas))
    expect(receipt.status).toBe('success')
    const delta = (await balanceOf(tokens.WETH!, trader)) - before
    expect(delta).toBeGreaterThanOrEqual(BigInt(route.minAmountOut as string))
  })

  test('GET /shortcuts/quote: the route\'s amount without a transaction, with or without fromAddress, on both transports', async () => {
    const query = { chainId: '1', amountIn: '2500000000', tokenIn: tokens.USDC!, tokenOut: tokens.WETH! }
    const q = await rest('/shortcuts/quote', query)
    expect(q.status).toBe(200)
    expect(Object.keys(q.body).sort()).toEqual(['amountOut', 'blockNumber', 'ensoFeeAmount', 'feeAmount', 'gas', 'priceImpact', 'route'])
    const r = await rest('/shortcuts/route', { ...query, fromAddress: '0x000000000000000000000000000000000001dead' })
    expect(q.body.blockNumber).toBe(r.body.createdAt)
    expect(q.body.amountOut).toBe(r.body.amountOut)
    expect(q.body.route).toEqual(r.body.route)
    const withSender = await rest('/shortcuts/quote', { ...query, fromAddress: trader })
    expect(BigInt(withSender.body.amountOut as string)).toBeGreaterThan(0n)
    const g = await grpcCall('Quote', { chainId: 1, amountIn: ['2500000000'], tokenIn: [tokens.USDC!], tokenOut: [tokens.WETH!] })
    expect(g.amount_out).toBe(q.body.amountOut)
    const bad = await rest('/shortcuts/quote', { ...query, tokenIn: 'nope' })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('INVALID_ADDRESS')
  })
})
