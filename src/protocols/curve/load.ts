import { parseAbi } from 'viem'
import { lower, type LoadContext, SNAPSHOT_MULTICALL_BYTES } from '../loadContext.js'
import type { LoadSnapshots } from '../types.js'
import { vpRateOf, type CurveMetaSnapshot } from './metaPool.js'
import { ampAt } from './stableSwapMath.js'
import type { CurveStableSwapSnapshot } from './types.js'

/** Curve's own StableSwap ABI (3pool generation): the getters the snapshot needs, nothing of ours. */
export const curveStableSwapReadAbi = parseAbi([
  'function coins(uint256 i) view returns (address)',
  'function balances(uint256 i) view returns (uint256)',
  'function A() view returns (uint256)',
  'function A_precise() view returns (uint256)',
  'function fee() view returns (uint256)',
  'function admin_fee() view returns (uint256)',
  'function initial_A() view returns (uint256)',
  'function future_A() view returns (uint256)',
  'function initial_A_time() view returns (uint256)',
  'function future_A_time() view returns (uint256)',
])
/** A metapool's getters (Curve's 2020 metapool template): its base pool, the cached virtual price, the base coins. */
export const curveMetaPoolReadAbi = parseAbi([
  'function base_pool() view returns (address)',
  'function base_virtual_price() view returns (uint256)',
  'function base_cache_updated() view returns (uint256)',
  'function base_coins(uint256 i) view returns (address)',
])
const lpAbi = parseAbi(['function totalSupply() view returns (uint256)'])
const multicall3Abi = parseAbi(['function getCurrentBlockTimestamp() view returns (uint256)'])
/** Lido's share accounting (stETH), for a pool holding it. */
const sharesAbi = parseAbi([
  'function getTotalPooledEther() view returns (uint256)',
  'function getTotalShares() view returns (uint256)',
  'function sharesOf(address account) view returns (uint256)',
])
/** Per pool: 2 reads per coin, then A, fee, admin_fee, the ramp (4) and the LP supply; a steth pool adds stETH's shares (3). */
const FIXED_CALLS = 8
const SHARES_CALLS = 3
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
/** The steth pool's shares coin (stETH) is coin 1. */
const STETH_SHARES_COIN = 1

type Read = { status: string; result?: unknown } | undefined
const ok = (r: Read): r is { status: 'success'; result: unknown } => r?.status === 'success'

/**
 * Reads Curve StableSwap pools of the address book at one block in one Multicall3 batch, through
 * Curve's own getters only (`coins`, `balances`, `A` — `A_precise` for the steth generation —, `fee`,
 * `admin_fee`, the A ramp) plus the LP token's `totalSupply`, the block timestamp and, for the steth
 * pool, stETH's share accounting (`getTotalPooledEther`, `getTotalShares`, `sharesOf(pool)`), so it
 * serves the real pools on any node. A native coin (0xEeee…EEeE) becomes the book's WETH. A pool is left
 * out when a read fails, a coin differs from the book's or has no known decimals, or A is not the ramp
 * evaluated at the block (a pool generation whose A is stored with another precision, whose math this
 * adapter does not implement).
 * @returns one snapshot per usable pool
 */
