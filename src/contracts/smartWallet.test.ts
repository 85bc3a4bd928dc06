/**
 * SwitchyardSmartWallet and its factory, the parts the attack suites do not reach: the factory answers the
 * owner's wallet address on every call and deploys it once; the wallet's ERC-165 answers (ERC-1155 receiver
 * and ERC-165, nothing else). Kills survivors of `npm run test:mutation:solidity`
 * (test/mutation-solidity-survivors.md); the wallet under attack: attackerSuite.test.ts, guardEdges.test.ts.
 */
import { type Hex, parseEventLogs } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { switchyardSmartWalletAbi, switchyardSmartWalletFactoryAbi } from './generated/abis.js'
import { type ContractsTestEnv, setupContractsTestEnv } from './testing/contractsTestEnv.js'

let env: ContractsTestEnv
let snap: Hex

beforeAll(async () => {
  env = await setupContractsTestEnv()
})
afterAll(async () => {
  await env?.stop()
})
beforeEach(async () => {
  snap = await env.snapshot()
})
afterEach(async () => {
  await env.revert(snap)
})

describe('smart wallet factory', () => {
  test('createWallet answers the wallet address of its owner, deploys it once (WalletCreated), and on a second call answers it without deploying', async () => {
    const factory = env.contracts.smartWalletFactory
    const owner = env.accounts.other
    const expected = await env.client.readContract({ address: factory, abi: switchyardSmartWalletFactoryAbi, functionName: 'walletAddress', args: [owner] })
    for (const round of [1, 2]) {
      const { result } = await env.client.simulateContract({ account: env.accounts.deployer, address: factory, abi: switchyardSmartWalletFactoryAbi, functionName: 'createWallet', args: [owner] })
      expect(result, `round ${round}`).toBe(expected)
      const hash = await env.write({ address: factory, abi: switchyardSmartWalletFactoryAbi, functionName: 'createWallet', args: [owner] })
      const created = parseEventLogs({ abi: switchyardSmartWalletFactoryAbi, eventName: 'WalletCreated', logs: (await env.client.getTransactionReceipt({ hash })).logs })
      // Announced once, when deployed.
      expect(created.map((e) => [e.args.owner, e.args.wallet]), `round ${round}`).toEqual(round === 1 ? [[owner, expected]] : [])
    }
    expect(await env.client.readContract({ address: expected, abi: switchyardSmartWalletAbi, functionName: 'owner' })).toBe(owner)
  })
})

describe('smart wallet ERC-165', () => {
  test('the ERC-1155 receiver interface and ERC-165 itself, nothing else', async () => {
    const factory = env.contracts.smartWalletFactory
    await env.write({ address: factory, abi: switchyardSmartWalletFactoryAbi, functionName: 'createWallet', args: [env.accounts.user] })
    const wallet = await env.client.readContract({ address: factory, abi: switchyardSmartWalletFactoryAbi, functionName: 'walletAddress', args: [env.accounts.user] })
    const supports = (id: Hex) => env.client.readContract({ address: wallet, abi: switchyardSmartWalletAbi, functionName: 'supportsInterface', args: [id] })
    expect(await Promise.all(['0x4e2312e0', '0x01ffc9a7', '0xffffffff', '0x150b7a02'].map((id) => supports(id as Hex)))).toEqual([true, true, false, false])
  })
})
