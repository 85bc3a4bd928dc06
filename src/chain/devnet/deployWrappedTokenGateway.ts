import { maxUint256, type Address } from 'viem'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployProtocolContract } from './deployProtocolContract.js'
import { loadProtocolArtifact } from './protocolArtifacts.js'
import { sendTx } from './sendTx.js'

/** Parameters of {@link deployWrappedTokenGateway}. */
export type DeployWrappedTokenGatewayParameters = {
  weth: Address
  /** The Aave Pool proxy the gateway supplies to and withdraws from. */
  pool: Address
  /** Where the gateway goes (its mainnet address); omitted = a deployer address. */
  at?: Address | undefined
}

/**
 * Deploys Aave's `WrappedTokenGatewayV3` from `@aave/periphery-v3` (ETH in and out of the WETH
 * reserve: `depositETH`, `withdrawETH`, `repayETH`, `borrowETH`), owned by the deployer.
 * Its constructor approves the pool for the gateway's WETH. When the gateway is moved to its mainnet
 * address that approval stays with the scratch address (WETH's allowance mapping is keyed by the
 * owner, so it cannot be relocated), so the gateway's address makes the same approval itself, once,
 * impersonated, with gas money it gives back.
 * @returns the gateway's address
 * @throws Error when a step reverts
 */
export async function deployWrappedTokenGateway(client: DevnetClient, { weth, pool, at }: DeployWrappedTokenGatewayParameters): Promise<Address> {
  const gateway = await deployProtocolContract(client, { name: 'AaveWrappedTokenGatewayV3', args: [weth, devnetDeployer, pool], at })
  if (!at) return gateway
  await client.impersonateAccount({ address: gateway })
  await client.setBalance({ address: gateway, value: 10n ** 18n })
  await sendTx(client, { address: weth, abi: loadProtocolArtifact('WETH9').abi, functionName: 'approve', args: [pool, maxUint256], account: gateway })
  await client.stopImpersonatingAccount({ address: gateway })
  await client.setBalance({ address: gateway, value: 0n })
  return gateway
}
