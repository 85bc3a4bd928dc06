import { encodeAbiParameters, getAddress, keccak256, stringToHex, type Abi, type Address, type Hex } from 'viem'
import type { ChainAddressBook, TokenEntry } from '../addressBook.js'
import { canonicalAddresses, uniswapV4PoolManagers, uniswapV4PositionManagers, type CanonicalChainId } from '../canonicalAddresses.js'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployAtCanonical, installRuntimeCode } from './deployAtCanonical.js'
import { loadProtocolArtifact, type ProtocolArtifactName } from './protocolArtifacts.js'
import type { ScenarioToken } from './scenario.js'
import { tokenContractOf } from './tokenContractOf.js'

/** Parameters of {@link deployProtocols}. */
export type DeployProtocolsParameters = { tokens: readonly ScenarioToken[] }

/** Balancer's pause window and buffer period for the devnet vault (the mainnet values). */
const PAUSE_WINDOW = 7_776_000n
const BUFFER_PERIOD = 2_592_000n

function canonicalFor(chainId: number) {
  const c = canonicalAddresses[chainId as CanonicalChainId]
  // Chains without known canonical addresses reuse chain 1's layout: any free address works on a devnet.
  return c ?? canonicalAddresses[1]
}

async function deployNpm(client: DevnetClient, name: ProtocolArtifactName, address: Address, args: readonly unknown[] = []): Promise<Address> {
  const { abi, bytecode } = loadProtocolArtifact(name)
  return deployAtCanonical(client, { name, address, abi, bytecode, args })
}

/** Mainnet's `unsubscribeGasLimit` of the V4 PositionManager (gas a subscriber's `notifyUnsubscribe` gets). */
const V4_UNSUBSCRIBE_GAS_LIMIT = 300_000n

/** `EIP712_v4._buildDomainSeparator()` of the V4 PositionManager at `verifyingContract`. */
function v4PositionsDomainSeparator(chainId: number, verifyingContract: Address): Hex {
  return keccak256(encodeAbiParameters(
    [{ type: 'bytes32' }, { type: 'bytes32' }, { type: 'uint256' }, { type: 'address' }],
    [keccak256(stringToHex('EIP712Domain(string name,uint256 chainId,address verifyingContract)')), keccak256(stringToHex('Uniswap v4 Positions NFT')), BigInt(chainId), verifyingContract],
  ))
}

/**
 * The real V4 PositionManager at its canonical address: constructor (PoolManager, Permit2, mainnet's
 * unsubscribe gas limit, no position descriptor — only `tokenURI` reads it — and WETH9) run at a scratch
 * address; its cached EIP-712 domain separator, a hash of that address, is rewritten for the canonical one.
 */
async function deployUniswapV4PositionManager(client: DevnetClient, p: { address: Address; poolManager: Address; permit2: Address; weth: Address }): Promise<Address> {
  const { abi, bytecode } = loadProtocolArtifact('UniswapV4PositionManager')
  const chainId = client.chain.id
  return deployAtCanonical(client, {
    name: 'UniswapV4PositionManager', address: p.address, abi, bytecode,
    args: [p.poolManager, p.permit2, V4_UNSUBSCRIBE_GAS_LIMIT, '0x0000000000000000000000000000000000000000', p.weth],
    rewrite: (scratch) => [[v4PositionsDomainSeparator(chainId, scratch), v4PositionsDomainSeparator(chainId, p.address)]],
  })
}

async function deployToken(client: DevnetClient, token: ScenarioToken): Promise<Address> {
  if (token.kind === 'weth') return deployNpm(client, 'WETH9', token.address)
  const { contract, args } = tokenContractOf({ ...token, kind: token.kind })
  const { abi, bytecode } = loadContractArtifact(contract)
  return deployAtCanonical(client, { name: token.symbol, address: token.address, abi: abi as Abi, bytecode, args })
}

/**
 * Deploys the real protocol bytecode (from npm packages) and the scenario's tokens on one devnet
 * chain, at canonical mainnet addresses: WETH9, Multicall3, Permit2, Uniswap V2 (Factory, Router02),
 * Uniswap V3 (Factory with the 100 bps tier enabled, NonfungiblePositionManager, SwapRouter02,
 * QuoterV2, TickLens), Balancer V2 (Authorizer, Vault, ProtocolFeePercentagesProvider,
 * WeightedPoolFactory v3, BalancerQueries) and the Uniswap V4 PoolManager (owner: the deployer; its
 * NoDelegateCall immutable relocated to the canonical address) and PositionManager (v4-periphery 1.0.3)
 * on chains where V4 has an address.
 *
 * @returns the chain's address book, with empty pool lists (seeding fills them)
 */
