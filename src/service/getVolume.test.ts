import { erc20Abi, maxUint256, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { getRoute } from './getRoute.js'
import { getVolume } from './getVolume.js'
import { startServiceOnDevnet } from './testing/startServiceOnDevnet.js'

let s: Awaited<ReturnType<typeof startServiceOnDevnet>>
beforeAll(async () => {
  s = await startServiceOnDevnet()
})
afterAll(async () => {
  await s?.stop()
})

test('volume counts pool swaps in USD by protocol and the routes executed through our executor', async () => {
  const { chain, devnet, ctx } = s
  const empty = await getVolume(ctx, { chainId: 1 })
  expect(empty).toMatchObject({ chainId: 1, swaps: 0, routes: 0, volumeUsd: 0 })
  const user: Address = '0x0000000000000000000000000000000000010011'
  const usdc = chain.addressBook.tokens.USDC!.address
  await devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 10n ** 18n })
  await devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 50_000n * 10n ** 6n })
  await chain.client.impersonateAccount({ address: user })
  const router = chain.addressBook.switchyard!.router as Address
  await chain.client.waitForTransactionReceipt({
    hash: await chain.client.writeContract({ address: usdc, abi: erc20Abi, functionName: 'approve', args: [router, maxUint256], account: user, chain: chain.client.chain }),
  })
  const answer = await getRoute(ctx, { fromAddress: user, tokenIn: [usdc], tokenOut: [chain.addressBook.weth], amountIn: ['50000000000'] }, {
    caller: { accountId: `0x${'44'.repeat(32)}` as Hex, keyId: 't' }, requireVariableEstimates: false,
  })
  const hash = await chain.client.sendTransaction({ account: user, to: answer.tx.to as Address, data: answer.tx.data, chain: chain.client.chain, gas: 5_000_000n })
  expect((await chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
  const after = await getVolume(ctx, { chainId: 1, blocks: 100 })
  expect(after.routes).toBe(1)
  expect(after.swaps).toBeGreaterThanOrEqual(answer.route.length)
  // The route sold $50k of USDC; every swap's input side is counted (multi-hop counts each hop).
  expect(after.volumeUsd).toBeGreaterThan(49_000)
  expect(after.byProtocol.reduce((a, p) => a + p.swaps, 0)).toBe(after.swaps)
  await expect(getVolume(ctx, { chainId: 1, blocks: 0 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
  await expect(getVolume(ctx, { chainId: 77 })).rejects.toMatchObject({ code: 'UNSUPPORTED_CHAIN' })
})
