import { encodeAbiParameters, encodeDeployData, encodeFunctionData, maxUint256, zeroAddress, type Abi, type Address, type Hex } from 'viem'
import { loadContractArtifact } from '../../../contracts/loadContractArtifact.js'
import { liquidityForAmounts } from '../../../protocols/uniswap-v3/clmmActions.js'
import { getSqrtRatioAtTick } from '../../../protocols/uniswap-v3/tickMath.js'
import type { UniswapV4PoolKey } from '../../../protocols/uniswap-v4/poolId.js'
import type { ChainAddressBook, TokenEntry } from '../../addressBook.js'
import { liquidityLayers, pairAmounts, rawAmountForUsd, sqrtBigInt, sqrtPriceX96FromAmounts, tickRange, tickSpacingOf } from '../poolMath.js'
import { loadProtocolArtifact } from '../protocolArtifacts.js'
import { parseWeight, type ScenarioPool } from '../scenario.js'
import type { WorldCall } from './sendWorldCalls.js'

/**
 * The transactions that build one generated pool or token, as {@link WorldCall}s from the world
 * deployer: the same protocol entry points as the listed pools' seeding (`seedScenario`), at the same
 * prices, with liquidity in the same layers.
 */

const DEADLINE = 2n ** 40n
const call = (from: Address, to: Address, abi: Abi, functionName: string, args: readonly unknown[], gas: bigint, value?: bigint): WorldCall => ({
  from, to, gas, data: encodeFunctionData({ abi, functionName, args } as never), ...(value ? { value } : {}),
})

/** A generated DevToken, created by the world deployer (its minter). */
export function deployTokenCall(from: Address, t: { name: string; symbol: string; decimals: number }): WorldCall {
  const { abi, bytecode } = loadContractArtifact('DevToken')
  return { from, gas: 3_000_000n, data: encodeDeployData({ abi: abi as Abi, bytecode, args: [t.name, t.symbol, t.decimals] }) }
}

/** A generated OpenZeppelin ERC-4626 vault (DevVault) over `asset`. */
export function deployVaultCall(from: Address, v: { name: string; symbol: string; asset: Address }): WorldCall {
  const { abi, bytecode } = loadContractArtifact('DevVault')
  return { from, gas: 5_000_000n, data: encodeDeployData({ abi: abi as Abi, bytecode, args: [v.asset, v.name, v.symbol] }) }
}

/** `approve(spender, max)` of `token` by `from`. */
export function approveCall(from: Address, token: Address, spender: Address): WorldCall {
  return call(from, token, loadProtocolArtifact('WETH9').abi, 'approve', [spender, maxUint256], 120_000n)
}

/** `mint(to, amount)` of a DevToken or TetherToken, sent by its minter. */
export function mintCall(minter: Address, token: TokenEntry, to: Address, amount: bigint): WorldCall {
  const contract = token.kind === 'tether' ? 'TetherToken' : 'DevToken'
  return call(minter, token.address, loadContractArtifact(contract).abi, 'mint', [to, amount], 200_000n)
}

/** WETH9 `deposit` of `amount` by `from`. */
export function wrapCall(from: Address, weth: Address, amount: bigint): WorldCall {
  return call(from, weth, loadProtocolArtifact('WETH9').abi, 'deposit', [], 120_000n, amount)
}

/** The raw amounts of each token a pool takes (Balancer: per weight; the others: half and half at the skewed price). */
export function poolAmounts(p: ScenarioPool, tokens: readonly TokenEntry[]): bigint[] {
  if (p.protocol === 'balancer-v2-weighted') {
    return tokens.map((t, i) => rawAmountForUsd({ usd: p.liquidityUsd * Number(p.weights[i]), priceUsd: t.priceUsd, decimals: t.decimals, skewBps: i === 0 ? -p.priceSkewBps : 0 }))
  }
  const [a, b] = pairAmounts(tokens[0]!, tokens[1]!, p.liquidityUsd, p.priceSkewBps)
  // A V2 pair burns 1,000 units of √(a·b) at its first mint: a dust pair of few raw units (8 and 6
  // decimal tokens, a dollar) is scaled up, at the same price, to hold at least 10,000.
  const root = sqrtBigInt(a * b)
  if (p.protocol !== 'uniswap-v2' || root >= MIN_V2_ROOT) return [a, b]
  const scale = root === 0n ? MIN_V2_ROOT : (MIN_V2_ROOT + root - 1n) / root
  return [a === 0n ? 1n : a * scale, b === 0n ? 1n : b * scale]
}

const MIN_V2_ROOT = 10_000n

/** A V2 pair: Router02 `addLiquidity`, which creates the pair. */
export function uniswapV2Calls(from: Address, book: ChainAddressBook, tokens: readonly [TokenEntry, TokenEntry], amounts: readonly bigint[]): WorldCall[] {
  const abi = loadProtocolArtifact('UniswapV2Router02').abi
  return [call(from, book.uniswapV2.router02, abi, 'addLiquidity', [tokens[0].address, tokens[1].address, amounts[0]!, amounts[1]!, 0n, 0n, from, DEADLINE], 5_000_000n)]
}

