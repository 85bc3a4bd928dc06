import { pad, parseAbi, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { StargatePoolEntry } from '../addressBook.js'
import type { DevnetClient } from './createDevnetClient.js'
import { getLayerZeroPacketsSent } from './decodeLayerZeroPacket.js'
import { devnetLayerZeroRelayer } from './deployLayerZero.js'
import { loadProtocolArtifact } from './protocolArtifacts.js'
import { relayLayerZeroPacket } from './relayLayerZeroPacket.js'
import { startDevnet, type Devnet } from './startDevnet.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

const poolAbi = loadProtocolArtifact('StargatePool').abi
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)', 'function approve(address, uint256) returns (bool)'])
const alice: Address = '0x00000000000000000000000000000000000a11ce'
const bob: Address = '0x0000000000000000000000000000000000000b0b'

type SendParam = { dstEid: number; to: Hex; amountLD: bigint; minAmountLD: bigint; extraOptions: Hex; composeMsg: Hex; oftCmd: Hex }
type OftQuote = [unknown, unknown, { amountSentLD: bigint; amountReceivedLD: bigint }]

function pool(chainId: number, symbol: string): StargatePoolEntry {
  return devnet.chains[chainId]!.addressBook.stargate!.pools.find((p) => p.symbol === symbol)!
}

function credit(client: DevnetClient, address: Address, eid: number): Promise<bigint> {
  return client.readContract({ address, abi: poolAbi, functionName: 'paths', args: [eid] }) as Promise<bigint>
}

async function write(client: DevnetClient, address: Address, abi: typeof poolAbi, functionName: string, args: readonly unknown[], value = 0n) {
  const hash = await client.writeContract({ address, abi, functionName, args, account: alice, chain: client.chain, value } as never)
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  expect(receipt.status).toBe('success')
  return receipt
}

