import { decodeAbiParameters, encodeFunctionData, parseAbi, size, toHex, type Address, type Hex, type PublicClient } from 'viem'
import { liquiditySlot, poolStateSlot, decodeSlot0 } from '../../protocols/uniswap-v4/slots.js'
import { aggregateCalls, type RawCall, type RawResult } from './aggregateCalls.js'
import type { IndexedBalancerPool, IndexedUniswapV2Pair, IndexedUniswapV3Pool, IndexedUniswapV4Pool, IndexedVault } from './poolIndex.js'
import type { PoolValue } from './priceTokens.js'

const abi = parseAbi([
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function slot0() view returns (uint160, int24, uint16, uint16, uint16, uint8, bool)',
  'function balanceOf(address) view returns (uint256)',
  'function extsload(bytes32[] slots) view returns (bytes32[])',
  'function getPoolTokens(bytes32 poolId) view returns (address[] tokens, uint256[] balances, uint256 lastChangeBlock)',
  'function getNormalizedWeights() view returns (uint256[])',
  'function getSwapFeePercentage() view returns (uint256)',
  'function totalAssets() view returns (uint256)',
  'function totalSupply() view returns (uint256)',
  'function decimals() view returns (uint8)',
])
const Q96 = 2 ** 96

/** A pool as read at the head: its value for pricing and the floor, or why it could not be read. */
export type PoolReading<TExtra = undefined> = { value: PoolValue; extra: TExtra } | { reason: string }
/** What a Balancer pool's reading adds: the Vault's token order, normalized weights (1e18) and swap fee (1e18). */
export type BalancerExtra = { tokens: Address[]; weights: bigint[]; swapFee: bigint }

/** Parameters of {@link readPoolLiquidity}. */
export type ReadPoolLiquidityParameters = {
  multicall3: Address
  weth: Address
  poolManager?: Address | undefined
  balancerVault?: Address | undefined
  /** Decimals by lowercase token address; pools with a token missing here are not read. */
  decimals: ReadonlyMap<string, number>
  uniswapV2: readonly IndexedUniswapV2Pair[]
  uniswapV3: readonly IndexedUniswapV3Pool[]
  uniswapV4: readonly IndexedUniswapV4Pool[]
  balancerV2: readonly IndexedBalancerPool[]
  erc4626: readonly IndexedVault[]
}

/** Readings by protocol, keyed like the index (lowercase address, or id). */
export type ReadPoolLiquidityReturnType = {
  uniswapV2: Map<string, PoolReading>
  uniswapV3: Map<string, PoolReading>
  uniswapV4: Map<string, PoolReading>
  balancerV2: Map<string, PoolReading<BalancerExtra>>
  erc4626: Map<string, PoolReading>
}

/**
 * Reads, at the latest block, what each indexed pool holds, in one Multicall3 pass: Uniswap V2
 * reserves; Uniswap V3 slot0 and the pool's balance of both tokens; Uniswap V4 slot0 and in-range
 * liquidity from the PoolManager's storage (its pools share one balance, so their virtual reserves
 * stand in for holdings); a Balancer pool's Vault balances, normalized weights (a pool without them is
 * not a weighted pool) and swap fee; an ERC-4626 vault's total assets and supply.
 * @returns a reading (or the reason there is none) per pool
 */
