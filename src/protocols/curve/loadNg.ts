import { parseAbi } from 'viem'
import { lower, type LoadContext, SNAPSHOT_MULTICALL_BYTES } from '../loadContext.js'
import type { LoadSnapshots } from '../types.js'
import { NG_ADMIN_FEE } from './ngQuote.js'
import { ampAt } from './stableSwapMath.js'
import type { CurveStableSwapSnapshot } from './types.js'

/** Curve stableswap-ng's own getters (`CurveStableSwapNG`): the pool is also its LP token. */
export const curveNgReadAbi = parseAbi([
  'function N_COINS() view returns (uint256)',
  'function coins(uint256 i) view returns (address)',
  'function balances(uint256 i) view returns (uint256)',
  'function stored_rates() view returns (uint256[])',
  'function A_precise() view returns (uint256)',
  'function fee() view returns (uint256)',
  'function offpeg_fee_multiplier() view returns (uint256)',
  'function initial_A() view returns (uint256)',
  'function future_A() view returns (uint256)',
  'function initial_A_time() view returns (uint256)',
  'function future_A_time() view returns (uint256)',
  'function totalSupply() view returns (uint256)',
])
const multicall3Abi = parseAbi(['function getCurrentBlockTimestamp() view returns (uint256)'])
/** Per pool after the coins' two reads each: N_COINS, stored_rates, A_precise, fee, offpeg_fee_multiplier, the ramp (4), totalSupply. */
const FIXED_CALLS = 10
const FIXED = ['N_COINS', 'stored_rates', 'A_precise', 'fee', 'offpeg_fee_multiplier', 'initial_A', 'future_A', 'initial_A_time', 'future_A_time', 'totalSupply'] as const

type Read = { status: string; result?: unknown } | undefined
const ok = (r: Read): r is { status: 'success'; result: unknown } => r?.status === 'success'

/**
 * Reads the address book's stableswap-ng pools (`variant` `ng`) at one block in one Multicall3 batch,
 * through Curve's own getters only: `N_COINS`, `coins(i)`, `balances(i)`, `stored_rates()` (each coin's
 * rate multiplier times its oracle's or ERC-4626 vault's rate at this block), `A_precise`, `fee`,
 * `offpeg_fee_multiplier`, the A ramp and `totalSupply` (the pool is its LP token), plus the block
 * timestamp; so it serves the real pools on any node. A pool is left out when a read fails, its coins
 * differ from the book's, or A is not its ramp evaluated at the block.
 * @returns one snapshot per usable pool
 */
export const loadCurveNg: LoadSnapshots<LoadContext, CurveStableSwapSnapshot> = async ({ client, book }, { blockNumber, pools }) => {
  const wanted = pools ? new Set(pools.map((p) => p.toLowerCase())) : undefined
  const entries = (book.curve?.pools ?? []).filter((p) => p.variant === 'ng' && (!wanted || wanted.has(p.address.toLowerCase())))
  if (entries.length === 0) return []
  const results = (await client.multicall({
    blockNumber,
    multicallAddress: book.multicall3,
    batchSize: SNAPSHOT_MULTICALL_BYTES,
    contracts: [
      { address: book.multicall3, abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' as const },
      ...entries.flatMap((p) => [
        ...p.coins.flatMap((_, i) => [
          { address: p.address, abi: curveNgReadAbi, functionName: 'coins' as const, args: [BigInt(i)] as const },
          { address: p.address, abi: curveNgReadAbi, functionName: 'balances' as const, args: [BigInt(i)] as const },
        ]),
        ...FIXED.map((functionName) => ({ address: p.address, abi: curveNgReadAbi, functionName })),
      ]),
    ] as never,
  })) as Read[]
  const time = results[0]
  if (!ok(time)) return []
  const timestamp = time.result as bigint
  const out: CurveStableSwapSnapshot[] = []
  let at = 1
  for (const p of entries) {
    const n = p.coins.length
    const reads = results.slice(at, at + 2 * n + FIXED_CALLS)
    at += 2 * n + FIXED_CALLS
    if (!reads.every(ok)) continue
    const values = reads.map((r) => (r as { result: unknown }).result)
    const coins = values.filter((_, k) => k < 2 * n && k % 2 === 0).map((c) => lower(c as `0x${string}`))
    const balances = values.filter((_, k) => k < 2 * n && k % 2 === 1) as bigint[]
    const [nCoins, rates, A, fee, offpeg, initialA, futureA, initialATime, futureATime, totalSupply] = values.slice(2 * n) as [bigint, readonly bigint[], ...bigint[]]
    if (nCoins !== BigInt(n) || rates.length !== n || rates.some((r) => r === 0n)) continue
    if (coins.some((c, i) => c !== lower(p.coins[i]!))) continue
    const ramp = { initialA: initialA!, futureA: futureA!, initialATime: initialATime!, futureATime: futureATime! }
    if (ampAt(ramp, timestamp) !== A) continue
    out.push({
      protocol: 'curve',
      address: lower(p.address),
      blockNumber,
      // The pool is its own LP token.
      tokens: [...coins, lower(p.address)],
      balances,
      rates: [...rates],
      ramp,
      timestamp,
      fee: fee!,
      adminFee: NG_ADMIN_FEE,
      totalSupply: totalSupply!,
      variant: 'ng',
      offpegFeeMultiplier: offpeg!,
    })
  }
  return out
}