describe('linkStargate', () => {
  // Deposits (shared decimals): chain 1 USDC 2e13, ETH 1e10; Base USDC 1e13, ETH 5e9. Each chain sent half to the other.
  test.each([
    [1, 'USDC', 30101, 30184, 10_000_000_000_000n, 5_000_000_000_000n],
    [1, 'ETH', 30101, 30184, 5_000_000_000n, 2_500_000_000n],
    [8453, 'USDC', 30184, 30101, 5_000_000_000_000n, 10_000_000_000_000n],
    [8453, 'ETH', 30184, 30101, 2_500_000_000n, 5_000_000_000n],
  ] as const)('chain %i %s pool: half its deposit left as local credit, credit from the remote pool on the remote eid', async (chainId, symbol, eid, remoteEid, local, remote) => {
    const { client } = devnet.chains[chainId]!
    const p = pool(chainId, symbol)
    expect(await credit(client, p.pool, eid)).toBe(local)
    expect(await credit(client, p.pool, remoteEid)).toBe(remote)
    // quoteOFT caps a transfer at the credit on its path.
    const send: SendParam = { dstEid: remoteEid, to: pad(bob), amountLD: 1n, minAmountLD: 0n, extraOptions: '0x', composeMsg: '0x', oftCmd: '0x' }
    const [limit] = (await client.readContract({ address: p.pool, abi: poolAbi, functionName: 'quoteOFT', args: [send] })) as [{ maxAmountLD: bigint }]
    expect(limit.maxAmountLD).toBe(remote * 10n ** BigInt(p.localDecimals - p.sharedDecimals))
  })

  test('a USDC taxi from chain 1 to an EOA on Base: quoteSend fee as msg.value, relayed, received exactly what quoteOFT promised', async () => {
    const src = devnet.chains[1]!
    const dst = devnet.chains[8453]!
    const usdc1 = pool(1, 'USDC')
    const usdc8453 = pool(8453, 'USDC')
    const amount = 1_000n * 10n ** 6n
    await devnet.fund({ chainId: 1, address: alice, token: 'ETH', amount: 10n ** 18n })
    await devnet.fund({ chainId: 1, address: alice, token: 'USDC', amount })
    await src.client.impersonateAccount({ address: alice })

    const send: SendParam = { dstEid: 30184, to: pad(bob), amountLD: amount, minAmountLD: 0n, extraOptions: '0x', composeMsg: '0x', oftCmd: '0x' }
    const [, , oft] = (await src.client.readContract({ address: usdc1.pool, abi: poolAbi, functionName: 'quoteOFT', args: [send] })) as OftQuote
    // 6 bps, rounded up by one shared-decimal unit: 1000 USDC − 0.600001 USDC.
    expect(oft).toEqual({ amountSentLD: amount, amountReceivedLD: 999_399_999n })
    send.minAmountLD = oft.amountReceivedLD
    const fee = (await src.client.readContract({ address: usdc1.pool, abi: poolAbi, functionName: 'quoteSend', args: [send, false] })) as { nativeFee: bigint; lzTokenFee: bigint }
    expect(fee).toEqual({ nativeFee: 100n, lzTokenFee: 0n })

    await write(src.client, usdc1.token, erc20 as never, 'approve', [usdc1.pool, amount])
    const creditBefore = await credit(src.client, usdc1.pool, 30184)
    const ethBefore = await src.client.getBalance({ address: alice })
    const receipt = await write(src.client, usdc1.pool, poolAbi, 'send', [send, fee, alice], fee.nativeFee)
    expect(await src.client.readContract({ address: usdc1.token, abi: erc20, functionName: 'balanceOf', args: [alice] })).toBe(0n)
    expect(await src.client.getBalance({ address: alice })).toBe(ethBefore - fee.nativeFee - receipt.gasUsed * receipt.effectiveGasPrice)
    expect(await credit(src.client, usdc1.pool, 30184)).toBe(creditBefore - oft.amountReceivedLD)
    expect(await src.client.readContract({ address: usdc1.pool, abi: poolAbi, functionName: 'treasuryFee' })).toBe(600_001n)

    const [packet] = getLayerZeroPacketsSent({ logs: receipt.logs, endpoint: src.addressBook.layerZero!.endpoint })
    expect(packet).toMatchObject({ srcEid: 30101, dstEid: 30184, receiver: dst.addressBook.stargate!.tokenMessaging })
    const bobBefore = await dst.client.readContract({ address: usdc8453.token, abi: erc20, functionName: 'balanceOf', args: [bob] })
    const lz = dst.addressBook.layerZero!
    await relayLayerZeroPacket(dst.client, { encodedPacket: packet!.encoded, endpoint: lz.endpoint, receiveLib: lz.receiveLib, relayer: devnetLayerZeroRelayer })
    const bobAfter = await dst.client.readContract({ address: usdc8453.token, abi: erc20, functionName: 'balanceOf', args: [bob] })
    expect(bobAfter - bobBefore).toBe(oft.amountReceivedLD)
    expect(await dst.client.readContract({ address: usdc8453.pool, abi: poolAbi, functionName: 'poolBalance' })).toBe(10_000_000n * 10n ** 6n - oft.amountReceivedLD)
  })

  test('a native ETH taxi from Base to an EOA on chain 1: msg.value is the amount plus the fee', async () => {
    const src = devnet.chains[8453]!
    const dst = devnet.chains[1]!
    const eth8453 = pool(8453, 'ETH')
    const amount = 10n ** 18n
    await devnet.fund({ chainId: 8453, address: alice, token: 'ETH', amount: 2n * 10n ** 18n })
    await src.client.impersonateAccount({ address: alice })
    const send: SendParam = { dstEid: 30101, to: pad(bob), amountLD: amount, minAmountLD: 0n, extraOptions: '0x', composeMsg: '0x', oftCmd: '0x' }
    const [, , oft] = (await src.client.readContract({ address: eth8453.pool, abi: poolAbi, functionName: 'quoteOFT', args: [send] })) as OftQuote
    // 6 bps of 1e6 shared units plus one: 601 units of 1e12 wei.
    expect(oft).toEqual({ amountSentLD: amount, amountReceivedLD: 999_399n * 10n ** 12n })
    send.minAmountLD = oft.amountReceivedLD
    const fee = (await src.client.readContract({ address: eth8453.pool, abi: poolAbi, functionName: 'quoteSend', args: [send, false] })) as { nativeFee: bigint; lzTokenFee: bigint }
    expect(fee).toEqual({ nativeFee: 100n, lzTokenFee: 0n })

    const aliceBefore = await src.client.getBalance({ address: alice })
    const poolBefore = await src.client.getBalance({ address: eth8453.pool })
    const receipt = await write(src.client, eth8453.pool, poolAbi, 'send', [send, fee, alice], amount + fee.nativeFee)
    expect(await src.client.getBalance({ address: alice })).toBe(aliceBefore - amount - fee.nativeFee - receipt.gasUsed * receipt.effectiveGasPrice)
    expect(await src.client.getBalance({ address: eth8453.pool })).toBe(poolBefore + amount)

    const [packet] = getLayerZeroPacketsSent({ logs: receipt.logs, endpoint: src.addressBook.layerZero!.endpoint })
    const bobBefore = await dst.client.getBalance({ address: bob })
    const lz = dst.addressBook.layerZero!
    await relayLayerZeroPacket(dst.client, { encodedPacket: packet!.encoded, endpoint: lz.endpoint, receiveLib: lz.receiveLib, relayer: devnetLayerZeroRelayer })
    expect((await dst.client.getBalance({ address: bob })) - bobBefore).toBe(oft.amountReceivedLD)
  })

  test('a send beyond the path credit reverts (Path_InsufficientCredit)', async () => {
    const src = devnet.chains[8453]!
    const usdc = pool(8453, 'USDC')
    const tooMuch = (await credit(src.client, usdc.pool, 30101)) * 2n
    await devnet.fund({ chainId: 8453, address: alice, token: 'USDC', amount: tooMuch })
    await src.client.impersonateAccount({ address: alice })
    await write(src.client, usdc.token, erc20 as never, 'approve', [usdc.pool, tooMuch])
    const send: SendParam = { dstEid: 30101, to: pad(bob), amountLD: tooMuch, minAmountLD: 0n, extraOptions: '0x', composeMsg: '0x', oftCmd: '0x' }
    await expect(
      src.client.simulateContract({ address: usdc.pool, abi: poolAbi, functionName: 'send', args: [send, { nativeFee: 100n, lzTokenFee: 0n }, alice], account: alice, value: 100n }),
    ).rejects.toThrow(/Path_InsufficientCredit/)
  })

  test('a chain started alone is not linked: no credit towards the absent chain', async () => {
    const solo = await startDevnet({ chains: [8453], useCache: false })
    try {
      const { client, addressBook } = solo.chains[8453]!
      const usdc = addressBook.stargate!.pools.find((p) => p.symbol === 'USDC')!
      expect(usdc.pool).toBe(pool(8453, 'USDC').pool)
      expect(await credit(client, usdc.pool, 30184)).toBe(10_000_000_000_000n)
      expect(await credit(client, usdc.pool, 30101)).toBe(0n)
    } finally {
      await solo.stop()
    }
  })
})
