import { getAddress, type Address, type Hex } from 'viem'
import { DevnetDeployError } from '../../errors/chain.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployAaveV3Rewards } from './deployAaveV3Rewards.js'
import { deployAtCanonical } from './deployAtCanonical.js'
import { deployProtocolContract } from './deployProtocolContract.js'
import { deployWrappedTokenGateway } from './deployWrappedTokenGateway.js'
import { loadProtocolArtifact, type ProtocolArtifactName } from './protocolArtifacts.js'
import { sendTx } from './sendTx.js'
import { setNonceForCreate } from './setNonceForCreate.js'

/** Parameters of {@link deployAaveV3}. */
export type DeployAaveV3Parameters = {
  /** Where the PoolAddressesProvider is installed (its mainnet address on chain 1). */
  addressesProvider: Address
  /** Where the provider must create the Pool proxy (its mainnet address); omitted = the provider's next CREATE address. */
  pool?: Address | undefined
  /** Where the provider must create the PoolConfigurator proxy (its mainnet address); omitted = its next CREATE address. */
  poolConfigurator?: Address | undefined
  /** Where the RewardsController proxy and the EmissionManager go; omitted = deployer addresses. */
  rewardsController?: Address | undefined
  emissionManager?: Address | undefined
  /** Where WrappedTokenGatewayV3 goes; omitted = a deployer address. */
  wrappedTokenGateway?: Address | undefined
  /** WETH, for the gateway. */
  weth: Address
  /** Assets the oracle prices, with their USD price (one MockAggregator per asset, 8 decimals). */
  assets: readonly { address: Address; priceUsd: number }[]
}

/** The deployed Aave V3 market: core contracts, periphery and the implementations reserves are initialized with. */
export type AaveV3Deployment = {
  addressesProvider: Address
  aclManager: Address
  /** The Pool proxy (created by the addresses provider). */
  pool: Address
  /** The PoolConfigurator proxy (created by the addresses provider); it creates the reserves' token proxies. */
  poolConfigurator: Address
  oracle: Address
  dataProvider: Address
  /** The RewardsController proxy, registered on the provider as `INCENTIVES_CONTROLLER`. */
  rewardsController: Address
  /** The controller's EmissionManager, owned by the deployer. */
  emissionManager: Address
  wrappedTokenGateway: Address
  aTokenImpl: Address
  variableDebtTokenImpl: Address
  stableDebtTokenImpl: Address
  interestRateStrategy: Address
}

const RAY = 10n ** 27n
/** Percent in ray, e.g. `pct(80)` = 0.8e27. */
const pct = (p: number) => (RAY * BigInt(Math.round(p * 100))) / 10_000n

async function read(client: DevnetClient, address: Address, name: ProtocolArtifactName, functionName: string): Promise<Address> {
  return getAddress((await client.readContract({ address, abi: loadProtocolArtifact(name).abi, functionName })) as Address)
}

/**
 * Has the provider create one of its proxies (`setPoolImpl`, `setPoolConfiguratorImpl`), at `at` when
 * given: the provider's nonce is set to the one mainnet's provider had, so the real `CREATE` lands there.
 */
async function createProviderProxy(client: DevnetClient, p: { provider: Address; setter: string; getter: string; implementation: Address; at?: Address | undefined }): Promise<Address> {
  if (p.at) await setNonceForCreate(client, { creator: p.provider, target: p.at })
  await sendTx(client, { address: p.provider, abi: loadProtocolArtifact('AavePoolAddressesProvider').abi, functionName: p.setter, args: [p.implementation] })
  const proxy = await read(client, p.provider, 'AavePoolAddressesProvider', p.getter)
  if (p.at && proxy !== getAddress(p.at)) throw new Error(`${p.getter}: the provider created ${proxy}, not ${p.at}`)
  return proxy
}

/**
 * Deploys an Aave V3 market from the published `@aave/core-v3` bytecode: the PoolAddressesProvider
 * at its canonical address (constructor state copied there), the ACLManager (the deployer is ACL
 * admin and pool admin), the seven logic libraries linked into the Pool and ConfiguratorLogic into
 * the PoolConfigurator, both behind the provider's proxies (at their mainnet addresses when given:
 * the provider's nonce is set so its own `CREATE` lands there), an AaveOracle over one MockAggregator
 * per asset (USD, 8 decimals), the AaveProtocolDataProvider, the aToken / debt-token implementations
 * and one DefaultReserveInterestRateStrategy (80% optimal usage, 4% / 75% variable slopes). From
 * `@aave/periphery-v3`: the RewardsController with its EmissionManager (see `deployAaveV3Rewards`) and
 * WrappedTokenGatewayV3. Reserves are not listed here (see `seedAaveV3`).
 * @returns the market's addresses
 * @throws DevnetDeployError naming the step that failed
 */
