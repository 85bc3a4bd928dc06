import type { Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { useBundleHarness } from '../../service/testing/startBundleHarness.js'

/**
 * Issue 24 item 3: `enso call` with tuple and tuple[] parameters — given as JSON arrays, or as objects
 * keyed by the signature's component names — encodes, simulates and executes: each answer is sent on
 * the devnet and its effect read back.
 */

const user: Address = '0x00000000000000000000000000000000000ca11e'
const h = useBundleHarness(user)
const ONE_ETH = 10n ** 18n
const MIN_USDC = 2_500n * 10n ** 6n

/** `enso call WETH.deposit()` with 1 ETH: our executor holds 1 WETH afterwards. */
const wrapOneEth = () => ({ protocol: 'enso', action: 'call', args: { address: h.tok('WETH'), method: 'deposit', abi: 'function deposit() payable', args: [], value: ONE_ETH.toString(), tokenOut: h.tok('WETH') } })
const executor = () => h.chain.addressBook.switchyard!.executor as Address

describe('enso call with tuple parameters, executed', () => {
  test('Balancer V2 batchSwap: a tuple[] (as arrays), a tuple (as an object), address[], int256[] with a negative limit and a uint8', async () => {
    const WETH = h.tok('WETH')
    const USDC = h.tok('USDC')
    const { vault, pools } = h.chain.addressBook.balancerV2
    const pool = pools.find((p) => p.tokens.length === 2 && p.tokens.map((t) => t.toLowerCase()).sort().join() === [WETH, USDC].map((t) => t.toLowerCase()).sort().join())!
    const answer = await h.bundle({ fromAddress: user }, [
      wrapOneEth(),
      { protocol: 'erc20', action: 'approve', args: { token: WETH, spender: vault, amount: ONE_ETH.toString() } },
      {
        protocol: 'enso', action: 'call', args: {
          address: vault, method: 'batchSwap',
          abi: 'function batchSwap(uint8 kind, (bytes32 poolId, uint256 assetInIndex, uint256 assetOutIndex, uint256 amount, bytes userData)[] swaps, address[] assets, (address sender, bool fromInternalBalance, address recipient, bool toInternalBalance) funds, int256[] limits, uint256 deadline) payable returns (int256[] assetDeltas)',
          args: [
            0,
            [[pool.poolId, 0, 1, ONE_ETH.toString(), '0x']],
            [WETH, USDC],
            { sender: executor(), fromInternalBalance: false, recipient: user, toInternalBalance: false },
            [ONE_ETH.toString(), (-MIN_USDC).toString()],
            '99999999999',
          ],
        },
      },
    ])
    const before = await h.balance(USDC, user)
    await h.sendAsEoa(answer)
    expect((await h.balance(USDC, user)) - before).toBeGreaterThanOrEqual(MIN_USDC)
    expect(await h.balance(WETH, executor())).toBe(0n)
  })

  test('Uniswap V3 SwapRouter02 exactInputSingle: a named tuple given as an object, its amountIn a reference to an earlier output', async () => {
    const WETH = h.tok('WETH')
    const USDC = h.tok('USDC')
    const router = h.chain.addressBook.uniswapV3.swapRouter02
    const answer = await h.bundle({ fromAddress: user }, [
      wrapOneEth(),
      { protocol: 'enso', action: 'balance', args: { token: WETH } },
      { protocol: 'erc20', action: 'approve', args: { token: WETH, spender: router, amount: { useOutputOfCallAt: 1 } } },
      {
        protocol: 'enso', action: 'call', args: {
          address: router, method: 'exactInputSingle',
          abi: 'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)',
          args: [{ tokenIn: WETH, tokenOut: USDC, fee: 500, recipient: user, amountIn: { useOutputOfCallAt: 1 }, amountOutMinimum: MIN_USDC.toString(), sqrtPriceLimitX96: '0' }],
        },
      },
    ])
    const before = await h.balance(USDC, user)
    await h.sendAsEoa(answer)
    expect((await h.balance(USDC, user)) - before).toBeGreaterThanOrEqual(MIN_USDC)
    expect(await h.balance(WETH, executor())).toBe(0n)
  })
})
