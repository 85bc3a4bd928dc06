import { getContractAddress, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { layerZeroDeployments } from '../canonicalAddresses.js'
import { devnetDeployer } from './createDevnetClient.js'
import { devnetLayerZeroRelayer } from './deployLayerZero.js'
import { loadProtocolArtifact } from './protocolArtifacts.js'
import { startDevnet, type Devnet } from './startDevnet.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

const endpointAbi = loadProtocolArtifact('LayerZeroEndpointV2').abi
const libAbi = loadProtocolArtifact('LayerZeroSimpleMessageLib').abi

describe('deployLayerZero', () => {
  test.each([
    [1, 30101, 30184],
    [8453, 30184, 30101],
  ] as const)('chain %i: EndpointV2 at its mainnet address with eid %i, SimpleMessageLib the default for eid %i', async (chainId, eid, remote) => {
    const { client, addressBook } = devnet.chains[chainId]!
    const lz = addressBook.layerZero!
    expect(lz.endpoint).toBe('0x1a44076050125825900e736c501f859c50fE728c')
    expect(lz).toMatchObject({ eid, endpoint: layerZeroDeployments[chainId]!.endpoint, relayer: devnetLayerZeroRelayer })
    const read = (address: Address, abi: typeof endpointAbi, functionName: string, args: readonly unknown[] = []) =>
      client.readContract({ address, abi, functionName, args })
    expect(await read(lz.endpoint, endpointAbi, 'eid')).toBe(eid)
    expect(await read(lz.endpoint, endpointAbi, 'owner')).toBe(devnetDeployer)
    // The constructor's BlockedMessageLib sits at the endpoint's nonce-1 address, as on mainnet.
    const blocked = getContractAddress({ from: lz.endpoint, nonce: 1n })
    expect(blocked).toBe('0x1ccBf0db9C192d969de57E25B3fF09A25bb1D862')
    expect(await read(lz.endpoint, endpointAbi, 'blockedLibrary')).toBe(blocked)
    expect(await read(lz.endpoint, endpointAbi, 'getRegisteredLibraries')).toEqual([blocked, lz.sendLib])
    expect(await read(blocked, libAbi, 'messageLibType')).toBe(2)
    expect(await read(lz.endpoint, endpointAbi, 'defaultSendLibrary', [remote])).toBe(lz.sendLib)
    expect(await read(lz.endpoint, endpointAbi, 'defaultReceiveLibrary', [remote])).toBe(lz.receiveLib)
    expect(await read(lz.sendLib, libAbi, 'localEid')).toBe(eid)
    expect(await read(lz.sendLib, libAbi, 'endpoint')).toBe(lz.endpoint)
    expect(await read(lz.sendLib, libAbi, 'whitelistCaller')).toBe(devnetLayerZeroRelayer)
  })
})
