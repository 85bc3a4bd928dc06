import { EnsoClient } from '@ensofinance/sdk'
import { pino } from 'pino'
import { erc20Abi, parseAbi, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DevnetClient } from '../../src/chain/devnet/createDevnetClient.js'
import { ensoPercentageMathHelpers } from '../../src/chain/devnet/deployEnsoHelpers.js'
import { configSchema } from '../../src/config.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * The vendor's `enso call` sample (node_modules/@ensofinance/sdk/tests/docs.actions.test.ts, "call":
 * `percentMul(1e18, 7000)` on its public helper 0xD0aF…EF12) through the real EnsoClient, its bundle
 * executed on the devnet where our `DevEnsoPercentageMathHelpers` sits at that address; then the same
 * helper's result spent by a later action, so the balances prove what it returned.
 */

const KEY = 'enso-helper-call-key-0123456789ab'
const owner: Address = '0x0000000000000000000000000000000000e45001'
const receiver: Address = '0x0000000000000000000000000000000000e45002'
const helperAbi = parseAbi([
  'function percentMul(uint256 value, uint256 percentage) pure returns (uint256)',
  'function percentDiv(uint256 value, uint256 percentage) pure returns (uint256)',
  'function VERSION() view returns (uint256)',
])
const factoryAbi = parseAbi(['function createWallet(address owner) returns (address)', 'function walletAddress(address owner) view returns (address)'])
const walletAbi = parseAbi(['function execute(address target, bytes data) payable returns (bytes)'])

let sy: RunningSwitchyard
let enso: EnsoClient
let client: DevnetClient
let wallet: Address
let usdc: Address

beforeAll(async () => {
  const config = configSchema.parse({ chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1 })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  enso = new EnsoClient({ apiKey: KEY, baseURL: `${sy.httpUrl}/api/v1` })
  const chain = sy.connected.devnet!.chains[1]!
  client = chain.client
  usdc = chain.addressBook.tokens.USDC!.address
  await sy.connected.devnet!.fund({ chainId: 1, address: owner, token: 'ETH', amount: 10n ** 20n })
  await client.impersonateAccount({ address: owner })
  const factory = (chain.addressBook.switchyard as unknown as { smartWalletFactory: Address }).smartWalletFactory
  await mined(await client.writeContract({ address: factory, abi: factoryAbi, functionName: 'createWallet', args: [owner], account: owner, chain: client.chain }))
  wallet = await client.readContract({ address: factory, abi: factoryAbi, functionName: 'walletAddress', args: [owner] })
}, 120_000)
afterAll(async () => {
  await sy?.stop()
})

async function mined(hash: Hex) {
  const receipt = await client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt
}
const balanceOf = (token: Address, who: Address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
const read = (functionName: 'percentMul' | 'percentDiv', args: readonly [bigint, bigint]) =>
  client.readContract({ address: ensoPercentageMathHelpers, abi: helperAbi, functionName, args })

describe('the vendor helper 0xD0aF…EF12 on the devnet', () => {
  test('answers the vendor helper\'s functions: basis points, rounded half up, its overflow and zero guards', async () => {
    expect(await client.readContract({ address: ensoPercentageMathHelpers, abi: helperAbi, functionName: 'VERSION' })).toBe(1n)
    expect(await read('percentMul', [10n ** 18n, 7000n])).toBe(7n * 10n ** 17n)
    expect(await read('percentMul', [1n, 5000n])).toBe(1n) // 0.5 rounds up
    expect(await read('percentMul', [1n, 4999n])).toBe(0n)
    expect(await read('percentMul', [0n, 7000n])).toBe(0n)
    expect(await read('percentMul', [2n ** 255n, 0n])).toBe(0n)
    expect(await read('percentDiv', [700n, 7000n])).toBe(1000n)
    expect(await read('percentDiv', [1n, 3n])).toBe(3333n) // 3333.33 rounds down
    expect(await read('percentDiv', [1n, 6n])).toBe(1667n) // 1666.67 rounds up
    await expect(read('percentDiv', [1n, 0n])).rejects.toThrow(/Division by 0/)
    await expect(read('percentMul', [2n ** 255n, 2n])).rejects.toThrow(/multiplication overflow/)
    await expect(read('percentDiv', [2n ** 255n, 2n])).rejects.toThrow(/multiplication overflow/)
  })

  test('the vendor\'s `call` sample, executed: its bundle runs from a wallet under the delegate strategy', async () => {
    // Verbatim from the sample but fromAddress (the sample's account has no wallet of ours on the devnet).
    const bundle = await enso.getBundleData({ chainId: 1, fromAddress: wallet, routingStrategy: 'delegate' }, [
      {
        protocol: 'enso',
        action: 'call',
        args: { address: '0xD0aF6F692bFa10d6a535A3A321Dc8377F4EeEF12', method: 'percentMul', abi: 'function percentMul(uint256,uint256) external', args: ['1000000000000000000', '7000'] },
      },
    ])
    expect(bundle.bundle).toHaveLength(1)
    await mined(await client.writeContract({ address: wallet, abi: walletAbi, functionName: 'execute', args: [bundle.tx.to as Address, bundle.tx.data as Hex], account: owner, chain: client.chain, gas: BigInt(bundle.gas!) + 50_000n }))
  })

  test('its result spent by the next action: 70 % of 1,000.5 USDC (rounded half up) reaches the receiver, exactly', async () => {
    const amount = 1_000_500_000n
    await sy.connected.devnet!.fund({ chainId: 1, address: wallet, token: 'USDC', amount })
    const bundle = await enso.getBundleData({ chainId: 1, fromAddress: wallet, routingStrategy: 'delegate' }, [
      {
        protocol: 'enso',
        action: 'call',
        args: { address: ensoPercentageMathHelpers, method: 'percentMul', abi: 'function percentMul(uint256,uint256) external returns (uint256)', args: [amount.toString(), '7000'] },
      },
      { protocol: 'erc20', action: 'transfer', args: { token: usdc, receiver, amount: { useOutputOfCallAt: 0 } } },
    ])
    const expected = (amount * 7000n + 5000n) / 10_000n
    const [walletBefore, receiverBefore] = await Promise.all([balanceOf(usdc, wallet), balanceOf(usdc, receiver)])
    await mined(await client.writeContract({ address: wallet, abi: walletAbi, functionName: 'execute', args: [bundle.tx.to as Address, bundle.tx.data as Hex], account: owner, chain: client.chain, gas: BigInt(bundle.gas!) + 50_000n }))
    expect((await balanceOf(usdc, receiver)) - receiverBefore).toBe(expected)
    expect(walletBefore - (await balanceOf(usdc, wallet))).toBe(expected)
    expect(expected).toBe(700_350_000n)
  })
})
