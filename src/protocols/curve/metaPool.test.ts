import fc from 'fast-check'
import { maxUint256, parseAbi, type Abi, type Address, type PublicClient } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { ChainAddressBook, CurveStableSwapPoolEntry, TokenEntry } from '../../chain/addressBook.js'
import { devnetDeployer } from '../../chain/devnet/createDevnetClient.js'
import type { DevnetChain } from '../../chain/devnet/devnetChain.js'
import { mintToDeployer } from '../../chain/devnet/mintToDeployer.js'
import { sendTx } from '../../chain/devnet/sendTx.js'
import { startDevnet, type Devnet } from '../../chain/devnet/startDevnet.js'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { curveAdapter } from './index.js'
import { loadCurve } from './load.js'
import { getDyUnderlying, metaGetDy, metaStateOf, vpRateOf, zapCalcTokenAmount, zapCalcWithdrawOneCoin, type CurveMetaSnapshot } from './metaPool.js'
import { calcTokenAmount, calcWithdrawOneCoin } from './quote.js'

// The adapter against our implementation of Curve's 2020 metapool template and its Deposit zap over a
// 3pool-generation base pool: the views (get_dy, get_dy_underlying, calc_token_amount and
// calc_withdraw_one_coin of the pool and of the zap) to the wei over random states of both pools (A, fees,
// admin fees, balances, the meta coin's decimals, a fresh or stale virtual-price cache), and every edge's
// quote equal to what the pool or the zap pays when the trade is sent, both pools' states after included.

const metaViewAbi = parseAbi([
  'function get_dy(int128 i, int128 j, uint256 dx) view returns (uint256)',
  'function get_dy_underlying(int128 i, int128 j, uint256 dx) view returns (uint256)',
  'function calc_token_amount(uint256[2] amounts, bool deposit) view returns (uint256)',
  'function calc_withdraw_one_coin(uint256 _token_amount, int128 i) view returns (uint256)',
])
const zapViewAbi = parseAbi([
  'function calc_token_amount(uint256[4] amounts, bool is_deposit) view returns (uint256)',
  'function calc_withdraw_one_coin(uint256 _token_amount, int128 i) view returns (uint256)',
])
const erc20Abi = parseAbi(['function balanceOf(address) view returns (uint256)'])
const approveAbi = [{ type: 'function', name: 'approve', stateMutability: 'nonpayable', inputs: [{ name: 's', type: 'address' }, { name: 'v', type: 'uint256' }], outputs: [] }] as const
const metaAbi = () => loadContractArtifact('DevCurveMetaPool').abi
const zapAbi = () => loadContractArtifact('DevCurveMetaDeposit').abi

let devnet: Devnet
let chain: DevnetChain
let client: PublicClient
let book: ChainAddressBook
let coins: TokenEntry[]
beforeAll(async () => {
  devnet = await startDevnet({ chains: [1] })
  chain = devnet.chains[1]!
  client = chain.client as unknown as PublicClient
  book = chain.addressBook
  coins = ['DAI', 'USDC', 'USDT'].map((s) => book.tokens[s]!)
  for (const c of coins) await mintToDeployer(chain.client, c, 10n ** 40n)
}, 300_000)
afterAll(async () => {
  await devnet?.stop()
})

async function deploy(name: string, args: readonly unknown[]): Promise<Address> {
  const { abi, bytecode } = loadContractArtifact(name)
  const hash = await chain.client.deployContract({ abi: abi as Abi, bytecode, args, account: devnetDeployer, chain: chain.client.chain })
  return (await chain.client.waitForTransactionReceipt({ hash })).contractAddress! as Address
}

type Pools = { base: CurveStableSwapPoolEntry; meta: CurveStableSwapPoolEntry; tokens: Record<string, TokenEntry> }

