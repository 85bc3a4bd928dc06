import { encodeAbiParameters, getAddress, maxUint256, parseEventLogs, type Address, type Hex } from 'viem'
import type { ChainAddressBook, TokenEntry } from '../addressBook.js'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { DevnetDeployError } from '../../errors/chain.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { liquidityLayers, pairAmounts, rawAmountForUsd, sqrtPriceX96FromAmounts, tickRange, tickSpacingOf } from './poolMath.js'
import { loadProtocolArtifact } from './protocolArtifacts.js'
import { parseWeight, type ScenarioAave, type ScenarioPool, type ScenarioStaking, type ScenarioVault } from './scenario.js'
import { seedAaveV3 } from './seedAaveV3.js'
import { seedUniswapV4, uniswapV4PoolTokens } from './seedUniswapV4.js'
import { deployAtCanonical } from './deployAtCanonical.js'
import { sendTx } from './sendTx.js'
import { tokenContractOf } from './tokenContractOf.js'

const DEADLINE = 2n ** 40n

/** Parameters of {@link seedScenario}. */
export type SeedScenarioParameters = {
  book: ChainAddressBook
  pools: readonly ScenarioPool[]
  vaults?: readonly ScenarioVault[] | undefined
  staking?: ScenarioStaking | undefined
  aave?: ScenarioAave | undefined
}

function sortPair(a: TokenEntry, b: TokenEntry): [TokenEntry, TokenEntry, boolean] {
  return a.address.toLowerCase() < b.address.toLowerCase() ? [a, b, false] : [b, a, true]
}

/** How much of each token the scenario's pools need, with a 10% margin (fee-on-transfer, rounding). */
function tokenNeeds(book: ChainAddressBook, pools: readonly ScenarioPool[], vaults: readonly ScenarioVault[]): Map<string, bigint> {
  const needs = new Map<string, bigint>()
  const add = (symbol: string, amount: bigint) => needs.set(symbol, (needs.get(symbol) ?? 0n) + amount)
  for (const v of vaults) {
    const asset = book.tokens[v.asset] as TokenEntry
    add(v.asset, rawAmountForUsd({ usd: v.depositUsd * v.sharePrice, priceUsd: asset.priceUsd, decimals: asset.decimals }))
  }
  for (const p of pools) {
    const toks = p.tokens.map((s) => book.tokens[s] as TokenEntry)
    if (p.protocol === 'balancer-v2-weighted') {
      toks.forEach((t, i) => add(t.symbol, rawAmountForUsd({ usd: p.liquidityUsd * Number(p.weights[i]), priceUsd: t.priceUsd, decimals: t.decimals })))
    } else if (p.protocol === 'uniswap-v4') {
      // The native side of a V4 pool is paid with ETH from the deployer's balance, not minted.
      const [a, b] = uniswapV4PoolTokens(book, p.tokens)
      const [x, y] = pairAmounts(a, b, p.liquidityUsd, p.priceSkewBps)
      if (p.tokens[0] !== 'ETH') add(p.tokens[0], x)
      if (p.tokens[1] !== 'ETH') add(p.tokens[1], y)
    } else {
      const [x, y] = pairAmounts(toks[0] as TokenEntry, toks[1] as TokenEntry, p.liquidityUsd, p.priceSkewBps)
      add(p.tokens[0] as string, x)
      add(p.tokens[1] as string, y)
    }
  }
  for (const [k, v] of needs) needs.set(k, (v * 11n) / 10n + 1n)
  return needs
}

/**
 * wstETH for pools, minted through the protocol (stake ETH, wrap the stETH), so every wstETH a pool
 * holds is backed and unwraps.
 */
async function stakeAndWrap(client: DevnetClient, lido: { stETH: Address; wstETH: Address }, wstAmount: bigint): Promise<void> {
  const st = loadContractArtifact('DevStETH').abi
  const wst = loadContractArtifact('DevWstETH').abi
  const stETHNeeded = ((await client.readContract({ address: lido.stETH, abi: st, functionName: 'getPooledEthByShares', args: [wstAmount] })) as bigint) + 2n
  const eth = stETHNeeded + 10n ** 18n
  await client.setBalance({ address: devnetDeployer, value: (await client.getBalance({ address: devnetDeployer })) + eth + 10n ** 18n })
  await sendTx(client, { address: lido.stETH, abi: st, functionName: 'submit', args: ['0x0000000000000000000000000000000000000000'], value: eth })
  await sendTx(client, { address: lido.stETH, abi: st, functionName: 'approve', args: [lido.wstETH, maxUint256] })
  await sendTx(client, { address: lido.wstETH, abi: wst, functionName: 'wrap', args: [stETHNeeded] })
}

