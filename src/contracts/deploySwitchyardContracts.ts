import {
  type Account,
  type Address,
  type Chain,
  type Client,
  type Hex,
  type Transport,
  concatHex,
  encodeAbiParameters,
  getContractAddress,
  keccak256,
  stringToHex,
} from 'viem'
import { getChainId, getCode, sendTransaction, waitForTransactionReceipt } from 'viem/actions'
import { getAction } from 'viem/utils'
import { deterministicDeployer } from '../chain/canonicalAddresses.js'
import { DevnetDeployError } from '../errors/chain.js'
import { MissingChainContractError } from '../errors/setup.js'
import { redactRpcUrl } from '../chain/redactRpcUrl.js'
import balanceHelper from './artifacts/SwitchyardBalanceHelper.json' with { type: 'json' }
import bridgeSender from './artifacts/SwitchyardBridgeSender.json' with { type: 'json' }
import checkHelper from './artifacts/SwitchyardCheckHelper.json' with { type: 'json' }
import delegate from './artifacts/SwitchyardDelegate.json' with { type: 'json' }
import legacyDelegate from './artifacts/SwitchyardLegacyDelegate.json' with { type: 'json' }
import legacyRouter from './artifacts/SwitchyardLegacyRouter.json' with { type: 'json' }
import mathHelper from './artifacts/SwitchyardMathHelper.json' with { type: 'json' }
import router from './artifacts/SwitchyardRouter.json' with { type: 'json' }
import walletFactory from './artifacts/SwitchyardSmartWalletFactory.json' with { type: 'json' }
import uniswapV4Helper from './artifacts/SwitchyardUniswapV4Helper.json' with { type: 'json' }

/** The deterministic deployment proxy (Arachnid; address from the address book); calldata = salt(32) ++ initcode. */
export const create2DeployerAddress: Address = deterministicDeployer

/** Runtime code of {@link create2DeployerAddress}, installed with `anvil_setCode` when a devnet lacks it. */
export const create2DeployerRuntimeCode: Hex =
  '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3'

/** Addresses of every switchyard contract; identical on every chain for one build of the sources. */
export type SwitchyardAddresses = {
  /** SwitchyardRouter: users approve this and send `routeSingle/routeMulti/safeRoute*` to it. */
  router: Address
  /** SwitchyardExecutor, deployed by the router's constructor (CREATE, router nonce 1). */
  executor: Address
  /** SwitchyardDelegate: target of the delegate strategy. */
  delegate: Address
  /** SwitchyardLegacyRouter. */
  routerLegacy: Address
  /** SwitchyardLegacyExecutor, deployed by the legacy router. */
  executorLegacy: Address
  /** SwitchyardLegacyDelegate. */
  delegateLegacy: Address
  /** SwitchyardSmartWalletFactory: deterministic per-owner test wallets. */
  smartWalletFactory: Address
  /**
   * Stateless weiroll helper targets. `uniswapV4` (SwitchyardUniswapV4Helper) exists only on chains with a
   * Uniswap V4 PoolManager; its constructor takes the chain's PoolManager and WETH, so its address is per chain.
   */
  helpers: { balance: Address; math: Address; check: Address; uniswapV4?: Address }
  /** SwitchyardBridgeSender: the source side of cross-chain shortcuts (Stargate taxis with our callbacks). */
  bridgeSender: Address
}

type Deployable = { key: string; bytecode: Hex }

const deployables = {
  router: { key: 'SwitchyardRouter', bytecode: router.bytecode as Hex },
  delegate: { key: 'SwitchyardDelegate', bytecode: delegate.bytecode as Hex },
  routerLegacy: { key: 'SwitchyardLegacyRouter', bytecode: legacyRouter.bytecode as Hex },
  delegateLegacy: { key: 'SwitchyardLegacyDelegate', bytecode: legacyDelegate.bytecode as Hex },
  smartWalletFactory: { key: 'SwitchyardSmartWalletFactory', bytecode: walletFactory.bytecode as Hex },
  balance: { key: 'SwitchyardBalanceHelper', bytecode: balanceHelper.bytecode as Hex },
  math: { key: 'SwitchyardMathHelper', bytecode: mathHelper.bytecode as Hex },
  check: { key: 'SwitchyardCheckHelper', bytecode: checkHelper.bytecode as Hex },
  bridgeSender: { key: 'SwitchyardBridgeSender', bytecode: bridgeSender.bytecode as Hex },
} satisfies Record<string, Deployable>

/** Fixed CREATE2 salt of a contract: keccak256("switchyard.v1:<ContractName>"). */
export function switchyardSalt(contractName: string): Hex {
  return keccak256(stringToHex(`switchyard.v1:${contractName}`))
}

function create2Address(d: Deployable): Address {
  return getContractAddress({ opcode: 'CREATE2', from: create2DeployerAddress, salt: switchyardSalt(d.key), bytecode: d.bytecode })
}

/** The chain's Uniswap V4 PoolManager and WETH, which SwitchyardUniswapV4Helper is built for. */
export type SwitchyardUniswapV4Config = { poolManager: Address; weth: Address }

function uniswapV4HelperDeployable(config: SwitchyardUniswapV4Config): Deployable {
  const args = encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [config.poolManager, config.weth])
  return { key: 'SwitchyardUniswapV4Helper', bytecode: concatHex([uniswapV4Helper.bytecode as Hex, args]) }
}

/**
 * Computes the addresses `deploySwitchyardContracts` deploys to, without any I/O.
 * @param options - `uniswapV4`: the chain's PoolManager and WETH, to include the V4 swap helper
 * @returns {@link SwitchyardAddresses}
 */
