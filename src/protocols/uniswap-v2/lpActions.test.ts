import type { Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { useBundleHarness } from '../../service/testing/startBundleHarness.js'
import { isqrt, v2AmountOut, zapSwapAmount } from './lpActions.js'

const user: Address = '0x00000000000000000000000000000000000a1f01'
const other: Address = '0x00000000000000000000000000000000000a1f02'
const USDC_WETH_PAIR: Address = '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc'

describe('zap math', () => {
  test('isqrt is the floor square root', () => {
    for (const n of [0n, 1n, 2n, 3n, 4n, 99n, 100n, 10n ** 40n + 12345n, 2n ** 255n]) {
      const r = isqrt(n)
      expect(r * r <= n && (r + 1n) * (r + 1n) > n).toBe(true)
    }
  })

  test('the zap swap leaves the rest and the output in the pool ratio (within 1 wei of either side)', () => {
    const reserveIn = 5_000n * 10n ** 18n
    const reserveOut = 15_000_000n * 10n ** 6n
    for (const amountIn of [10n ** 15n, 10n ** 18n, 37n * 10n ** 18n, 900n * 10n ** 18n]) {
      const s = zapSwapAmount({ amountIn, reserveIn, feeBps: 30 })
      const out = v2AmountOut(s, reserveIn, reserveOut, 30)
      const rest = amountIn - s
      // rest / out == (reserveIn + s) / (reserveOut - out), up to rounding
      const lhs = rest * (reserveOut - out)
      const rhs = out * (reserveIn + s)
      expect(Number(lhs - rhs) / Number(rhs)).toBeLessThan(1e-6)
    }
  })
})

const h = useBundleHarness(user)

describe('Uniswap V2 LP through bundles, executed on the devnet', () => {
  test('a one-token zap under the router: the receiver gets exactly amountsOut of LP; almost nothing is refunded; the executor ends empty', async () => {
    const amountIn = 10n ** 18n
    await h.devnet.fund({ chainId: 1, address: user, token: 'WETH', amount: amountIn })
    const answer = await h.bundle({ fromAddress: user, receiver: other }, [
      { protocol: 'uniswap-v2', action: 'deposit', args: { tokenIn: h.tok('WETH'), amountIn: amountIn.toString(), tokenOut: USDC_WETH_PAIR, primaryAddress: h.chain.addressBook.uniswapV2.router02 } },
    ])
    const before = await h.balance(USDC_WETH_PAIR, other)
    await h.sendAsEoa(answer)
    const minted = (await h.balance(USDC_WETH_PAIR, other)) - before
    expect(minted).toBeGreaterThan(0n)
    expect(minted).toBe(BigInt(answer.amountsOut[USDC_WETH_PAIR]!))
    // The optimal split leaves dust only: under 0.01% of the input comes back as WETH.
    expect((await h.balance(h.tok('WETH'), user)) * 10_000n).toBeLessThan(amountIn)
    const executor = h.chain.addressBook.switchyard!.executor as Address
    for (const t of [h.tok('WETH'), h.tok('USDC'), USDC_WETH_PAIR]) expect(await h.balance(t, executor)).toBe(0n)
  })

  test('a wallet deposits both tokens, then redeems all its LP for USDC only', async () => {
    const wallet = await h.createWallet()
    await h.devnet.fund({ chainId: 1, address: wallet, token: 'WETH', amount: 10n ** 18n })
    await h.devnet.fund({ chainId: 1, address: wallet, token: 'USDC', amount: 3_000n * 10n ** 6n })
    const deposit = await h.bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'uniswap-v2', action: 'deposit', args: { tokenIn: [h.tok('USDC'), h.tok('WETH')], amountIn: ['3000000000', '1000000000000000000'], primaryAddress: USDC_WETH_PAIR } },
    ])
    await h.sendThroughWallet(wallet, deposit)
    const minted = await h.balance(USDC_WETH_PAIR, wallet)
    expect(minted).toBe(BigInt(deposit.amountsOut[USDC_WETH_PAIR]!))
    expect(deposit.actionOutputs).toEqual([[minted.toString()]])
    // A third of the LP for both tokens, named in the order opposite to the pair's (USDC is token0).
    const both = await h.bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'uniswap-v2', action: 'redeem', args: { tokenIn: USDC_WETH_PAIR, amountIn: (minted / 3n).toString(), tokenOut: [h.tok('WETH'), h.tok('USDC')], primaryAddress: USDC_WETH_PAIR } },
    ])
    const [wethBefore, usdcBeforeBoth] = [await h.balance(h.tok('WETH'), wallet), await h.balance(h.tok('USDC'), wallet)]
    await h.sendThroughWallet(wallet, both)
    const [gotWeth, gotUsdc] = [(await h.balance(h.tok('WETH'), wallet)) - wethBefore, (await h.balance(h.tok('USDC'), wallet)) - usdcBeforeBoth]
    expect(gotWeth * gotUsdc).toBeGreaterThan(0n)
    expect(both.actionOutputs).toEqual([[gotWeth, gotUsdc].map(String)])
    const lp = await h.balance(USDC_WETH_PAIR, wallet)
    const usdcBefore = await h.balance(h.tok('USDC'), wallet)
    const redeem = await h.bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'uniswap-v2', action: 'redeem', args: { tokenIn: USDC_WETH_PAIR, amountIn: lp.toString(), tokenOut: h.tok('USDC'), primaryAddress: USDC_WETH_PAIR } },
      { protocol: 'enso', action: 'slippage', args: { bps: '10', amountOut: { useOutputOfCallAt: 0 } } },
    ])
    await h.sendThroughWallet(wallet, redeem)
    expect(await h.balance(USDC_WETH_PAIR, wallet)).toBe(0n)
    const got = (await h.balance(h.tok('USDC'), wallet)) - usdcBefore
    expect(got).toBe(BigInt(redeem.amountsOut[h.tok('USDC')]!))
    expect(redeem.actionOutputs).toEqual([[got.toString()], [got.toString()]])
    // About 2 × 3,000 USDC of value comes back in all, less two swap fees at most.
    expect(got + gotUsdc + gotWeth * 3_000n / 10n ** 12n).toBeGreaterThan(5_800n * 10n ** 6n)
  })
})