/** A fresh base pool (DAI/USDC/USDT), a fresh meta coin of `decimals`, the metapool and its zap, every approval given. */
async function deployPools(p: { baseA: bigint; A: bigint; fee: bigint; adminFee: bigint; decimals: number }): Promise<Pools> {
  const baseLp = await deploy('DevCurveTokenV2', ['Curve test base LP', 'tbCrv'])
  const base = await deploy('DevCurveStableSwap3Pool', [devnetDeployer, coins.map((c) => c.address), baseLp, p.baseA, 1_000_000n, 5_000_000_000n])
  await sendTx(chain.client, { address: baseLp, abi: loadContractArtifact('DevCurveTokenV2').abi, functionName: 'set_minter', args: [base] })
  const coin = await deploy('DevToken', ['Test dollar', 'TUSDX', p.decimals])
  await sendTx(chain.client, { address: coin, abi: loadContractArtifact('DevToken').abi, functionName: 'mint', args: [devnetDeployer, 10n ** 40n] })
  const lp = await deploy('DevCurveTokenV2', ['Curve test meta LP', 'tmCrv'])
  // The metapool's constructor reads the base pool's virtual price: the base pool must hold liquidity first.
  for (const c of coins) await sendTx(chain.client, { address: c.address, abi: approveAbi, functionName: 'approve', args: [base, maxUint256] })
  const entries: Pools = {
    base: { address: base, lpToken: baseLp, coins: coins.map((c) => c.address), name: 'test base' },
    meta: { address: '0x', lpToken: lp, coins: [coin, baseLp], name: 'test meta', variant: 'meta' },
    tokens: {
      TUSDX: { address: coin, symbol: 'TUSDX', name: 'Test dollar', decimals: p.decimals, priceUsd: 1, kind: 'erc20' },
      tbCrv: { address: baseLp, symbol: 'tbCrv', name: 'base LP', decimals: 18, priceUsd: 1, kind: 'erc20' },
    },
  }
  return { ...entries, meta: { ...entries.meta, address: '0x' } }
}

async function finishMeta(pools: Pools, p: { A: bigint; fee: bigint; adminFee: bigint }): Promise<Pools> {
  const [coin, baseLp] = pools.meta.coins as [Address, Address]
  const pool = await deploy('DevCurveMetaPool', [devnetDeployer, [coin, baseLp], pools.meta.lpToken, pools.base.address, p.A, p.fee, p.adminFee])
  await sendTx(chain.client, { address: pools.meta.lpToken, abi: loadContractArtifact('DevCurveTokenV2').abi, functionName: 'set_minter', args: [pool] })
  const zap = await deploy('DevCurveMetaDeposit', [pool, pools.meta.lpToken])
  for (const t of [coin, baseLp, ...coins.map((c) => c.address), pools.meta.lpToken]) {
    for (const spender of [pool, zap]) await sendTx(chain.client, { address: t, abi: approveAbi, functionName: 'approve', args: [spender, maxUint256] })
  }
  return { ...pools, meta: { ...pools.meta, address: pool, zap } }
}

async function load(pools: Pools, blockNumber?: bigint): Promise<CurveMetaSnapshot> {
  const at = blockNumber ?? (await client.getBlockNumber())
  const snapshots = await loadCurve({ client, book: { ...book, tokens: { ...book.tokens, ...pools.tokens }, curve: { pools: [pools.base, pools.meta] } } }, { blockNumber: at })
  const s = snapshots.find((x) => x.address === pools.meta.address.toLowerCase())
  if (!s?.meta) throw new Error('metapool did not load')
  return s as CurveMetaSnapshot
}

async function view(address: Address, abi: Abi, blockNumber: bigint, functionName: string, args: readonly unknown[]): Promise<bigint | undefined> {
  return client.readContract({ address, abi, functionName, args: args as never, blockNumber }).then((r) => r as bigint, () => undefined)
}

function ours(f: () => bigint): bigint | undefined {
  try {
    return f()
  } catch {
    return undefined
  }
}

const balanceOf = async (token: string) => (await client.readContract({ address: token as Address, abi: erc20Abi, functionName: 'balanceOf', args: [devnetDeployer] })) as bigint

