/**
 * Issue 24 item 17: for share-based tokens (stETH moves shares, aTokens scaled balances) a transfer can
 * deliver a wei less than it names. Whatever the strategy, the answer reports what the receiver's balance
 * really gains: executed on the devnet, the receiver's change equals `amountOut` / `amountsOut` to the wei
 * (a delegate bundle that paid another receiver used to count the wei the wallet kept as delivered).
 */
import type { Address } from 'viem'
import { describe, expect, test } from 'vitest'
import type { BundleAnswer } from './types.js'
import { getRoute } from './getRoute.js'
import { useBundleHarness } from './testing/startBundleHarness.js'

const user: Address = '0x00000000000000000000000000000000005e7e01'
const other: Address = '0x00000000000000000000000000000000005e7e02'
const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const h = useBundleHarness(user)

const strategies = ['router', 'delegate'] as const
const stETH = () => h.chain.addressBook.lido!.stETH as Address

/** The sender: the EOA, or its smart wallet under delegate (funded with 10 ETH). */
async function senderFor(strategy: (typeof strategies)[number]): Promise<Address> {
  if (strategy === 'router') return user
  const wallet = await h.createWallet()
  await h.devnet.fund({ chainId: 1, address: wallet, token: 'ETH', amount: 10n ** 19n })
  return wallet
}

async function send(strategy: (typeof strategies)[number], from: Address, answer: BundleAnswer): Promise<void> {
  if (strategy === 'delegate') await h.sendThroughWallet(from, answer)
  else await h.sendAsEoa(answer)
}

/** Sends `answer` and returns what `token` at `other` really gained. */
async function delivered(strategy: (typeof strategies)[number], from: Address, answer: BundleAnswer, token: Address): Promise<bigint> {
  const before = await h.balance(token, other)
  await send(strategy, from, answer)
  return (await h.balance(token, other)) - before
}

describe('share-based tokens: the answer is what the receiver gains, to the wei', () => {
  for (const strategy of strategies) {
    for (const amount of [10n ** 18n, 123456789012345678n, 7n * 10n ** 17n + 3n]) {
      test(`${strategy} route ETH → stETH (${amount} wei) to another receiver`, async () => {
        const from = await senderFor(strategy)
        const answer = await getRoute(
          h.ctx,
          { chainId: 1, fromAddress: from, routingStrategy: strategy, receiver: other, tokenIn: [NATIVE], tokenOut: [stETH()], amountIn: [amount.toString()] },
          { caller: h.caller, requireVariableEstimates: false },
        )
        expect(await delivered(strategy, from, { ...answer, approvals: [] } as unknown as BundleAnswer, stETH())).toBe(BigInt(answer.amountOut))
      })
    }

    test(`${strategy} bundle: an enso route and a lido deposit to another receiver`, async () => {
      const from = await senderFor(strategy)
      for (const action of [
        { protocol: 'enso', action: 'route', args: { tokenIn: NATIVE, tokenOut: stETH(), amountIn: '123456789012345678', receiver: other } },
        { protocol: 'lido', action: 'deposit', args: { tokenIn: NATIVE, tokenOut: stETH(), amountIn: '123456789012345678', primaryAddress: stETH(), receiver: other } },
      ]) {
        const answer = await h.bundle({ fromAddress: from, routingStrategy: strategy, receiver: other }, [action])
        expect(await delivered(strategy, from, answer, stETH())).toBe(BigInt(answer.amountsOut[stETH()]!))
      }
    })

    test(`${strategy} bundle: an Aave deposit whose aToken goes to another receiver`, async () => {
      const from = await senderFor(strategy)
      await h.devnet.fund({ chainId: 1, address: from, token: 'USDC', amount: 10_000n * 10n ** 6n })
      const aave = h.chain.addressBook.aaveV3!
      const aUsdc = aave.reserves.find((r) => r.asset.toLowerCase() === h.tok('USDC').toLowerCase())!.aToken as Address
      const answer = await h.bundle({ fromAddress: from, routingStrategy: strategy, receiver: other }, [
        { protocol: 'aave-v3', action: 'deposit', args: { tokenIn: h.tok('USDC'), amountIn: '1234567891', primaryAddress: aave.pool } },
      ])
      expect(await delivered(strategy, from, answer, aUsdc)).toBe(BigInt(answer.amountsOut[aUsdc]!))
    })
  }
})
