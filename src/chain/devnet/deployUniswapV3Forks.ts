import { concatHex, keccak256, stringToHex, type Abi, type Address } from 'viem'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { uniswapV3Forks } from '../../protocols/uniswap-v3/config.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployAtCanonical, installRuntimeCode } from './deployAtCanonical.js'
import { loadProtocolArtifact } from './protocolArtifacts.js'

/** One deployed fork: its slug, factory and pool deployer. */
export type DeployedUniswapV3Fork = { slug: string; factory: Address; poolDeployer: Address }

/**
 * Where the devnet keeps PancakeSwap V3's pool creation code for our pool deployer (a data contract: a
 * STOP byte, then the code); an address nobody owns, derived from a label.
 */
export const pancakeV3PoolCodeStore: Address = `0x${keccak256(stringToHex('switchyard.devnet:PancakeV3PoolCode')).slice(-40)}`

/**
 * Deploys the Uniswap V3 forks of {@link uniswapV3Forks} that have a deployment on this chain (Uniswap V3
 * itself is deployed with the other Uniswap contracts), at their canonical addresses:
 * - SushiSwap V3: the real `UniswapV3Factory` bytecode (`@uniswap/v3-core`) at Sushi's factory address, the
 *   0.01 % tier enabled as on mainnet;
 * - PancakeSwap V3: the real `PancakeV3Factory` (`@pancakeswap/v3-core`) at its factory address, with our
 *   `DevPancakeV3PoolDeployer` (contracts/devnet/) at PancakeSwap's pool deployer address, which CREATE2s the
 *   published `PancakeV3Pool` creation code, so pools land at the addresses PancakeSwap's init code hash gives.
 *
 * @returns the forks deployed
 */
export async function deployUniswapV3Forks(client: DevnetClient): Promise<DeployedUniswapV3Fork[]> {
  const chainId = client.chain.id
  const deployed: DeployedUniswapV3Fork[] = []
  for (const fork of uniswapV3Forks) {
    const at = (fork.deployments as Partial<Record<number, { factory: Address; poolDeployer: Address }>>)[chainId]
    if (!at || fork.slug === 'uniswap-v3') continue
    if (fork.slug === 'pancakeswap-v3') {
      const pool = loadProtocolArtifact('PancakeV3Pool')
      await installRuntimeCode(client, { address: pancakeV3PoolCodeStore, code: concatHex(['0x00', pool.bytecode]) })
      const deployer = loadContractArtifact('DevPancakeV3PoolDeployer')
      await deployAtCanonical(client, { name: 'DevPancakeV3PoolDeployer', address: at.poolDeployer, abi: deployer.abi, bytecode: deployer.bytecode, args: [at.factory, pancakeV3PoolCodeStore] })
      const factory = loadProtocolArtifact('PancakeV3Factory')
      await deployAtCanonical(client, { name: 'PancakeV3Factory', address: at.factory, abi: factory.abi, bytecode: factory.bytecode, args: [at.poolDeployer] })
    } else {
      const factory = loadProtocolArtifact('UniswapV3Factory')
      await deployAtCanonical(client, { name: `${fork.slug} factory`, address: at.factory, abi: factory.abi, bytecode: factory.bytecode })
    }
    await enableFeeTiers(client, { factory: at.factory, tiers: fork.feeTiers })
    deployed.push({ slug: fork.slug, factory: at.factory, poolDeployer: at.poolDeployer })
  }
  return deployed
}

const factoryTierAbi = [
  { type: 'function', name: 'feeAmountTickSpacing', stateMutability: 'view', inputs: [{ type: 'uint24' }], outputs: [{ type: 'int24' }] },
  { type: 'function', name: 'enableFeeAmount', stateMutability: 'nonpayable', inputs: [{ type: 'uint24' }, { type: 'int24' }], outputs: [] },
] as const satisfies Abi

/** Enables every tier of the fork table the factory's constructor did not (the owner is the devnet deployer). */
async function enableFeeTiers(client: DevnetClient, { factory, tiers }: { factory: Address; tiers: readonly { fee: number; tickSpacing: number }[] }): Promise<void> {
  for (const { fee, tickSpacing } of tiers) {
    const current = await client.readContract({ address: factory, abi: factoryTierAbi, functionName: 'feeAmountTickSpacing', args: [fee] })
    if (current !== 0) continue
    const hash = await client.writeContract({ address: factory, abi: factoryTierAbi, functionName: 'enableFeeAmount', args: [fee, tickSpacing], account: devnetDeployer, chain: client.chain })
    await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  }
}