const dollars = fc.bigInt(1_000n, 2n * 10n ** 9n)
const scenario = fc.record({
  baseA: fc.bigInt(50n, 5_000n),
  A: fc.bigInt(1n, 5_000n),
  fee: fc.bigInt(0n, 50_000_000n),
  adminFee: fc.bigInt(0n, 10n ** 10n),
  decimals: fc.constantFrom(2, 6, 18),
  base: fc.tuple(dollars, dollars, dollars),
  meta: fc.tuple(dollars, dollars),
  // Seconds after the metapool's deposit: past 600 the cached virtual price is stale and re-read.
  wait: fc.constantFrom(0, 300, 700, 5_000),
  // An A ramp of the metapool (A stored times 100), caught part-way or finished.
  ramp: fc.option(fc.record({ factor: fc.double({ min: 0.15, max: 9, noNaN: true }), duration: fc.integer({ min: 86_400, max: 30 * 86_400 }), elapsed: fc.double({ min: 0, max: 1.2, noNaN: true }) }), { nil: undefined }),
  // A base pool trade after the metapool's deposit moves the base virtual price.
  baseTrade: fc.double({ min: 0, max: 0.4, noNaN: true }),
  views: fc.array(fc.record({ u: fc.nat(3), f: fc.double({ min: 1e-9, max: 1.2, noNaN: true }), g: fc.double({ min: 0, max: 0.5, noNaN: true }), h: fc.double({ min: 0, max: 0.5, noNaN: true }) }), { minLength: 3, maxLength: 3 }),
  trades: fc.array(fc.record({ edge: fc.nat(17), f: fc.double({ min: 1e-7, max: 0.5, noNaN: true }), wait: fc.constantFrom(1, 1, 700) }), { minLength: 4, maxLength: 4 }),
})

