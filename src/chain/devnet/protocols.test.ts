import { encodeAbiParameters, maxUint256, parseAbi, type Address } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { DevnetChain } from './devnetChain.js'
import { startDevnet, type Devnet } from './startDevnet.js'
import { revertDevnet } from './revertDevnet.js'

/** Real swaps through the real protocol contracts return exactly what their quoting functions promise. */

const erc20 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function approve(address,uint256) returns (bool)',
])
const router02 = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
const quoterV2 = parseAbi([
  'struct QuoteExactInputSingleParams { address tokenIn; address tokenOut; uint256 amountIn; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'function quoteExactInputSingle(QuoteExactInputSingleParams params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
  'function quoteExactInput(bytes path, uint256 amountIn) returns (uint256 amountOut, uint160[] sqrtPriceX96AfterList, uint32[] initializedTicksCrossedList, uint256 gasEstimate)',
])
const swapRouter02 = parseAbi([
  'struct ExactInputSingleParams { address tokenIn; address tokenOut; uint24 fee; address recipient; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }',
  'struct ExactInputParams { bytes path; address recipient; uint256 amountIn; uint256 amountOutMinimum; }',
  'function exactInputSingle(ExactInputSingleParams params) payable returns (uint256 amountOut)',
  'function exactInput(ExactInputParams params) payable returns (uint256 amountOut)',
])
const balancerVault = parseAbi([
  'struct SingleSwap { bytes32 poolId; uint8 kind; address assetIn; address assetOut; uint256 amount; bytes userData; }',
  'struct FundManagement { address sender; bool fromInternalBalance; address recipient; bool toInternalBalance; }',
  'function swap(SingleSwap singleSwap, FundManagement funds, uint256 limit, uint256 deadline) payable returns (uint256)',
])
const balancerQueries = parseAbi([
  'struct SingleSwap { bytes32 poolId; uint8 kind; address assetIn; address assetOut; uint256 amount; bytes userData; }',
  'struct FundManagement { address sender; bool fromInternalBalance; address recipient; bool toInternalBalance; }',
  'function querySwap(SingleSwap singleSwap, FundManagement funds) returns (uint256)',
])

const trader: Address = '0x00000000000000000000000000000000000cafe1'
const DEADLINE = 2n ** 40n

let devnet: Devnet
let chain: DevnetChain
beforeAll(async () => {
  devnet = await startDevnet({ chains: [1] })
  chain = devnet.chains[1]!
  await chain.client.impersonateAccount({ address: trader })
  await devnet.fund({ chainId: 1, address: trader, token: 'ETH', amount: 10n ** 20n })
})
afterAll(async () => {
  await devnet?.stop()
})
// Each case starts from the seeded scenario: a pool-draining swap must not move the next case's prices.
let snapshot: `0x${string}`
beforeEach(async () => {
  snapshot = await chain.client.snapshot()
})
afterEach(async () => {
  await revertDevnet(chain.client, snapshot)
})

async function send(address: Address, abi: readonly unknown[], functionName: string, args: readonly unknown[]) {
  const hash = await chain.client.writeContract({ address, abi, functionName, args, account: trader, chain: chain.client.chain, gas: 5_000_000n } as never)
  const receipt = await chain.client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt
}

const balanceOf = (token: Address, who: Address) => chain.client.readContract({ address: token, abi: erc20, functionName: 'balanceOf', args: [who] })

function v3Path(tokens: Address[], fees: number[]): `0x${string}` {
  let hex = tokens[0]!.slice(2)
  fees.forEach((fee, i) => {
    hex += fee.toString(16).padStart(6, '0') + tokens[i + 1]!.slice(2)
  })
  return `0x${hex.toLowerCase()}`
}

describe('Uniswap V2 Router02', () => {
  test.each([
    ['USDC', 'WETH', 2_500n * 10n ** 6n],
    ['WETH', 'USDT', 3n * 10n ** 18n],
    ['WBTC', 'WETH', 10n ** 7n],
  ])('swapExactTokensForTokens %s→%s returns exactly getAmountsOut', async (a, b, amountIn) => {
    const tokens = chain.addressBook.tokens
    const path = [tokens[a]!.address, tokens[b]!.address]
    await devnet.fund({ chainId: 1, address: trader, token: a, amount: amountIn })
    await send(path[0]!, erc20, 'approve', [chain.addressBook.uniswapV2.router02, amountIn])
    const quoted = await chain.client.readContract({ address: chain.addressBook.uniswapV2.router02, abi: router02, functionName: 'getAmountsOut', args: [amountIn, path] })
    const before = await balanceOf(path[1]!, trader)
    await send(chain.addressBook.uniswapV2.router02, router02, 'swapExactTokensForTokens', [amountIn, 0n, path, trader, DEADLINE])
    expect((await balanceOf(path[1]!, trader)) - before).toBe(quoted[1])
  })

  test('a two-hop path USDC→WETH→LINK equals getAmountsOut', async () => {
    const t = chain.addressBook.tokens
    const path = [t.USDC!.address, t.WETH!.address, t.LINK!.address]
    const amountIn = 10_000n * 10n ** 6n
    await devnet.fund({ chainId: 1, address: trader, token: 'USDC', amount: amountIn })
    await send(path[0]!, erc20, 'approve', [chain.addressBook.uniswapV2.router02, amountIn])
    const quoted = await chain.client.readContract({ address: chain.addressBook.uniswapV2.router02, abi: router02, functionName: 'getAmountsOut', args: [amountIn, path] })
    const before = await balanceOf(path[2]!, trader)
    await send(chain.addressBook.uniswapV2.router02, router02, 'swapExactTokensForTokens', [amountIn, 0n, path, trader, DEADLINE])
    expect((await balanceOf(path[2]!, trader)) - before).toBe(quoted[2])
  })
})

describe('Uniswap V3 SwapRouter02', () => {
  test.each([
    ['USDC', 'WETH', 500, 5_000n * 10n ** 6n],
    ['WETH', 'USDC', 3000, 10n ** 18n],
    ['USDC', 'USDT', 100, 250_000n * 10n ** 6n],
    // Large enough to leave the ±10% concentrated range: crosses initialized ticks.
    ['WETH', 'USDC', 500, 20_000n * 10n ** 18n],
  ] as const)('exactInputSingle %s→%s (fee %i) returns exactly QuoterV2', async (a, b, fee, amountIn) => {
    const t = chain.addressBook.tokens
    const tokenIn = t[a]!.address
    const tokenOut = t[b]!.address
    await devnet.fund({ chainId: 1, address: trader, token: a, amount: amountIn })
    await send(tokenIn, erc20, 'approve', [chain.addressBook.uniswapV3.swapRouter02, maxUint256])
    const { result } = await chain.client.simulateContract({
      address: chain.addressBook.uniswapV3.quoterV2, abi: quoterV2, functionName: 'quoteExactInputSingle',
      args: [{ tokenIn, tokenOut, amountIn, fee, sqrtPriceLimitX96: 0n }],
    })
    // The largest case leaves the concentrated range: QuoterV2 reports the initialized ticks crossed.
    if (amountIn >= 10n ** 22n) expect(result[2]).toBeGreaterThan(0)
    const before = await balanceOf(tokenOut, trader)
    await send(chain.addressBook.uniswapV3.swapRouter02, swapRouter02, 'exactInputSingle', [
      { tokenIn, tokenOut, fee, recipient: trader, amountIn, amountOutMinimum: 0n, sqrtPriceLimitX96: 0n },
    ])
    expect((await balanceOf(tokenOut, trader)) - before).toBe(result[0])
  })

  test('multi-hop exactInput WBTC→WETH→USDC equals quoteExactInput', async () => {
    const t = chain.addressBook.tokens
    const path = v3Path([t.WBTC!.address, t.WETH!.address, t.USDC!.address], [3000, 500])
    const amountIn = 5n * 10n ** 7n
    await devnet.fund({ chainId: 1, address: trader, token: 'WBTC', amount: amountIn })
    await send(t.WBTC!.address, erc20, 'approve', [chain.addressBook.uniswapV3.swapRouter02, maxUint256])
    const { result } = await chain.client.simulateContract({ address: chain.addressBook.uniswapV3.quoterV2, abi: quoterV2, functionName: 'quoteExactInput', args: [path, amountIn] })
    const before = await balanceOf(t.USDC!.address, trader)
    await send(chain.addressBook.uniswapV3.swapRouter02, swapRouter02, 'exactInput', [{ path, recipient: trader, amountIn, amountOutMinimum: 0n }])
    expect((await balanceOf(t.USDC!.address, trader)) - before).toBe(result[0])
  })
})

describe('Balancer V2 weighted pools', () => {
  test('Vault.swap returns exactly BalancerQueries.querySwap', async () => {
    const book = chain.addressBook
    const pool = book.balancerV2.pools.find((p) => p.tokens.includes(book.weth) && p.tokens.includes(book.tokens.USDC!.address) && p.tokens.length === 2)!
    const amountIn = 2n * 10n ** 18n
    await devnet.fund({ chainId: 1, address: trader, token: 'WETH', amount: amountIn })
    await send(book.weth, erc20, 'approve', [book.balancerV2.vault, maxUint256])
    const single = { poolId: pool.poolId, kind: 0, assetIn: book.weth, assetOut: book.tokens.USDC!.address, amount: amountIn, userData: encodeAbiParameters([], []) }
    const funds = { sender: trader, fromInternalBalance: false, recipient: trader, toInternalBalance: false }
    const { result } = await chain.client.simulateContract({ address: book.balancerV2.queries, abi: balancerQueries, functionName: 'querySwap', args: [single, funds] })
    expect(result).toBeGreaterThan(5_000n * 10n ** 6n)
    const before = await balanceOf(book.tokens.USDC!.address, trader)
    await send(book.balancerV2.vault, balancerVault, 'swap', [single, funds, 0n, DEADLINE])
    expect((await balanceOf(book.tokens.USDC!.address, trader)) - before).toBe(result)
  })
})
