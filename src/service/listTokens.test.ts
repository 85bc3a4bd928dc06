import { parseAbi, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Devnet } from '../chain/devnet/startDevnet.js'
import type { DevnetChain } from '../chain/devnet/devnetChain.js'
import { sendTx } from '../chain/devnet/sendTx.js'
import { APY_WINDOW_SECONDS } from '../data/readTokenApys.js'
import { listTokens } from './listTokens.js'
import { startServiceOnDevnet } from './testing/startServiceOnDevnet.js'
import type { TokenAnswer } from './types.js'

let devnet: Devnet
let chain: DevnetChain
let ctx: Awaited<ReturnType<typeof startServiceOnDevnet>>['ctx']
let stop: (() => Promise<void>) | undefined
beforeAll(async () => {
  ;({ devnet, chain, ctx, stop } = await startServiceOnDevnet())
}, 60_000)
afterAll(async () => {
  await stop?.()
})

const poolAbi = parseAbi([
  'struct ReserveConfigurationMap { uint256 data; }',
  'struct ReserveData { ReserveConfigurationMap configuration; uint128 liquidityIndex; uint128 currentLiquidityRate; uint128 variableBorrowIndex; uint128 currentVariableBorrowRate; uint128 currentStableBorrowRate; uint40 lastUpdateTimestamp; uint16 id; address aTokenAddress; address stableDebtTokenAddress; address variableDebtTokenAddress; address interestRateStrategyAddress; uint128 accruedToTreasury; uint128 unbacked; uint128 isolationModeTotalDebt; }',
  'function getReserveData(address asset) view returns (ReserveData)',
])
const vaultAbi = parseAbi(['function convertToAssets(uint256 shares) view returns (uint256)', 'function transfer(address to, uint256 amount) returns (bool)'])
const stEthAbi = parseAbi(['function getPooledEthByShares(uint256 shares) view returns (uint256)', 'function oracle() view returns (address)', 'function reportRewards() payable'])
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function totalSupply() view returns (uint256)',
  'function token0() view returns (address)',
  'function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes data)',
])
/** The USDC/WETH Uniswap V2 pair (its mainnet address). */
const PAIR: Address = '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc'
/** Anvil's dev account #5: unlocked, otherwise unused by the scenario. */
const DONOR: Address = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'

/** (1 + rate / year)^year − 1 in percent, in ray fixed point (exponentiation by squaring): exact enough to compare to 1e-9. */
function compoundPerSecond(rate: bigint): number {
  const RAY = 10n ** 27n
  const mul = (a: bigint, b: bigint) => (a * b + RAY / 2n) / RAY
  let [result, base, n] = [RAY, RAY + rate / 31_536_000n, 31_536_000n]
  while (n > 0n) {
    if (n & 1n) result = mul(result, base)
    base = mul(base, base)
    n >>= 1n
  }
  return (Number(result - RAY) / 1e27) * 100
}

const all = async () => (await listTokens(ctx, { chainId: 1, pageSize: 1000 })).data
const byAddress = (tokens: TokenAnswer[], address: string) => tokens.find((t) => t.address.toLowerCase() === address.toLowerCase())

