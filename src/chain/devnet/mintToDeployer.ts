import type { TokenEntry } from '../addressBook.js'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { loadProtocolArtifact } from './protocolArtifacts.js'
import { sendTx } from './sendTx.js'
import { tokenContractOf } from './tokenContractOf.js'

/**
 * Mints `amount` of a scenario token to the devnet deployer through the token's own code: WETH
 * wraps freshly granted ETH; our dev tokens (every kind of `tokenContractOf`) mint from the deployer, their minter.
 * @throws Error when the mint reverts
 */
export async function mintToDeployer(client: DevnetClient, token: TokenEntry, amount: bigint): Promise<void> {
  if (token.kind === 'weth') {
    const eth = await client.getBalance({ address: devnetDeployer })
    await client.setBalance({ address: devnetDeployer, value: eth + amount })
    await sendTx(client, { address: token.address, abi: loadProtocolArtifact('WETH9').abi, functionName: 'deposit', value: amount })
    return
  }
  const { callable } = tokenContractOf({ ...token, kind: token.kind })
  await sendTx(client, { address: token.address, abi: loadContractArtifact(callable).abi, functionName: 'mint', args: [devnetDeployer, amount] })
}
