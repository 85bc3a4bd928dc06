import { erc20Abi, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Devnet } from '../chain/devnet/startDevnet.js'
import type { DevnetChain } from '../chain/devnet/devnetChain.js'
import { switchyardSmartWalletFactoryAbi } from '../contracts/generated/abis.js'
import { startServiceOnDevnet } from './testing/startServiceOnDevnet.js'
import { getApproval } from './getApproval.js'
import { listNetworks } from './listNetworks.js'

type ServiceOnDevnet = Awaited<ReturnType<typeof startServiceOnDevnet>>

const user: Address = '0x00000000000000000000000000000000000a9901'
const caller = { accountId: `0x${'22'.repeat(32)}` as Hex, keyId: 'test' }

let devnet: Devnet
let chain: DevnetChain
let ctx: ServiceOnDevnet['ctx']
let stop: (() => Promise<void>) | undefined
beforeAll(async () => {
  const started = await startServiceOnDevnet()
  ;({ devnet, chain, ctx, stop } = started)
  await devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 10n ** 19n })
  await chain.client.impersonateAccount({ address: user })
})
afterAll(async () => {
  await stop?.()
})

async function send(tx: { to: string; data: Hex }) {
  const hash = await chain.client.sendTransaction({ account: user, to: tx.to as Address, data: tx.data, chain: chain.client.chain })
  return chain.client.waitForTransactionReceipt({ hash })
}
const allowance = (token: Address, spender: Address) => chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [user, spender] })

describe('getApproval', () => {
  test('a plain ERC-20: approve(router, amount) with simulated gas; executing it sets the allowance', async () => {
    const usdc = chain.addressBook.tokens.USDC!.address
    const a = await getApproval(ctx, { fromAddress: user, tokenAddress: usdc, amount: '1000000', chainId: 1 }, { caller })
    expect(a.spender).toBe(chain.addressBook.switchyard!.router)
    expect(a.requiresZeroAllowanceFirst).toBe(false)
    const receipt = await send(a.tx)
    expect(receipt.status).toBe('success')
    expect(Number(a.gas)).toBeGreaterThan(20_000)
    expect(Math.abs(Number(receipt.gasUsed) - Number(a.gas)) / Number(a.gas)).toBeLessThan(0.05)
    expect(await allowance(usdc, a.spender as Address)).toBe(1_000_000n)
  })

  test('USDT with a non-zero allowance: says to reset to zero first and lists that transaction', async () => {
    const usdt = chain.addressBook.tokens.USDT!.address
    const first = await getApproval(ctx, { fromAddress: user, tokenAddress: usdt, amount: '500', chainId: 1 }, { caller })
    expect(first.requiresZeroAllowanceFirst).toBe(false)
    await send(first.tx)
    const second = await getApproval(ctx, { fromAddress: user, tokenAddress: usdt, amount: '900', chainId: 1 }, { caller })
    expect(second.requiresZeroAllowanceFirst).toBe(true)
    expect(second.prerequisites).toHaveLength(1)
    expect((await send(second.tx)).status).toBe('reverted')
    expect((await send(second.prerequisites[0]!)).status).toBe('success')
    expect((await send(second.tx)).status).toBe('success')
    expect(await allowance(usdt, second.spender as Address)).toBe(900n)
  })

  // Issue 24 item 14: delegate is in the published enum. Under it the plan runs as the wallet, so the
  // approval is the owner's to its wallet (what a delegate bundle's erc20 transferfrom pulls with).
  test.each(['delegate', 'delegate-legacy'])('routingStrategy=%s: approve(the owner\'s smart wallet, amount); executing it lets the wallet pull the tokens', async (routingStrategy) => {
    const dai = chain.addressBook.tokens.DAI!.address
    const factory = chain.addressBook.switchyard!.smartWalletFactory as Address
    const wallet = await chain.client.readContract({ address: factory, abi: switchyardSmartWalletFactoryAbi, functionName: 'walletAddress', args: [user] })
    const a = await getApproval(ctx, { fromAddress: user, tokenAddress: dai, amount: '777', chainId: 1, routingStrategy }, { caller })
    expect(a.spender).toBe(wallet)
    expect([chain.addressBook.switchyard!.router, chain.addressBook.switchyard!.delegate]).not.toContain(a.spender)
    expect((await send(a.tx)).status).toBe('success')
    expect(await allowance(dai, wallet)).toBe(777n)
  })

  test('bad input is a typed 4xx error', async () => {
    await expect(getApproval(ctx, { fromAddress: user, tokenAddress: '0x0000000000000000000000000000000000011234', amount: '1', chainId: 1 }, { caller })).rejects.toMatchObject({ code: 'INVALID_TOKEN' })
    await expect(getApproval(ctx, { fromAddress: user, tokenAddress: chain.addressBook.tokens.USDC!.address, amount: '-1' }, { caller })).rejects.toMatchObject({ code: 'INVALID_AMOUNT' })
    await expect(getApproval(ctx, { fromAddress: user, tokenAddress: chain.addressBook.tokens.USDC!.address, amount: '1', chainId: 5 }, { caller })).rejects.toMatchObject({ code: 'UNSUPPORTED_CHAIN' })
  })

  test('networks lists the served chains as connected', async () => {
    expect(await listNetworks(ctx, {})).toEqual([{ id: 1, name: 'Ethereum', isConnected: true }])
    expect(await listNetworks(ctx, { name: 'base' })).toEqual([])
  })
})