export function getSwitchyardAddresses(options: { uniswapV4?: SwitchyardUniswapV4Config | undefined } = {}): SwitchyardAddresses {
  const routerAddress = create2Address(deployables.router)
  const routerLegacyAddress = create2Address(deployables.routerLegacy)
  return {
    router: routerAddress,
    executor: getContractAddress({ from: routerAddress, nonce: 1n }),
    delegate: create2Address(deployables.delegate),
    routerLegacy: routerLegacyAddress,
    executorLegacy: getContractAddress({ from: routerLegacyAddress, nonce: 1n }),
    delegateLegacy: create2Address(deployables.delegateLegacy),
    smartWalletFactory: create2Address(deployables.smartWalletFactory),
    helpers: {
      balance: create2Address(deployables.balance),
      math: create2Address(deployables.math),
      check: create2Address(deployables.check),
      ...(options.uniswapV4 ? { uniswapV4: create2Address(uniswapV4HelperDeployable(options.uniswapV4)) } : {}),
    },
    bridgeSender: create2Address(deployables.bridgeSender),
  }
}

/** A viem client able to read and send transactions (e.g. `createWalletClient(...).extend(publicActions)`). */
export type DeploySwitchyardContractsClient = Client<Transport, Chain | undefined, Account | undefined>

/** Parameters of {@link deploySwitchyardContracts}. */
export type DeploySwitchyardContractsParameters = {
  /** Sender of the deployment transactions (a local account, or an address the node unlocks). */
  account: Account | Address
  /** The chain's Uniswap V4 PoolManager and WETH: also deploys SwitchyardUniswapV4Helper for them. */
  uniswapV4?: SwitchyardUniswapV4Config | undefined
}

export type DeploySwitchyardContractsReturnType = SwitchyardAddresses
export type DeploySwitchyardContractsErrorType = DevnetDeployError | MissingChainContractError

/**
 * Deploys every switchyard contract through the CREATE2 deployment proxy with fixed salts, so the addresses
 * are the same on every chain. Idempotent: contracts whose address already has code are skipped. On a devnet
 * without the proxy, installs it with `anvil_setCode` first; on any other node without it, says how to deploy it.
 * With a local `account` every transaction is signed here and sent with `eth_sendRawTransaction`.
 *
 * @example
 * const client = createWalletClient({ transport: http(node.rpcUrl) }).extend(publicActions)
 * const { router, executor, delegate, helpers } = await deploySwitchyardContracts(client, { account: deployer })
 *
 * @param client - {@link DeploySwitchyardContractsClient}
 * @param params - {@link DeploySwitchyardContractsParameters}
 * @returns {@link DeploySwitchyardContractsReturnType}
 * @throws {@link DeploySwitchyardContractsErrorType} when a deployment transaction fails or leaves no code, or the
 * chain lacks the deployment proxy and is no devnet
 */
export async function deploySwitchyardContracts(
  client: DeploySwitchyardContractsClient,
  params: DeploySwitchyardContractsParameters,
): Promise<DeploySwitchyardContractsReturnType> {
  const chainId = await getChainId(client)
  const addresses = getSwitchyardAddresses({ uniswapV4: params.uniswapV4 })
  const proxyCode = await getCode(client, { address: create2DeployerAddress })
  if (!proxyCode || proxyCode === '0x') {
    try {
      await client.request({ method: 'anvil_setCode', params: [create2DeployerAddress, create2DeployerRuntimeCode] } as never)
    } catch {
      // Not a devnet (geth, reth, a provider): the proxy is deployed once per chain, by anyone, from its presigned transaction.
      const url = (client.transport as { url?: unknown }).url
      throw new MissingChainContractError({
        chainId, contract: 'deterministic deployment proxy', address: create2DeployerAddress, url: typeof url === 'string' ? redactRpcUrl(url) : 'the node',
        why: 'our contracts are deployed through it (CREATE2, the same addresses on every chain)',
        remedy: [
          'Deploy it with its presigned transaction (the "deterministic-deployment-proxy" project): send 0.01 ETH to its signer',
          '0x3fab184622dc19b6109349b94811493bf2a45362, then eth_sendRawTransaction the presigned deployment (a pre-EIP-155',
          'transaction: geth needs --rpc.allow-unprotected-txs). Almost every public chain already has it.',
        ],
      })
    }
  }
  const targets: [Deployable, Address][] = [
    [deployables.router, addresses.router],
    [deployables.delegate, addresses.delegate],
    [deployables.routerLegacy, addresses.routerLegacy],
    [deployables.delegateLegacy, addresses.delegateLegacy],
    [deployables.smartWalletFactory, addresses.smartWalletFactory],
    [deployables.balance, addresses.helpers.balance],
    [deployables.math, addresses.helpers.math],
    [deployables.check, addresses.helpers.check],
    [deployables.bridgeSender, addresses.bridgeSender],
  ]
  if (params.uniswapV4 && addresses.helpers.uniswapV4) targets.push([uniswapV4HelperDeployable(params.uniswapV4), addresses.helpers.uniswapV4])
  for (const [deployable, address] of targets) {
    const existing = await getCode(client, { address })
    if (existing && existing !== '0x') continue
    try {
      const hash = await sendTransaction(client, {
        account: params.account,
        chain: client.chain ?? null,
        to: create2DeployerAddress,
        data: concatHex([switchyardSalt(deployable.key), deployable.bytecode]),
      })
      // Through the client's own action when it has one (the devnet client polls by hash).
      const receipt = await getAction(client, waitForTransactionReceipt, 'waitForTransactionReceipt')({ hash })
      if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`)
      const code = await getCode(client, { address })
      if (!code || code === '0x') throw new Error(`no code at ${address} after deployment`)
    } catch (cause) {
      throw new DevnetDeployError({ chainId, step: `deploy ${deployable.key}`, cause })
    }
  }
  return addresses
}