/** A V3 pool: the position manager creates and initializes it, then mints its layers. */
export function uniswapV3Calls(from: Address, book: ChainAddressBook, p: Extract<ScenarioPool, { protocol: 'uniswap-v3' }>, tokens: readonly [TokenEntry, TokenEntry], amounts: readonly bigint[]): WorldCall[] {
  const flipped = tokens[0].address.toLowerCase() > tokens[1].address.toLowerCase()
  const [t0, t1] = flipped ? [tokens[1], tokens[0]] : tokens
  const [amount0, amount1] = flipped ? [amounts[1]!, amounts[0]!] : [amounts[0]!, amounts[1]!]
  const npm = loadProtocolArtifact('NonfungiblePositionManager').abi
  const calls = [call(from, book.uniswapV3.positionManager, npm, 'createAndInitializePoolIfNecessary', [t0.address, t1.address, p.fee, sqrtPriceX96FromAmounts(amount0, amount1)], 6_000_000n)]
  const price = Number(amount1) / Number(amount0)
  for (const layer of liquidityLayers(p.rangePct)) {
    const [tickLower, tickUpper] = tickRange({ price, rangePct: layer.rangePct, tickSpacing: tickSpacingOf[p.fee]! })
    calls.push(call(from, book.uniswapV3.positionManager, npm, 'mint', [{
      token0: t0.address, token1: t1.address, fee: p.fee, tickLower, tickUpper,
      amount0Desired: (amount0 * layer.share) / 100n, amount1Desired: (amount1 * layer.share) / 100n, amount0Min: 0n, amount1Min: 0n, recipient: from, deadline: DEADLINE,
    }], 1_000_000n))
  }
  return calls
}

/** A hookless V4 pool: the PoolManager initializes it, the devnet's liquidity provider adds its layers (native ETH as value). */
export function uniswapV4Calls(from: Address, p: { poolManager: Address; provider: Address }, pool: Extract<ScenarioPool, { protocol: 'uniswap-v4' }>, tokens: readonly [TokenEntry, TokenEntry], amounts: readonly bigint[]): { calls: WorldCall[]; key: UniswapV4PoolKey } {
  const flipped = tokens[0].address.toLowerCase() > tokens[1].address.toLowerCase()
  const [t0, t1] = flipped ? [tokens[1], tokens[0]] : tokens
  const [amount0, amount1] = flipped ? [amounts[1]!, amounts[0]!] : [amounts[0]!, amounts[1]!]
  const key: UniswapV4PoolKey = { currency0: t0.address, currency1: t1.address, fee: pool.fee, tickSpacing: pool.tickSpacing, hooks: zeroAddress }
  const sqrtPriceX96 = sqrtPriceX96FromAmounts(amount0, amount1)
  const calls = [call(from, p.poolManager, loadProtocolArtifact('UniswapV4PoolManager').abi, 'initialize', [key, sqrtPriceX96], 500_000n)]
  const provider = loadContractArtifact('DevUniswapV4LiquidityProvider').abi
  const price = Number(amount1) / Number(amount0)
  for (const layer of liquidityLayers(pool.rangePct)) {
    const [tickLower, tickUpper] = tickRange({ price, rangePct: layer.rangePct, tickSpacing: pool.tickSpacing })
    const liquidity = liquidityForAmounts({
      sqrtPriceX96, sqrtLowerX96: getSqrtRatioAtTick(tickLower), sqrtUpperX96: getSqrtRatioAtTick(tickUpper),
      amount0: (amount0 * layer.share) / 100n, amount1: (amount1 * layer.share) / 100n,
    })
    if (liquidity === 0n) continue
    // The provider refunds the native coin the position did not need.
    const value = t0.address === zeroAddress ? (amount0 * layer.share) / 100n + 10n ** 15n : 0n
    calls.push(call(from, p.provider, provider, 'addLiquidity', [key, tickLower, tickUpper, liquidity], 1_500_000n, value))
  }
  return { calls, key }
}

/** A Balancer weighted pool: the factory creates it (its id comes from the creation's logs; see {@link balancerJoinCall}). */
export function balancerCreateCall(from: Address, book: ChainAddressBook, p: Extract<ScenarioPool, { protocol: 'balancer-v2-weighted' }>, sorted: readonly { token: TokenEntry; weight: string }[]): WorldCall {
  return call(from, book.balancerV2.weightedPoolFactory, loadProtocolArtifact('BalancerWeightedPoolFactory').abi, 'create', [
    `Balancer ${p.tokens.join('-')}`, `B-${p.tokens.join('-')}`, sorted.map((e) => e.token.address),
    sorted.map((e) => parseWeight(e.weight)), sorted.map(() => zeroAddress), BigInt(p.swapFeeBps) * 10n ** 14n, from,
  ], 9_000_000n)
}

/** The INIT join that funds a created Balancer pool with `amounts` (in the pool's sorted token order). */
export function balancerJoinCall(from: Address, book: ChainAddressBook, poolId: Hex, assets: readonly Address[], amounts: readonly bigint[]): WorldCall {
  const userData = encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256[]' }], [0n, [...amounts]])
  return call(from, book.balancerV2.vault, loadProtocolArtifact('BalancerVault').abi, 'joinPool', [
    poolId, from, from, { assets, maxAmountsIn: amounts, userData, fromInternalBalance: false },
  ], 1_500_000n)
}

/** A vault's seeding: the deposit, then the donation that sets its share price. */
export function vaultCalls(from: Address, vault: Address, asset: TokenEntry, v: { depositUsd: number; sharePrice: number }): WorldCall[] {
  const deposit = rawAmountForUsd({ usd: v.depositUsd, priceUsd: asset.priceUsd, decimals: asset.decimals })
  const donation = (deposit * BigInt(Math.round((v.sharePrice - 1) * 1e6))) / 1_000_000n
  const calls = [call(from, vault, loadContractArtifact('DevVault').abi, 'deposit', [deposit, from], 600_000n)]
  if (donation > 0n) calls.push(call(from, asset.address, loadProtocolArtifact('WETH9').abi, 'transfer', [vault, donation], 200_000n))
  return calls
}
