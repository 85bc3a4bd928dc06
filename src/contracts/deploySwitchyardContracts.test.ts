import { createTestClient, http, publicActions, walletActions } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startAnvil, type AnvilNode } from '../chain/devnet/startAnvil.js'
import { switchyardExecutorAbi, switchyardRouterAbi } from './generated/abis.js'
import { create2DeployerAddress, deploySwitchyardContracts, getSwitchyardAddresses } from './deploySwitchyardContracts.js'

const nodes: AnvilNode[] = []
beforeAll(async () => {
  nodes.push(await startAnvil({ chainId: 1 }), await startAnvil({ chainId: 8453, extraArgs: ['--disable-default-create2-deployer'] }))
})
afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop()))
})

const clientFor = (node: AnvilNode) => createTestClient({ mode: 'anvil', transport: http(node.rpcUrl), pollingInterval: 20 }).extend(publicActions).extend(walletActions)

describe('deploySwitchyardContracts', () => {
  test('same addresses on chain 1 and chain 8453 (the latter without a predeployed CREATE2 proxy), idempotent', async () => {
    const results = []
    for (const node of nodes) {
      const client = clientFor(node)
      const [account] = await client.getAddresses()
      if (node.chainId === 8453) expect(await client.getCode({ address: create2DeployerAddress })).toBeUndefined()
      const first = await deploySwitchyardContracts(client, { account: account! })
      const block = await client.getBlockNumber({ cacheTime: 0 })
      const second = await deploySwitchyardContracts(client, { account: account! })
      expect(second).toEqual(first)
      expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(block)
      const all = [first.router, first.executor, first.delegate, first.routerLegacy, first.executorLegacy, first.delegateLegacy, first.smartWalletFactory, ...Object.values(first.helpers)]
      for (const address of all) expect((await client.getCode({ address }))?.length ?? 0).toBeGreaterThan(2)
      expect(await client.readContract({ address: first.router, abi: switchyardRouterAbi, functionName: 'executor' })).toBe(first.executor)
      expect(await client.readContract({ address: first.executor, abi: switchyardExecutorAbi, functionName: 'router' })).toBe(first.router)
      results.push(first)
    }
    expect(results[0]).toEqual(results[1])
    expect(results[0]).toEqual(getSwitchyardAddresses())
  })
})
