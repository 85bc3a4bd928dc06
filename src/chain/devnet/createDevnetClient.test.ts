import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Hash } from 'viem'
import { afterAll, expect, test } from 'vitest'
import { createDevnetClient } from './createDevnetClient.js'

const hash: Hash = `0x${'ab'.repeat(32)}`
const receipt = {
  blockHash: `0x${'cd'.repeat(32)}`, blockNumber: '0x7', contractAddress: null, cumulativeGasUsed: '0x5208', effectiveGasPrice: '0x1',
  from: `0x${'11'.repeat(20)}`, gasUsed: '0x5208', logs: [], logsBloom: `0x${'00'.repeat(256)}`, status: '0x1', to: `0x${'22'.repeat(20)}`,
  transactionHash: hash, transactionIndex: '0x0', type: '0x2',
}

// A node that has already moved to block 7 but serves the receipt only from the fourth ask, and never
// mines again: what an automining anvil looks like under load, between its block and its receipt.
let receiptAsks = 0
// A transaction the node holds as pending and never mines.
let stuck = false
const pendingTx = {
  hash, nonce: '0x5', blockHash: null, blockNumber: null, transactionIndex: null, from: `0x${'11'.repeat(20)}`, to: `0x${'22'.repeat(20)}`,
  value: '0x0', gas: '0x5208', maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x0', input: '0x', type: '0x2', chainId: '0x1', v: '0x0', r: '0x1', s: '0x1', yParity: '0x0', accessList: [],
}
const server = createServer((req, res) => {
  let body = ''
  req.on('data', (d: Buffer) => (body += d.toString()))
  req.on('end', () => {
    const { id, method } = JSON.parse(body) as { id: number; method: string }
    const result = method === 'eth_blockNumber' ? '0x7'
      : method === 'eth_chainId' ? '0x1'
      : method === 'eth_getTransactionReceipt' ? (++receiptAsks >= 4 ? receipt : null)
      : method === 'eth_getTransactionByHash' ? (stuck ? pendingTx : null)
      : method === 'eth_getTransactionCount' ? '0x3'
      : null
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ jsonrpc: '2.0', id, result }))
  })
})
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
afterAll(() => new Promise<void>((r) => server.close(() => r())))

test('waitForTransactionReceipt polls by hash: a receipt that shows up after its block is found without another block', async () => {
  const client = createDevnetClient({ rpcUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, chainId: 1 })
  const got = await client.waitForTransactionReceipt({ hash, timeout: 5_000 })
  expect(got).toMatchObject({ transactionHash: hash, blockNumber: 7n, status: 'success' })
  expect(receiptAsks).toBe(4)
  // And a hash that never lands ends in viem's timeout error, not a hang.
  receiptAsks = -1_000_000
  await expect(client.waitForTransactionReceipt({ hash, timeout: 200 })).rejects.toMatchObject({ name: 'WaitForTransactionReceiptTimeoutError', message: expect.stringContaining('does not know the transaction') })
})

test('a timeout on a transaction the node holds as pending names its nonce and the sender\'s', async () => {
  const client = createDevnetClient({ rpcUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, chainId: 1 })
  receiptAsks = -1_000_000
  stuck = true
  await expect(client.waitForTransactionReceipt({ hash, timeout: 200 })).rejects.toMatchObject({ message: expect.stringContaining('block pending, nonce 5; sender') })
  stuck = false
})
