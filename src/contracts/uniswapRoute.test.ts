import { decodeErrorResult, erc20Abi, maxUint256, parseAbi, parseEventLogs, type Address, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { startDevnet, type Devnet, type DevnetChain } from '../chain/devnet/startDevnet.js'
import {
  Planner, addForceApprove, addBalanceOfSelf, addSweep, createRequestId, encodeRouteMulti, encodeSafeRouteSingle, functionCall, parseRequestId,
} from '../encoding/index.js'
import { switchyardExecutorAbi, switchyardRouterAbi } from './generated/abis.js'
import type { SwitchyardAddresses } from './deploySwitchyardContracts.js'
import { revertDevnet } from '../chain/devnet/revertDevnet.js'

/**
 * A weiroll plan that swaps through the real Uniswap V2 Router02 and V3 SwapRouter02 on the devnet,
 * executed through our router: exact outputs, AmountTooLow, sweeps and zero leftovers.
 */

const v2RouterAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
const swapRouter02Abi = parseAbi([
  'struct ExactInputSingleParams { address tokenIn; address tokenOut; uint24 fee; address recipient; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }',
  'function exactInputSingle(ExactInputSingleParams params) payable returns (uint256 amountOut)',
])
const quoterV2Abi = parseAbi([
  'struct QuoteExactInputSingleParams { address tokenIn; address tokenOut; uint256 amountIn; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'function quoteExactInputSingle(QuoteExactInputSingleParams params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
])

const sender: Address = '0x00000000000000000000000000000000005e17de'
const receiver: Address = '0x000000000000000000000000000000000000ec01'
const refund: Address = '0x000000000000000000000000000000000000f00d'
const DEADLINE = 2n ** 40n

let devnet: Devnet
let chain: DevnetChain
let sy: SwitchyardAddresses
let tokens: { USDC: Address; WETH: Address; WBTC: Address }
beforeAll(async () => {
  devnet = await startDevnet({ chains: [1] })
  chain = devnet.chains[1]!
  sy = chain.addressBook.switchyard as unknown as SwitchyardAddresses
  const t = chain.addressBook.tokens
  tokens = { USDC: t.USDC!.address, WETH: t.WETH!.address, WBTC: t.WBTC!.address }
  await devnet.fund({ chainId: 1, address: sender, token: 'ETH', amount: 10n ** 19n })
  await chain.client.impersonateAccount({ address: sender })
})
afterAll(async () => {
  await devnet?.stop()
})
let snapshot: Hex
beforeEach(async () => {
  snapshot = await chain.client.snapshot()
})
afterEach(async () => {
  await revertDevnet(chain.client, snapshot)
})

const balanceOf = (token: Address, who: Address) => chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })

/** USDC → (V2 Router02) → WETH → (V3 0.3% via SwapRouter02) → WBTC; swaps `swapAmount` of the input and sweeps the rest. */
function planUsdcToWbtc(swapAmount: bigint): { commands: Hex[]; state: Hex[] } {
  const p = new Planner()
  const book = chain.addressBook
  addForceApprove(p, { token: tokens.USDC, spender: book.uniswapV2.router02, amount: swapAmount })
  p.add(functionCall({
    address: book.uniswapV2.router02, abi: v2RouterAbi, functionName: 'swapExactTokensForTokens',
    args: [swapAmount, 0n, [tokens.USDC, tokens.WETH], sy.executor, DEADLINE],
  }))
  const weth = addBalanceOfSelf(p, { helpers: sy.helpers, token: tokens.WETH })
  addForceApprove(p, { token: tokens.WETH, spender: book.uniswapV3.swapRouter02, amount: weth })
  p.add(functionCall({
    address: book.uniswapV3.swapRouter02, abi: swapRouter02Abi, functionName: 'exactInputSingle',
    args: [{ tokenIn: tokens.WETH, tokenOut: tokens.WBTC, fee: 3000, recipient: sy.executor, amountIn: weth, amountOutMinimum: 0n, sqrtPriceLimitX96: 0n }],
  }))
  addSweep(p, { helpers: sy.helpers, token: tokens.WBTC, receiver })
  addSweep(p, { helpers: sy.helpers, token: tokens.USDC, receiver: refund })
  return p.plan()
}

