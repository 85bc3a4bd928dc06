import { encodeFunctionData, keccak256, stringToHex, type Address } from 'viem'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployProtocolContract } from './deployProtocolContract.js'
import { loadProtocolArtifact } from './protocolArtifacts.js'
import { sendTx } from './sendTx.js'

/** The addresses provider's id of the incentives controller (`keccak256("INCENTIVES_CONTROLLER")`, as Aave's deploy scripts use). */
export const INCENTIVES_CONTROLLER_ID = keccak256(stringToHex('INCENTIVES_CONTROLLER'))

/** Parameters of {@link deployAaveV3Rewards}. */
export type DeployAaveV3RewardsParameters = {
  addressesProvider: Address
  /** Where the RewardsController proxy goes (its mainnet address); omitted = a deployer address. */
  rewardsController?: Address | undefined
  /** Where the EmissionManager goes (its mainnet address); omitted = a deployer address. */
  emissionManager?: Address | undefined
}

/** Aave's liquidity-mining contracts. */
export type AaveV3RewardsDeployment = {
  /** The RewardsController proxy: the aTokens' and debt tokens' incentives controller. */
  rewardsController: Address
  /** The EmissionManager (owned by the deployer): the controller's emission manager. */
  emissionManager: Address
}

/**
 * Deploys Aave's liquidity mining from `@aave/periphery-v3`: the RewardsController implementation
 * behind an `InitializableImmutableAdminUpgradeabilityProxy` (from `@aave/core-v3`) whose admin is the
 * addresses provider, as for the provider's own proxies; an EmissionManager owned by the deployer,
 * initialized as the controller's emission manager; and the proxy registered on the provider as
 * `INCENTIVES_CONTROLLER`. The provider's own `setAddressAsProxy` is not used: it initializes the
 * controller with the provider as emission manager, which could then configure nothing.
 * @returns the controller proxy and the emission manager
 * @throws Error when a step reverts
 */
export async function deployAaveV3Rewards(client: DevnetClient, params: DeployAaveV3RewardsParameters): Promise<AaveV3RewardsDeployment> {
  const implementation = await deployProtocolContract(client, { name: 'AaveRewardsController' })
  const rewardsController = await deployProtocolContract(client, {
    name: 'AaveInitializableImmutableAdminUpgradeabilityProxy', args: [params.addressesProvider], at: params.rewardsController,
  })
  const emissionManager = await deployProtocolContract(client, { name: 'AaveEmissionManager', args: [rewardsController, devnetDeployer], at: params.emissionManager })
  const init = encodeFunctionData({ abi: loadProtocolArtifact('AaveRewardsController').abi, functionName: 'initialize', args: [emissionManager] })
  await sendTx(client, {
    address: rewardsController, abi: loadProtocolArtifact('AaveInitializableImmutableAdminUpgradeabilityProxy').abi, functionName: 'initialize', args: [implementation, init],
  })
  await sendTx(client, {
    address: params.addressesProvider, abi: loadProtocolArtifact('AavePoolAddressesProvider').abi, functionName: 'setAddress', args: [INCENTIVES_CONTROLLER_ID, rewardsController],
  })
  return { rewardsController, emissionManager }
}