async function mintAndApprove(client: DevnetClient, book: ChainAddressBook, needs: Map<string, bigint>): Promise<void> {
  const spenders = [book.uniswapV2.router02, book.uniswapV3.positionManager, book.balancerV2.vault]
  const weth = loadProtocolArtifact('WETH9').abi
  for (const [symbol, amount] of needs) {
    const token = book.tokens[symbol] as TokenEntry
    if (token.kind === 'weth') {
      await client.setBalance({ address: devnetDeployer, value: amount + 10n ** 30n })
      await sendTx(client, { address: token.address, abi: weth, functionName: 'deposit', value: amount })
    } else if (book.lido && token.address === book.lido.wstETH) {
      await stakeAndWrap(client, book.lido, amount)
    } else {
      const { callable } = tokenContractOf({ ...token, kind: token.kind })
      await sendTx(client, { address: token.address, abi: loadContractArtifact(callable).abi, functionName: 'mint', args: [devnetDeployer, amount] })
    }
    for (const spender of spenders) {
      await sendTx(client, { address: token.address, abi: weth, functionName: 'approve', args: [spender, maxUint256] })
    }
  }
}

async function seedV2(client: DevnetClient, book: ChainAddressBook, p: Extract<ScenarioPool, { protocol: 'uniswap-v2' }>): Promise<void> {
  const a = book.tokens[p.tokens[0]] as TokenEntry
  const b = book.tokens[p.tokens[1]] as TokenEntry
  const [amountA, amountB] = pairAmounts(a, b, p.liquidityUsd, p.priceSkewBps)
  await sendTx(client, {
    address: book.uniswapV2.router02,
    abi: loadProtocolArtifact('UniswapV2Router02').abi,
    functionName: 'addLiquidity',
    args: [a.address, b.address, amountA, amountB, 0n, 0n, devnetDeployer, DEADLINE],
  })
  const pair = (await client.readContract({
    address: book.uniswapV2.factory, abi: loadProtocolArtifact('UniswapV2Factory').abi, functionName: 'getPair', args: [a.address, b.address],
  })) as Address
  const [t0, t1] = sortPair(a, b)
  book.uniswapV2.pairs.push({ address: getAddress(pair), token0: t0.address, token1: t1.address, feeBps: 30 })
}

async function seedV3(client: DevnetClient, book: ChainAddressBook, p: Extract<ScenarioPool, { protocol: 'uniswap-v3' }>): Promise<void> {
  const a = book.tokens[p.tokens[0]] as TokenEntry
  const b = book.tokens[p.tokens[1]] as TokenEntry
  const [amountA, amountB] = pairAmounts(a, b, p.liquidityUsd, p.priceSkewBps)
  const [t0, t1, flipped] = sortPair(a, b)
  const [amount0, amount1] = flipped ? [amountB, amountA] : [amountA, amountB]
  const tickSpacing = tickSpacingOf[p.fee] as number
  const npm = loadProtocolArtifact('NonfungiblePositionManager').abi
  const sqrtPriceX96 = sqrtPriceX96FromAmounts(amount0, amount1)
  await sendTx(client, {
    address: book.uniswapV3.positionManager, abi: npm, functionName: 'createAndInitializePoolIfNecessary',
    args: [t0.address, t1.address, p.fee, sqrtPriceX96],
  })
  // Liquidity in layers, like a real pool: most in the scenario's range, some in a range three times
  // as wide, the rest full range, so large swaps cross initialized ticks instead of running dry.
  const price = Number(amount1) / Number(amount0)
  for (const layer of liquidityLayers(p.rangePct)) {
    const [tickLower, tickUpper] = tickRange({ price, rangePct: layer.rangePct, tickSpacing })
    await sendTx(client, {
      address: book.uniswapV3.positionManager, abi: npm, functionName: 'mint',
      args: [{
        token0: t0.address, token1: t1.address, fee: p.fee, tickLower, tickUpper,
        amount0Desired: (amount0 * layer.share) / 100n, amount1Desired: (amount1 * layer.share) / 100n, amount0Min: 0n, amount1Min: 0n,
        recipient: devnetDeployer, deadline: DEADLINE,
      }],
    })
  }
  const pool = (await client.readContract({
    address: book.uniswapV3.factory, abi: loadProtocolArtifact('UniswapV3Factory').abi, functionName: 'getPool', args: [t0.address, t1.address, p.fee],
  })) as Address
  book.uniswapV3.pools.push({ address: getAddress(pool), token0: t0.address, token1: t1.address, fee: p.fee, tickSpacing })
}

