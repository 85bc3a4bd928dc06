import { parseAbi, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startDevnet, type Devnet } from './startDevnet.js'
import type { DevnetChain } from './devnetChain.js'

const usdtAbi = parseAbi([
  'function approve(address,uint256)',
  'function transfer(address,uint256)',
  'function allowance(address,address) view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
])
const alice: Address = '0x00000000000000000000000000000000000a11ce'
const spender: Address = '0x0000000000000000000000000000000000005bed'

let devnet: Devnet
let chain: DevnetChain
beforeAll(async () => {
  devnet = await startDevnet({ chains: [1] })
  chain = devnet.chains[1]!
  await devnet.fund({ chainId: 1, address: alice, token: 'ETH', amount: 10n ** 18n })
  await chain.client.impersonateAccount({ address: alice })
})
afterAll(async () => {
  await devnet?.stop()
})

async function call(token: Address, functionName: string, args: readonly unknown[]) {
  const hash = await chain.client.writeContract({ address: token, abi: usdtAbi, functionName, args, account: alice, chain: chain.client.chain, gas: 200_000n } as never)
  return chain.client.waitForTransactionReceipt({ hash })
}

describe('USDT (TetherToken at the canonical address)', () => {
  test('approve from a non-zero allowance to another non-zero value reverts; via zero it works', async () => {
    const usdt = chain.addressBook.tokens.USDT!.address
    expect((await call(usdt, 'approve', [spender, 100n])).status).toBe('success')
    expect((await call(usdt, 'approve', [spender, 200n])).status).toBe('reverted')
    expect(await chain.client.readContract({ address: usdt, abi: usdtAbi, functionName: 'allowance', args: [alice, spender] })).toBe(100n)
    expect((await call(usdt, 'approve', [spender, 0n])).status).toBe('success')
    expect((await call(usdt, 'approve', [spender, 200n])).status).toBe('success')
    expect(await chain.client.readContract({ address: usdt, abi: usdtAbi, functionName: 'allowance', args: [alice, spender] })).toBe(200n)
  })

  test('transfer returns no data (not IERC20-compliant)', async () => {
    const usdt = chain.addressBook.tokens.USDT!.address
    await devnet.fund({ chainId: 1, address: alice, token: 'USDT', amount: 1_000n })
    const { data } = await chain.client.call({
      account: alice, to: usdt,
      data: `0xa9059cbb${spender.slice(2).padStart(64, '0')}${(5n).toString(16).padStart(64, '0')}`,
    })
    expect(data).toBeUndefined()
  })
})

describe('fee-on-transfer token', () => {
  test('the recipient receives the amount minus the 1% tax', async () => {
    const fot = chain.addressBook.tokens.FOT!.address
    await devnet.fund({ chainId: 1, address: alice, token: 'FOT', amount: 10_000n })
    const before = await chain.client.readContract({ address: fot, abi: usdtAbi, functionName: 'balanceOf', args: [spender] })
    expect((await call(fot, 'transfer', [spender, 10_000n])).status).toBe('success')
    const after = await chain.client.readContract({ address: fot, abi: usdtAbi, functionName: 'balanceOf', args: [spender] })
    expect(after - before).toBe(9_900n)
  })
})
