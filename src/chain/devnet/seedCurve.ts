import { getAddress, maxUint256, type Address } from 'viem'
import type { ChainAddressBook, CurveGaugeEntry, CurveStableSwapPoolEntry, TokenEntry } from '../addressBook.js'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { DevnetDeployError } from '../../errors/chain.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployAtCanonical } from './deployAtCanonical.js'
import { mintToDeployer } from './mintToDeployer.js'
import { pairAmounts, rawAmountForUsd } from './poolMath.js'
import { loadProtocolArtifact } from './protocolArtifacts.js'
import type { ScenarioCurve } from './scenario.js'
import { seedCurveNg } from './seedCurveNg.js'
import { seedCurveTwocrypto } from './seedCurveTwocrypto.js'
import { sendTx } from './sendTx.js'

/** A token the scenario declares with a gauge reward or a pool (not a scenario token). */

/** Parameters of {@link seedCurve}. */
export type SeedCurveParameters = { book: ChainAddressBook; curve: ScenarioCurve }

/** Approve and transfer through a token that may return nothing (USDT): the call's return value is not decoded. */
const approveAbi = [
  { type: 'function', name: 'approve', stateMutability: 'nonpayable', inputs: [{ name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }], outputs: [] },
  { type: 'function', name: 'transfer', stateMutability: 'nonpayable', inputs: [{ name: 'to', type: 'address' }, { name: 'value', type: 'uint256' }], outputs: [] },
] as const

/**
 * Sends the scratch deploys of the Curve contracts (and is the LP token's admin): an account of its own,
 * so the devnet deployer's nonce, which fixes the address of every contract a test deploys, stays as
 * it was before Curve existed.
 */
export const curveSeeder: Address = '0x00000000000000000000000000000000c0fe5eed'

const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const WEEK = 604_800n

/** Raw amounts of each coin for the pool's seeding deposit: `liquidityUsd` split by `sharesPct` (even by default). */
function seedAmounts(p: ScenarioCurve['pools'][number], coins: readonly { priceUsd: number; decimals: number }[]): bigint[] {
  return coins.map((c, k) => rawAmountForUsd({ usd: (p.liquidityUsd * (p.sharesPct?.[k] ?? 100 / coins.length)) / 100, priceUsd: c.priceUsd, decimals: c.decimals }))
}

/** Deploys one pool and its LP token at their addresses, hands the LP token's minting to the pool, and adds the seeding liquidity. */
async function seedPool(client: DevnetClient, book: ChainAddressBook, p: ScenarioCurve['pools'][number], pools: readonly CurveStableSwapPoolEntry[]): Promise<CurveStableSwapPoolEntry> {
  const lpArtifact = loadContractArtifact('DevCurveTokenV2')
  const lpToken = await deployAtCanonical(client, { name: p.lpSymbol, address: getAddress(p.lpToken), abi: lpArtifact.abi, bytecode: lpArtifact.bytecode, args: [p.lpName, p.lpSymbol], account: curveSeeder })
  if (p.variant === 'steth') return seedStethPool(client, book, p, lpToken)
  if (p.variant === 'meta') return seedMetaPool(client, book, p, lpToken, pools)
  const poolArtifact = loadContractArtifact('DevCurveStableSwap3Pool')
  const coins = p.coins.map((s) => book.tokens[s] as TokenEntry)
  const pool = await deployAtCanonical(client, {
    name: `Curve ${p.name}`, address: getAddress(p.address), abi: poolArtifact.abi, bytecode: poolArtifact.bytecode,
    args: [devnetDeployer, coins.map((c) => c.address), lpToken, BigInt(p.A), BigInt(p.fee), BigInt(p.adminFee)], account: curveSeeder,
  })
  await sendTx(client, { address: lpToken, abi: lpArtifact.abi, functionName: 'set_minter', args: [pool], account: curveSeeder })
  const amounts = seedAmounts(p, coins)
  for (const [k, c] of coins.entries()) {
    await mintToDeployer(client, c, amounts[k]!)
    await sendTx(client, { address: c.address, abi: approveAbi, functionName: 'approve', args: [pool, 0n] })
    await sendTx(client, { address: c.address, abi: approveAbi, functionName: 'approve', args: [pool, maxUint256] })
  }
  await sendTx(client, { address: pool, abi: poolArtifact.abi, functionName: 'add_liquidity', args: [amounts, 0n] })
  return { address: pool, lpToken, coins: coins.map((c) => c.address), name: p.name }
}

