/**
 * `getBundle` under the delegate strategy on the devnet, executed through a real smart wallet: Aave V3
 * deposit, borrow and repay; fee-on-transfer tokens; a wallet already holding part of the input; a borrow
 * beyond the loan-to-value ratio; harvesting Aave rewards.
 */
import type { Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { advanceDevnetClock } from '../chain/devnet/advanceDevnetClock.js'
import { setNextBlockOneSecondLater } from '../chain/devnet/setNextBlockOneSecondLater.js'
import { useGetBundleTestbed } from './testing/useGetBundleTestbed.js'

const testbed = useGetBundleTestbed()
const { tok, book, balance, bundle, createWallet, sendThroughWallet } = testbed

describe('bundles under the delegate strategy, through a real smart wallet', () => {
  test('aave-v3 deposit WETH, borrow USDC against it, repay part: balances and debt move as the answer says', async () => {
    const wallet = await createWallet()
    await testbed.devnet.fund({ chainId: 1, address: wallet, token: 'WETH', amount: 2n * 10n ** 18n })
    const pool = book().aaveV3.pool
    const usdcReserve = book().aaveV3.reserves.find((r) => r.asset.toLowerCase() === tok('USDC').toLowerCase())!
    const answer = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'aave-v3', action: 'deposit', args: { tokenIn: tok('WETH'), amountIn: (10n ** 18n).toString(), primaryAddress: pool } },
      { protocol: 'aave-v3', action: 'borrow', args: { collateral: tok('WETH'), tokenOut: tok('USDC'), amountOut: '1000000000', primaryAddress: pool } },
      { protocol: 'aave-v3', action: 'repay', args: { tokenIn: tok('USDC'), amountIn: '400000000', primaryAddress: pool } },
    ])
    expect(answer.tx.to).toBe((testbed.chain.addressBook.switchyard as unknown as { delegate: Address }).delegate)
    // The wallet spends its own tokens: nothing to approve.
    expect(answer.approvals).toEqual([])
    await sendThroughWallet(wallet, answer)
    expect(await balance(tok('USDC'), wallet)).toBe(600_000_000n)
    expect(await balance(tok('WETH'), wallet)).toBe(10n ** 18n)
    const debt = await balance(usdcReserve.variableDebtToken, wallet)
    // The debt token reports the scaled balance times the borrow index, rounded half-up both ways (as in
    // seedAaveV3.test.ts): 1,000 borrowed and 400 repaid in one transaction read as 600 USDC ± 1 wei, plus
    // at most one more wei of interest.
    expect(debt).toBeGreaterThanOrEqual(600_000_000n - 1n)
    expect(debt).toBeLessThanOrEqual(600_000_002n)
  })

  test('a fee-on-transfer token: the plan\'s checks against the quote are measured first, and the wallet gets exactly amountsOut', async () => {
    // The engine quotes FOT without its 1 % transfer tax: a routed output checked against that quote
    // (less slippage) failed its own MinAmountOutNotMet, so every delegate bundle through FOT reverted.
    const wallet = await createWallet()
    await testbed.devnet.fund({ chainId: 1, address: wallet, token: 'FOT', amount: 2_000n * 10n ** 18n })
    await testbed.devnet.fund({ chainId: 1, address: wallet, token: 'WETH', amount: 10n ** 18n })
    for (const actions of [
      [{ protocol: 'enso', action: 'route', args: { tokenIn: tok('FOT'), tokenOut: tok('WETH'), amountIn: (1_000n * 10n ** 18n).toString() } }],
      [
        { protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: tok('WETH'), tokenOut: tok('FOT'), amountIn: (10n ** 17n).toString(), primaryAddress: testbed.chain.addressBook.uniswapV2.router02 } },
        { protocol: 'enso', action: 'slippage', args: { bps: '100', amountOut: { useOutputOfCallAt: 0 } } },
      ],
    ]) {
      const answer = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, actions)
      const [[token, promised]] = Object.entries(answer.amountsOut) as [[Address, string]]
      const before = await balance(token, wallet)
      await sendThroughWallet(wallet, answer)
      expect((await balance(token, wallet)) - before).toBe(BigInt(promised))
    }
  })

  test('a wallet already holding part of the input: the simulation counts what it holds, and the bundle spends it all', async () => {
    const wallet = await createWallet()
    await testbed.devnet.fund({ chainId: 1, address: wallet, token: 'USDC', amount: 1_000n * 10n ** 6n })
    const answer = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: tok('USDC'), tokenOut: tok('WETH'), amountIn: '2000000000', primaryAddress: testbed.chain.addressBook.uniswapV2.router02 } },
      { protocol: 'enso', action: 'balance', args: { token: tok('USDC') } },
    ])
    // The wallet's 1,000 USDC count towards the 2,000 spent: simulated with only what is missing added
    // on top, the swap goes through and nothing is left.
    expect(answer.actionOutputs![1]).toEqual(['0'])
    // Funding adds: the wallet then holds the 2,000 it spends.
    await testbed.devnet.fund({ chainId: 1, address: wallet, token: 'USDC', amount: 1_000n * 10n ** 6n })
    const before = await balance(tok('WETH'), wallet)
    await sendThroughWallet(wallet, answer)
    expect(await balance(tok('USDC'), wallet)).toBe(0n)
    expect((await balance(tok('WETH'), wallet)) - before).toBe(BigInt(answer.amountsOut[tok('WETH')]!))
  })

  test('a borrow beyond the loan-to-value ratio is a 400 with the decoded revert', async () => {
    const wallet = await createWallet()
    const pool = book().aaveV3.pool
    await expect(bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'aave-v3', action: 'deposit', args: { tokenIn: tok('WETH'), amountIn: (10n ** 18n).toString(), primaryAddress: pool } },
      { protocol: 'aave-v3', action: 'borrow', args: { tokenOut: tok('USDC'), amountOut: '100000000000', primaryAddress: pool } },
    ])).rejects.toMatchObject({ code: 'SIMULATION_REVERTED' })
  })
})

