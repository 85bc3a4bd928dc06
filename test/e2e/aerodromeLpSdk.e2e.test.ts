import { EnsoClient } from '@ensofinance/sdk'
import { pino } from 'pino'
import { erc20Abi, getAddress, type Address, type Hex, type PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { configSchema } from '../../src/config.js'
import { zapIn, zapOut } from '../../src/protocols/aerodrome/liquidityMath.js'
import { loadAerodrome } from '../../src/protocols/aerodrome/load.js'
import type { AerodromePoolSnapshot } from '../../src/protocols/aerodrome/types.js'
import { createMonotonicHead } from '../../src/service/testing/createMonotonicHead.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * Aerodrome LP tokens from the outside in: the real @ensofinance/sdk against a running switchyard on the
 * Base devnet, whose Aerodrome pools and Router are our implementations of Aerodrome's ABI at Aerodrome's
 * addresses. Routes into and out of a pool's LP token (a single-token deposit: the optimal part swapped in
 * the pool, the rest and the output minted; a redemption: burn, the other side swapped) and bundles of
 * Aerodrome's deposit (both tokens, through the Router) and redeem (into both tokens) are each sent, pay
 * exactly amountOut / amountsOut, and leave nothing in our router or executor.
 */

const KEY = 'aerodrome-lp-sdk-key-0123456789abcdef'
const ETH: Address = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const user: Address = '0x0000000000000000000000000000000000ae1d01'
const receiver: Address = '0x0000000000000000000000000000000000ae1d02'

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
  await devnet.fund({ chainId: 8453, address: user, token: 'WETH', amount: 100n * 10n ** 18n })
  await devnet.fund({ chainId: 8453, address: user, token: 'USDC', amount: 2_000_000n * 10n ** 6n })
  await devnet.chains[8453]!.client.impersonateAccount({ address: user })
}, 240_000)
afterAll(async () => {
  await sy?.stop()
})

const client = () => sy.connected.devnet!.chains[8453]!.client
const book = () => sy.connected.chains[8453]!.addressBook
const token = (symbol: string) => book().tokens[symbol]!.address
const head = createMonotonicHead(() => client().getBlockNumber({ cacheTime: 0 }))
const volatilePool = () => getAddress(book().aerodrome!.pools.find((p) => !p.stable)!.address)
const stablePool = () => getAddress(book().aerodrome!.pools.find((p) => p.stable && [p.token0, p.token1].includes(token('USDbC')))!.address)

async function balanceOf(t: Address, who: Address): Promise<bigint> {
  const blockNumber = await head()
  return t.toLowerCase() === ETH ? client().getBalance({ address: who, blockNumber }) : client().readContract({ address: t, abi: erc20Abi, functionName: 'balanceOf', args: [who], blockNumber })
}

async function send(tx: { to: string; data: string; value?: string | number | bigint | undefined }, gas: string | number | bigint): Promise<void> {
  const c = client()
  const hash = await c.sendTransaction({ account: user, to: tx.to as Address, data: tx.data as Hex, value: BigInt(tx.value ?? 0), gas: BigInt(gas), chain: c.chain })
  expect((await c.waitForTransactionReceipt({ hash })).status).toBe('success')
}

async function approve(t: Address, amount: bigint): Promise<void> {
  const approval = await enso.getApprovalData({ fromAddress: user, tokenAddress: t, chainId: 8453, amount: amount.toString() })
  await send(approval.tx, 100_000n)
}

/** The pool's state at a block, through the adapter's loader. */
async function poolAt(pool: Address, blockNumber: bigint): Promise<AerodromePoolSnapshot> {
  const snapshots = await loadAerodrome({ client: client() as unknown as PublicClient, book: book() }, { blockNumber })
  return snapshots.find((s) => s.address === pool.toLowerCase())!
}

/** Every protocol a route names, split legs included. */
function protocolsOf(route: unknown): string[] {
  return [...JSON.stringify(route).matchAll(/"protocol":"([^"]+)"/g)].map((m) => m[1]!)
}