/**
 * The ETH/stETH pool (`DevCurveStableSwapSTETH`): coin 0 the native coin, coin 1 Lido's stETH, which the
 * deployer stakes for; the deposit sends the ETH as value and names the stETH the deployer actually holds
 * (a stake can mint 1 wei less than it pays).
 */
async function seedStethPool(client: DevnetClient, book: ChainAddressBook, p: ScenarioCurve['pools'][number], lpToken: Address): Promise<CurveStableSwapPoolEntry> {
  if (!book.lido) throw new Error('the steth pool needs the scenario\'s Lido staking (stETH)')
  const poolArtifact = loadContractArtifact('DevCurveStableSwapSTETH')
  const lpAbi = loadContractArtifact('DevCurveTokenV2').abi
  const stAbi = loadContractArtifact('DevStETH').abi
  const stETH = book.lido.stETH
  const pool = await deployAtCanonical(client, {
    name: `Curve ${p.name}`, address: getAddress(p.address), abi: poolArtifact.abi, bytecode: poolArtifact.bytecode,
    args: [devnetDeployer, [NATIVE, stETH], lpToken, BigInt(p.A), BigInt(p.fee), BigInt(p.adminFee)], account: curveSeeder,
  })
  await sendTx(client, { address: lpToken, abi: lpAbi, functionName: 'set_minter', args: [pool], account: curveSeeder })
  const ethPrice = Object.values(book.tokens).find((t) => t.address.toLowerCase() === book.weth.toLowerCase())!.priceUsd
  const [eth, st] = seedAmounts(p, [{ priceUsd: ethPrice, decimals: 18 }, { priceUsd: ethPrice, decimals: 18 }]) as [bigint, bigint]
  await client.setBalance({ address: devnetDeployer, value: (await client.getBalance({ address: devnetDeployer })) + eth + st + 10n ** 18n })
  await sendTx(client, { address: stETH, abi: stAbi, functionName: 'submit', args: ['0x0000000000000000000000000000000000000000'], value: st })
  const held = (await client.readContract({ address: stETH, abi: stAbi, functionName: 'balanceOf', args: [devnetDeployer] })) as bigint
  const amounts = [eth, held < st ? held : st]
  await sendTx(client, { address: stETH, abi: stAbi, functionName: 'approve', args: [pool, maxUint256] })
  await sendTx(client, { address: pool, abi: poolArtifact.abi, functionName: 'add_liquidity', args: [amounts, 0n], value: eth })
  await sendTx(client, { address: stETH, abi: stAbi, functionName: 'approve', args: [pool, 0n] })
  return { address: pool, lpToken, coins: [NATIVE, stETH], name: p.name, variant: 'steth' }
}

/**
 * A metapool (`DevCurveMetaPool`, our implementation of Curve's 2020 metapool template) over a 3pool seeded
 * before it, and its Deposit zap (`DevCurveMetaDeposit`), at their mainnet addresses. The pool's declared
 * coin (e.g. GUSD) is deployed first. The constructors' infinite approvals (pool -> base pool, zap -> both
 * pools) are the tokens' state, not the contracts', so they are given again from the canonical addresses.
 * The deployer deposits the meta coin and 3Crv it holds from the base pool's seeding (3Crv at one dollar).
 */
