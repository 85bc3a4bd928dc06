import { encodeAbiParameters, getContractAddress, keccak256, pad, type Address, type Hex } from 'viem'
import type { LayerZeroEntry } from '../addressBook.js'
import { DevnetDeployError } from '../../errors/chain.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployProtocolContract } from './deployProtocolContract.js'
import { loadProtocolArtifact } from './protocolArtifacts.js'
import { sendTx } from './sendTx.js'

/**
 * The devnet's LayerZero relayer: anvil dev account #9. The SimpleMessageLib accepts `validatePacket`
 * only from it (`setWhitelistCaller`), as a real receive library accepts only its DVNs.
 */
export const devnetLayerZeroRelayer: Address = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

/** Parameters of {@link deployLayerZero}. */
export type DeployLayerZeroParameters = {
  /** Where EndpointV2 is installed (its mainnet address, the same on every EVM chain). */
  endpoint: Address
  /** This chain's endpoint id. */
  eid: number
  /** Endpoint ids of the other devnet chains: the SimpleMessageLib becomes their default send and receive library. */
  remoteEids: readonly number[]
  /** The only account allowed to call `validatePacket`; defaults to {@link devnetLayerZeroRelayer}. */
  relayer?: Address | undefined
}

/** Storage slots of EndpointV2 (MessageLibManager), read from a deployed endpoint and checked after the rewrite. */
const REGISTERED_LIBRARIES_SLOT = 4n
const IS_REGISTERED_LIBRARY_SLOT = 5n

function mappingSlot(key: Address, slot: bigint): Hex {
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [key, slot]))
}

/**
 * EndpointV2's constructor creates a BlockedMessageLib (`new BlockedMessageLib()`, the endpoint's
 * nonce 1) and keeps its address in the `blockedLibrary` immutable, in `registeredLibraries[0]` and
 * as a key of `isRegisteredLibrary`. Run at a scratch address, that child lands at the scratch
 * address's nonce-1 address, which the relocation in `deployAtCanonical` cannot see (the child is
 * another account and a mapping key is hashed). Moves the child to the endpoint's own nonce-1
 * address, as on mainnet (`0x1ccBf0db…D862`), and rewrites the three references.
 */
async function relocateBlockedLibrary(client: DevnetClient, endpoint: Address): Promise<Address> {
  const { abi } = loadProtocolArtifact('LayerZeroEndpointV2')
  const want = getContractAddress({ from: endpoint, nonce: 1n })
  const scratch = (await client.readContract({ address: endpoint, abi, functionName: 'blockedLibrary' })) as Address
  if (scratch.toLowerCase() === want.toLowerCase()) return want
  const childCode = await client.getCode({ address: scratch })
  const code = await client.getCode({ address: endpoint })
  if (!childCode || !code) throw new Error('BlockedMessageLib or endpoint has no code')
  const from = scratch.slice(2).toLowerCase()
  const to = want.slice(2).toLowerCase()
  if (!code.toLowerCase().includes(from)) throw new Error('blockedLibrary immutable not found in the runtime code')
  await client.setCode({ address: want, bytecode: childCode })
  await client.setCode({ address: endpoint, bytecode: code.toLowerCase().replaceAll(from, to) as Hex })
  const element = keccak256(pad(`0x${REGISTERED_LIBRARIES_SLOT.toString(16)}`))
  if ((await client.getStorageAt({ address: endpoint, slot: element }))?.toLowerCase() !== pad(scratch).toLowerCase()) {
    throw new Error('registeredLibraries[0] is not the blocked library: storage layout changed')
  }
  await client.setStorageAt({ address: endpoint, index: element, value: pad(want) })
  await client.setStorageAt({ address: endpoint, index: mappingSlot(scratch, IS_REGISTERED_LIBRARY_SLOT), value: pad('0x0') })
  await client.setStorageAt({ address: endpoint, index: mappingSlot(want, IS_REGISTERED_LIBRARY_SLOT), value: pad('0x1') })
  await client.setCode({ address: scratch, bytecode: '0x' })
  const [blocked, registered, libraries] = await Promise.all([
    client.readContract({ address: endpoint, abi, functionName: 'blockedLibrary' }),
    client.readContract({ address: endpoint, abi, functionName: 'isRegisteredLibrary', args: [want] }),
    client.readContract({ address: endpoint, abi, functionName: 'getRegisteredLibraries' }),
  ])
  if (blocked !== want || registered !== true || (libraries as Address[])[0] !== want) throw new Error('blocked library relocation did not take')
  return want
}

/**
 * Deploys LayerZero V2 from `@layerzerolabs/lz-evm-protocol-v2` bytecode: EndpointV2 (constructor
 * `(eid, owner)`, owner the devnet deployer) runs at a scratch address and is installed at its
 * mainnet address with its BlockedMessageLib at the mainnet child address; then a SimpleMessageLib
 * (`(endpoint, treasury)`, at the deployer's next nonce) is registered and made the default send and
 * receive library for every remote eid, with the relayer as its only `validatePacket` caller.
 * Messages then flow as `send` → `PacketSent` → `validatePacket` → `lzReceive` (see `relayLayerZeroPacket`).
 * @returns the address-book entry
 * @throws DevnetDeployError naming the step that failed
 */
export async function deployLayerZero(client: DevnetClient, params: DeployLayerZeroParameters): Promise<LayerZeroEntry> {
  const { eid, remoteEids, relayer = devnetLayerZeroRelayer } = params
  let step = 'EndpointV2'
  try {
    const endpoint = await deployProtocolContract(client, { name: 'LayerZeroEndpointV2', args: [eid, devnetDeployer], at: params.endpoint })
    step = 'BlockedMessageLib relocation'
    await relocateBlockedLibrary(client, endpoint)
    step = 'SimpleMessageLib'
    const lib = await deployProtocolContract(client, { name: 'LayerZeroSimpleMessageLib', args: [endpoint, devnetDeployer] })
    const endpointAbi = loadProtocolArtifact('LayerZeroEndpointV2').abi
    step = 'owner config'
    await sendTx(client, { address: lib, abi: loadProtocolArtifact('LayerZeroSimpleMessageLib').abi, functionName: 'setWhitelistCaller', args: [relayer] })
    await sendTx(client, { address: endpoint, abi: endpointAbi, functionName: 'registerLibrary', args: [lib] })
    for (const remote of remoteEids) {
      await sendTx(client, { address: endpoint, abi: endpointAbi, functionName: 'setDefaultSendLibrary', args: [remote, lib] })
      await sendTx(client, { address: endpoint, abi: endpointAbi, functionName: 'setDefaultReceiveLibrary', args: [remote, lib, 0n] })
    }
    return { endpoint, eid, sendLib: lib, receiveLib: lib, relayer }
  } catch (cause) {
    throw new DevnetDeployError({ chainId: client.chain.id, step: `deploy LayerZero: ${step}`, cause })
  }
}
