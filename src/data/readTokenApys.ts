import { parseAbi, type Address } from 'viem'
import type { EngineSnapshot } from '../engine/types.js'
import type { LoadContext } from '../protocols/loadContext.js'
import type { AaveV3ReserveSnapshot } from '../protocols/aave-v3/types.js'
import { growthToApy, rayRateToApy, sqrtBigint } from './apyMath.js'
import { findBlockAtOrBefore } from './findBlockAtOrBefore.js'
import { isMissingHistoryError } from './isMissingHistoryError.js'

/** The window share prices, rebases and LP values are compared over: 7 days. */
export const APY_WINDOW_SECONDS = 7 * 24 * 3600

/** How an APY was measured. */
export type TokenApyMethod = 'liquidity-rate' | 'share-price' | 'rebase' | 'lp-value'

/** The blocks an APY compares (equal for `liquidity-rate`, which reads one rate). */
export type TokenApyWindow = { method: TokenApyMethod; fromBlock: bigint; toBlock: bigint; seconds: number }

/** A token's APY in percent and how it was measured. */
export type TokenApy = { apy: number; window: TokenApyWindow }

/** Parameters of {@link readTokenApys}. */
export type ReadTokenApysParameters = {
  /** The snapshot whose block ends every window (and whose Aave reserves give the rates). */
  snapshot: EngineSnapshot
  /** Window length in seconds; default {@link APY_WINDOW_SECONDS}. */
  windowSeconds?: number | undefined
}

const abi = parseAbi([
  'function convertToAssets(uint256 shares) view returns (uint256)',
  'function getPooledEthByShares(uint256 shares) view returns (uint256)',
  'function stEthPerToken() view returns (uint256)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function totalSupply() view returns (uint256)',
  'function getInvariant() view returns (uint256)',
  'function getActualSupply() view returns (uint256)',
])

/** One value-per-unit probe: the calls it makes and how their results give the unit's value. */
type Probe = {
  token: Address
  method: Exclude<TokenApyMethod, 'liquidity-rate'>
  calls: { address: Address; functionName: string; args?: readonly unknown[] }[]
  value(results: readonly unknown[]): bigint
}

/** What each family's unit is worth, in its own terms: growth of it is the yield. */
function probesOf(book: LoadContext['book']): Probe[] {
  const probes: Probe[] = []
  const decimalsOf = (address: Address) => Object.values(book.tokens).find((t) => t.address.toLowerCase() === address.toLowerCase())?.decimals ?? 18
  for (const vault of book.erc4626?.vaults ?? []) {
    const oneShare = 10n ** BigInt(decimalsOf(vault.address))
    probes.push({ token: vault.address, method: 'share-price', calls: [{ address: vault.address, functionName: 'convertToAssets', args: [oneShare] }], value: ([assets]) => assets as bigint })
  }
  if (book.lido) {
    probes.push({ token: book.lido.stETH, method: 'rebase', calls: [{ address: book.lido.stETH, functionName: 'getPooledEthByShares', args: [10n ** 18n] }], value: ([eth]) => eth as bigint })
    probes.push({ token: book.lido.wstETH, method: 'rebase', calls: [{ address: book.lido.wstETH, functionName: 'stEthPerToken' }], value: ([eth]) => eth as bigint })
  }
  // sqrt(k) per LP share moves only with fees (and donations), never with price.
  for (const pair of book.uniswapV2.pairs) {
    probes.push({
      token: pair.address,
      method: 'lp-value',
      calls: [{ address: pair.address, functionName: 'getReserves' }, { address: pair.address, functionName: 'totalSupply' }],
      value: ([reserves, supply]) => {
        const [r0, r1] = reserves as readonly [bigint, bigint, number]
        return (supply as bigint) > 0n ? (sqrtBigint(r0 * r1) * 10n ** 18n) / (supply as bigint) : 0n
      },
    })
  }
  // A weighted pool's invariant (∏ balance^weight) per BPT moves only with swap fees, never with
  // price; the actual supply counts the BPT owed to the protocol as fees.
  for (const pool of book.balancerV2.pools) {
    probes.push({
      token: pool.address,
      method: 'lp-value',
      calls: [{ address: pool.address, functionName: 'getInvariant' }, { address: pool.address, functionName: 'getActualSupply' }],
      value: ([invariant, supply]) => ((supply as bigint) > 0n ? ((invariant as bigint) * 10n ** 18n) / (supply as bigint) : 0n),
    })
  }
  return probes
}

