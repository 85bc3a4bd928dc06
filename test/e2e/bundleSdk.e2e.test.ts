import { EnsoClient } from '@ensofinance/sdk'
import { pino } from 'pino'
import { erc20Abi, parseAbi, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DevnetClient } from '../../src/chain/devnet/createDevnetClient.js'
import { configSchema } from '../../src/config.js'
import { morphoBlueAbi } from '../../src/protocols/morpho-blue/abi.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * Bundles and non-tokenized routes from the outside in: the real @ensofinance/sdk against a running
 * switchyard, every returned transaction executed on the devnet and its promise checked.
 */

const KEY = 'bundle-sdk-key-0123456789abcdef'
const trader: Address = '0x0000000000000000000000000000000000b5d001'
const factoryAbi = parseAbi(['function createWallet(address owner) returns (address)', 'function walletAddress(address owner) view returns (address)'])
const walletAbi = parseAbi(['function execute(address target, bytes data) payable returns (bytes)'])

let sy: RunningSwitchyard
let enso: EnsoClient
let client: DevnetClient
let tokens: Record<string, Address>

beforeAll(async () => {
  const config = configSchema.parse({ chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1 })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  enso = new EnsoClient({ apiKey: KEY, baseURL: `${sy.httpUrl}/api/v1` })
  const chain = sy.connected.devnet!.chains[1]!
  client = chain.client
  tokens = Object.fromEntries(Object.values(chain.addressBook.tokens).map((t) => [t.symbol, t.address]))
  await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'ETH', amount: 10n ** 22n })
  await client.impersonateAccount({ address: trader })
}, 120_000)
afterAll(async () => {
  await sy?.stop()
})

const balanceOf = (token: Address, who: Address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
async function mined(hash: Hex) {
  const receipt = await client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt
}

describe('@ensofinance/sdk bundles against switchyard, executed', () => {
  test('getBundleData (router): approvals first, then the tx with exactly `gas`; the receiver gets amountsOut', async () => {
    const book = sy.connected.chains[1]!.addressBook
    await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'USDC', amount: 5_000n * 10n ** 6n })
    const bundle = await enso.getBundleData({ chainId: 1, fromAddress: trader, routingStrategy: 'router' }, [
      { protocol: 'uniswap-v3', action: 'swap', args: { tokenIn: tokens.USDC!, tokenOut: tokens.WETH!, amountIn: '2000000000', primaryAddress: book.uniswapV3.swapRouter02 } },
      { protocol: 'enso', action: 'slippage', args: { bps: '100', amountOut: { useOutputOfCallAt: 0 } } },
      { protocol: 'erc4626', action: 'deposit', args: { tokenIn: tokens.WETH!, amountIn: { useOutputOfCallAt: 1 }, primaryAddress: book.erc4626!.vaults.find((v) => v.asset === tokens.WETH)!.address } },
    ])
    const vault = book.erc4626!.vaults.find((v) => v.asset === tokens.WETH)!.address
    expect(bundle.bundle).toHaveLength(3)
    expect(bundle.approvals).toHaveLength(1)
    for (const a of bundle.approvals!) await mined(await client.sendTransaction({ account: trader, to: a.to as Address, data: a.data as Hex, chain: client.chain }))
    const before = await balanceOf(vault, trader)
    await mined(await client.sendTransaction({ account: trader, to: bundle.tx.to as Address, data: bundle.tx.data as Hex, value: BigInt(bundle.tx.value), gas: BigInt(bundle.gas!), chain: client.chain }))
    expect((await balanceOf(vault, trader)) - before).toBe(BigInt(bundle.amountsOut![vault as Address]!))
  })

  test('getRouteNonTokenized and getNonTokenizedPositions: USDC into a Morpho collateral position of a wallet', async () => {
    const sy_ = sy.connected.chains[1]!.addressBook.switchyard as unknown as { smartWalletFactory: Address }
    await mined(await client.writeContract({ address: sy_.smartWalletFactory, abi: factoryAbi, functionName: 'createWallet', args: [trader], account: trader, chain: client.chain }))
    const wallet = await client.readContract({ address: sy_.smartWalletFactory, abi: factoryAbi, functionName: 'walletAddress', args: [trader] })
    await sy.connected.devnet!.fund({ chainId: 1, address: wallet, token: 'USDC', amount: 30_000n * 10n ** 6n })
    const positions = await enso.getNonTokenizedPositions({ chainId: 1, protocolSlug: 'morpho-blue' } as never)
    const collateral = (positions.data as unknown as { address: Address; positionId: string; name: string }[]).find((p) => p.name.includes('WETH/USDC') && p.positionId.endsWith(':collateral'))!
    const route = await enso.getRouteNonTokenized({ chainId: 1, fromAddress: wallet, routingStrategy: 'delegate', tokenIn: [tokens.USDC!], amountIn: ['30000000000'], positionOut: collateral.address, receiver: wallet, slippage: '100' })
    await mined(await client.writeContract({ address: wallet, abi: walletAbi, functionName: 'execute', args: [route.tx.to as Address, route.tx.data as Hex], account: trader, chain: client.chain, gas: BigInt(route.gas) + 50_000n }))
    const marketId = collateral.positionId.split(':')[0] as Hex
    const [, , posted] = await client.readContract({ address: sy.connected.chains[1]!.addressBook.morphoBlue!.morpho, abi: morphoBlueAbi, functionName: 'position', args: [marketId, wallet] })
    expect(posted).toBe(BigInt((route as unknown as { amountDeposited: string }).amountDeposited))
    expect(posted).toBeGreaterThan(9n * 10n ** 18n)
  })
})
