import { type Address, type PublicClient } from 'viem'
import { describe, expect, test } from 'vitest'
import { useBundleHarness } from '../../service/testing/startBundleHarness.js'
import { loadCurve } from './load.js'
import { zapAddLiquidity, zapCalcWithdrawOneCoin, zapRemoveLiquidity, type CurveMetaSnapshot } from './metaPool.js'

// `curve deposit` / `curve redeem` bundles on the devnet's GUSD metapool through its Deposit zap: base
// coins (with GUSD) into gusd3CRV in one zap `add_liquidity`, gusd3CRV out into one base coin and
// proportionally into all four underlying coins, each exactly the adapter's estimate, the executor empty.

const user: Address = '0x00000000000000000000000000000000000c0c21'
const POOL: Address = '0x4f062658EaAF2C1ccf8C8e36D6824CDf41167956'
const GUSD: Address = '0x056Fd409E1d7A124BD7017459dFEa2F387b6d5Cd'
const LP: Address = '0xD2967f45c4f384DEEa880F807Be904762a3DeA07'

const h = useBundleHarness(user)

const client = () => h.chain.client as unknown as PublicClient
const pool = async () =>
  (await loadCurve({ client: client(), book: h.chain.addressBook }, { blockNumber: await client().getBlockNumber() })).find((p) => p.address === POOL.toLowerCase()) as CurveMetaSnapshot
const executorEmpty = async () => {
  const executor = (h.chain.addressBook.switchyard as unknown as { executor: Address }).executor
  for (const t of [GUSD, LP, h.tok('DAI'), h.tok('USDC'), h.tok('USDT'), h.tok('3Crv')]) expect(await h.balance(t, executor), t).toBe(0n)
}

describe('curve deposit and redeem bundles through the GUSD metapool zap', () => {
  test('GUSD + DAI + USDT -> gusd3CRV in one zap deposit, then into USDC and proportionally into all four, each exact', async () => {
    await h.devnet.fund({ chainId: 1, address: user, token: GUSD, amount: 100_000n * 100n })
    await h.devnet.fund({ chainId: 1, address: user, token: 'DAI', amount: 200_000n * 10n ** 18n })
    await h.devnet.fund({ chainId: 1, address: user, token: 'USDT', amount: 50_000n * 10n ** 6n })
    const amounts = [100_000n * 100n, 200_000n * 10n ** 18n, 0n, 50_000n * 10n ** 6n]
    const expected = zapAddLiquidity(await pool(), { amounts }).minted
    const deposit = await h.bundle({ fromAddress: user }, [
      { protocol: 'curve', action: 'deposit', args: { tokenIn: [GUSD, h.tok('DAI'), h.tok('USDT')], amountIn: [amounts[0]!, amounts[1]!, amounts[3]!].map(String), primaryAddress: POOL, slippage: '5' } },
    ])
    await h.sendAsEoa(deposit)
    const lp = await h.balance(LP, user)
    expect(lp).toBe(expected)
    expect(BigInt(deposit.amountsOut[LP]!)).toBe(expected)
    await executorEmpty()

    const third = lp / 3n
    const s = await pool()
    const usdc = zapCalcWithdrawOneCoin(s, { tokenAmount: third, u: 2 })
    const redeem = await h.bundle({ fromAddress: user }, [
      { protocol: 'curve', action: 'redeem', args: { tokenIn: LP, amountIn: third.toString(), tokenOut: h.tok('USDC'), primaryAddress: POOL, slippage: '5' } },
    ])
    const usdcBefore = await h.balance(h.tok('USDC'), user)
    await h.sendAsEoa(redeem)
    expect((await h.balance(h.tok('USDC'), user)) - usdcBefore).toBe(usdc)
    expect(BigInt(redeem.amountsOut[h.tok('USDC')]!)).toBe(usdc)
    await executorEmpty()

    const rest = lp - third
    const outs = [GUSD, h.tok('DAI'), h.tok('USDC'), h.tok('USDT')]
    const expectedAll = zapRemoveLiquidity(await pool(), { tokenAmount: rest }).amounts
    const all = await h.bundle({ fromAddress: user }, [
      { protocol: 'curve', action: 'redeem', args: { tokenIn: LP, amountIn: rest.toString(), tokenOut: outs, primaryAddress: POOL } },
    ])
    const before = await Promise.all(outs.map((t) => h.balance(t, user)))
    await h.sendAsEoa(all)
    const got = await Promise.all(outs.map(async (t, k) => (await h.balance(t, user)) - before[k]!))
    expect(got).toEqual(expectedAll)
    expect(outs.map((t) => BigInt(all.amountsOut[t]!))).toEqual(expectedAll)
    expect(await h.balance(LP, user)).toBe(0n)
    await executorEmpty()
  })
})