async function seedMetaPool(client: DevnetClient, book: ChainAddressBook, p: ScenarioCurve['pools'][number], lpToken: Address, pools: readonly CurveStableSwapPoolEntry[]): Promise<CurveStableSwapPoolEntry> {
  const base = pools.find((x) => x.name === p.basePool)
  if (!base || !p.zap) throw new Error(`metapool ${p.name} needs its base pool seeded before it and a zap`)
  for (const t of p.declares ?? []) if (!book.tokens[t.symbol]) await deployRewardToken(client, book, { symbol: t.symbol, token: t })
  const poolArtifact = loadContractArtifact('DevCurveMetaPool')
  const zapArtifact = loadContractArtifact('DevCurveMetaDeposit')
  const lpAbi = loadContractArtifact('DevCurveTokenV2').abi
  const coin = book.tokens[p.coins[0]!] as TokenEntry
  const pool = await deployAtCanonical(client, {
    name: `Curve ${p.name}`, address: getAddress(p.address), abi: poolArtifact.abi, bytecode: poolArtifact.bytecode,
    args: [devnetDeployer, [coin.address, base.lpToken], lpToken, base.address, BigInt(p.A), BigInt(p.fee), BigInt(p.adminFee)], account: curveSeeder,
  })
  await sendTx(client, { address: lpToken, abi: lpAbi, functionName: 'set_minter', args: [pool], account: curveSeeder })
  const zap = await deployAtCanonical(client, { name: `Curve ${p.name} Deposit`, address: getAddress(p.zap), abi: zapArtifact.abi, bytecode: zapArtifact.bytecode, args: [pool, lpToken], account: curveSeeder })
  const approvals: [Address, Address, Address][] = [
    ...base.coins.map((c) => [pool, c, base.address] as [Address, Address, Address]),
    [zap, coin.address, pool], [zap, base.lpToken, pool],
    ...base.coins.map((c) => [zap, c, base.address] as [Address, Address, Address]),
  ]
  for (const [owner, token, spender] of approvals) {
    await client.impersonateAccount({ address: owner })
    await client.setBalance({ address: owner, value: 10n ** 18n })
    await sendTx(client, { address: token, abi: approveAbi, functionName: 'approve', args: [spender, maxUint256], account: owner })
    await client.stopImpersonatingAccount({ address: owner })
    await client.setBalance({ address: owner, value: 0n })
  }
  const [coinAmount, lpAmount] = seedAmounts(p, [coin, { priceUsd: 1, decimals: 18 }]) as [bigint, bigint]
  if (p.declares?.some((t) => t.symbol === coin.symbol)) await sendTx(client, { address: coin.address, abi: loadContractArtifact('DevToken').abi, functionName: 'mint', args: [devnetDeployer, coinAmount], account: curveSeeder })
  else await mintToDeployer(client, coin, coinAmount)
  await sendTx(client, { address: coin.address, abi: approveAbi, functionName: 'approve', args: [pool, coinAmount] })
  await sendTx(client, { address: base.lpToken, abi: approveAbi, functionName: 'approve', args: [pool, lpAmount] })
  await sendTx(client, { address: pool, abi: poolArtifact.abi, functionName: 'add_liquidity', args: [[coinAmount, lpAmount], 0n] })
  return { address: pool, lpToken, coins: [coin.address, base.lpToken], name: p.name, variant: 'meta', zap }
}

/** A token the scenario declares with a gauge reward or a pool: our plain ERC-20 (`DevToken`) at its mainnet address, minted by the Curve seeder. */
async function deployRewardToken(client: DevnetClient, book: ChainAddressBook, r: Pick<ScenarioCurve['gauges'][number]['rewards'][number], 'symbol' | 'token'>): Promise<TokenEntry> {
  if (!r.token) throw new Error(`curve gauge reward ${r.symbol} is not a token`)
  const artifact = loadContractArtifact('DevToken')
  const address = await deployAtCanonical(client, { name: r.symbol, address: getAddress(r.token.address), abi: artifact.abi, bytecode: artifact.bytecode, args: [r.token.name, r.symbol, r.token.decimals], account: curveSeeder })
  const entry: TokenEntry = { address, symbol: r.symbol, name: r.token.name, decimals: r.token.decimals, priceUsd: r.token.priceUsd, kind: 'erc20' }
  book.tokens[r.symbol] = entry
  const pair = r.token.uniswapV2
  if (pair) {
    // Its market: a Uniswap V2 pair at the declared price, added by the deployer (whose nonce seedCurve puts back).
    const other = book.tokens[pair.pairWith] as TokenEntry
    const [amount, otherAmount] = pairAmounts(entry, other, pair.liquidityUsd, 0)
    const router = book.uniswapV2.router02
    await sendTx(client, { address, abi: loadContractArtifact('DevToken').abi, functionName: 'mint', args: [devnetDeployer, amount], account: curveSeeder })
    await mintToDeployer(client, other, otherAmount)
    await sendTx(client, { address, abi: approveAbi, functionName: 'approve', args: [router, amount] })
    await sendTx(client, { address: other.address, abi: approveAbi, functionName: 'approve', args: [router, 0n] })
    await sendTx(client, { address: other.address, abi: approveAbi, functionName: 'approve', args: [router, otherAmount] })
    await sendTx(client, { address: router, abi: loadProtocolArtifact('UniswapV2Router02').abi, functionName: 'addLiquidity', args: [address, other.address, amount, otherAmount, 0n, 0n, devnetDeployer, maxUint256] })
    const pairAddress = (await client.readContract({ address: book.uniswapV2.factory, abi: loadProtocolArtifact('UniswapV2Factory').abi, functionName: 'getPair', args: [address, other.address] })) as Address
    const [token0, token1] = address.toLowerCase() < other.address.toLowerCase() ? [address, other.address] : [other.address, address]
    book.uniswapV2.pairs.push({ address: getAddress(pairAddress), token0, token1, feeBps: 30 })
  }
  return entry
}