describe("the SDK's variant names", () => {
  test('multideposit adds both tokens (executed); with one token it is a clear 400; tokenizedsingledeposit needs the position token', async () => {
    await h.devnet.fund({ chainId: 1, address: user, token: 'WETH', amount: 10n ** 18n })
    await h.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 3_000n * 10n ** 6n })
    const args = { tokenIn: [h.tok('USDC'), h.tok('WETH')], amountIn: ['3000000000', '1000000000000000000'], primaryAddress: USDC_WETH_PAIR }
    const answer = await h.bundle({ fromAddress: user }, [{ protocol: 'uniswap-v2', action: 'multideposit', args }])
    const before = await h.balance(USDC_WETH_PAIR, user)
    await h.sendAsEoa(answer)
    expect((await h.balance(USDC_WETH_PAIR, user)) - before).toBe(BigInt(answer.amountsOut[USDC_WETH_PAIR]!))
    await expect(h.bundle({ fromAddress: user }, [{ protocol: 'uniswap-v2', action: 'singledeposit', args }])).rejects.toMatchObject({ code: 'INVALID_ACTION' })
    await expect(h.bundle({ fromAddress: user }, [
      { protocol: 'uniswap-v2', action: 'tokenizedsingledeposit', args: { tokenIn: h.tok('WETH'), amountIn: '1000', primaryAddress: USDC_WETH_PAIR } },
    ])).rejects.toMatchObject({ code: 'MISSING_FIELD' })
  })
})
