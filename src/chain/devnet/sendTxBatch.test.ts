import { parseAbi, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devnetDeployer } from './createDevnetClient.js'
import { sendTxBatch } from './sendTxBatch.js'
import { startDevnet, type Devnet } from './startDevnet.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ chains: [8453] })
})
afterAll(async () => {
  await devnet?.stop()
})

const weth = parseAbi([
  'function approve(address, uint256) returns (bool)',
  'function allowance(address, address) view returns (uint256)',
  'function transferFrom(address, address, uint256) returns (bool)',
])
const spender: Address = '0x0000000000000000000000000000000000005bed'

describe('sendTxBatch', () => {
  test('mines the calls in one block, in order', async () => {
    const { client, addressBook } = devnet.chains[8453]!
    const before = await client.getBlockNumber()
    const receipts = await sendTxBatch(client, [1n, 2n, 3n].map((amount) => ({ address: addressBook.weth, abi: weth, functionName: 'approve', args: [spender, amount] })))
    expect(receipts.map((r) => r.blockNumber)).toEqual([before + 1n, before + 1n, before + 1n])
    expect(receipts.map((r) => r.transactionIndex)).toEqual([0, 1, 2])
    // The last approve wins: they ran in call order.
    expect(await client.readContract({ address: addressBook.weth, abi: weth, functionName: 'allowance', args: [devnetDeployer, spender] })).toBe(3n)
  })

  test('names the call that reverted, and leaves automine on', async () => {
    const { client, addressBook } = devnet.chains[8453]!
    const calls = [
      { address: addressBook.weth, abi: weth, functionName: 'approve', args: [spender, 4n] },
      { address: addressBook.weth, abi: weth, functionName: 'transferFrom', args: [spender, devnetDeployer, 1n] },
    ]
    await expect(sendTxBatch(client, calls)).rejects.toThrow(/transferFrom on 0x4200000000000000000000000000000000000006 reverted \(call 1 of the batch\)/)
    const before = await client.getBlockNumber()
    await sendTxBatch(client, [calls[0]!])
    const hash = await client.writeContract({ address: addressBook.weth, abi: weth, functionName: 'approve', args: [spender, 5n], account: devnetDeployer, chain: client.chain })
    expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })).blockNumber).toBe(before + 2n)
  })
})
