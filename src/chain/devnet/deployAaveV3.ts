import { encodeDeployData, getAddress, type Address, type Hex } from 'viem'
import { DevnetDeployError } from '../../errors/chain.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployAtCanonical } from './deployAtCanonical.js'
import { linkBytecode, loadProtocolArtifact, type ProtocolArtifactName } from './protocolArtifacts.js'
import { sendTx } from './sendTx.js'

/** Parameters of {@link deployAaveV3}. */
export type DeployAaveV3Parameters = {
  /** Where the PoolAddressesProvider is installed (its mainnet address on chain 1). */
  addressesProvider: Address
  /** Assets the oracle prices, with their USD price (one MockAggregator per asset, 8 decimals). */
  assets: readonly { address: Address; priceUsd: number }[]
}

/** The deployed Aave V3 market: core contracts and the implementations reserves are initialized with. */
export type AaveV3Deployment = {
  addressesProvider: Address
  aclManager: Address
  /** The Pool proxy (created by the addresses provider). */
  pool: Address
  /** The PoolConfigurator proxy. */
  poolConfigurator: Address
  oracle: Address
  dataProvider: Address
  aTokenImpl: Address
  variableDebtTokenImpl: Address
  stableDebtTokenImpl: Address
  interestRateStrategy: Address
}

const RAY = 10n ** 27n
/** Percent in ray, e.g. `pct(80)` = 0.8e27. */
const pct = (p: number) => (RAY * BigInt(Math.round(p * 100))) / 10_000n

/** Creates a contract from the devnet deployer (its nonce makes the address deterministic). */
async function deploy(client: DevnetClient, name: ProtocolArtifactName, args: readonly unknown[] = [], libraries: Record<string, Hex> = {}): Promise<Address> {
  const artifact = loadProtocolArtifact(name)
  const bytecode = artifact.linkReferences ? linkBytecode(artifact, libraries) : artifact.bytecode
  const data = args.length ? encodeDeployData({ abi: artifact.abi, bytecode, args }) : bytecode
  const hash = await client.sendTransaction({ account: devnetDeployer, data, chain: client.chain, gas: 16_000_000n })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploy ${name}: constructor reverted`)
  return getAddress(receipt.contractAddress)
}

async function read(client: DevnetClient, address: Address, name: ProtocolArtifactName, functionName: string): Promise<Address> {
  return getAddress((await client.readContract({ address, abi: loadProtocolArtifact(name).abi, functionName })) as Address)
}

/**
 * Deploys an Aave V3 market from the published `@aave/core-v3` bytecode: the PoolAddressesProvider
 * at its canonical address (constructor state copied there), the ACLManager (the deployer is ACL
 * admin and pool admin), the seven logic libraries linked into the Pool and ConfiguratorLogic into
 * the PoolConfigurator, both behind the provider's proxies, an AaveOracle over one MockAggregator per
 * asset (USD, 8 decimals), the AaveProtocolDataProvider, the aToken / debt-token implementations and
 * one DefaultReserveInterestRateStrategy (80% optimal usage, 4% / 75% variable slopes). Reserves are
 * not listed here (see `seedAaveV3`).
 * @returns the market's addresses
 * @throws DevnetDeployError naming the step that failed
 */
export async function deployAaveV3(client: DevnetClient, { addressesProvider, assets }: DeployAaveV3Parameters): Promise<AaveV3Deployment> {
  let step = 'addresses provider'
  try {
    const providerArtifact = loadProtocolArtifact('AavePoolAddressesProvider')
    const provider = await deployAtCanonical(client, {
      name: 'AavePoolAddressesProvider', address: addressesProvider, abi: providerArtifact.abi, bytecode: providerArtifact.bytecode,
      args: ['Aave Ethereum Market', devnetDeployer],
    })
    const onProvider = (functionName: string, args: readonly unknown[]) =>
      sendTx(client, { address: provider, abi: providerArtifact.abi, functionName, args })
    step = 'ACL manager'
    await onProvider('setACLAdmin', [devnetDeployer])
    const aclManager = await deploy(client, 'AaveACLManager', [provider])
    await onProvider('setACLManager', [aclManager])
    await sendTx(client, { address: aclManager, abi: loadProtocolArtifact('AaveACLManager').abi, functionName: 'addPoolAdmin', args: [devnetDeployer] })

    step = 'logic libraries'
    const libraries: Record<string, Hex> = {}
    for (const name of ['SupplyLogic', 'BorrowLogic', 'LiquidationLogic', 'EModeLogic', 'BridgeLogic', 'PoolLogic', 'ConfiguratorLogic'] as const) {
      libraries[name] = await deploy(client, `Aave${name}`)
    }
    // FlashLoanLogic calls BorrowLogic, so it is linked too.
    libraries.FlashLoanLogic = await deploy(client, 'AaveFlashLoanLogic', [], libraries)

    step = 'pool'
    const poolImpl = await deploy(client, 'AavePool', [provider], libraries)
    await onProvider('setPoolImpl', [poolImpl])
    const pool = await read(client, provider, 'AavePoolAddressesProvider', 'getPool')
    step = 'pool configurator'
    const configuratorImpl = await deploy(client, 'AavePoolConfigurator', [], libraries)
    await onProvider('setPoolConfiguratorImpl', [configuratorImpl])
    const poolConfigurator = await read(client, provider, 'AavePoolAddressesProvider', 'getPoolConfigurator')

    step = 'oracle'
    const feeds: Address[] = []
    for (const a of assets) feeds.push(await deploy(client, 'AaveMockAggregator', [BigInt(Math.round(a.priceUsd * 1e8))]))
    const zero = '0x0000000000000000000000000000000000000000'
    const oracle = await deploy(client, 'AaveOracle', [provider, assets.map((a) => a.address), feeds, zero, zero, 10n ** 8n])
    await onProvider('setPriceOracle', [oracle])
    step = 'data provider'
    const dataProvider = await deploy(client, 'AaveProtocolDataProvider', [provider])
    await onProvider('setPoolDataProvider', [dataProvider])

    step = 'token implementations'
    const aTokenImpl = await deploy(client, 'AaveAToken', [pool])
    const variableDebtTokenImpl = await deploy(client, 'AaveVariableDebtToken', [pool])
    const stableDebtTokenImpl = await deploy(client, 'AaveStableDebtToken', [pool])
    step = 'interest rate strategy'
    const interestRateStrategy = await deploy(client, 'AaveDefaultReserveInterestRateStrategy', [
      provider, pct(80), 0n, pct(4), pct(75), pct(2), pct(75), pct(2), pct(5), pct(20),
    ])
    return {
      addressesProvider: provider, aclManager, pool, poolConfigurator, oracle, dataProvider,
      aTokenImpl, variableDebtTokenImpl, stableDebtTokenImpl, interestRateStrategy,
    }
  } catch (cause) {
    if (cause instanceof DevnetDeployError) throw cause
    throw new DevnetDeployError({ chainId: client.chain.id, step: `deploy Aave V3: ${step}`, cause })
  }
}