export async function readPoolLiquidity(client: PublicClient, p: ReadPoolLiquidityParameters): Promise<ReadPoolLiquidityReturnType> {
  const calls: RawCall[] = []
  const plan: (() => void)[] = []
  const out: ReadPoolLiquidityReturnType = { uniswapV2: new Map(), uniswapV3: new Map(), uniswapV4: new Map(), balancerV2: new Map(), erc4626: new Map() }
  let results: RawResult[] = []
  const add = (call: RawCall): (() => RawResult) => {
    const i = calls.push(call) - 1
    return () => results[i]!
  }
  const dec = (token: string) => p.decimals.get(token.toLowerCase())
  const word = (r: RawResult, i = 0): bigint | undefined => (r.success && size(r.returnData) >= 32 * (i + 1) ? BigInt(`0x${r.returnData.slice(2 + 64 * i, 66 + 64 * i)}`) : undefined)

  for (const pair of p.uniswapV2) {
    const reserves = add({ target: pair.address, data: encodeFunctionData({ abi, functionName: 'getReserves' }) })
    plan.push(() => {
      const r = reserves()
      const r0 = word(r, 0)
      const r1 = word(r, 1)
      if (r0 === undefined || r1 === undefined) return void out.uniswapV2.set(pair.address.toLowerCase(), { reason: 'getReserves() reverts' })
      const a = [Number(r0) / 10 ** dec(pair.token0)!, Number(r1) / 10 ** dec(pair.token1)!]
      const live = a[0]! > 0 && a[1]! > 0
      out.uniswapV2.set(pair.address.toLowerCase(), { value: { tokens: [pair.token0.toLowerCase(), pair.token1.toLowerCase()], amounts: a, relative: live ? [a[1]!, a[0]!] : [0, 0] }, extra: undefined })
    })
  }
  for (const pool of p.uniswapV3) {
    const slot0 = add({ target: pool.address, data: encodeFunctionData({ abi, functionName: 'slot0' }) })
    const b0 = add({ target: pool.token0, data: encodeFunctionData({ abi, functionName: 'balanceOf', args: [pool.address] }) })
    const b1 = add({ target: pool.token1, data: encodeFunctionData({ abi, functionName: 'balanceOf', args: [pool.address] }) })
    plan.push(() => {
      const sqrtPriceX96 = word(slot0())
      if (sqrtPriceX96 === undefined) return void out.uniswapV3.set(pool.address.toLowerCase(), { reason: 'slot0() reverts' })
      const value = concentrated(pool.token0, pool.token1, sqrtPriceX96, [Number(word(b0()) ?? 0n) / 10 ** dec(pool.token0)!, Number(word(b1()) ?? 0n) / 10 ** dec(pool.token1)!], dec)
      out.uniswapV3.set(pool.address.toLowerCase(), { value, extra: undefined })
    })
  }
  // One extsload per 100 pools: slot0 and liquidity of each.
  for (let start = 0; p.poolManager && start < p.uniswapV4.length; start += 100) {
    const chunk = p.uniswapV4.slice(start, start + 100)
    const slots = chunk.flatMap((pool) => {
      const state = poolStateSlot(pool.id)
      return [toHex(state, { size: 32 }), liquiditySlot(state)]
    })
    const words = add({ target: p.poolManager, data: encodeFunctionData({ abi, functionName: 'extsload', args: [slots] }) })
    plan.push(() => {
      const r = words()
      const list = r.success ? (decodeAbiParameters([{ type: 'bytes32[]' }], r.returnData)[0] as readonly Hex[]) : undefined
      chunk.forEach((pool, i) => {
        if (!list) return void out.uniswapV4.set(pool.id.toLowerCase(), { reason: 'extsload reverts' })
        const { sqrtPriceX96 } = decodeSlot0(list[2 * i]!)
        if (sqrtPriceX96 === 0n) return void out.uniswapV4.set(pool.id.toLowerCase(), { reason: 'not initialized' })
        const liquidity = Number(BigInt(list[2 * i + 1]!) & ((1n << 128n) - 1n))
        const sqrtP = Number(sqrtPriceX96) / Q96
        const c0 = asToken(pool.currency0, p.weth)
        const c1 = asToken(pool.currency1, p.weth)
        out.uniswapV4.set(pool.id.toLowerCase(), { value: concentrated(c0, c1, sqrtPriceX96, [liquidity / sqrtP / 10 ** dec(c0)!, (liquidity * sqrtP) / 10 ** dec(c1)!], dec), extra: undefined })
      })
    })
  }
  for (const pool of p.balancerV2) {
    if (!p.balancerVault) break
    const tokens = add({ target: p.balancerVault, data: encodeFunctionData({ abi, functionName: 'getPoolTokens', args: [pool.poolId] }) })
    const weights = add({ target: pool.address, data: encodeFunctionData({ abi, functionName: 'getNormalizedWeights' }) })
    const fee = add({ target: pool.address, data: encodeFunctionData({ abi, functionName: 'getSwapFeePercentage' }) })
    plan.push(() => {
      const key = pool.poolId.toLowerCase()
      const t = tokens()
      const w = weights()
      const f = word(fee())
      if (!t.success) return void out.balancerV2.set(key, { reason: 'getPoolTokens reverts' })
      if (!w.success || size(w.returnData) < 64 || f === undefined) return void out.balancerV2.set(key, { reason: 'not a weighted pool (getNormalizedWeights or getSwapFeePercentage reverts)' })
      const [list, balances] = decodeAbiParameters([{ type: 'address[]' }, { type: 'uint256[]' }, { type: 'uint256' }], t.returnData) as unknown as [Address[], bigint[]]
      const normalized = decodeAbiParameters([{ type: 'uint256[]' }], w.returnData)[0] as readonly bigint[]
      if (normalized.length !== list.length || list.length < 2) return void out.balancerV2.set(key, { reason: 'weights do not match its tokens' })
      if (list.some((a) => dec(a) === undefined)) return void out.balancerV2.set(key, { reason: 'a token answers no decimals()' })
      const amounts = list.map((a, i) => Number(balances[i]!) / 10 ** dec(a)!)
      const relative = amounts.map((a, i) => (a > 0 ? Number(normalized[i]!) / 1e18 / a : 0))
      out.balancerV2.set(key, { value: { tokens: list.map((a) => a.toLowerCase()), amounts, relative }, extra: { tokens: list, weights: [...normalized], swapFee: f } })
    })
  }
  for (const vault of p.erc4626) {
    const assets = add({ target: vault.address, data: encodeFunctionData({ abi, functionName: 'totalAssets' }) })
    const supply = add({ target: vault.address, data: encodeFunctionData({ abi, functionName: 'totalSupply' }) })
    plan.push(() => {
      const ta = word(assets())
      const ts = word(supply())
      if (ta === undefined || ts === undefined) return void out.erc4626.set(vault.address.toLowerCase(), { reason: 'totalAssets() or totalSupply() reverts' })
      const da = dec(vault.asset)!
      const ds = dec(vault.address)!
      const rate = ((Number(ta) + 1) / (Number(ts) + 10 ** Math.max(0, ds - da))) * 10 ** (ds - da)
      out.erc4626.set(vault.address.toLowerCase(), { value: { tokens: [vault.asset.toLowerCase(), vault.address.toLowerCase()], amounts: [Number(ta) / 10 ** da, 0], relative: [1, rate], sources: [0] }, extra: undefined })
    })
  }
  results = await aggregateCalls(client, { multicall3: p.multicall3, calls })
  for (const step of plan) step()
  return out
}

/** A concentrated-liquidity pool's value: the held (or virtual) amounts, and the spot from sqrtPriceX96. */
function concentrated(token0: string, token1: string, sqrtPriceX96: bigint, amounts: number[], dec: (t: string) => number | undefined): PoolValue {
  const price1per0 = (Number(sqrtPriceX96) / Q96) ** 2 * 10 ** (dec(token0)! - dec(token1)!)
  const live = sqrtPriceX96 > 0n && Number.isFinite(price1per0) && price1per0 > 0
  return { tokens: [token0.toLowerCase(), token1.toLowerCase()], amounts, relative: live ? [price1per0, 1] : [0, 0] }
}

/** The native coin (currency 0) is valued as WETH. */
function asToken(currency: Address, weth: Address): string {
  return BigInt(currency) === 0n ? weth.toLowerCase() : currency.toLowerCase()
}
