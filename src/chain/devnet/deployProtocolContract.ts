import { encodeDeployData, getAddress, type Address, type Hex } from 'viem'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployAtCanonical } from './deployAtCanonical.js'
import { linkBytecode, loadProtocolArtifact, type ProtocolArtifactName } from './protocolArtifacts.js'

/** Parameters of {@link deployProtocolContract}. */
export type DeployProtocolContractParameters = {
  /** The npm artifact to deploy. */
  name: ProtocolArtifactName
  /** Constructor arguments. */
  args?: readonly unknown[] | undefined
  /** Addresses of the external libraries its `linkReferences` name. */
  libraries?: Readonly<Record<string, Hex>> | undefined
  /** Its mainnet address: the constructor runs at a scratch address and code and storage are installed here (see `deployAtCanonical`). Omitted: it stays where the deployer's nonce creates it. */
  at?: Address | undefined
}

/**
 * Creates one real protocol contract from its npm artifact, sent by the devnet deployer (its nonce
 * makes the address deterministic), optionally moved to its mainnet address.
 * @returns the contract's address
 * @throws Error when the constructor reverts
 */
export async function deployProtocolContract(client: DevnetClient, { name, args = [], libraries = {}, at }: DeployProtocolContractParameters): Promise<Address> {
  const artifact = loadProtocolArtifact(name)
  const bytecode = artifact.linkReferences ? linkBytecode(artifact, libraries) : artifact.bytecode
  if (at) return deployAtCanonical(client, { name, address: at, abi: artifact.abi, bytecode, args })
  const data = args.length ? encodeDeployData({ abi: artifact.abi, bytecode, args }) : bytecode
  const hash = await client.sendTransaction({ account: devnetDeployer, data, chain: client.chain, gas: 16_000_000n })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploy ${name}: constructor reverted`)
  return getAddress(receipt.contractAddress)
}