/** Every Base scenario token, Aerodrome LP token and ETH our router and executor hold. */
async function leftovers(): Promise<Record<string, string>> {
  const s = book().switchyard as unknown as { router: Address; executor: Address }
  const held = [
    ...Object.entries(book().tokens).map(([k, v]) => [k, v.address] as const),
    ...book().aerodrome!.pools.map((p) => [`LP ${p.address}`, p.address] as const),
    ['ETH', ETH] as const,
  ]
  const found: Record<string, string> = {}
  for (const [who, at] of [['router', s.router], ['executor', s.executor]] as const) {
    for (const [symbol, t] of held) {
      const b = await balanceOf(t, at)
      if (b !== 0n) found[`${who} ${symbol}`] = b.toString()
    }
  }
  return found
}

describe('Aerodrome LP tokens through @ensofinance/sdk', () => {
  test('USDC → vAMM-WETH/USDC LP: one deposit step on the pool, amountOut is the pool\'s mint for the split, sent, delivered exactly', async () => {
    const amountIn = 100_000n * 10n ** 6n
    const pool = volatilePool()
    await approve(token('USDC'), amountIn)
    const blockNumber = await head()
    const route = await enso.getRouteData({
      chainId: 8453, fromAddress: user, receiver: user, routingStrategy: 'router', tokenIn: [token('USDC')], tokenOut: [pool], amountIn: [amountIn.toString()], slippage: '50',
    })
    const amountOut = BigInt(route.amountOut as string)
    const steps = route.route as { protocol: string; action: string; tokenOut: string[]; args: { amountOut?: string } }[]
    // The engine's exact quote (the steps into the LP token, a split's paths included) is what the simulation delivers.
    const quoted = steps.filter((st) => st.tokenOut[0]!.toLowerCase() === pool.toLowerCase()).reduce((sum, st) => sum + BigInt(st.args.amountOut!), 0n)
    expect(quoted).toBe(amountOut)
    console.log(`aerodrome LP e2e: 100,000 USDC -> ${Number(amountOut) / 1e18} vAMM-WETH/USDC LP (${steps.map((s) => `${s.protocol} ${s.action}`).join(', ')})`)
    expect(protocolsOf(route.route)).toContain('aerodrome')
    if (steps.length === 1) {
      expect(steps[0]!.action).toBe('deposit')
      const s = await poolAt(pool, blockNumber)
      const usdcIsToken0 = s.tokens[0] === token('USDC').toLowerCase()
      expect(amountOut).toBe(zapIn(s, { amountIn, zeroForOne: usdcIsToken0 }).liquidity)
    }
    const before = await balanceOf(pool, user)
    await send(route.tx, route.gas)
    expect((await balanceOf(pool, user)) - before).toBe(amountOut)
    expect(await leftovers()).toEqual({})
  })

  test('vAMM-WETH/USDC LP → USDC: burn and swap the WETH side in the pool; sent, the receiver gets exactly amountOut', async () => {
    const pool = volatilePool()
    const lp = await balanceOf(pool, user)
    expect(lp).toBeGreaterThan(0n)
    await approve(pool, lp)
    const blockNumber = await head()
    const route = await enso.getRouteData({
      chainId: 8453, fromAddress: user, receiver, routingStrategy: 'router', tokenIn: [pool], tokenOut: [token('USDC')], amountIn: [lp.toString()], slippage: '50',
    })
    const amountOut = BigInt(route.amountOut as string)
    const steps = route.route as { protocol: string; action: string }[]
    console.log(`aerodrome LP e2e: ${Number(lp) / 1e18} LP -> ${Number(amountOut) / 1e6} USDC (${steps.map((s) => `${s.protocol} ${s.action}`).join(', ')})`)
    expect(protocolsOf(route.route)).toContain('aerodrome')
    if (steps.length === 1) {
      const s = await poolAt(pool, blockNumber)
      expect(amountOut).toBe(zapOut(s, { liquidity: lp, toToken0: s.tokens[0] === token('USDC').toLowerCase() }).amountOut)
    }
    // The way in and the way out each swap about half the value at a 0.30 % fee (or so): over 99.3 % of the
    // 100,000 USDC comes back.
    expect(amountOut).toBeGreaterThan(99_300n * 10n ** 6n)
    const before = await balanceOf(token('USDC'), receiver)
    await send(route.tx, route.gas)
    expect((await balanceOf(token('USDC'), receiver)) - before).toBe(amountOut)
    expect(await balanceOf(pool, user)).toBe(0n)
    expect(await leftovers()).toEqual({})
  })

  test('a bundle: aerodrome deposit of WETH and USDC together through the Router; sent, the receiver gets exactly amountsOut of LP', async () => {
    const pool = volatilePool()
    const [weth, usdc] = [10n * 10n ** 18n, 30_000n * 10n ** 6n]
    await approve(token('WETH'), weth)
    await approve(token('USDC'), usdc)
    const bundle = await enso.getBundleData({ chainId: 8453, fromAddress: user, routingStrategy: 'router', receiver }, [
      { protocol: 'aerodrome', action: 'deposit', args: { tokenIn: [token('WETH'), token('USDC')], amountIn: [weth.toString(), usdc.toString()], primaryAddress: pool, slippage: '10' } },
    ] as never)
    const out = Object.entries(bundle.amountsOut ?? {}).find(([t]) => t.toLowerCase() === pool.toLowerCase())![1]
    console.log(`aerodrome LP e2e: bundle 10 WETH + 30,000 USDC -> ${Number(out) / 1e18} LP`)
    expect(BigInt(out as string)).toBeGreaterThan(0n)
    const before = await balanceOf(pool, receiver)
    await send(bundle.tx, bundle.gas!)
    expect((await balanceOf(pool, receiver)) - before).toBe(BigInt(out as string))
    expect(await leftovers()).toEqual({})
  })

  test('a bundle: USDC into sAMM-USDC/USDbC LP, then aerodrome redeem of exactly that LP into both USDC and USDbC; sent, amountsOut exactly', async () => {
    const pool = stablePool()
    const amountIn = 50_000n * 10n ** 6n
    await approve(token('USDC'), amountIn)
    const bundle = await enso.getBundleData({ chainId: 8453, fromAddress: user, routingStrategy: 'router', receiver }, [
      { protocol: 'aerodrome', action: 'deposit', args: { tokenIn: token('USDC'), amountIn: amountIn.toString(), tokenOut: pool, primaryAddress: pool } },
      { protocol: 'aerodrome', action: 'redeem', args: { tokenIn: pool, amountIn: { useOutputOfCallAt: 0 }, tokenOut: [token('USDC'), token('USDbC')], primaryAddress: pool } },
    ] as never)
    const outs = Object.fromEntries(Object.entries(bundle.amountsOut ?? {}).map(([t, v]) => [t.toLowerCase(), BigInt(v as string)]))
    const [usdc, usdbc] = [outs[token('USDC').toLowerCase()]!, outs[token('USDbC').toLowerCase()]!]
    console.log(`aerodrome LP e2e: bundle 50,000 USDC -> sAMM LP -> ${Number(usdc) / 1e6} USDC + ${Number(usdbc) / 1e6} USDbC`)
    // About half of the value on each side, less the stable pool's 0.05 % on the swapped half.
    expect(usdc + usdbc).toBeGreaterThan(49_950n * 10n ** 6n)
    expect(usdc * usdbc).toBeGreaterThan(0n)
    const before = [await balanceOf(token('USDC'), receiver), await balanceOf(token('USDbC'), receiver)]
    await send(bundle.tx, bundle.gas!)
    expect([(await balanceOf(token('USDC'), receiver)) - before[0]!, (await balanceOf(token('USDbC'), receiver)) - before[1]!]).toEqual([usdc, usdbc])
    expect(await leftovers()).toEqual({})
  })

  test('a bundle redeeming a sAMM LP the sender holds into both tokens through the Router', async () => {
    const pool = stablePool()
    // LP for the sender first: a route USDC → sAMM-USDC/USDbC LP delivered to the sender.
    const amountIn = 20_000n * 10n ** 6n
    await approve(token('USDC'), amountIn)
    const route = await enso.getRouteData({ chainId: 8453, fromAddress: user, receiver: user, routingStrategy: 'router', tokenIn: [token('USDC')], tokenOut: [pool], amountIn: [amountIn.toString()], slippage: '50' })
    await send(route.tx, route.gas)
    const lp = await balanceOf(pool, user)
    expect(lp).toBe(BigInt(route.amountOut as string))
    await approve(pool, lp)
    const bundle = await enso.getBundleData({ chainId: 8453, fromAddress: user, routingStrategy: 'router', receiver }, [
      { protocol: 'aerodrome', action: 'redeem', args: { tokenIn: pool, amountIn: lp.toString(), tokenOut: [token('USDbC'), token('USDC')], primaryAddress: book().aerodrome!.router } },
    ] as never)
    const outs = Object.fromEntries(Object.entries(bundle.amountsOut ?? {}).map(([t, v]) => [t.toLowerCase(), BigInt(v as string)]))
    const [usdbc, usdc] = [outs[token('USDbC').toLowerCase()]!, outs[token('USDC').toLowerCase()]!]
    const before = [await balanceOf(token('USDbC'), receiver), await balanceOf(token('USDC'), receiver)]
    await send(bundle.tx, bundle.gas!)
    expect([(await balanceOf(token('USDbC'), receiver)) - before[0]!, (await balanceOf(token('USDC'), receiver)) - before[1]!]).toEqual([usdbc, usdc])
    expect(usdc + usdbc).toBeGreaterThan(19_980n * 10n ** 6n)
    expect(await balanceOf(pool, user)).toBe(0n)
    expect(await leftovers()).toEqual({})
  })

  test('a bundle: ETH alone into vAMM-WETH/USDC LP (wrapped, then the deposit edge); sent, exactly amountsOut of LP', async () => {
    const pool = volatilePool()
    const amountIn = 5n * 10n ** 18n
    const bundle = await enso.getBundleData({ chainId: 8453, fromAddress: user, routingStrategy: 'router', receiver }, [
      { protocol: 'aerodrome', action: 'singledeposit', args: { tokenIn: ETH, amountIn: amountIn.toString(), tokenOut: pool, primaryAddress: pool } },
    ] as never)
    const out = BigInt(Object.entries(bundle.amountsOut ?? {}).find(([t]) => t.toLowerCase() === pool.toLowerCase())![1] as string)
    const before = await balanceOf(pool, receiver)
    await send(bundle.tx, bundle.gas!)
    expect((await balanceOf(pool, receiver)) - before).toBe(out)
    expect(await leftovers()).toEqual({})
  })

  test('bad input is a 400 naming the argument: a token the pool does not hold, a primaryAddress that is no Aerodrome pool, ETH out of a two-token redeem', async () => {
    const pool = volatilePool()
    const bundle = (action: string, args: Record<string, unknown>) => enso.getBundleData({ chainId: 8453, fromAddress: user, routingStrategy: 'router' }, [{ protocol: 'aerodrome', action, args }] as never)
    await expect(bundle('deposit', { tokenIn: [token('USDbC'), token('USDC')], amountIn: ['1000000', '1000000'], primaryAddress: pool }))
      .rejects.toMatchObject({ name: 'EnsoApiError', statusCode: 400, responseData: { code: 'INVALID_TOKEN', message: expect.stringContaining('tokenIn') } })
    await expect(bundle('deposit', { tokenIn: token('USDC'), amountIn: '1000000', primaryAddress: token('USDC') }))
      .rejects.toMatchObject({ name: 'EnsoApiError', statusCode: 400, responseData: { code: 'INVALID_PRIMARY_ADDRESS' } })
    await expect(bundle('redeem', { tokenIn: pool, amountIn: '1000', tokenOut: [ETH, token('USDC')], primaryAddress: pool }))
      .rejects.toMatchObject({ name: 'EnsoApiError', statusCode: 400, responseData: { code: 'INVALID_TOKEN', message: expect.stringContaining('tokenOut') } })
  })
})
