import { type Address, type PublicClient } from 'viem'
import { describe, expect, test } from 'vitest'
import { useBundleHarness } from '../../service/testing/startBundleHarness.js'
import { computeTokenPrices } from '../../data/computeTokenPrices.js'
import { listTokens } from '../../service/listTokens.js'
import type { BundleAnswer } from '../../service/types.js'
import { loadCurve } from './load.js'
import { addLiquidity, calcWithdrawOneCoin } from './quote.js'

const user: Address = '0x00000000000000000000000000000000000c0c11'
const other: Address = '0x00000000000000000000000000000000000c0c12'
const POOL: Address = '0xbEbc44782C7dB0a1A60Cb6fe97d0b483032FF1C7'
const THREE_CRV: Address = '0x6c3F90f043a72FA612cbac8115EE7e52BDe6E490'

const h = useBundleHarness(user)

const client = () => h.chain.client as unknown as PublicClient
const pool = async () => (await loadCurve({ client: client(), book: h.chain.addressBook }, { blockNumber: await client().getBlockNumber() }))[0]!
const estimateOf = (answer: BundleAnswer, action: string) => BigInt(answer.route.find((s) => s.protocol === 'curve' && s.action === action)!.amountOut!)
const executorEmpty = async () => {
  const executor = (h.chain.addressBook.switchyard as unknown as { executor: Address }).executor
  for (const t of [h.tok('DAI'), h.tok('USDC'), h.tok('USDT'), THREE_CRV]) expect(await h.balance(t, executor)).toBe(0n)
}

describe('curve deposit and redeem bundles on the devnet 3pool', () => {
  test('the vendor sample: multideposit DAI + USDC + USDT → 3Crv to a receiver; minted equals amountsOut and the exact estimate', async () => {
    await h.devnet.fund({ chainId: 1, address: user, token: 'DAI', amount: 10n * 10n ** 18n })
    await h.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 10n * 10n ** 6n })
    await h.devnet.fund({ chainId: 1, address: user, token: 'USDT', amount: 10n * 10n ** 6n })
    const amounts = [10n * 10n ** 18n, 10n * 10n ** 6n, 10n * 10n ** 6n]
    const expected = addLiquidity(await pool(), { amounts }).minted
    const answer = await h.bundle({ fromAddress: user, receiver: other }, [
      {
        protocol: 'curve', action: 'multideposit',
        args: { tokenIn: [h.tok('DAI'), h.tok('USDC'), h.tok('USDT')], tokenOut: THREE_CRV, amountIn: amounts.map(String), primaryAddress: POOL, receiver: other },
      },
    ])
    const before = await h.balance(THREE_CRV, other)
    await h.sendAsEoa(answer)
    const minted = (await h.balance(THREE_CRV, other)) - before
    expect(minted).toBe(expected)
    expect(estimateOf(answer, 'deposit')).toBe(expected)
    expect(await h.balance(h.tok('USDT'), user)).toBe(0n)
  })

  test('router strategy: deposit one coin with a slippage minimum, then redeem all of it into another coin and proportionally', async () => {
    await h.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 250_000n * 10n ** 6n })
    const s = await pool()
    const expected = addLiquidity(s, { amounts: [0n, 250_000n * 10n ** 6n, 0n] }).minted
    const deposit = await h.bundle({ fromAddress: user }, [
      { protocol: 'curve', action: 'deposit', args: { tokenIn: h.tok('USDC'), amountIn: '250000000000', primaryAddress: THREE_CRV, slippage: '5' } },
    ])
    await h.sendAsEoa(deposit)
    const lp = await h.balance(THREE_CRV, user)
    expect(lp).toBe(expected)
    expect(BigInt(deposit.amountsOut[THREE_CRV]!)).toBe(expected)
    await executorEmpty()

    const half = lp / 2n
    const after = await pool()
    const usdt = calcWithdrawOneCoin(after, { tokenAmount: half, i: 2 }).dy
    const redeem = await h.bundle({ fromAddress: user }, [
      { protocol: 'curve', action: 'redeem', args: { tokenIn: THREE_CRV, amountIn: half.toString(), tokenOut: h.tok('USDT'), primaryAddress: POOL, slippage: '5' } },
      { protocol: 'curve', action: 'redeem', args: { tokenIn: THREE_CRV, amountIn: (lp - half).toString(), tokenOut: [h.tok('DAI'), h.tok('USDC'), h.tok('USDT')], primaryAddress: POOL } },
    ])
    const before = { dai: await h.balance(h.tok('DAI'), user), usdt: await h.balance(h.tok('USDT'), user) }
    await h.sendAsEoa(redeem)
    expect(estimateOf(redeem, 'redeem')).toBe(usdt)
    expect((await h.balance(h.tok('USDT'), user)) - before.usdt).toBe(BigInt(redeem.amountsOut[h.tok('USDT')]!))
    expect(await h.balance(h.tok('DAI'), user) - before.dai).toBeGreaterThan(0n)
    expect(await h.balance(THREE_CRV, user)).toBe(0n)
    await executorEmpty()
  })

  test('curve swap as a bundle action through the pool, and 400s for a coin outside the pool, or an unknown pool', async () => {
    await h.devnet.fund({ chainId: 1, address: user, token: 'DAI', amount: 1_000n * 10n ** 18n })
    const answer = await h.bundle({ fromAddress: user }, [
      { protocol: 'curve', action: 'swap', args: { tokenIn: h.tok('DAI'), tokenOut: h.tok('USDT'), amountIn: (1_000n * 10n ** 18n).toString(), primaryAddress: POOL } },
    ])
    const before = await h.balance(h.tok('USDT'), user)
    await h.sendAsEoa(answer)
    expect((await h.balance(h.tok('USDT'), user)) - before).toBe(BigInt(answer.amountsOut[h.tok('USDT')]!))
    await expect(h.bundle({ fromAddress: user }, [
      { protocol: 'curve', action: 'deposit', args: { tokenIn: h.tok('WETH'), amountIn: '1', primaryAddress: POOL } },
    ])).rejects.toMatchObject({ code: 'INVALID_TOKEN' })
    await expect(h.bundle({ fromAddress: user }, [
      { protocol: 'curve', action: 'deposit', args: { tokenIn: h.tok('USDC'), amountIn: '1', primaryAddress: other } },
    ])).rejects.toMatchObject({ code: 'INVALID_PRIMARY_ADDRESS' })
  })

  test('3Crv is listed as a DeFi token over DAI, USDC and USDT with the pool\'s TVL, and priced from the pool near its virtual price', async () => {
    const listed = await listTokens(h.ctx, { chainId: 1, address: [THREE_CRV] })
    expect(listed.data).toHaveLength(1)
    const t = listed.data[0]!
    expect([t.type, t.symbol, t.protocol, t.primaryAddress, t.underlyingTokens.map((u) => u.symbol)]).toEqual(['defi', '3Crv', 'curve', POOL, ['DAI', 'USDC', 'USDT']])
    expect(t.tvl).toBeGreaterThan(149_000_000)
    expect(t.tvl).toBeLessThan(151_000_000)
    const s = await pool()
    const prices = computeTokenPrices({ version: 'test', chainId: 1, blockNumber: s.blockNumber, timestamp: s.timestamp, pools: [s] }, h.chain.addressBook)
    const lp = prices.get(THREE_CRV.toLowerCase())!
    expect(lp.sources).toBe(3)
    expect(Math.abs(lp.price - 1)).toBeLessThan(1e-3)
    expect(Math.abs(prices.get(h.tok('USDT').toLowerCase())!.price - 1)).toBeLessThan(1e-3)
  })
})
