import { getContractAddress, pad, parseAbi, zeroAddress, type Abi, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { layerZeroDeployments, stargateDeployments } from '../canonicalAddresses.js'
import { devnetDeployer } from './createDevnetClient.js'
import { loadProtocolArtifact } from './protocolArtifacts.js'
import { startDevnet, type Devnet } from './startDevnet.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

const poolAbi = loadProtocolArtifact('StargatePool').abi
const tmAbi = loadProtocolArtifact('StargateTokenMessaging').abi
const cmAbi = loadProtocolArtifact('StargateCreditMessaging').abi
const feeLibAbi = loadProtocolArtifact('StargateFeeLibV1').abi
const endpointAbi = loadProtocolArtifact('LayerZeroEndpointV2').abi
const lpAbi = parseAbi([
  'function stargate() view returns (address)',
  'function balanceOf(address) view returns (uint256)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
])

/** The scenario's LP deposits (depositUsd at the scenario price), in local decimals. */
const deposits = {
  1: { USDC: 20_000_000n * 10n ** 6n, ETH: 10_000n * 10n ** 18n },
  8453: { USDC: 10_000_000n * 10n ** 6n, ETH: 5_000n * 10n ** 18n },
} as const

describe('deployStargate', () => {
  test.each([
    [1, 8453],
    [8453, 1],
  ] as const)('chain %i: pools, messaging and fee libraries at their mainnet addresses, wired to EndpointV2 and to chain %i', async (chainId, remoteId) => {
    const { client, addressBook } = devnet.chains[chainId]!
    const read = (address: Address, abi: Abi, functionName: string, args: readonly unknown[] = []) => client.readContract({ address, abi, functionName, args })
    const mainnet = stargateDeployments[chainId]!
    const remote = stargateDeployments[remoteId]!
    const { eid, endpoint } = layerZeroDeployments[chainId]!
    const remoteEid = layerZeroDeployments[remoteId]!.eid
    const sg = addressBook.stargate!
    expect(sg).toEqual({
      tokenMessaging: mainnet.tokenMessaging,
      creditMessaging: mainnet.creditMessaging,
      pools: [
        {
          pool: mainnet.pools.USDC!.pool,
          token: addressBook.tokens.USDC!.address,
          symbol: 'USDC',
          assetId: 1,
          feeLib: mainnet.pools.USDC!.feeLib,
          native: false,
          sharedDecimals: 6,
          localDecimals: 6,
          lpToken: getContractAddress({ from: mainnet.pools.USDC!.pool, nonce: 1n }),
        },
        {
          pool: mainnet.pools.ETH!.pool,
          token: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
          symbol: 'ETH',
          assetId: 13,
          feeLib: mainnet.pools.ETH!.feeLib,
          native: true,
          sharedDecimals: 6,
          localDecimals: 18,
          lpToken: getContractAddress({ from: mainnet.pools.ETH!.pool, nonce: 1n }),
        },
      ],
    })
    if (chainId === 1) expect(sg.pools[1]!.pool).toBe('0x77b2043768d28E9C9aB44E1aBfC95944bcE57931')

    for (const messaging of [sg.tokenMessaging, sg.creditMessaging]) {
      const abi = messaging === sg.tokenMessaging ? tmAbi : cmAbi
      const remoteMessaging = messaging === sg.tokenMessaging ? remote.tokenMessaging : remote.creditMessaging
      expect(await read(messaging, abi, 'owner')).toBe(devnetDeployer)
      expect(await read(messaging, abi, 'endpoint')).toBe(endpoint)
      expect(await read(messaging, abi, 'planner')).toBe(devnetDeployer)
      expect(await read(messaging, abi, 'peers', [remoteEid])).toBe(pad(remoteMessaging).toLowerCase())
      expect(await read(messaging, abi, 'maxAssetId')).toBe(13)
      // The constructor's endpoint.setDelegate ran at the real address.
      expect(await read(endpoint, endpointAbi, 'delegates', [messaging])).toBe(devnetDeployer)
    }
    expect(await read(sg.creditMessaging, cmAbi, 'gasLimits', [remoteEid])).toBe(100_000n)

    for (const p of sg.pools) {
      expect(await read(sg.tokenMessaging, tmAbi, 'stargateImpls', [p.assetId])).toBe(p.pool)
      expect(await read(sg.tokenMessaging, tmAbi, 'assetIds', [p.pool])).toBe(p.assetId)
      expect(await read(sg.creditMessaging, cmAbi, 'stargateImpls', [p.assetId])).toBe(p.pool)
      expect(await read(p.pool, poolAbi, 'owner')).toBe(devnetDeployer)
      expect(await read(p.pool, poolAbi, 'token')).toBe(p.native ? zeroAddress : p.token)
      expect(await read(p.pool, poolAbi, 'endpoint')).toBe(endpoint)
      expect(await read(p.pool, poolAbi, 'localEid')).toBe(eid)
      expect(await read(p.pool, poolAbi, 'sharedDecimals')).toBe(6)
      expect(await read(p.pool, poolAbi, 'stargateType')).toBe(0)
      expect(await read(p.pool, poolAbi, 'getAddressConfig')).toEqual({
        feeLib: p.feeLib,
        planner: devnetDeployer,
        treasurer: devnetDeployer,
        tokenMessaging: sg.tokenMessaging,
        creditMessaging: sg.creditMessaging,
        lzToken: zeroAddress,
      })
      expect(await read(p.feeLib, feeLibAbi, 'owner')).toBe(devnetDeployer)
      expect(await read(p.feeLib, feeLibAbi, 'stargate')).toBe(p.pool)
      // 6 bps in every zone, no reward.
      expect(await read(p.feeLib, feeLibAbi, 'feeConfigs', [remoteEid])).toEqual([false, 0n, 0n, 600, 600, 600, 0])
    }
  })

  test.each([1, 8453] as const)('chain %i: the deployer holds LP tokens for its whole deposit, minted by the pool', async (chainId) => {
    const { client, addressBook } = devnet.chains[chainId]!
    for (const p of addressBook.stargate!.pools) {
      const deposit = deposits[chainId][p.symbol as 'USDC' | 'ETH']
      expect(await client.readContract({ address: p.lpToken, abi: lpAbi, functionName: 'stargate' })).toBe(p.pool)
      expect(await client.readContract({ address: p.lpToken, abi: lpAbi, functionName: 'symbol' })).toBe(`S*${p.symbol}`)
      expect(await client.readContract({ address: p.lpToken, abi: lpAbi, functionName: 'decimals' })).toBe(p.localDecimals)
      expect(await client.readContract({ address: p.lpToken, abi: lpAbi, functionName: 'balanceOf', args: [devnetDeployer] })).toBe(deposit)
      expect(await client.readContract({ address: p.pool, abi: poolAbi, functionName: 'tvl' })).toBe(deposit)
      expect(await client.readContract({ address: p.pool, abi: poolAbi, functionName: 'poolBalance' })).toBe(deposit)
      const held = p.native
        ? await client.getBalance({ address: p.pool })
        : await client.readContract({ address: p.token, abi: lpAbi, functionName: 'balanceOf', args: [p.pool] })
      expect(held).toBe(deposit)
    }
  })

  test('the mainnet deployer account is left without ETH', async () => {
    for (const chainId of [1, 8453] as const) {
      expect(await devnet.chains[chainId]!.client.getBalance({ address: stargateDeployments[chainId]!.deployer })).toBe(0n)
    }
  })
})