async function seedBalancer(client: DevnetClient, book: ChainAddressBook, p: Extract<ScenarioPool, { protocol: 'balancer-v2-weighted' }>): Promise<void> {
  const entries = p.tokens
    .map((s, i) => ({ token: book.tokens[s] as TokenEntry, weight: p.weights[i] as string }))
    .sort((x, y) => (x.token.address.toLowerCase() < y.token.address.toLowerCase() ? -1 : 1))
  const factoryAbi = loadProtocolArtifact('BalancerWeightedPoolFactory').abi
  const receipt = await sendTx(client, {
    address: book.balancerV2.weightedPoolFactory, abi: factoryAbi, functionName: 'create',
    args: [
      `Balancer ${p.tokens.join('-')}`, `B-${p.tokens.join('-')}`, entries.map((e) => e.token.address),
      entries.map((e) => parseWeight(e.weight)), entries.map(() => '0x0000000000000000000000000000000000000000'),
      BigInt(p.swapFeeBps) * 10n ** 14n, devnetDeployer,
    ],
  })
  const created = parseEventLogs({ abi: factoryAbi, logs: receipt.logs, eventName: 'PoolCreated' as never })[0] as { args: { pool: Address } } | undefined
  if (!created) throw new Error('PoolCreated event missing')
  const pool = getAddress(created.args.pool)
  const poolId = (await client.readContract({ address: pool, abi: loadProtocolArtifact('BalancerWeightedPool').abi, functionName: 'getPoolId' })) as Hex
  const amounts = entries.map((e) =>
    rawAmountForUsd({
      usd: p.liquidityUsd * Number(e.weight), priceUsd: e.token.priceUsd, decimals: e.token.decimals,
      // The skew moves the first listed token's price: hold less of it.
      skewBps: e.token.symbol === p.tokens[0] ? -p.priceSkewBps : 0,
    }),
  )
  const INIT = 0n
  const userData = encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256[]' }], [INIT, amounts])
  await sendTx(client, {
    address: book.balancerV2.vault, abi: loadProtocolArtifact('BalancerVault').abi, functionName: 'joinPool',
    args: [poolId, devnetDeployer, devnetDeployer, { assets: entries.map((e) => e.token.address), maxAmountsIn: amounts, userData, fromInternalBalance: false }],
  })
  book.balancerV2.pools.push({
    address: pool, poolId, tokens: entries.map((e) => e.token.address), weights: entries.map((e) => e.weight), swapFeeBps: p.swapFeeBps,
  })
}

/**
 * Deploys the liquid-staking pair (stETH with Lido's share accounting, wstETH) at their addresses,
 * stakes the declared ETH, reports the declared rewards (so a share is worth more than 1 ETH, as on
 * mainnet) and wraps part of it. Records both tokens and the pair in the address book.
 */
async function seedStaking(client: DevnetClient, book: ChainAddressBook, s: ScenarioStaking): Promise<void> {
  const st = loadContractArtifact('DevStETH')
  const wst = loadContractArtifact('DevWstETH')
  const stETH = await deployAtCanonical(client, { name: 'stETH', address: s.stETH, abi: st.abi, bytecode: st.bytecode })
  const wstETH = await deployAtCanonical(client, { name: 'wstETH', address: s.wstETH, abi: wst.abi, bytecode: wst.bytecode, args: [stETH] })
  const staked = BigInt(Math.round(s.stakedEth)) * 10n ** 18n
  const rewards = (staked * BigInt(Math.round(s.rewardsPct * 100))) / 10_000n
  await client.setBalance({ address: devnetDeployer, value: staked + rewards + 10n ** 24n })
  await sendTx(client, { address: stETH, abi: st.abi, functionName: 'submit', args: ['0x0000000000000000000000000000000000000000'], value: staked })
  if (rewards > 0n) await sendTx(client, { address: stETH, abi: st.abi, functionName: 'reportRewards', value: rewards })
  const wrap = ((staked + rewards) * BigInt(Math.round(s.wrappedPct * 100))) / 10_000n
  if (wrap > 0n) {
    await sendTx(client, { address: stETH, abi: st.abi, functionName: 'approve', args: [wstETH, maxUint256] })
    await sendTx(client, { address: wstETH, abi: wst.abi, functionName: 'wrap', args: [wrap] })
  }
  const weth = Object.values(book.tokens).find((t) => t.kind === 'weth')
  const ethUsd = weth?.priceUsd ?? 0
  const rate = Number(staked + rewards) / Number(staked)
  book.tokens.stETH = { address: stETH, symbol: 'stETH', name: 'Liquid staked Ether 2.0', decimals: 18, priceUsd: ethUsd, kind: 'rebasing' }
  book.tokens.wstETH = { address: wstETH, symbol: 'wstETH', name: 'Wrapped liquid staked Ether 2.0', decimals: 18, priceUsd: ethUsd * rate, kind: 'erc20' }
  book.lido = { stETH, wstETH }
}

