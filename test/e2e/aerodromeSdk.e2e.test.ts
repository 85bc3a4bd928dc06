import { EnsoClient } from '@ensofinance/sdk'
import { pino } from 'pino'
import { erc20Abi, getAddress, parseAbi, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { configSchema } from '../../src/config.js'
import { createMonotonicHead } from '../../src/service/testing/createMonotonicHead.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * Aerodrome on Base from the outside in: the real @ensofinance/sdk against a running switchyard on the Base
 * devnet, whose Aerodrome classic pools are our implementation of Aerodrome's Pool and PoolFactory at the
 * addresses Aerodrome's factory derives. A route through Aerodrome's volatile WETH/USDC pool alone and a
 * stablecoin route through its stable pools, each sent, pay exactly amountOut and leave nothing in our
 * contracts; the stablecoin route with Aerodrome beats the best route without it by what the pools imply.
 */

const KEY = 'aerodrome-sdk-key-0123456789abcdef'
const ETH: Address = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const user: Address = '0x0000000000000000000000000000000000ae0d01'
const receiver: Address = '0x0000000000000000000000000000000000ae0d02'
const onlyAerodrome = ['uniswap-v2', 'uniswap-v3', 'uniswap-v4', 'balancer-v2', 'curve', 'erc4626', 'lido', 'aave-v3']
const poolAbi = parseAbi(['function getAmountOut(uint256 amountIn, address tokenIn) view returns (uint256)'])
const factoryAbi = parseAbi(['function getPool(address tokenA, address tokenB, bool stable) view returns (address)'])

let sy: RunningSwitchyard
let enso: EnsoClient

beforeAll(async () => {
  const config = configSchema.parse({
    chains: [8453], devnetPorts: { '8453': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1,
    stateDir: `.switchyard/test-${process.pid}`,
  })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  enso = new EnsoClient({ apiKey: KEY, baseURL: `${sy.httpUrl}/api/v1` })
  const devnet = sy.connected.devnet!
  await devnet.fund({ chainId: 8453, address: user, token: 'ETH', amount: 10n ** 21n })
  await devnet.fund({ chainId: 8453, address: user, token: 'USDC', amount: 20_000_000n * 10n ** 6n })
  await devnet.chains[8453]!.client.impersonateAccount({ address: user })
}, 240_000)
afterAll(async () => {
  await sy?.stop()
})

const client = () => sy.connected.devnet!.chains[8453]!.client
const book = () => sy.connected.chains[8453]!.addressBook
const token = (symbol: string) => book().tokens[symbol]!.address
const head = createMonotonicHead(() => client().getBlockNumber({ cacheTime: 0 }))
async function balanceOf(t: Address, who: Address): Promise<bigint> {
  const blockNumber = await head()
  return t.toLowerCase() === ETH ? client().getBalance({ address: who, blockNumber }) : client().readContract({ address: t, abi: erc20Abi, functionName: 'balanceOf', args: [who], blockNumber })
}

async function send(tx: { to: string; data: string; value?: string | number | bigint | undefined }, gas: string | number | bigint): Promise<void> {
  const c = client()
  const hash = await c.sendTransaction({ account: user, to: tx.to as Address, data: tx.data as Hex, value: BigInt(tx.value ?? 0), gas: BigInt(gas), chain: c.chain })
  expect((await c.waitForTransactionReceipt({ hash })).status).toBe('success')
}

/** Every protocol a route names, split legs included. */
function protocolsOf(route: unknown): string[] {
  return [...JSON.stringify(route).matchAll(/"protocol":"([^"]+)"/g)].map((m) => m[1]!)
}

/** Every Base scenario token and ETH our router and executor hold. */
async function leftovers(): Promise<Record<string, string>> {
  const s = book().switchyard as unknown as { router: Address; executor: Address }
  const found: Record<string, string> = {}
  for (const [who, at] of [['router', s.router], ['executor', s.executor]] as const) {
    for (const [symbol, t] of [...Object.entries(book().tokens).map(([k, v]) => [k, v.address] as const), ['ETH', ETH] as const]) {
      const b = await balanceOf(t, at)
      if (b !== 0n) found[`${who} ${symbol}`] = b.toString()
    }
  }
  return found
}

describe('Aerodrome on Base through @ensofinance/sdk', () => {
  test('the pools are where Aerodrome\'s factory puts them: vAMM-WETH/USDC at its Base address', async () => {
    const aero = book().aerodrome!
    expect(aero.factory).toBe('0x420DD381b31aEf6683db6B902084cB0FFECe40Da')
    expect(aero.implementation).toBe('0xA4e46b4f701c62e14DF11B48dCe76A7d793CD6d7')
    const pool = await client().readContract({ address: aero.factory, abi: factoryAbi, functionName: 'getPool', args: [token('USDC'), token('WETH'), false] })
    expect(pool).toBe(getAddress('0xcDAC0d6c6C59727a65F871236188350531885C43'))
    const [listed] = await enso.getProtocolData({ slug: 'aerodrome' })
    expect(listed!.chains?.map((c) => c.id)).toEqual([8453])
  })

  test('ETH → USDC through Aerodrome\'s volatile pool only: sent, the receiver gets exactly amountOut, the pool\'s own getAmountOut for the WETH', async () => {
    const amountIn = 20n * 10n ** 18n
    const pool = book().aerodrome!.pools.find((p) => !p.stable)!.address
    const blockNumber = await head()
    const route = await enso.getRouteData({
      chainId: 8453, fromAddress: user, receiver, routingStrategy: 'router', tokenIn: [ETH], tokenOut: [token('USDC')], amountIn: [amountIn.toString()], slippage: '50', ignoreStandards: onlyAerodrome,
    })
    const protocols = protocolsOf(route.route)
    expect(protocols, protocols.join(',')).toContain('aerodrome')
    for (const p of protocols) expect(['aerodrome', 'wrapped-native'], protocols.join(',')).toContain(p)
    const quoted = await client().readContract({ address: pool, abi: poolAbi, functionName: 'getAmountOut', args: [amountIn, token('WETH')], blockNumber })
    expect(BigInt(route.amountOut as string)).toBe(quoted)
    const before = await balanceOf(token('USDC'), receiver)
    await send(route.tx, route.gas)
    expect((await balanceOf(token('USDC'), receiver)) - before).toBe(BigInt(route.amountOut as string))
    console.log(`aerodrome e2e: 20 ETH -> ${Number(route.amountOut) / 1e6} USDC through vAMM-WETH/USDC`)
    expect(await leftovers()).toEqual({})
  })

  test('1M USDC → USDbC, a usual size: the engine splits over Aerodrome\'s stable pool and Uniswap V3 and beats the best route without Aerodrome; sent, exactly amountOut', async () => {
    const amountIn = 1_000_000n * 10n ** 6n
    const approval = await enso.getApprovalData({ fromAddress: user, tokenAddress: token('USDC'), chainId: 8453, amount: amountIn.toString() })
    await send(approval.tx, 100_000n)
    const ask = (ignoreStandards: string[]) => enso.getRouteData({
      chainId: 8453, fromAddress: user, receiver, routingStrategy: 'router', tokenIn: [token('USDC')], tokenOut: [token('USDbC')], amountIn: [amountIn.toString()], slippage: '30', ...(ignoreStandards.length ? { ignoreStandards } : {}),
    })
    const [withAero, without] = [await ask([]), await ask(['aerodrome'])]
    const [a, b] = [BigInt(withAero.amountOut as string), BigInt(without.amountOut as string)]
    console.log(`aerodrome e2e: 1M USDC -> USDbC with Aerodrome ${Number(a) / 1e6} (${protocolsOf(withAero.route).join(',')}), without ${Number(b) / 1e6} (+${Number(a - b) / 1e6})`)
    expect(protocolsOf(withAero.route)).toContain('aerodrome')
    expect(a).toBeGreaterThan(b)
    const before = await balanceOf(token('USDbC'), receiver)
    await send(withAero.tx, withAero.gas)
    expect((await balanceOf(token('USDbC'), receiver)) - before).toBe(a)
    expect(await leftovers()).toEqual({})
  })

  test('10M USDC → USDbC: through Aerodrome\'s stable pool, better than the best route without Aerodrome by what the pools imply; sent, exactly amountOut', async () => {
    const amountIn = 10_000_000n * 10n ** 6n
    const stable = book().aerodrome!.pools.find((p) => p.stable && [p.token0, p.token1].includes(token('USDbC')))!.address
    const approval = await enso.getApprovalData({ fromAddress: user, tokenAddress: token('USDC'), chainId: 8453, amount: amountIn.toString() })
    await send(approval.tx, 100_000n)
    const ask = (ignoreStandards: string[]) => enso.getRouteData({
      chainId: 8453, fromAddress: user, receiver, routingStrategy: 'router', tokenIn: [token('USDC')], tokenOut: [token('USDbC')], amountIn: [amountIn.toString()], slippage: '30', ...(ignoreStandards.length ? { ignoreStandards } : {}),
    })
    const blockNumber = await head()
    const [withAero, without] = [await ask([]), await ask(['aerodrome'])]
    expect(protocolsOf(withAero.route)).toContain('aerodrome')
    expect(protocolsOf(without.route)).not.toContain('aerodrome')
    const alone = await client().readContract({ address: stable, abi: poolAbi, functionName: 'getAmountOut', args: [amountIn, token('USDC')], blockNumber })
    const [a, b] = [BigInt(withAero.amountOut as string), BigInt(without.amountOut as string)]
    console.log(`aerodrome e2e: 10M USDC -> USDbC with Aerodrome ${Number(a) / 1e6}, without ${Number(b) / 1e6} (+${Number(a - b) / 1e6}); the stable pool alone ${Number(alone) / 1e6}; route ${protocolsOf(withAero.route).join(',')}`)
    // (After the 1M trade above.) The pools imply: all of it through the stable pool alone already beats every route without Aerodrome,
    // and the engine's answer (which may split) is at least that.
    expect(alone).toBeGreaterThan(b)
    expect(a).toBeGreaterThanOrEqual(alone)
    const before = await balanceOf(token('USDbC'), receiver)
    await send(withAero.tx, withAero.gas)
    expect((await balanceOf(token('USDbC'), receiver)) - before).toBe(a)
    expect(await leftovers()).toEqual({})
  })

  test('a bundle: enso route ETH → USDC, then aerodrome swap of exactly that USDC through the sAMM-USDC/USDbC pool; sent, amountsOut exactly', async () => {
    const stable = book().aerodrome!.pools.find((p) => p.stable && [p.token0, p.token1].includes(token('USDbC')))!.address
    const bundle = await enso.getBundleData({ chainId: 8453, fromAddress: user, routingStrategy: 'router', receiver }, [
      { protocol: 'enso', action: 'route', args: { tokenIn: ETH, tokenOut: token('USDC'), amountIn: (5n * 10n ** 18n).toString(), slippage: '100' } },
      { protocol: 'aerodrome', action: 'swap', args: { tokenIn: token('USDC'), tokenOut: token('USDbC'), amountIn: { useOutputOfCallAt: 0 }, primaryAddress: stable, slippage: '50' } },
    ] as never)
    const steps = (bundle.route ?? []) as { protocol: string; primary?: string }[]
    expect(steps.some((s) => s.protocol === 'aerodrome' && s.primary?.toLowerCase() === stable.toLowerCase()), JSON.stringify(steps)).toBe(true)
    const out = Object.entries(bundle.amountsOut ?? {}).find(([t]) => t.toLowerCase() === token('USDbC').toLowerCase())![1]
    // 5 ETH is about $15,000; the 10M trade above left the stable pool short of USDbC, so it pays a little less.
    expect(BigInt(out as string)).toBeGreaterThan(13_000n * 10n ** 6n)
    const before = await balanceOf(token('USDbC'), receiver)
    await send(bundle.tx, bundle.gas!)
    expect((await balanceOf(token('USDbC'), receiver)) - before).toBe(BigInt(out as string))
    expect(await leftovers()).toEqual({})
  })
})