describe('token APYs from chain state', () => {
  test('Aave aTokens: the reserve current liquidity rate compounded per second; no history means no windowed APY', async () => {
    const snapshot = await ctx.snapshots[1]!.current()
    const tokens = await all()
    const reserves = chain.addressBook.aaveV3!.reserves
    expect(reserves.length).toBeGreaterThan(3)
    for (const reserve of reserves) {
      const data = await chain.client.readContract({ address: chain.addressBook.aaveV3!.pool, abi: poolAbi, functionName: 'getReserveData', args: [reserve.asset], blockNumber: snapshot.blockNumber })
      const expected = compoundPerSecond(data.currentLiquidityRate)
      const aToken = byAddress(tokens, reserve.aToken)!
      expect(data.currentLiquidityRate).toBeGreaterThan(0n)
      expect(aToken.apy).toBeCloseTo(expected, 9)
      expect(aToken.apyWindow).toEqual({ method: 'liquidity-rate', fromBlock: snapshot.blockNumber, toBlock: snapshot.blockNumber, seconds: 0 })
    }
    // The devnet is an hour old, younger than the 7-day window: no share-price APY is invented.
    const svUSDC = chain.addressBook.tokens.svUSDC!.address
    expect(byAddress(tokens, svUSDC)).toMatchObject({ protocol: 'erc4626' })
    expect(byAddress(tokens, svUSDC)!.apy).toBeUndefined()
    expect(byAddress(tokens, svUSDC)!.apyWindow).toBeUndefined()
  })

  test('ERC-4626 share price, Lido rebase and Uniswap V2 fee income over the window; apyFrom/apyTo filter exactly', async () => {
    const svUSDC = chain.addressBook.tokens.svUSDC!.address
    const USDC = chain.addressBook.tokens.USDC!.address
    // One mined block first: a node started from a state dump keeps the state of blocks it mined.
    await chain.client.mine({ blocks: 1 })
    const start = await chain.client.getBlock()
    const oneShare = 10n ** BigInt(chain.addressBook.tokens.svUSDC!.decimals)
    const p0 = await chain.client.readContract({ address: svUSDC, abi: vaultAbi, functionName: 'convertToAssets', args: [oneShare], blockNumber: start.number })
    // Yield: 200,000 USDC donated to the vault, then a week passes.
    const donation = 200_000n * 10n ** 6n
    await devnet.fund({ chainId: 1, address: DONOR, token: 'USDC', amount: donation })
    await devnet.fund({ chainId: 1, address: DONOR, token: 'ETH', amount: 10n ** 18n })
    // Pinned times: the donation lands 12 s after the window's start block, the end a week after it.
    await chain.client.setNextBlockTimestamp({ timestamp: start.timestamp + 12n })
    await sendTx(chain.client, { address: USDC, abi: vaultAbi, functionName: 'transfer', args: [svUSDC, donation], account: DONOR })
    // Lido: the oracle reports 500 ETH of rewards.
    const stETH = chain.addressBook.lido!.stETH
    const oracle = await chain.client.readContract({ address: stETH, abi: stEthAbi, functionName: 'oracle' })
    await devnet.fund({ chainId: 1, address: oracle, token: 'ETH', amount: 500n * 10n ** 18n })
    await sendTx(chain.client, { address: stETH, abi: stEthAbi, functionName: 'reportRewards', value: 500n * 10n ** 18n, account: oracle })
    // Uniswap V2: a 2M USDC swap pays the pair its 0.3% fee.
    const usdcIn = 2_000_000n * 10n ** 6n
    await devnet.fund({ chainId: 1, address: DONOR, token: 'USDC', amount: usdcIn })
    const [r0, r1] = await chain.client.readContract({ address: PAIR, abi: pairAbi, functionName: 'getReserves' })
    const usdcIs0 = (await chain.client.readContract({ address: PAIR, abi: pairAbi, functionName: 'token0' })).toLowerCase() === USDC.toLowerCase()
    const [rIn, rOut] = usdcIs0 ? [r0, r1] : [r1, r0]
    const out = (usdcIn * 997n * rOut) / (rIn * 1000n + usdcIn * 997n)
    await sendTx(chain.client, { address: USDC, abi: vaultAbi, functionName: 'transfer', args: [PAIR, usdcIn], account: DONOR })
    await sendTx(chain.client, { address: PAIR, abi: pairAbi, functionName: 'swap', args: usdcIs0 ? [0n, out, DONOR, '0x'] : [out, 0n, DONOR, '0x'], account: DONOR })
    await chain.client.setNextBlockTimestamp({ timestamp: start.timestamp + BigInt(APY_WINDOW_SECONDS) })
    await chain.client.mine({ blocks: 1 })
    const end = await chain.client.getBlock()
    const p1 = await chain.client.readContract({ address: svUSDC, abi: vaultAbi, functionName: 'convertToAssets', args: [oneShare], blockNumber: end.number })
    expect(p1).toBeGreaterThan(p0)
    const expected = (Math.pow(Number(p1) / Number(p0), 365 / 7) - 1) * 100

    const tokens = await all()
    const vault = byAddress(tokens, svUSDC)!
    expect(vault.apy).toBeCloseTo(expected, 6)
    const window = { fromBlock: start.number, toBlock: end.number, seconds: APY_WINDOW_SECONDS }
    expect(vault.apyWindow).toEqual({ method: 'share-price', ...window })

    const ethPerShare = (blockNumber: bigint) => chain.client.readContract({ address: stETH, abi: stEthAbi, functionName: 'getPooledEthByShares', args: [10n ** 18n], blockNumber })
    const [e0, e1] = [await ethPerShare(start.number), await ethPerShare(end.number)]
    expect(e1).toBeGreaterThan(e0)
    expect(byAddress(tokens, stETH)!.apy).toBeCloseTo((Math.pow(Number(e1) / Number(e0), 365 / 7) - 1) * 100, 6)
    expect(byAddress(tokens, stETH)!.apyWindow).toEqual({ method: 'rebase', ...window })

    const lpValue = async (blockNumber: bigint) => {
      const [a, b] = await chain.client.readContract({ address: PAIR, abi: pairAbi, functionName: 'getReserves', blockNumber })
      return Math.sqrt(Number(a) * Number(b)) / Number(await chain.client.readContract({ address: PAIR, abi: pairAbi, functionName: 'totalSupply', blockNumber }))
    }
    const [v0, v1] = [await lpValue(start.number), await lpValue(end.number)]
    expect(v1).toBeGreaterThan(v0)
    const pair = byAddress(tokens, PAIR)!
    expect(pair.apy).toBeGreaterThan(0)
    expect(pair.apy).toBeCloseTo((Math.pow(v1 / v0, 365 / 7) - 1) * 100, 4)
    expect(pair.apyWindow).toEqual({ method: 'lp-value', ...window })
    // Balancer pools saw no swap in the window: invariant per BPT unchanged, a measured 0%.
    const bpt = byAddress(tokens, chain.addressBook.balancerV2.pools[0]!.address)!
    expect(bpt.apy).toBe(0)
    expect(bpt.apyWindow).toEqual({ method: 'lp-value', ...window })

    // Bounds are inclusive and exact; unknown APYs never pass.
    const apy = vault.apy!
    const known = tokens.filter((t) => t.apy !== undefined)
    expect(known.length).toBeGreaterThan(5)
    const only = await listTokens(ctx, { chainId: 1, apyFrom: apy, apyTo: apy, pageSize: 1000 })
    expect(only.data.map((t) => t.address)).toEqual([vault.address])
    expect((await listTokens(ctx, { chainId: 1, apyFrom: apy + 1e-9, apyTo: apy, pageSize: 1000 })).meta.total).toBe(0)
    const above = await listTokens(ctx, { chainId: 1, apyFrom: apy, pageSize: 1000 })
    expect(above.data.map((t) => t.address)).toEqual(known.filter((t) => t.apy! >= apy).map((t) => t.address))
    const below = await listTokens(ctx, { chainId: 1, apyTo: apy, pageSize: 1000 })
    expect(below.data.map((t) => t.address)).toEqual(known.filter((t) => t.apy! <= apy).map((t) => t.address))
    expect(above.meta.total + below.meta.total).toBe(known.length + 1)
  })
})