/**
 * Deploys an OpenZeppelin ERC-4626 vault over a scenario token at the scenario's address, deposits
 * the declared amount, and donates assets to reach the declared share price (the vault's yield).
 * Records the share token and the vault in the address book.
 */
async function seedVault(client: DevnetClient, book: ChainAddressBook, v: ScenarioVault): Promise<void> {
  const asset = book.tokens[v.asset] as TokenEntry
  const artifact = loadContractArtifact('DevVault')
  const address = await deployAtCanonical(client, { name: v.symbol, address: v.address, abi: artifact.abi, bytecode: artifact.bytecode, args: [asset.address, v.name, v.symbol] })
  const erc20 = loadProtocolArtifact('WETH9').abi
  const deposit = rawAmountForUsd({ usd: v.depositUsd, priceUsd: asset.priceUsd, decimals: asset.decimals })
  await sendTx(client, { address: asset.address, abi: erc20, functionName: 'approve', args: [address, maxUint256] })
  await sendTx(client, { address, abi: artifact.abi, functionName: 'deposit', args: [deposit, devnetDeployer] })
  const donation = (deposit * BigInt(Math.round((v.sharePrice - 1) * 1e6))) / 1_000_000n
  if (donation > 0n) await sendTx(client, { address: asset.address, abi: erc20, functionName: 'transfer', args: [address, donation] })
  book.tokens[v.symbol] = { address, symbol: v.symbol, name: v.name, decimals: asset.decimals, priceUsd: asset.priceUsd * v.sharePrice, kind: 'erc20' }
  book.erc4626 ??= { vaults: [] }
  book.erc4626.vaults.push({ address, asset: asset.address, symbol: v.symbol })
}

/**
 * Seeds a chain's pools from the scenario: mints the tokens, creates every pool at its scenario
 * price (reference USD prices with the pool's skew) and adds the declared liquidity; then the
 * optional Aave V3 market (see `seedAaveV3`). Appends each pool and market to the address book.
 * @throws DevnetDeployError naming the pool that failed
 */
export async function seedScenario(client: DevnetClient, { book, pools, vaults = [], staking, aave }: SeedScenarioParameters): Promise<ChainAddressBook> {
  if (staking) {
    try {
      await seedStaking(client, book, staking)
    } catch (cause) {
      throw new DevnetDeployError({ chainId: book.chainId, step: 'seed liquid staking', cause })
    }
  }
  await mintAndApprove(client, book, tokenNeeds(book, pools, vaults))
  for (const v of vaults) {
    try {
      await seedVault(client, book, v)
    } catch (cause) {
      throw new DevnetDeployError({ chainId: book.chainId, step: `seed vault ${v.symbol}`, cause })
    }
  }
  for (const p of pools) {
    try {
      if (p.protocol === 'uniswap-v2') await seedV2(client, book, p)
      else if (p.protocol === 'uniswap-v3') await seedV3(client, book, p)
      else if (p.protocol === 'uniswap-v4') await seedUniswapV4(client, book, p)
      else await seedBalancer(client, book, p)
    } catch (cause) {
      throw new DevnetDeployError({ chainId: book.chainId, step: `seed ${p.protocol} ${p.tokens.join('/')}`, cause })
    }
  }
  if (aave) {
    try {
      await seedAaveV3(client, book, aave)
    } catch (cause) {
      throw new DevnetDeployError({ chainId: book.chainId, step: 'seed Aave V3', cause })
    }
  }
  return book
}
