import { encodeAbiParameters, encodeDeployData, getAddress, keccak256, toHex, type Address, type Hex } from 'viem'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { loadMorphoBlueArtifact } from '../../contracts/loadMorphoBlueArtifact.js'
import { DevnetDeployError } from '../../errors/chain.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployAtCanonical } from './deployAtCanonical.js'
import { sendTx } from './sendTx.js'

/** Parameters of {@link deployMorphoBlue}. */
export type DeployMorphoBlueParameters = {
  /** Where Morpho is installed (its mainnet address on chain 1). */
  address: Address
  /** DevLinearIrm rates, per second (WAD): borrow rate = `baseRate + slope × utilization`. */
  irm: { baseRate: bigint; slope: bigint }
  /** LLTVs (WAD) the owner enables. */
  lltvs: readonly bigint[]
}

/** The deployed Morpho Blue singleton and the IRM its devnet markets use. */
export type MorphoBlueDeployment = { morpho: Address; irm: Address }

/** `ConstantsLib.DOMAIN_TYPEHASH`. */
const DOMAIN_TYPEHASH = keccak256(toHex('EIP712Domain(uint256 chainId,address verifyingContract)'))

/** Morpho's EIP-712 domain separator for `morpho` on `chainId`, as its constructor computes it. */
function domainSeparator(chainId: number, morpho: Address): Hex {
  return keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'uint256' }, { type: 'address' }], [DOMAIN_TYPEHASH, BigInt(chainId), morpho]))
}

/** Creates a contract from the devnet deployer (its nonce makes the address deterministic). */
async function deploy(client: DevnetClient, bytecode: Hex): Promise<Address> {
  const hash = await client.sendTransaction({ account: devnetDeployer, data: bytecode, chain: client.chain })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('constructor reverted')
  return getAddress(receipt.contractAddress)
}

/**
 * Morpho's immutable `DOMAIN_SEPARATOR` hashes `address(this)`, so after its runtime code is moved
 * from the scratch address to the canonical one it still names the scratch address (a hash, which
 * the address rewrite cannot see). Writes the canonical value at the immutable's byte offsets
 * (from the artifact's `immutableReferences`), so signed authorizations verify as on mainnet.
 */
async function relocateDomainSeparator(client: DevnetClient, morpho: Address): Promise<void> {
  const artifact = loadMorphoBlueArtifact('Morpho')
  const want = domainSeparator(client.chain.id, morpho)
  const current = (await client.readContract({ address: morpho, abi: artifact.abi, functionName: 'DOMAIN_SEPARATOR' })) as Hex
  if (current === want) return
  const code = await client.getCode({ address: morpho })
  if (!code) throw new Error('no code at the canonical address')
  let hex = code.slice(2)
  const refs = Object.values(artifact.immutableReferences).flat()
  if (refs.length === 0) throw new Error('artifact lists no immutable references')
  for (const { start, length } of refs) {
    const at = hex.slice(start * 2, (start + length) * 2)
    if (`0x${at}` !== current) throw new Error(`immutable at byte ${start} is not DOMAIN_SEPARATOR`)
    hex = hex.slice(0, start * 2) + want.slice(2) + hex.slice((start + length) * 2)
  }
  await client.setCode({ address: morpho, bytecode: `0x${hex}` })
  const after = await client.readContract({ address: morpho, abi: artifact.abi, functionName: 'DOMAIN_SEPARATOR' })
  if (after !== want) throw new Error('DOMAIN_SEPARATOR did not take the canonical value')
}

/**
 * Deploys Morpho Blue from the committed solc 0.8.19 artifact (compiled from
 * `@morpho-org/morpho-blue@1.0.0`, see `src/contracts/compileMorphoBlue.ts`): the real constructor
 * runs at a scratch address with the devnet deployer as owner, code and storage are installed at
 * `address` (see {@link deployAtCanonical}) and the `DOMAIN_SEPARATOR` immutable is rewritten for
 * `address`. Then deploys our `DevLinearIrm` and, as owner, enables it and every LLTV. Markets are
 * created by `seedMorphoBlue`.
 * @returns Morpho's address and the IRM's
 * @throws DevnetDeployError naming the step that failed
 */
export async function deployMorphoBlue(client: DevnetClient, { address, irm, lltvs }: DeployMorphoBlueParameters): Promise<MorphoBlueDeployment> {
  const morphoArtifact = loadMorphoBlueArtifact('Morpho')
  const morpho = await deployAtCanonical(client, {
    name: 'Morpho', address, abi: morphoArtifact.abi, bytecode: morphoArtifact.bytecode, args: [devnetDeployer],
  })
  let step = 'domain separator'
  try {
    await relocateDomainSeparator(client, morpho)
    step = 'IRM'
    const irmArtifact = loadContractArtifact('DevLinearIrm')
    const irmAddress = await deploy(client, encodeDeployData({ abi: irmArtifact.abi, bytecode: irmArtifact.bytecode, args: [irm.baseRate, irm.slope] }))
    step = 'enable IRM and LLTVs'
    await sendTx(client, { address: morpho, abi: morphoArtifact.abi, functionName: 'enableIrm', args: [irmAddress] })
    for (const lltv of lltvs) await sendTx(client, { address: morpho, abi: morphoArtifact.abi, functionName: 'enableLltv', args: [lltv] })
    return { morpho, irm: irmAddress }
  } catch (cause) {
    throw new DevnetDeployError({ chainId: client.chain.id, step: `deploy Morpho Blue: ${step}`, cause })
  }
}