async function expectedWbtc(swapAmount: bigint): Promise<bigint> {
  const book = chain.addressBook
  const amounts = await chain.client.readContract({ address: book.uniswapV2.router02, abi: v2RouterAbi, functionName: 'getAmountsOut', args: [swapAmount, [tokens.USDC, tokens.WETH]] })
  const { result } = await chain.client.simulateContract({
    address: book.uniswapV3.quoterV2, abi: quoterV2Abi, functionName: 'quoteExactInputSingle',
    args: [{ tokenIn: tokens.WETH, tokenOut: tokens.WBTC, amountIn: amounts[1]!, fee: 3000, sqrtPriceLimitX96: 0n }],
  })
  return result[0]
}

async function sendRoute(data: Hex) {
  const hash = await chain.client.sendTransaction({ account: sender, to: sy.router, data, chain: chain.client.chain, gas: 3_000_000n })
  return chain.client.waitForTransactionReceipt({ hash })
}

describe('router over real Uniswap V2 + V3', () => {
  test('delivers exactly the planned output to a receiver other than the sender; dust to refundReceiver; nothing left behind', async () => {
    const amountIn = 20_000n * 10n ** 6n
    const swapAmount = 19_999_999_000n
    await devnet.fund({ chainId: 1, address: sender, token: 'USDC', amount: amountIn })
    await chain.client.waitForTransactionReceipt({ hash: await chain.client.writeContract({ address: tokens.USDC, abi: erc20Abi, functionName: 'approve', args: [sy.router, maxUint256], account: sender, chain: chain.client.chain }) })
    const expected = await expectedWbtc(swapAmount)
    expect(expected).toBeGreaterThan(0n)
    const accountId = `0x${'ab'.repeat(32)}` as Hex
    const requestId = createRequestId({ referralCode: 'switchyard-test' })
    const { data, value } = encodeSafeRouteSingle({
      tokenIn: { type: 'erc20', address: tokens.USDC, amount: amountIn },
      tokenOut: { type: 'erc20', address: tokens.WBTC, minAmountOut: expected },
      receiver,
      shortcut: { accountId, requestId, ...planUsdcToWbtc(swapAmount) },
    })
    expect(value).toBe(0n)
    const receipt = await sendRoute(data)
    expect(receipt.status).toBe('success')
    expect(await balanceOf(tokens.WBTC, receiver)).toBe(expected)
    expect(await balanceOf(tokens.WBTC, sender)).toBe(0n)
    expect(await balanceOf(tokens.USDC, refund)).toBe(amountIn - swapAmount)
    expect(await balanceOf(tokens.USDC, sender)).toBe(0n)
    for (const holder of [sy.router, sy.executor]) {
      for (const token of Object.values(tokens)) expect(await balanceOf(token, holder)).toBe(0n)
      expect(await chain.client.getBalance({ address: holder })).toBe(0n)
    }
    const [event] = parseEventLogs({ abi: switchyardExecutorAbi, logs: receipt.logs, eventName: 'ShortcutExecuted' })
    expect(event?.args.accountId).toBe(accountId)
    expect(parseRequestId(event!.args.requestId).referralCode).toBe('switchyard-test')
  })

  test('safeRouteSingle reverts AmountTooLow when the minimum is not met, and the sender keeps the input', async () => {
    const amountIn = 5_000n * 10n ** 6n
    await devnet.fund({ chainId: 1, address: sender, token: 'USDC', amount: amountIn })
    await chain.client.waitForTransactionReceipt({ hash: await chain.client.writeContract({ address: tokens.USDC, abi: erc20Abi, functionName: 'approve', args: [sy.router, maxUint256], account: sender, chain: chain.client.chain }) })
    const expected = await expectedWbtc(amountIn)
    const { data } = encodeSafeRouteSingle({
      tokenIn: { type: 'erc20', address: tokens.USDC, amount: amountIn },
      tokenOut: { type: 'erc20', address: tokens.WBTC, minAmountOut: expected + 1n },
      receiver,
      shortcut: { accountId: `0x${'00'.repeat(32)}`, requestId: createRequestId({}), ...planUsdcToWbtc(amountIn) },
    })
    const call = chain.client.call({ account: sender, to: sy.router, data })
    const err = (await call.catch((e: unknown) => e)) as { walk: (fn: (e: unknown) => boolean) => { data?: Hex } | null }
    const raw = err.walk((e) => typeof (e as { data?: unknown }).data === 'string')?.data
    expect(raw).toBeDefined()
    const decoded = decodeErrorResult({ abi: switchyardRouterAbi, data: raw! })
    expect(decoded.errorName).toBe('AmountTooLow')
    expect(decoded.args?.[1]).toBe(expected)
    expect(decoded.args?.[2]).toBe(expected + 1n)
    const receipt = await sendRoute(data)
    expect(receipt.status).toBe('reverted')
    expect(await balanceOf(tokens.USDC, sender)).toBe(amountIn)
  })

  test('routeMulti with two inputs (USDC and WETH) swaps both into WBTC', async () => {
    const usdcIn = 3_000n * 10n ** 6n
    const wethIn = 10n ** 18n
    await devnet.fund({ chainId: 1, address: sender, token: 'USDC', amount: usdcIn })
    await devnet.fund({ chainId: 1, address: sender, token: 'WETH', amount: wethIn })
    for (const token of [tokens.USDC, tokens.WETH]) {
      await chain.client.waitForTransactionReceipt({ hash: await chain.client.writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [sy.router, maxUint256], account: sender, chain: chain.client.chain }) })
    }
    const { data } = encodeRouteMulti({
      tokensIn: [{ type: 'erc20', address: tokens.USDC, amount: usdcIn }, { type: 'erc20', address: tokens.WETH, amount: wethIn }],
      shortcut: { accountId: `0x${'00'.repeat(32)}`, requestId: createRequestId({}), ...planUsdcToWbtc(usdcIn) },
    })
    // The plan swaps usdcIn to WETH, then all the executor's WETH (that and wethIn) to WBTC.
    const [, wethFromUsdc] = await chain.client.readContract({ address: chain.addressBook.uniswapV2.router02, abi: v2RouterAbi, functionName: 'getAmountsOut', args: [usdcIn, [tokens.USDC, tokens.WETH]] })
    const { result: [expected] } = await chain.client.simulateContract({
      address: chain.addressBook.uniswapV3.quoterV2, abi: quoterV2Abi, functionName: 'quoteExactInputSingle',
      args: [{ tokenIn: tokens.WETH, tokenOut: tokens.WBTC, amountIn: wethFromUsdc! + wethIn, fee: 3000, sqrtPriceLimitX96: 0n }],
    })
    const before = { usdc: await balanceOf(tokens.USDC, sender), weth: await balanceOf(tokens.WETH, sender), wbtc: await balanceOf(tokens.WBTC, receiver) }
    const receipt = await sendRoute(data)
    expect(receipt.status).toBe('success')
    // Each input was pulled from the sender in full, and both reached the WBTC swap.
    expect(before.usdc - (await balanceOf(tokens.USDC, sender))).toBe(usdcIn)
    expect(before.weth - (await balanceOf(tokens.WETH, sender))).toBe(wethIn)
    expect((await balanceOf(tokens.WBTC, receiver)) - before.wbtc).toBe(expected)
    expect(await balanceOf(tokens.WETH, sy.executor)).toBe(0n)
    expect(await balanceOf(tokens.USDC, sy.executor)).toBe(0n)
  })
})