test('views and executed trades equal the adapter to the wei over random states of a metapool and its base pool', async () => {
  const seed = Number(process.env.FC_SEED ?? 4242)
  console.log(`curve/metaPool seed=${seed} (rerun with FC_SEED=${seed})`)
  let compared = 0
  let executed = 0
  let ramps = 0
  const kinds = new Map<string, number>()
  await fc.assert(
    fc.asyncProperty(scenario, async (sc) => {
      let pools = await deployPools(sc)
      const baseAmounts = sc.base.map((d, k) => d * 10n ** BigInt(coins[k]!.decimals))
      await sendTx(chain.client, { address: pools.base.address, abi: loadContractArtifact('DevCurveStableSwap3Pool').abi, functionName: 'add_liquidity', args: [baseAmounts, 0n] })
      pools = await finishMeta(pools, sc)
      const baseLpHeld = await balanceOf(pools.base.lpToken)
      const metaAmounts = [sc.meta[0] * 10n ** BigInt(sc.decimals), sc.meta[1] * 10n ** 18n < baseLpHeld / 2n ? sc.meta[1] * 10n ** 18n : baseLpHeld / 2n]
      await sendTx(chain.client, { address: pools.meta.address, abi: metaAbi(), functionName: 'add_liquidity', args: [metaAmounts, 0n] })
      if (sc.baseTrade > 0) {
        const dx = BigInt(Math.floor(Number(baseAmounts[0]!) * sc.baseTrade))
        if (dx > 0n) await sendTx(chain.client, { address: pools.base.address, abi: loadContractArtifact('DevCurveStableSwap3Pool').abi, functionName: 'exchange', args: [0n, 1n, dx, 0n] })
      }
      if (sc.ramp) {
        const now = (await chain.client.getBlock()).timestamp
        const futureA = BigInt(Math.min(999_999, Math.max(1, Math.round(Number(sc.A) * sc.ramp.factor))))
        await chain.client.setNextBlockTimestamp({ timestamp: now + 1n })
        await sendTx(chain.client, { address: pools.meta.address, abi: metaAbi(), functionName: 'ramp_A', args: [futureA, now + 1n + BigInt(sc.ramp.duration)] })
        await chain.client.setNextBlockTimestamp({ timestamp: now + 2n + BigInt(Math.floor(sc.ramp.duration * sc.ramp.elapsed)) })
        await chain.client.mine({ blocks: 1 })
        ramps++
      }
      if (sc.wait > 0) {
        await chain.client.increaseTime({ seconds: sc.wait })
        await chain.client.mine({ blocks: 1 })
      }
      const blockNumber = await client.getBlockNumber()
      const s = await load(pools, blockNumber)
      const pool = pools.meta.address
      const zap = pools.meta.zap!
      const metaState = metaStateOf(s, vpRateOf(s))
      expect(s.tokens.slice(3)).toEqual(coins.map((c) => c.address.toLowerCase()))
      for (const v of sc.views) {
        const i = v.u === 0 ? 0 : 1
        const j = 1 - i
        const dx = BigInt(Math.max(1, Math.floor(Number(s.balances[i]!) * v.f)))
        expect(ours(() => metaGetDy(s, { i, j, dx })), 'get_dy').toBe(await view(pool, metaViewAbi, blockNumber, 'get_dy', [BigInt(i), BigInt(j), dx]))
        const k = Math.max(1, v.u)
        const dxBase = BigInt(Math.max(1, Math.floor(Number(s.meta.base.balances[k - 1]!) * v.f)))
        expect(ours(() => getDyUnderlying(s, { i: k, j: 0, dx: dxBase })), 'get_dy_underlying in').toBe(await view(pool, metaViewAbi, blockNumber, 'get_dy_underlying', [BigInt(k), 0n, dxBase]))
        const dxMeta = BigInt(Math.max(1, Math.floor(Number(s.balances[0]!) * v.f)))
        expect(ours(() => getDyUnderlying(s, { i: 0, j: k, dx: dxMeta })), 'get_dy_underlying out').toBe(await view(pool, metaViewAbi, blockNumber, 'get_dy_underlying', [0n, BigInt(k), dxMeta]))
        const amts = s.balances.map((b, n) => BigInt(Math.floor(Number(b) * (n === i ? v.g : v.h))))
        for (const deposit of [true, false]) expect(ours(() => calcTokenAmount(metaState, { amounts: amts, deposit })), 'calc_token_amount').toBe(await view(pool, metaViewAbi, blockNumber, 'calc_token_amount', [amts, deposit]))
        const lp = BigInt(Math.max(1, Math.floor(Number(s.totalSupply) * v.g)))
        expect(ours(() => calcWithdrawOneCoin(metaState, { tokenAmount: lp, i: j }).dy), 'calc_withdraw_one_coin').toBe(await view(pool, metaViewAbi, blockNumber, 'calc_withdraw_one_coin', [lp, BigInt(j)]))
        expect(ours(() => zapCalcWithdrawOneCoin(s, { tokenAmount: lp, u: v.u })), 'zap calc_withdraw_one_coin').toBe(await view(zap, zapViewAbi, blockNumber, 'calc_withdraw_one_coin', [lp, BigInt(v.u)]))
        const zapAmts = [amts[0]!, ...s.meta.base.balances.map((b, n) => BigInt(Math.floor(Number(b) * (n + 1 === v.u ? v.g : v.h / 3))))]
        for (const deposit of [true, false]) expect(ours(() => zapCalcTokenAmount(s, { amounts: zapAmts, deposit })), 'zap calc_token_amount').toBe(await view(zap, zapViewAbi, blockNumber, 'calc_token_amount', [zapAmts, deposit]))
        compared += 9
      }
      let state = s
      const edges = curveAdapter.getEdges(s)
      expect(edges.length).toBe(18)
      for (const t of sc.trades) {
        const edge = edges[t.edge]!
        const tokenIn = state.tokens[edge.tokenInIndex]!
        const tokenOut = state.tokens[edge.tokenOutIndex]!
        const held = edge.action === 'redeem' ? state.totalSupply : edge.tokenInIndex >= 3 ? state.meta.base.balances[edge.tokenInIndex - 3]! : state.balances[edge.tokenInIndex]!
        const amountIn = BigInt(Math.max(1, Math.floor(Number(held) * t.f)))
        const time = (await chain.client.getBlock()).timestamp + BigInt(t.wait)
        const swapped = curveAdapter.swap({ ...state, timestamp: time }, { edge, amountIn })
        const { amountOut } = swapped
        const after = swapped.snapshot as CurveMetaSnapshot
        if (amountOut === 0n) continue
        const data = curveAdapter.getStepData(state, edge) as { kind: string; i: number; j: number; underlying?: boolean; zap?: string }
        const before = await balanceOf(tokenOut)
        const inBefore = await balanceOf(tokenIn)
        await chain.client.setNextBlockTimestamp({ timestamp: time })
        const ij = [BigInt(data.i), BigInt(data.j)] as const
        if (data.zap) {
          if (data.kind === 'deposit') await sendTx(chain.client, { address: zap, abi: zapAbi(), functionName: 'add_liquidity', args: [[0, 1, 2, 3].map((k) => (k === data.i ? amountIn : 0n)), 0n] })
          else await sendTx(chain.client, { address: zap, abi: zapAbi(), functionName: 'remove_liquidity_one_coin', args: [amountIn, ij[1], 0n] })
        } else if (data.kind === 'swap') {
          await sendTx(chain.client, { address: pool, abi: metaAbi(), functionName: data.underlying ? 'exchange_underlying' : 'exchange', args: [...ij, amountIn, 0n] })
        } else if (data.kind === 'deposit') {
          await sendTx(chain.client, { address: pool, abi: metaAbi(), functionName: 'add_liquidity', args: [[0, 1].map((k) => (k === data.i ? amountIn : 0n)), 0n] })
        } else {
          await sendTx(chain.client, { address: pool, abi: metaAbi(), functionName: 'remove_liquidity_one_coin', args: [amountIn, ij[1], 0n] })
        }
        const label = `${data.zap ? 'zap ' : data.underlying ? 'underlying ' : ''}${data.kind} ${edge.tokenInIndex}->${edge.tokenOutIndex} of ${amountIn}`
        expect((await balanceOf(tokenOut)) - before, label).toBe(amountOut)
        expect(inBefore - (await balanceOf(tokenIn)), label).toBe(amountIn)
        state = await load(pools)
        expect({ balances: state.balances, totalSupply: state.totalSupply, base: state.meta.base.balances, baseSupply: state.meta.base.totalSupply, vp: state.meta.baseVirtualPrice, updated: state.meta.baseCacheUpdated }, label)
          .toEqual({ balances: after.balances, totalSupply: after.totalSupply, base: after.meta!.base.balances, baseSupply: after.meta!.base.totalSupply, vp: after.meta!.baseVirtualPrice, updated: after.meta!.baseCacheUpdated })
        kinds.set(label.split(' of')[0]!.replace(/ \d+->\d+/, ''), (kinds.get(label.split(' of')[0]!.replace(/ \d+->\d+/, '')) ?? 0) + 1)
        executed++
      }
    }),
    { numRuns: 30, seed, endOnFailure: true },
  )
  console.log(`curve/metaPool: ${compared} views compared, ${executed} trades executed, ${ramps} states with an A ramp (${[...kinds].map(([k, n]) => `${k}: ${n}`).join(', ')})`)
  expect(compared).toBeGreaterThan(600)
  expect(executed).toBeGreaterThan(80)
}, 900_000)