/** Every probe's value at one block (`undefined` for a probe with a failed call); one Multicall3 batch. */
async function readValues({ client, book }: LoadContext, probes: readonly Probe[], blockNumber: bigint): Promise<(bigint | undefined)[]> {
  const contracts = probes.flatMap((p) => p.calls.map((c) => ({ ...c, abi })))
  const results = await client.multicall({ blockNumber, multicallAddress: book.multicall3, batchSize: 0, contracts: contracts as never[] })
  let at = 0
  return probes.map((p) => {
    const own = results.slice(at, (at += p.calls.length))
    return own.every((r) => r.status === 'success') ? p.value(own.map((r) => r.result)) : undefined
  })
}

/**
 * APYs of a chain's yield-bearing tokens, measured from chain state at the snapshot's block:
 * - Aave V3 aTokens: the reserve's `currentLiquidityRate` compounded per second (no window);
 * - ERC-4626 shares: growth of `convertToAssets(one share)`;
 * - Lido stETH / wstETH: growth of `getPooledEthByShares(1e18)` / `stEthPerToken()` (the rebase);
 * - Uniswap V2 LP: growth of sqrt(reserve0·reserve1) per LP token (fee income);
 * - Balancer weighted BPT: growth of `getInvariant()` per `getActualSupply()`.
 * Growth is read at the snapshot block and at the last block at least `windowSeconds` older (two
 * Multicall3 batches), and compounded to a year over the blocks' real time difference. A token whose
 * window has no history (chain younger than the window, node without that state, contract not yet
 * deployed) gets no APY rather than a guess.
 * @returns APYs by lowercase token address
 * @throws the client's errors, except a missing-history answer (which means "no APY")
 */
export async function readTokenApys(ctx: LoadContext, { snapshot, windowSeconds = APY_WINDOW_SECONDS }: ReadTokenApysParameters): Promise<Map<string, TokenApy>> {
  const out = new Map<string, TokenApy>()
  const toBlock = snapshot.blockNumber
  for (const pool of snapshot.pools) {
    if (pool.protocol !== 'aave-v3') continue
    const reserve = pool as AaveV3ReserveSnapshot
    out.set(reserve.aToken.toLowerCase(), { apy: rayRateToApy(reserve.currentLiquidityRate), window: { method: 'liquidity-rate', fromBlock: toBlock, toBlock, seconds: 0 } })
  }
  const probes = probesOf(ctx.book)
  if (probes.length === 0) return out
  const headTimestamp = snapshot.timestamp ?? (await ctx.client.getBlock({ blockNumber: toBlock })).timestamp
  const start = await findBlockAtOrBefore(ctx.client, { timestamp: headTimestamp - BigInt(windowSeconds), head: toBlock, headTimestamp })
  if (!start || start.number === toBlock) return out
  let before: (bigint | undefined)[]
  try {
    before = await readValues(ctx, probes, start.number)
  } catch (error) {
    if (isMissingHistoryError(error)) return out
    throw error
  }
  const after = await readValues(ctx, probes, toBlock)
  const seconds = Number(headTimestamp - start.timestamp)
  probes.forEach((probe, i) => {
    const [from, to] = [before[i], after[i]]
    if (from === undefined || to === undefined) return
    const apy = growthToApy({ from, to, seconds })
    if (apy !== undefined) out.set(probe.token.toLowerCase(), { apy, window: { method: probe.method, fromBlock: start.number, toBlock, seconds } })
  })
  return out
}