export async function deployAaveV3(client: DevnetClient, params: DeployAaveV3Parameters): Promise<AaveV3Deployment> {
  const { assets } = params
  const deploy = (name: ProtocolArtifactName, args: readonly unknown[] = [], libraries: Record<string, Hex> = {}) => deployProtocolContract(client, { name, args, libraries })
  let step = 'addresses provider'
  try {
    const providerArtifact = loadProtocolArtifact('AavePoolAddressesProvider')
    const provider = await deployAtCanonical(client, {
      name: 'AavePoolAddressesProvider', address: params.addressesProvider, abi: providerArtifact.abi, bytecode: providerArtifact.bytecode,
      args: ['Aave Ethereum Market', devnetDeployer],
    })
    const onProvider = (functionName: string, args: readonly unknown[]) =>
      sendTx(client, { address: provider, abi: providerArtifact.abi, functionName, args })
    step = 'ACL manager'
    await onProvider('setACLAdmin', [devnetDeployer])
    const aclManager = await deploy('AaveACLManager', [provider])
    await onProvider('setACLManager', [aclManager])
    await sendTx(client, { address: aclManager, abi: loadProtocolArtifact('AaveACLManager').abi, functionName: 'addPoolAdmin', args: [devnetDeployer] })

    step = 'logic libraries'
    const libraries: Record<string, Hex> = {}
    for (const name of ['SupplyLogic', 'BorrowLogic', 'LiquidationLogic', 'EModeLogic', 'BridgeLogic', 'PoolLogic', 'ConfiguratorLogic'] as const) {
      libraries[name] = await deploy(`Aave${name}`)
    }
    // FlashLoanLogic calls BorrowLogic, so it is linked too.
    libraries.FlashLoanLogic = await deploy('AaveFlashLoanLogic', [], libraries)

    step = 'pool'
    const pool = await createProviderProxy(client, { provider, setter: 'setPoolImpl', getter: 'getPool', implementation: await deploy('AavePool', [provider], libraries), at: params.pool })
    step = 'pool configurator'
    const poolConfigurator = await createProviderProxy(client, {
      provider, setter: 'setPoolConfiguratorImpl', getter: 'getPoolConfigurator', implementation: await deploy('AavePoolConfigurator', [], libraries), at: params.poolConfigurator,
    })

    step = 'oracle'
    const feeds: Address[] = []
    for (const a of assets) feeds.push(await deploy('AaveMockAggregator', [BigInt(Math.round(a.priceUsd * 1e8))]))
    const zero = '0x0000000000000000000000000000000000000000'
    const oracle = await deploy('AaveOracle', [provider, assets.map((a) => a.address), feeds, zero, zero, 10n ** 8n])
    await onProvider('setPriceOracle', [oracle])
    step = 'data provider'
    const dataProvider = await deploy('AaveProtocolDataProvider', [provider])
    await onProvider('setPoolDataProvider', [dataProvider])

    step = 'token implementations'
    const aTokenImpl = await deploy('AaveAToken', [pool])
    const variableDebtTokenImpl = await deploy('AaveVariableDebtToken', [pool])
    const stableDebtTokenImpl = await deploy('AaveStableDebtToken', [pool])
    step = 'interest rate strategy'
    const interestRateStrategy = await deploy('AaveDefaultReserveInterestRateStrategy', [
      provider, pct(80), 0n, pct(4), pct(75), pct(2), pct(75), pct(2), pct(5), pct(20),
    ])
    step = 'rewards controller'
    const { rewardsController, emissionManager } = await deployAaveV3Rewards(client, {
      addressesProvider: provider, rewardsController: params.rewardsController, emissionManager: params.emissionManager,
    })
    step = 'wrapped token gateway'
    const wrappedTokenGateway = await deployWrappedTokenGateway(client, { weth: params.weth, pool, at: params.wrappedTokenGateway })
    return {
      addressesProvider: provider, aclManager, pool, poolConfigurator, oracle, dataProvider, rewardsController, emissionManager, wrappedTokenGateway,
      aTokenImpl, variableDebtTokenImpl, stableDebtTokenImpl, interestRateStrategy,
    }
  } catch (cause) {
    if (cause instanceof DevnetDeployError) throw cause
    throw new DevnetDeployError({ chainId: client.chain.id, step: `deploy Aave V3: ${step}`, cause })
  }
}