export const loadCurve: LoadSnapshots<LoadContext, CurveStableSwapSnapshot> = async ({ client, book }, { blockNumber, pools }) => {
  const all = book.curve?.pools ?? []
  // A metapool's base pool is the book pool whose LP token is its coin 1; the two are read together.
  const baseOf = (p: (typeof all)[number]) => (p.variant === 'meta' ? all.find((b) => b.variant === undefined && lower(b.lpToken) === lower(p.coins[1]!)) : undefined)
  const asked = (p: (typeof all)[number]) => !wanted || wanted.has(p.address.toLowerCase()) || wanted.has(p.lpToken.toLowerCase())
  const wanted = pools ? new Set(pools.map((p) => p.toLowerCase())) : undefined
  // Asked pools, the base pools of asked metapools, and the metapools over asked base pools (they move with
  // them); stableswap-ng pools are read by loadCurveNg.
  const entries = all.filter((p) => p.variant !== 'ng' && (asked(p) || all.some((m) => asked(m) && baseOf(m) === p) || (baseOf(p) !== undefined && asked(baseOf(p)!))))
  if (entries.length === 0) return []
  const pool = (address: `0x${string}`, functionName: 'A' | 'A_precise' | 'fee' | 'admin_fee' | 'initial_A' | 'future_A' | 'initial_A_time' | 'future_A_time') =>
    ({ address, abi: curveStableSwapReadAbi, functionName }) as const
  const shares = (p: (typeof entries)[number]) => {
    const token = p.coins[STETH_SHARES_COIN]!
    return p.variant === 'steth'
      ? [
          { address: token, abi: sharesAbi, functionName: 'getTotalPooledEther' as const },
          { address: token, abi: sharesAbi, functionName: 'getTotalShares' as const },
          { address: token, abi: sharesAbi, functionName: 'sharesOf' as const, args: [p.address] as const },
        ]
      : []
  }
  const metaReads = (p: (typeof entries)[number]) => (p.variant === 'meta'
    ? [
        { address: p.address, abi: curveMetaPoolReadAbi, functionName: 'base_pool' as const },
        { address: p.address, abi: curveMetaPoolReadAbi, functionName: 'base_virtual_price' as const },
        { address: p.address, abi: curveMetaPoolReadAbi, functionName: 'base_cache_updated' as const },
        ...(baseOf(p)?.coins ?? []).map((_, k) => ({ address: p.address, abi: curveMetaPoolReadAbi, functionName: 'base_coins' as const, args: [BigInt(k)] as const })),
      ]
    : [])
  const results = (await client.multicall({
    blockNumber,
    multicallAddress: book.multicall3,
    batchSize: SNAPSHOT_MULTICALL_BYTES,
    contracts: [
      { address: book.multicall3, abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' as const },
      ...entries.flatMap((p) => [
        ...p.coins.flatMap((_, i) => [
          { address: p.address, abi: curveStableSwapReadAbi, functionName: 'coins' as const, args: [BigInt(i)] as const },
          { address: p.address, abi: curveStableSwapReadAbi, functionName: 'balances' as const, args: [BigInt(i)] as const },
        ]),
        pool(p.address, p.variant === 'steth' || p.variant === 'meta' ? 'A_precise' : 'A'), pool(p.address, 'fee'), pool(p.address, 'admin_fee'),
        pool(p.address, 'initial_A'), pool(p.address, 'future_A'), pool(p.address, 'initial_A_time'), pool(p.address, 'future_A_time'),
        { address: p.lpToken, abi: lpAbi, functionName: 'totalSupply' as const },
        ...shares(p),
        ...metaReads(p),
      ]),
    ] as never,
  })) as Read[]
  const time = results[0]
  if (!ok(time)) return []
  const timestamp = time.result as bigint
  const decimalsOf = new Map(Object.values(book.tokens).map((t) => [t.address.toLowerCase(), t.decimals]))
  decimalsOf.set(NATIVE, 18)
  const out: CurveStableSwapSnapshot[] = []
  const metas: { address: string; basePool: string; baseVirtualPrice: bigint; baseCacheUpdated: bigint; baseCoins: string[]; zap: string | undefined }[] = []
  let at = 1
  for (const p of entries) {
    const n = p.coins.length
    const count = 2 * n + FIXED_CALLS + (p.variant === 'steth' ? SHARES_CALLS : 0) + metaReads(p).length
    const reads = results.slice(at, at + count)
    at += count
    if (!reads.every(ok)) continue
    const values = reads.map((r) => (r as { result: unknown }).result)
    const coins = values.filter((_, k) => k < 2 * n && k % 2 === 0).map((c) => lower(c as `0x${string}`))
    const balances = values.filter((_, k) => k < 2 * n && k % 2 === 1) as bigint[]
    const [A, fee, adminFee, initialA, futureA, initialATime, futureATime, totalSupply, totalPooledEther, totalShares, poolShares] = values.slice(2 * n) as bigint[]
    if (p.variant === 'meta') {
      const m = values.slice(2 * n + FIXED_CALLS)
      metas.push({ address: lower(p.address), basePool: lower(m[0] as `0x${string}`), baseVirtualPrice: m[1] as bigint, baseCacheUpdated: m[2] as bigint, baseCoins: (m.slice(3) as `0x${string}`[]).map(lower), zap: p.zap })
    }
    if (coins.some((c, i) => c !== lower(p.coins[i]!))) continue
    const nativeCoin = coins.indexOf(NATIVE)
    if (nativeCoin >= 0 && p.variant !== 'steth') continue
    const decimals = coins.map((c) => decimalsOf.get(c))
    if (decimals.some((d) => d === undefined || d > 36)) continue
    const ramp = { initialA: initialA!, futureA: futureA!, initialATime: initialATime!, futureATime: futureATime! }
    if (ampAt(ramp, timestamp) !== A) continue
    out.push({
      protocol: 'curve',
      address: lower(p.address),
      blockNumber,
      // The engine trades the native coin as WETH.
      tokens: [...coins.map((c) => (c === NATIVE ? lower(book.weth) : c)), lower(p.lpToken)],
      balances,
      rates: decimals.map((d) => 10n ** BigInt(36 - d!)),
      ramp,
      timestamp,
      fee: fee!,
      adminFee: adminFee!,
      totalSupply: totalSupply!,
      ...(p.variant === 'steth' ? { variant: 'steth' as const, sharesCoin: { index: STETH_SHARES_COIN, totalPooledEther: totalPooledEther!, totalShares: totalShares!, poolShares: poolShares! } } : {}),
      ...(nativeCoin >= 0 ? { nativeCoin } : {}),
    })
  }
  return attachBasePools(out, metas)
}

/**
 * Completes each metapool snapshot with its base pool read in the same batch (`base_pool()` must be a
 * 3pool-generation snapshot there, `base_coins` its coins, coin 1 its LP token): the base state, the rate
 * cache, the base coins appended to `tokens`, coin 1's rate set to the rate it trades at. A metapool whose
 * base pool is missing or differs is left out.
 */
function attachBasePools(out: CurveStableSwapSnapshot[], metas: { address: string; basePool: string; baseVirtualPrice: bigint; baseCacheUpdated: bigint; baseCoins: string[]; zap: string | undefined }[]): CurveStableSwapSnapshot[] {
  if (metas.length === 0) return out
  const byAddress = new Map<string, CurveStableSwapSnapshot>(out.map((s) => [s.address, s]))
  const drop = new Set<string>()
  for (const m of metas) {
    const s = byAddress.get(m.address)
    const base = byAddress.get(m.basePool)
    const n = base?.balances.length ?? 0
    if (!s || !base || base.variant || base.meta || base.totalSupply === 0n || base.tokens[n] !== s.tokens[1] || m.baseCoins.length !== n || m.baseCoins.some((c, k) => c !== base.tokens[k])) {
      drop.add(m.address)
      continue
    }
    const meta = {
      base: { address: base.address, balances: base.balances, rates: base.rates, ramp: base.ramp, fee: base.fee, adminFee: base.adminFee, totalSupply: base.totalSupply },
      baseVirtualPrice: m.baseVirtualPrice, baseCacheUpdated: m.baseCacheUpdated, ...(m.zap ? { zap: lower(m.zap as `0x${string}`) } : {}),
    }
    const full = { ...s, tokens: [...s.tokens, ...m.baseCoins], meta } as CurveMetaSnapshot
    byAddress.set(m.address, { ...full, rates: [s.rates[0]!, vpRateOf(full)], variant: 'meta' })
  }
  return out.filter((s) => !drop.has(s.address)).map((s) => byAddress.get(s.address)!)
}