describe('harvest', () => {
  test('a wallet supplies USDC to Aave, time passes, harvest claims its AAVE rewards exactly as answered', async () => {
    const wallet = await createWallet()
    const pool = book().aaveV3.pool
    const usdc = book().aaveV3.reserves.find((r) => r.asset.toLowerCase() === tok('USDC').toLowerCase())! as { aToken: Address; rewards?: { token: Address; reward: Address }[] }
    const reward = usdc.rewards![0]!
    await testbed.devnet.fund({ chainId: 1, address: wallet, token: 'USDC', amount: 1_000_000n * 10n ** 6n })
    await sendThroughWallet(wallet, await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'aave-v3', action: 'deposit', args: { tokenIn: tok('USDC'), amountIn: '1000000000000', primaryAddress: pool } },
    ]))
    await advanceDevnetClock(testbed.chain.client, 86_400)
    const controller = (testbed.chain.addressBook.aaveV3 as { rewardsController: Address }).rewardsController
    const answer = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'aave-v3', action: 'harvest', args: { token: usdc.aToken, primaryAddress: controller } },
    ])
    const before = await balance(reward.reward, wallet)
    // Rewards accrue per second: simulated in a block one second after the snapshot's, mined so here.
    await setNextBlockOneSecondLater(testbed.chain.client)
    await sendThroughWallet(wallet, answer)
    const got = (await balance(reward.reward, wallet)) - before
    expect(got).toBeGreaterThan(0n)
    expect(got).toBe(BigInt(answer.amountsOut[reward.reward]!))
    await expect(bundle({ fromAddress: wallet }, [{ protocol: 'aave-v3', action: 'harvest', args: { token: usdc.aToken, primaryAddress: controller } }])).rejects.toMatchObject({ code: 'DELEGATE_ONLY' })
  })
})
