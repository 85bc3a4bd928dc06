import type { Address } from 'viem'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import type { DevnetClient } from './createDevnetClient.js'
import { installRuntimeCode } from './deployAtCanonical.js'

/**
 * The vendor's public percentage helper (`percentMul`, `percentDiv`, `VERSION`), the contract its SDK
 * samples target with `enso call`; the same address on every chain it serves.
 */
export const ensoPercentageMathHelpers: Address = '0xD0aF6F692bFa10d6a535A3A321Dc8377F4EeEF12'

/**
 * Places our `DevEnsoPercentageMathHelpers` (contracts/devnet/: the vendor helper's signatures and
 * results) at the vendor's helper address, so a bundle's `enso call` to it runs on the devnet as on
 * mainnet. The contract is stateless and has no constructor or immutables, so its runtime code is all
 * it needs (`anvil_setCode`); a chain where the address already has code (a fork) keeps it.
 *
 * @returns the helper's address
 */
export async function deployEnsoHelpers(client: DevnetClient): Promise<Address> {
  const { deployedBytecode } = loadContractArtifact('DevEnsoPercentageMathHelpers')
  return installRuntimeCode(client, { address: ensoPercentageMathHelpers, code: deployedBytecode })
}