/**
 * The Minter (`DevCurveMinter`) and each gauge (`DevCurveLiquidityGauge`) at their mainnet addresses: the
 * gauge listed with the Minter at a flat CRV rate, the Minter funded with a year of that CRV, each extra
 * reward added (the deployer its distributor) and its first week deposited, then `stakedPct` of the
 * deployer's LP tokens staked.
 */
async function seedGauges(client: DevnetClient, book: ChainAddressBook, curve: ScenarioCurve, pools: readonly CurveStableSwapPoolEntry[]): Promise<{ gauges: CurveGaugeEntry[]; minter?: Address; crv?: Address }> {
  if (curve.gauges.length === 0 || !curve.minter || !curve.crv) return { gauges: [] }
  const minterArtifact = loadContractArtifact('DevCurveMinter')
  const gaugeArtifact = loadContractArtifact('DevCurveLiquidityGauge')
  const lpAbi = loadContractArtifact('DevCurveTokenV2').abi
  const crv = book.tokens[curve.crv] as TokenEntry
  const minter = await deployAtCanonical(client, { name: 'Curve Minter', address: getAddress(curve.minter), abi: minterArtifact.abi, bytecode: minterArtifact.bytecode, args: [crv.address, curveSeeder], account: curveSeeder })
  const gauges: CurveGaugeEntry[] = []
  const declared = new Set<string>()
  for (const g of curve.gauges) {
    const p = curve.pools.find((x) => x.lpSymbol === g.lpSymbol)!
    const lpToken = pools.find((x) => x.name === p.name)!.lpToken
    const gauge = await deployAtCanonical(client, {
      name: g.name, address: getAddress(g.address), abi: gaugeArtifact.abi, bytecode: gaugeArtifact.bytecode,
      args: [lpToken, minter, crv.address, curveSeeder, `Curve.fi ${g.lpSymbol} Gauge Deposit`, `${g.lpSymbol}-gauge`], account: curveSeeder,
    })
    await sendTx(client, { address: minter, abi: minterArtifact.abi, functionName: 'add_gauge', args: [gauge], account: curveSeeder })
    const crvPerWeek = rawAmountForUsd({ usd: g.crvPerWeek, priceUsd: 1, decimals: crv.decimals })
    await sendTx(client, { address: gauge, abi: gaugeArtifact.abi, functionName: 'set_inflation_rate', args: [crvPerWeek / WEEK], account: curveSeeder })
    await mintToDeployer(client, crv, crvPerWeek * 52n)
    await sendTx(client, { address: crv.address, abi: approveAbi, functionName: 'transfer', args: [minter, crvPerWeek * 52n] })
    const rewardTokens: Address[] = []
    for (const r of g.rewards) {
      let token = book.tokens[r.symbol]
      if (!token) {
        token = await deployRewardToken(client, book, r)
        declared.add(r.symbol)
      }
      const amount = rawAmountForUsd({ usd: r.perWeek, priceUsd: 1, decimals: token.decimals })
      await sendTx(client, { address: gauge, abi: gaugeArtifact.abi, functionName: 'add_reward', args: [token.address, devnetDeployer], account: curveSeeder })
      // A token the Curve seeder deployed mints from it; a scenario token from the deployer, as always.
      if (declared.has(r.symbol)) await sendTx(client, { address: token.address, abi: loadContractArtifact('DevToken').abi, functionName: 'mint', args: [devnetDeployer, amount], account: curveSeeder })
      else await mintToDeployer(client, token, amount)
      await sendTx(client, { address: token.address, abi: approveAbi, functionName: 'approve', args: [gauge, amount] })
      await sendTx(client, { address: gauge, abi: gaugeArtifact.abi, functionName: 'deposit_reward_token', args: [token.address, amount] })
      rewardTokens.push(token.address)
    }
    const lpHeld = (await client.readContract({ address: lpToken, abi: lpAbi, functionName: 'balanceOf', args: [devnetDeployer] })) as bigint
    const staked = (lpHeld * BigInt(Math.round(g.stakedPct * 100))) / 10_000n
    if (staked > 0n) {
      await sendTx(client, { address: lpToken, abi: lpAbi, functionName: 'approve', args: [gauge, staked] })
      await sendTx(client, { address: gauge, abi: gaugeArtifact.abi, functionName: 'deposit', args: [staked] })
    }
    gauges.push({ address: gauge, lpToken, rewardTokens, name: g.name })
  }
  return { gauges, minter, crv: crv.address }
}

