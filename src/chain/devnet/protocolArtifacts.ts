import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Abi, Hex } from 'viem'

/** Byte offsets of unlinked library addresses in creation code, by source file and library name. */
export type LinkReferences = Record<string, Record<string, readonly { start: number; length: number }[]>>

/** ABI and creation bytecode of one real protocol contract, read from its npm package. */
export type ProtocolArtifact = {
  abi: Abi
  bytecode: Hex
  /** Where library addresses go (Hardhat artifacts of contracts using external libraries); see {@link linkBytecode}. */
  linkReferences?: LinkReferences | undefined
}

const require = createRequire(import.meta.url)

function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`))
}

function hex(code: string): Hex {
  return (code.startsWith('0x') ? code : `0x${code}`) as Hex
}

/** Where each contract's build output lives inside its npm package (no rewrites: the published bytecode). */
const sources = {
  WETH9: ['@uniswap/v2-periphery', 'build/WETH9.json'],
  UniswapV2Factory: ['@uniswap/v2-core', 'build/UniswapV2Factory.json'],
  UniswapV2Pair: ['@uniswap/v2-core', 'build/UniswapV2Pair.json'],
  UniswapV2Router02: ['@uniswap/v2-periphery', 'build/UniswapV2Router02.json'],
  UniswapV3Factory: ['@uniswap/v3-core', 'artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json'],
  UniswapV3Pool: ['@uniswap/v3-core', 'artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json'],
  NonfungiblePositionManager: ['@uniswap/v3-periphery', 'artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json'],
  QuoterV2: ['@uniswap/v3-periphery', 'artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json'],
  TickLens: ['@uniswap/v3-periphery', 'artifacts/contracts/lens/TickLens.sol/TickLens.json'],
  SwapRouter02: ['@uniswap/swap-router-contracts', 'artifacts/contracts/SwapRouter02.sol/SwapRouter02.json'],
  PancakeV3Factory: ['@pancakeswap/v3-core', 'artifacts/contracts/PancakeV3Factory.sol/PancakeV3Factory.json'],
  PancakeV3Pool: ['@pancakeswap/v3-core', 'artifacts/contracts/PancakeV3Pool.sol/PancakeV3Pool.json'],
  UniswapV4PoolManager: ['@uniswap/v4-core', 'out/PoolManager.sol/PoolManager.json'],
  UniswapV4PositionManager: ['@uniswap/v4-periphery', 'foundry-out/PositionManager.sol/PositionManager.json'],
  BalancerAuthorizer: ['@balancer-labs/v2-deployments', 'dist/tasks/20210418-authorizer/artifact/Authorizer.json'],
  BalancerVault: ['@balancer-labs/v2-deployments', 'dist/tasks/20210418-vault/artifact/Vault.json'],
  BalancerProtocolFeePercentagesProvider: [
    '@balancer-labs/v2-deployments',
    'dist/tasks/20220725-protocol-fee-percentages-provider/artifact/ProtocolFeePercentagesProvider.json',
  ],
  BalancerWeightedPoolFactory: ['@balancer-labs/v2-deployments', 'dist/tasks/20230206-weighted-pool-v3/artifact/WeightedPoolFactory.json'],
  BalancerWeightedPool: ['@balancer-labs/v2-deployments', 'dist/tasks/20230206-weighted-pool-v3/artifact/WeightedPool.json'],
  BalancerQueries: ['@balancer-labs/v2-deployments', 'dist/tasks/20220721-balancer-queries/artifact/BalancerQueries.json'],
  AavePoolAddressesProvider: ['@aave/core-v3', 'artifacts/contracts/protocol/configuration/PoolAddressesProvider.sol/PoolAddressesProvider.json'],
  AaveACLManager: ['@aave/core-v3', 'artifacts/contracts/protocol/configuration/ACLManager.sol/ACLManager.json'],
  AaveSupplyLogic: ['@aave/core-v3', 'artifacts/contracts/protocol/libraries/logic/SupplyLogic.sol/SupplyLogic.json'],
  AaveBorrowLogic: ['@aave/core-v3', 'artifacts/contracts/protocol/libraries/logic/BorrowLogic.sol/BorrowLogic.json'],
  AaveLiquidationLogic: ['@aave/core-v3', 'artifacts/contracts/protocol/libraries/logic/LiquidationLogic.sol/LiquidationLogic.json'],
  AaveEModeLogic: ['@aave/core-v3', 'artifacts/contracts/protocol/libraries/logic/EModeLogic.sol/EModeLogic.json'],
  AaveBridgeLogic: ['@aave/core-v3', 'artifacts/contracts/protocol/libraries/logic/BridgeLogic.sol/BridgeLogic.json'],
  AavePoolLogic: ['@aave/core-v3', 'artifacts/contracts/protocol/libraries/logic/PoolLogic.sol/PoolLogic.json'],
  AaveFlashLoanLogic: ['@aave/core-v3', 'artifacts/contracts/protocol/libraries/logic/FlashLoanLogic.sol/FlashLoanLogic.json'],
  AaveConfiguratorLogic: ['@aave/core-v3', 'artifacts/contracts/protocol/libraries/logic/ConfiguratorLogic.sol/ConfiguratorLogic.json'],
  AavePool: ['@aave/core-v3', 'artifacts/contracts/protocol/pool/Pool.sol/Pool.json'],
  AavePoolConfigurator: ['@aave/core-v3', 'artifacts/contracts/protocol/pool/PoolConfigurator.sol/PoolConfigurator.json'],
  AaveOracle: ['@aave/core-v3', 'artifacts/contracts/misc/AaveOracle.sol/AaveOracle.json'],
  AaveProtocolDataProvider: ['@aave/core-v3', 'artifacts/contracts/misc/AaveProtocolDataProvider.sol/AaveProtocolDataProvider.json'],
  AaveAToken: ['@aave/core-v3', 'artifacts/contracts/protocol/tokenization/AToken.sol/AToken.json'],
  AaveVariableDebtToken: ['@aave/core-v3', 'artifacts/contracts/protocol/tokenization/VariableDebtToken.sol/VariableDebtToken.json'],
  AaveStableDebtToken: ['@aave/core-v3', 'artifacts/contracts/protocol/tokenization/StableDebtToken.sol/StableDebtToken.json'],
  AaveDefaultReserveInterestRateStrategy: ['@aave/core-v3', 'artifacts/contracts/protocol/pool/DefaultReserveInterestRateStrategy.sol/DefaultReserveInterestRateStrategy.json'],
  AaveMockAggregator: ['@aave/core-v3', 'artifacts/contracts/mocks/oracle/CLAggregators/MockAggregator.sol/MockAggregator.json'],
  AaveInitializableImmutableAdminUpgradeabilityProxy: [
    '@aave/core-v3',
    'artifacts/contracts/protocol/libraries/aave-upgradeability/InitializableImmutableAdminUpgradeabilityProxy.sol/InitializableImmutableAdminUpgradeabilityProxy.json',
  ],
  AaveRewardsController: ['@aave/periphery-v3', 'artifacts/contracts/rewards/RewardsController.sol/RewardsController.json'],
  AaveEmissionManager: ['@aave/periphery-v3', 'artifacts/contracts/rewards/EmissionManager.sol/EmissionManager.json'],
  AavePullRewardsTransferStrategy: ['@aave/periphery-v3', 'artifacts/contracts/rewards/transfer-strategies/PullRewardsTransferStrategy.sol/PullRewardsTransferStrategy.json'],
  AaveWrappedTokenGatewayV3: ['@aave/periphery-v3', 'artifacts/contracts/misc/WrappedTokenGatewayV3.sol/WrappedTokenGatewayV3.json'],
  LayerZeroEndpointV2: ['@layerzerolabs/lz-evm-protocol-v2', 'artifacts/contracts/EndpointV2.sol/EndpointV2.json'],
  LayerZeroSimpleMessageLib: ['@layerzerolabs/lz-evm-protocol-v2', 'artifacts/contracts/messagelib/SimpleMessageLib.sol/SimpleMessageLib.json'],
  StargatePool: ['@stargatefinance/stg-evm-v2', 'artifacts/src/StargatePool.sol/StargatePool.json'],
  StargatePoolNative: ['@stargatefinance/stg-evm-v2', 'artifacts/src/StargatePoolNative.sol/StargatePoolNative.json'],
  StargateTokenMessaging: ['@stargatefinance/stg-evm-v2', 'artifacts/src/messaging/TokenMessaging.sol/TokenMessaging.json'],
  StargateCreditMessaging: ['@stargatefinance/stg-evm-v2', 'artifacts/src/messaging/CreditMessaging.sol/CreditMessaging.json'],
  StargateFeeLibV1: ['@stargatefinance/stg-evm-v2', 'artifacts/src/feelibs/FeeLibV1.sol/FeeLibV1.json'],
  PendleBaseSplitCodeFactoryContract: ['@pendle/core-v2', 'build/artifacts/contracts/offchain-helpers/BaseSplitCodeFactoryContract.sol/BaseSplitCodeFactoryContract.json'],
  PendleYieldToken: ['@pendle/core-v2', 'build/artifacts/contracts/core/YieldContracts/PendleYieldToken.sol/PendleYieldToken.json'],
  PendlePrincipalToken: ['@pendle/core-v2', 'build/artifacts/contracts/core/YieldContracts/PendlePrincipalToken.sol/PendlePrincipalToken.json'],
  PendleYieldContractFactoryUpg: ['@pendle/core-v2', 'build/artifacts/contracts/core/YieldContracts/PendleYieldContractFactoryUpg.sol/PendleYieldContractFactoryUpg.json'],
  PendleGaugeControllerUpg: ['@pendle/core-v2', 'build/artifacts/contracts/LiquidityMining/GaugeController/PendleGaugeControllerUpg.sol/PendleGaugeControllerUpg.json'],
  PendleOracleLib: ['@pendle/core-v2', 'build/artifacts/contracts/core/Market/OracleLib.sol/OracleLib.json'],
  PendleMarketV7: ['@pendle/core-v2', 'build/artifacts/contracts/core/Market/PendleMarketV7.sol/PendleMarketV7.json'],
  PendleMarketFactoryV7Upg: ['@pendle/core-v2', 'build/artifacts/contracts/core/Market/PendleMarketFactoryV7Upg.sol/PendleMarketFactoryV7Upg.json'],
} as const satisfies Record<string, readonly [string, string]>

/** Names of the protocol contracts available from npm. */
export type ProtocolArtifactName = keyof typeof sources | 'Multicall3' | 'Permit2'

const cache = new Map<ProtocolArtifactName, ProtocolArtifact>()

/**
 * Loads the real bytecode and ABI of a protocol contract from its npm package.
 * Multicall3 comes from viem's constants, Permit2's canonical runtime code from @uniswap/v4-periphery
 * (a solc-js rebuild of Permit2 is not byte-identical, so we use the canonical bytes).
 * @param name - contract name
 * @returns ABI and bytecode (creation code; for Permit2 the runtime code)
 */
export function loadProtocolArtifact(name: ProtocolArtifactName): ProtocolArtifact {
  const hit = cache.get(name)
  if (hit) return hit
  let artifact: ProtocolArtifact
  if (name === 'Multicall3') {
    const file = readFileSync(join(packageDir('viem'), '_esm/constants/contracts.js'), 'utf8')
    const match = /multicall3Bytecode = '(0x[0-9a-f]+)'/.exec(file)
    if (!match?.[1]) throw new Error('Multicall3 bytecode not found in viem')
    artifact = { abi: [], bytecode: match[1] as Hex }
  } else if (name === 'Permit2') {
    const file = readFileSync(join(packageDir('@uniswap/v4-periphery'), 'lib/permit2/test/utils/DeployPermit2.sol'), 'utf8')
    const match = /hex"([0-9a-f]+)"/.exec(file)
    if (!match?.[1]) throw new Error('Permit2 bytecode not found in @uniswap/v4-periphery')
    artifact = { abi: [], bytecode: `0x${match[1]}` }
  } else {
    const [pkg, path] = sources[name]
    const json = JSON.parse(readFileSync(join(packageDir(pkg), path), 'utf8')) as {
      abi: Abi
      bytecode: string | { object: string }
      evm?: { bytecode: { object: string } }
      linkReferences?: LinkReferences
    }
    const code = typeof json.bytecode === 'string' ? json.bytecode : json.bytecode.object
    const links = json.linkReferences && Object.keys(json.linkReferences).length > 0 ? json.linkReferences : undefined
    artifact = { abi: json.abi, bytecode: hex(code), ...(links ? { linkReferences: links } : {}) }
  }
  cache.set(name, artifact)
  return artifact
}

/** Versions of the npm packages whose bytecode the devnet deploys; part of the state-cache key. */
export function protocolPackageVersions(): Record<string, string> {
  const names = new Set<string>(['viem', '@uniswap/v4-periphery', '@foundry-rs/anvil', ...Object.values(sources).map(([pkg]) => pkg)])
  const out: Record<string, string> = {}
  for (const n of names) out[n] = (JSON.parse(readFileSync(join(packageDir(n), 'package.json'), 'utf8')) as { version: string }).version
  return out
}

/**
 * Links external libraries into creation code: writes each library's address over its `__$…$__`
 * placeholder at the byte offsets the artifact's `linkReferences` list.
 * @param libraries - deployed library addresses by library name (e.g. `SupplyLogic`)
 * @returns the linked creation code
 * @throws Error when a referenced library has no address, or placeholders remain
 */
export function linkBytecode(artifact: ProtocolArtifact, libraries: Readonly<Record<string, Hex>>): Hex {
  let code = artifact.bytecode.slice(2)
  for (const byName of Object.values(artifact.linkReferences ?? {})) {
    for (const [name, offsets] of Object.entries(byName)) {
      const address = libraries[name]
      if (!address) throw new Error(`library ${name} is not deployed`)
      for (const { start, length } of offsets) {
        code = code.slice(0, start * 2) + address.slice(2).toLowerCase() + code.slice((start + length) * 2)
      }
    }
  }
  if (code.includes('__$')) throw new Error('unlinked library placeholders remain')
  return `0x${code}`
}
