import { erc20Abi, maxUint256, zeroAddress, type Address } from 'viem'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { liquidityForAmounts } from '../../protocols/uniswap-v3/clmmActions.js'
import { getSqrtRatioAtTick } from '../../protocols/uniswap-v3/tickMath.js'
import { uniswapV4PoolId, type UniswapV4PoolKey } from '../../protocols/uniswap-v4/poolId.js'
import type { ChainAddressBook, TokenEntry } from '../addressBook.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployAtCanonical } from './deployAtCanonical.js'
import { liquidityLayers, pairAmounts, sqrtPriceX96FromAmounts, tickRange } from './poolMath.js'
import { loadProtocolArtifact } from './protocolArtifacts.js'
import type { ScenarioPool } from './scenario.js'
import { sendTx } from './sendTx.js'

/**
 * Where the devnet's `DevUniswapV4LiquidityProvider` lives (a fixed devnet address, not a mainnet one): it
 * owns the seeded V4 positions.
 */
export const devUniswapV4LiquidityProvider: Address = '0x5eed000000000000000000000000000000000404'

/**
 * The token entries of a scenario V4 pool's two symbols; `ETH` (the native currency) takes WETH's price and
 * decimals at address zero.
 */
export function uniswapV4PoolTokens(book: ChainAddressBook, symbols: readonly [string, string]): [TokenEntry, TokenEntry] {
  const entry = (symbol: string): TokenEntry => {
    if (symbol === 'ETH') {
      const weth = Object.values(book.tokens).find((t) => t.kind === 'weth')
      if (!weth) throw new Error('a V4 ETH pool needs a WETH token for its price')
      return { ...weth, address: zeroAddress, symbol: 'ETH', name: 'Ether' }
    }
    const token = book.tokens[symbol]
    if (!token) throw new Error(`unknown token ${symbol}`)
    return token
  }
  return [entry(symbols[0]), entry(symbols[1])]
}

/**
 * Creates one hookless Uniswap V4 pool of the scenario on the devnet's PoolManager at the scenario price
 * (reference USD prices with the pool's skew) and adds its liquidity in layers like the V3 pools (60% in
 * the range, 25% in a range three times as wide, 15% full range, or all full range without `rangePct`),
 * through `DevUniswapV4LiquidityProvider` (unlock → modifyLiquidity → settle). The ERC-20s come from the
 * deployer's minted balances, native ETH from its balance. Appends the pool to `book.uniswapV4.pools`.
 */
export async function seedUniswapV4(client: DevnetClient, book: ChainAddressBook, p: Extract<ScenarioPool, { protocol: 'uniswap-v4' }>): Promise<void> {
  const v4 = book.uniswapV4
  if (!v4) throw new Error(`chain ${book.chainId} has no Uniswap V4 PoolManager`)
  const providerArtifact = loadContractArtifact('DevUniswapV4LiquidityProvider')
  const provider = await deployAtCanonical(client, {
    name: 'DevUniswapV4LiquidityProvider', address: devUniswapV4LiquidityProvider, abi: providerArtifact.abi, bytecode: providerArtifact.bytecode, args: [v4.poolManager],
  })
  const [a, b] = uniswapV4PoolTokens(book, p.tokens)
  const [amountA, amountB] = pairAmounts(a, b, p.liquidityUsd, p.priceSkewBps)
  const flipped = a.address.toLowerCase() > b.address.toLowerCase()
  const [t0, t1] = flipped ? [b, a] : [a, b]
  const [amount0, amount1] = flipped ? [amountB, amountA] : [amountA, amountB]
  const key: UniswapV4PoolKey = { currency0: t0.address, currency1: t1.address, fee: p.fee, tickSpacing: p.tickSpacing, hooks: zeroAddress }
  const sqrtPriceX96 = sqrtPriceX96FromAmounts(amount0, amount1)
  await sendTx(client, { address: v4.poolManager, abi: loadProtocolArtifact('UniswapV4PoolManager').abi, functionName: 'initialize', args: [key, sqrtPriceX96] })

  const erc20 = loadProtocolArtifact('WETH9').abi
  for (const t of [t0, t1]) {
    if (t.address === zeroAddress) continue
    // Once per token: USDT refuses to change a non-zero allowance.
    const allowance = await client.readContract({ address: t.address, abi: erc20Abi, functionName: 'allowance', args: [devnetDeployer, provider] })
    if (allowance === 0n) await sendTx(client, { address: t.address, abi: erc20, functionName: 'approve', args: [provider, maxUint256] })
  }
  const nativeAmount = t0.address === zeroAddress ? amount0 : 0n
  if (nativeAmount > 0n) {
    await client.setBalance({ address: devnetDeployer, value: (await client.getBalance({ address: devnetDeployer })) + nativeAmount * 2n })
  }
  const price = Number(amount1) / Number(amount0)
  for (const layer of liquidityLayers(p.rangePct)) {
    const [tickLower, tickUpper] = tickRange({ price, rangePct: layer.rangePct, tickSpacing: p.tickSpacing })
    const liquidity = liquidityForAmounts({
      sqrtPriceX96, sqrtLowerX96: getSqrtRatioAtTick(tickLower), sqrtUpperX96: getSqrtRatioAtTick(tickUpper),
      amount0: (amount0 * layer.share) / 100n, amount1: (amount1 * layer.share) / 100n,
    })
    // The provider refunds the native coin the position did not need.
    const value = nativeAmount > 0n ? (nativeAmount * layer.share) / 100n + 10n ** 15n : 0n
    await sendTx(client, { address: provider, abi: providerArtifact.abi, functionName: 'addLiquidity', args: [key, tickLower, tickUpper, liquidity], value })
  }
  v4.pools.push({ id: uniswapV4PoolId(key), ...key })
}