/**
 * Deploys the scenario's Curve StableSwap pools: for each, our LP token (`DevCurveTokenV2`) and pool
 * (`DevCurveStableSwap3Pool` or `DevCurveStableSwapSTETH`, our implementations of those pools' ABI and
 * math) at their mainnet addresses (deployed by {@link curveSeeder}), the deployer as owner, then a
 * deposit of `liquidityUsd` (split by `sharesPct`) by the deployer, whose nonce is left as it was; then
 * the Minter and the gauges. Records `book.curve` and each LP token in `book.tokens` (priced at the
 * pool's USD value per LP token, about one coin at seeding).
 * @throws DevnetDeployError naming the pool that failed
 */
export async function seedCurve(client: DevnetClient, { book, curve }: SeedCurveParameters): Promise<void> {
  const pools: CurveStableSwapPoolEntry[] = []
  await client.impersonateAccount({ address: curveSeeder })
  await client.setBalance({ address: curveSeeder, value: 10n ** 20n })
  // The deployer mints, approves and deposits (it is the pools' first LP, as in every other protocol),
  // but creates nothing: its nonce is put back afterwards, so later CREATE addresses do not move.
  const nonce = await client.getTransactionCount({ address: devnetDeployer })
  for (const p of curve.pools) {
    try {
      const entry = await seedPool(client, book, p, pools)
      pools.push(entry)
      // At seeding one LP token is worth about one coin: a dollar (3pool) or an ether (steth).
      const priceUsd = p.variant === 'steth' ? (Object.values(book.tokens).find((t) => t.address.toLowerCase() === book.weth.toLowerCase())?.priceUsd ?? 0) : 1
      book.tokens[p.lpSymbol] = { address: entry.lpToken, symbol: p.lpSymbol, name: p.lpName, decimals: 18, priceUsd, kind: 'erc20' }
    } catch (cause) {
      throw new DevnetDeployError({ chainId: book.chainId, step: `seed Curve pool ${p.name}`, cause })
    }
  }
  let gauges: Awaited<ReturnType<typeof seedGauges>>
  try {
    gauges = await seedGauges(client, book, curve, pools)
  } catch (cause) {
    throw new DevnetDeployError({ chainId: book.chainId, step: 'seed Curve gauges', cause })
  }
  const twocryptoPools = await seedCurveTwocrypto(client, { book, pools: curve.twocryptoPools, seeder: curveSeeder, declareToken: deployRewardToken })
  try {
    pools.push(...(await seedCurveNg(client, { book, curve, seeder: curveSeeder })))
  } catch (cause) {
    throw new DevnetDeployError({ chainId: book.chainId, step: 'seed Curve stableswap-ng pools', cause })
  }
  await client.setNonce({ address: devnetDeployer, nonce })
  await client.stopImpersonatingAccount({ address: curveSeeder })
  book.curve = { pools, ...(gauges.gauges.length ? gauges : {}), ...(twocryptoPools.length ? { twocryptoPools } : {}) }
}
