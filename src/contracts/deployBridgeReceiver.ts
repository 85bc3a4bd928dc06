import { type Account, type Address, type Hex, concatHex, encodeDeployData, getContractAddress } from 'viem'
import { getChainId, getCode, sendTransaction, waitForTransactionReceipt } from 'viem/actions'
import { DevnetDeployError } from '../errors/chain.js'
import receiverArtifact from './artifacts/SwitchyardBridgeReceiver.json' with { type: 'json' }
import { switchyardBridgeReceiverAbi } from './generated/abis.js'
import { create2DeployerAddress, switchyardSalt, type DeploySwitchyardContractsClient } from './deploySwitchyardContracts.js'

/** Parameters of {@link deployBridgeReceiver} and {@link getBridgeReceiverAddresses}. */
export type DeployBridgeReceiverParameters = {
  /** LayerZero EndpointV2 of the chain (the only caller of `lzCompose`). */
  endpoint: Address
  /** Across V3 spoke pool of the chain (the only caller of `handleV3AcrossMessage`); zero when absent. */
  spokePool: Address
  /** Our SwitchyardBridgeSender (the only accepted `composeFrom`; the same address on every chain). */
  bridgeSender: Address
  /** Stargate V2 pools of the chain whose composes are accepted. */
  stargatePools: readonly Address[]
}

/** Where the receiver and its executor live. */
export type BridgeReceiverAddresses = { bridgeReceiver: Address; bridgeReceiverExecutor: Address }

function initCode(params: DeployBridgeReceiverParameters): Hex {
  return encodeDeployData({
    abi: switchyardBridgeReceiverAbi,
    bytecode: receiverArtifact.bytecode as Hex,
    args: [params.endpoint, params.spokePool, params.bridgeSender, [...params.stargatePools]],
  })
}

/**
 * The receiver's CREATE2 address for these constructor arguments (it differs per chain, since the
 * endpoint, spoke pool and pools do) and its executor's (the receiver's nonce-1 CREATE).
 */
export function getBridgeReceiverAddresses(params: DeployBridgeReceiverParameters): BridgeReceiverAddresses {
  const bridgeReceiver = getContractAddress({ opcode: 'CREATE2', from: create2DeployerAddress, salt: switchyardSalt('SwitchyardBridgeReceiver'), bytecode: initCode(params) })
  return { bridgeReceiver, bridgeReceiverExecutor: getContractAddress({ from: bridgeReceiver, nonce: 1n }) }
}

/**
 * Deploys SwitchyardBridgeReceiver through the CREATE2 deployment proxy (idempotent: skipped when the
 * address has code). Run after the chain's bridges exist, since it pins their addresses.
 * @returns the receiver and its executor
 * @throws DevnetDeployError when the deployment fails
 */
export async function deployBridgeReceiver(
  client: DeploySwitchyardContractsClient,
  params: DeployBridgeReceiverParameters & { account: Account | Address },
): Promise<BridgeReceiverAddresses> {
  const addresses = getBridgeReceiverAddresses(params)
  const existing = await getCode(client, { address: addresses.bridgeReceiver })
  if (existing && existing !== '0x') return addresses
  const chainId = await getChainId(client)
  try {
    const hash = await sendTransaction(client, {
      account: params.account,
      chain: client.chain ?? null,
      to: create2DeployerAddress,
      data: concatHex([switchyardSalt('SwitchyardBridgeReceiver'), initCode(params)]),
    })
    const receipt = await waitForTransactionReceipt(client, { hash, pollingInterval: 20 })
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`)
    const code = await getCode(client, { address: addresses.bridgeReceiver })
    if (!code || code === '0x') throw new Error(`no code at ${addresses.bridgeReceiver} after deployment`)
  } catch (cause) {
    throw new DevnetDeployError({ chainId, step: 'deploy SwitchyardBridgeReceiver', cause })
  }
  return addresses
}