describe('tokens filters and pages', () => {
  const book = () => chain.addressBook
  const tok = (symbol: string) => book().tokens[symbol]!.address

  test('underlyingTokensExact: exactly that set of underlying tokens; underlyingTokens: at least those', async () => {
    const pairs = book().uniswapV2.pairs.filter((p) => new Set([p.token0, p.token1].map((a) => a.toLowerCase())).size === 2)
    const usdcWeth = [tok('USDC'), tok('WETH')]
    const exact = await listTokens(ctx, { chainId: 1, underlyingTokensExact: [tok('WETH'), tok('USDC').toLowerCase()], pageSize: 1000 })
    expect(exact.data.length).toBeGreaterThan(0)
    const sorted = (list: readonly string[]) => list.map((a) => a.toLowerCase()).sort()
    for (const t of exact.data) expect(sorted(t.underlyingTokens.map((u) => u.address))).toEqual(sorted(usdcWeth))
    expect(exact.data.map((t) => t.address)).toContain(PAIR)
    const atLeast = await listTokens(ctx, { chainId: 1, underlyingTokens: usdcWeth, pageSize: 1000 })
    // 3-token Balancer pools holding both count for `underlyingTokens`, not for the exact filter.
    const threeTokenPools = book().balancerV2.pools.filter((p) => p.tokens.length > 2 && usdcWeth.every((a) => p.tokens.some((x) => x.toLowerCase() === a.toLowerCase())))
    expect(atLeast.meta.total).toBe(exact.meta.total + threeTokenPools.length)
    expect(pairs.length).toBeGreaterThan(0)
  })

  // Issue 24 item 14: the published liquidityType, and symbol and name as lists.
  test('liquidityType: SingleToken positions have one underlying token, MultiToken several; base tokens are neither', async () => {
    const all = await listTokens(ctx, { chainId: 1, pageSize: 1000 })
    const single = await listTokens(ctx, { chainId: 1, liquidityType: 'SingleToken', pageSize: 1000 })
    const multi = await listTokens(ctx, { chainId: 1, liquidityType: 'MultiToken', pageSize: 1000 })
    expect(single.data.length).toBeGreaterThan(0)
    expect(multi.data.length).toBeGreaterThan(0)
    for (const t of single.data) expect([t.type, t.underlyingTokens.length]).toEqual(['defi', 1])
    for (const t of multi.data) expect(t.underlyingTokens.length).toBeGreaterThan(1)
    expect(multi.data.map((t) => t.address)).toContain(PAIR)
    expect(single.data.map((t) => t.address)).toContain(book().aaveV3!.reserves[0]!.aToken)
    expect(single.meta.total + multi.meta.total).toBe(all.data.filter((t) => t.type === 'defi').length)
    await expect(listTokens(ctx, { liquidityType: 'LP' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
  })

  test('symbol: any of the symbols; name: containing any of the names', async () => {
    const bySymbol = await listTokens(ctx, { chainId: 1, type: 'base', symbol: ['usdc', 'WETH'], pageSize: 1000 })
    expect(bySymbol.data.map((t) => t.address).sort()).toEqual([tok('USDC'), tok('WETH')].sort())
    const one = await listTokens(ctx, { chainId: 1, type: 'base', symbol: 'USDC', pageSize: 1000 })
    expect(one.data.map((t) => t.address)).toEqual([tok('USDC')])
    const byName = await listTokens(ctx, { chainId: 1, name: [book().tokens.USDC!.name, book().tokens.DAI!.name], type: 'base', pageSize: 1000 })
    expect(byName.data.map((t) => t.address)).toEqual(expect.arrayContaining([tok('USDC'), tok('DAI')]))
  })

  test('primaryAddress: the Aave Pool selects every aToken', async () => {
    const res = await listTokens(ctx, { primaryAddress: [book().aaveV3!.pool.toLowerCase()], pageSize: 1000 })
    expect(res.data.map((t) => t.address).sort()).toEqual(book().aaveV3!.reserves.map((r) => r.aToken).sort())
  })

  test('tvl (the spec minimum), tvlFrom and tvlTo are inclusive and exact', async () => {
    const tokens = (await all()).filter((t) => t.tvl !== undefined)
    const lp = byAddress(tokens, PAIR)!
    const tvl = lp.tvl!
    expect((await listTokens(ctx, { chainId: 1, tvlFrom: tvl, tvlTo: tvl })).data.map((t) => t.address)).toEqual([PAIR])
    expect((await listTokens(ctx, { chainId: 1, tvl, pageSize: 1000 })).data.map((t) => t.address)).toEqual(tokens.filter((t) => t.tvl! >= tvl).map((t) => t.address))
    expect((await listTokens(ctx, { chainId: 1, tvlTo: tvl, pageSize: 1000 })).data.map((t) => t.address)).toEqual(tokens.filter((t) => t.tvl! <= tvl).map((t) => t.address))
    // Both minimums apply.
    expect((await listTokens(ctx, { chainId: 1, tvl, tvlFrom: tvl + 1 })).meta.total).toBe(tokens.filter((t) => t.tvl! >= tvl + 1).length)
  })

  test('includeUnderlying=false empties underlyingTokens after filtering on them; includeMetadata is passed on', async () => {
    const res = await listTokens(ctx, { address: [PAIR], underlyingTokens: [tok('USDC')], includeUnderlying: false })
    expect(res.data).toHaveLength(1)
    expect(res.data[0]!.underlyingTokens).toEqual([])
    expect(res.includeMetadata).toBe(false)
    const full = await listTokens(ctx, { address: [PAIR], includeMetadata: true })
    expect(full.data[0]!.underlyingTokens).toHaveLength(2)
    expect(full.includeMetadata).toBe(true)
  })

  test('page and cursor (ours or the numeric offset) walk the same list; PaginationMeta fields', async () => {
    const everything = (await listTokens(ctx, { chainId: 1, pageSize: 1000 })).data.map((t) => t.address)
    const total = everything.length
    expect(total).toBeGreaterThan(14)
    const first = await listTokens(ctx, { chainId: 1, pageSize: 7 })
    expect(first.meta).toEqual({
      total, pageSize: 7, perPage: 7, nextCursor: first.meta.nextCursor, lastPage: Math.ceil(total / 7), currentPage: 1, prev: null, next: 2, cursor: 7,
    })
    const second = await listTokens(ctx, { chainId: 1, pageSize: 7, page: 2 })
    expect(second.data.map((t) => t.address)).toEqual(everything.slice(7, 14))
    expect(second.meta).toMatchObject({ currentPage: 2, prev: 1, next: 3, cursor: 14 })
    expect((await listTokens(ctx, { chainId: 1, pageSize: 7, cursor: first.meta.nextCursor })).data).toEqual(second.data)
    expect((await listTokens(ctx, { chainId: 1, pageSize: 7, cursor: 7 })).data).toEqual(second.data)
    expect((await listTokens(ctx, { chainId: 1, pageSize: 7, cursor: '7', page: 5 })).data).toEqual(second.data)
    const lastPage = Math.ceil(total / 7)
    const last = await listTokens(ctx, { chainId: 1, pageSize: 7, page: lastPage })
    expect(last.data.map((t) => t.address)).toEqual(everything.slice((lastPage - 1) * 7))
    expect(last.meta).toMatchObject({ currentPage: lastPage, prev: lastPage - 1, next: null, cursor: null })
    expect(last.meta).not.toHaveProperty('nextCursor')
    await expect(listTokens(ctx, { page: 0 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
    await expect(listTokens(ctx, { cursor: -1 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
    await expect(listTokens(ctx, { primaryAddress: ['0x12'] })).rejects.toMatchObject({ code: 'INVALID_ADDRESS' })
  })
})