export async function deployProtocols(client: DevnetClient, { tokens }: DeployProtocolsParameters): Promise<ChainAddressBook> {
  const chainId = client.chain.id
  const c = canonicalFor(chainId)
  const wethToken = tokens.find((t) => t.kind === 'weth')
  if (!wethToken) throw new Error(`scenario chain ${chainId} declares no WETH token`)
  const weth = getAddress(wethToken.address)

  const tokenBook: Record<string, TokenEntry> = {}
  for (const t of tokens) {
    const address = await deployToken(client, t)
    tokenBook[t.symbol] = { address, symbol: t.symbol, name: t.name, decimals: t.decimals, priceUsd: t.priceUsd, kind: t.kind }
  }

  await deployNpm(client, 'Multicall3', c.multicall3)
  await installRuntimeCode(client, { address: c.permit2, code: loadProtocolArtifact('Permit2').bytecode })

  const v2Factory = await deployNpm(client, 'UniswapV2Factory', c.uniswapV2Factory, [devnetDeployer])
  const v2Router = await deployNpm(client, 'UniswapV2Router02', c.uniswapV2Router02, [v2Factory, weth])

  const v3Factory = await deployNpm(client, 'UniswapV3Factory', c.uniswapV3Factory)
  const factoryAbi = loadProtocolArtifact('UniswapV3Factory').abi
  const tier100 = await client.readContract({ address: v3Factory, abi: factoryAbi, functionName: 'feeAmountTickSpacing', args: [100] })
  if (Number(tier100) === 0) {
    const hash = await client.writeContract({
      address: v3Factory, abi: factoryAbi, functionName: 'enableFeeAmount', args: [100, 1], account: devnetDeployer, chain: client.chain,
    })
    await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  }
  const positionManager = await deployNpm(client, 'NonfungiblePositionManager', c.uniswapV3PositionManager, [
    v3Factory, weth, '0x0000000000000000000000000000000000000000',
  ])
  const swapRouter02 = await deployNpm(client, 'SwapRouter02', c.uniswapV3SwapRouter02, [v2Factory, v3Factory, positionManager, weth])
  const quoterV2 = await deployNpm(client, 'QuoterV2', c.uniswapV3QuoterV2, [v3Factory, weth])
  const tickLens = await deployNpm(client, 'TickLens', c.uniswapV3TickLens)

  const authorizer = await deployNpm(client, 'BalancerAuthorizer', c.balancerAuthorizer, [devnetDeployer])
  const vault = await deployNpm(client, 'BalancerVault', c.balancerVault, [authorizer, weth, PAUSE_WINDOW, BUFFER_PERIOD])
  const feeProvider = await deployNpm(client, 'BalancerProtocolFeePercentagesProvider', c.balancerProtocolFeeProvider, [
    vault, 10n ** 18n, 10n ** 18n,
  ])
  const weightedPoolFactory = await deployNpm(client, 'BalancerWeightedPoolFactory', c.balancerWeightedPoolFactory, [
    vault, feeProvider, '{"name":"WeightedPoolFactory","version":3}', '{"name":"WeightedPool","version":3}',
  ])
  const queries = await deployNpm(client, 'BalancerQueries', c.balancerQueries, [vault])
  const v4PoolManagerAddress = uniswapV4PoolManagers[chainId]
  const v4PoolManager = v4PoolManagerAddress ? await deployNpm(client, 'UniswapV4PoolManager', v4PoolManagerAddress, [devnetDeployer]) : undefined
  const v4PositionManagerAddress = uniswapV4PositionManagers[chainId]
  const v4PositionManager = v4PoolManager && v4PositionManagerAddress
    ? await deployUniswapV4PositionManager(client, { address: v4PositionManagerAddress, poolManager: v4PoolManager, permit2: c.permit2, weth })
    : undefined

  return {
    chainId,
    tokens: tokenBook,
    weth,
    multicall3: c.multicall3,
    permit2: c.permit2,
    uniswapV2: { factory: v2Factory, router02: v2Router, pairs: [] },
    uniswapV3: { factory: v3Factory, positionManager, swapRouter02, quoterV2, tickLens, pools: [] },
    balancerV2: { vault, authorizer, weightedPoolFactory, queries, protocolFeeProvider: feeProvider, pools: [] },
    ...(v4PoolManager ? { uniswapV4: { poolManager: v4PoolManager, ...(v4PositionManager ? { positionManager: v4PositionManager } : {}), pools: [] } } : {}),
  }
}
