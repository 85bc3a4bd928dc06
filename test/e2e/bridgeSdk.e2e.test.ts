import { EnsoClient } from '@ensofinance/sdk'
import { pino } from 'pino'
import { erc20Abi, pad, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getLayerZeroPacketsSent } from '../../src/chain/devnet/decodeLayerZeroPacket.js'
import { devnetLayerZeroRelayer } from '../../src/chain/devnet/deployLayerZero.js'
import { loadProtocolArtifact } from '../../src/chain/devnet/protocolArtifacts.js'
import { relayLayerZeroPacket } from '../../src/chain/devnet/relayLayerZeroPacket.js'
import { configSchema } from '../../src/config.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * The bridge read endpoints from the outside in: the real @ensofinance/sdk against a running
 * switchyard on two devnet chains. The devnet relayer is off, so the test decides when a packet lands.
 */

const KEY = 'bridge-sdk-key-0123456789abcdef'
const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const sender: Address = '0x0000000000000000000000000000000000b71d01'
const poolAbi = loadProtocolArtifact('StargatePool').abi

let sy: RunningSwitchyard
let enso: EnsoClient

beforeAll(async () => {
  const config = configSchema.parse({
    chains: [1, 8453], devnetPorts: { '1': 0, '8453': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1, relayer: 'off',
  })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  enso = new EnsoClient({ apiKey: KEY, baseURL: `${sy.httpUrl}/api/v1` })
}, 180_000)
afterAll(async () => {
  await sy?.stop()
})

const book = (chainId: number) => sy.connected.chains[chainId]!.addressBook
const pool = (chainId: number, symbol: string) => book(chainId).stargate!.pools.find((p) => p.symbol === symbol)!

describe('@ensofinance/sdk bridge reads against switchyard', () => {
  test('getStargatePool and getLayerZeroPool: LayerZeroPoolData for USDC and the native coin', async () => {
    const usdc = book(1).tokens.USDC!.address
    const expected = [{
      pool: pool(1, 'USDC').pool, chainId: 1, destinationChainId: 8453, token: usdc, decimals: 6,
      destinationData: { pool: pool(8453, 'USDC').pool, token: book(8453).tokens.USDC!.address, decimals: 6 },
    }]
    expect(await enso.getStargatePool({ chainId: 1, token: usdc })).toEqual(expected)
    expect(await enso.getLayerZeroPool({ chainId: 1, token: usdc, destinationChainId: 8453 })).toEqual(expected)
    expect(await enso.getLayerZeroPool({ chainId: 8453, token: NATIVE })).toEqual([{
      pool: pool(8453, 'ETH').pool, chainId: 8453, destinationChainId: 1, token: NATIVE, decimals: 18,
      destinationData: { pool: pool(1, 'ETH').pool, token: NATIVE, decimals: 18 },
    }])
    expect(await enso.getStargatePool({ chainId: 1, token: book(1).tokens.DAI!.address })).toEqual([])
    await expect(enso.getStargatePool({ chainId: 10, token: usdc })).rejects.toMatchObject({ name: 'EnsoApiError', statusCode: 400 })
  })

  test('getBridgeStatus follows a Stargate taxi: pending for an unknown hash, inflight, then delivered', async () => {
    const devnet = sy.connected.devnet!
    const src = devnet.chains[1]!
    const dst = devnet.chains[8453]!
    const usdc = pool(1, 'USDC')
    const amount = 750n * 10n ** 6n
    const unknown = `0x${'77'.repeat(32)}`
    expect(await enso.getBridgeStatus({ bridgeProtocol: 'stargate', chainId: 1, txHash: unknown })).toEqual({ sourceChainId: 1, sourceTxHash: unknown, status: 'pending' })

    await devnet.fund({ chainId: 1, address: sender, token: 'ETH', amount: 10n ** 18n })
    await devnet.fund({ chainId: 1, address: sender, token: 'USDC', amount })
    await src.client.impersonateAccount({ address: sender })
    const send = { dstEid: book(8453).layerZero!.eid, to: pad(sender), amountLD: amount, minAmountLD: 0n, extraOptions: '0x' as Hex, composeMsg: '0x' as Hex, oftCmd: '0x' as Hex }
    const fee = (await src.client.readContract({ address: usdc.pool, abi: poolAbi, functionName: 'quoteSend', args: [send, false] })) as { nativeFee: bigint; lzTokenFee: bigint }
    await src.client.waitForTransactionReceipt({ hash: await src.client.writeContract({ address: usdc.token, abi: erc20Abi, functionName: 'approve', args: [usdc.pool, amount], account: sender, chain: src.client.chain }) })
    const hash = await src.client.writeContract({ address: usdc.pool, abi: poolAbi, functionName: 'send', args: [send, fee, sender], value: fee.nativeFee, account: sender, chain: src.client.chain } as never)
    const receipt = await src.client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')

    expect(await enso.getBridgeStatus({ bridgeProtocol: 'stargate', chainId: 1, txHash: hash })).toEqual({ sourceChainId: 1, sourceTxHash: hash, destinationChainId: 8453, status: 'inflight' })
    const [packet] = getLayerZeroPacketsSent({ logs: receipt.logs, endpoint: book(1).layerZero!.endpoint })
    const lz = book(8453).layerZero!
    const { deliverHash } = await relayLayerZeroPacket(dst.client, { encodedPacket: packet!.encoded, endpoint: lz.endpoint, receiveLib: lz.receiveLib, relayer: devnetLayerZeroRelayer })
    const delivered = await enso.getBridgeStatus({ bridgeProtocol: 'layerzero', chainId: '1', txHash: hash })
    expect(delivered).toEqual({ sourceChainId: 1, sourceTxHash: hash, destinationChainId: 8453, destinationTxHash: deliverHash, status: 'delivered' })
  })

  test('getBridgeStatus refuses bridges switchyard does not follow, and malformed hashes', async () => {
    await expect(enso.getBridgeStatus({ bridgeProtocol: 'cctp', chainId: 1, txHash: `0x${'77'.repeat(32)}` })).rejects.toMatchObject({ name: 'EnsoApiError', statusCode: 400 })
    await expect(enso.getBridgeStatus({ bridgeProtocol: 'across', chainId: 1, txHash: '0x1234' })).rejects.toMatchObject({ name: 'EnsoApiError', statusCode: 400 })
  })
})