test('the seeded GUSD metapool loads at its mainnet address over the 3pool, with its zap', async () => {
  const snapshots = await loadCurve({ client, book }, { blockNumber: await client.getBlockNumber() })
  const s = snapshots.find((p) => p.address === '0x4f062658eaaf2c1ccf8c8e36d6824cdf41167956') as CurveMetaSnapshot
  expect(s.tokens).toEqual([
    '0x056fd409e1d7a124bd7017459dfea2f387b6d5cd', '0x6c3f90f043a72fa612cbac8115ee7e52bde6e490', '0xd2967f45c4f384deea880f807be904762a3dea07',
    ...coins.map((c) => c.address.toLowerCase()),
  ])
  expect(s.variant).toBe('meta')
  expect(s.meta.base.address).toBe('0xbebc44782c7db0a1a60cb6fe97d0b483032ff1c7')
  expect(s.meta.zap).toBe('0x0ae274c98c0415c0651af8cf52b010136e4a0082')
  // $40M: 20M GUSD (2 decimals) and 20M 3Crv.
  expect(s.balances[0]).toBe(20_000_000n * 100n)
  expect(s.balances[1]).toBe(20_000_000n * 10n ** 18n)
  // Reading either pool reads both: a base pool log moves the metapool's quotes, and the metapool needs its base.
  const at = await client.getBlockNumber()
  for (const asked of ['0xbEbc44782C7dB0a1A60Cb6fe97d0b483032FF1C7', '0x4f062658EaAF2C1ccf8C8e36D6824CDf41167956'] as const) {
    const read = await loadCurve({ client, book }, { blockNumber: at, pools: [asked] })
    expect(read.map((p) => p.address).sort()).toEqual(['0x4f062658eaaf2c1ccf8c8e36d6824cdf41167956', '0xbebc44782c7db0a1a60cb6fe97d0b483032ff1c7'])
  }
  const steth = await loadCurve({ client, book }, { blockNumber: at, pools: ['0xDC24316b9AE028F1497c275EB9192a3Ea0f67022'] })
  expect(steth.map((p) => p.address)).toEqual(['0xdc24316b9ae028f1497c275eb9192a3ea0f67022'])
})
