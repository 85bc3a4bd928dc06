/**
 * Deploys our router, executor, delegate and helpers to any node that has an unlocked account (an
 * `anvil --fork-url …` of mainnet, say), at the same CREATE2 addresses as on the devnet, so an
 * external chain can serve routes. Usage: `npm run contracts:deploy -- --rpc http://127.0.0.1:8545`.
 */
import { parseArgs } from 'node:util'
import type { Address } from 'viem'
import { createDevnetClient } from '../chain/devnet/createDevnetClient.js'
import { deploySwitchyardContracts } from './deploySwitchyardContracts.js'

const { values } = parseArgs({ options: { rpc: { type: 'string' } } })
if (!values.rpc) {
  console.error('usage: npm run contracts:deploy -- --rpc <json-rpc url>')
  process.exit(2)
}
const probe = createDevnetClient({ rpcUrl: values.rpc, chainId: 1 })
const chainId = await probe.getChainId()
const client = createDevnetClient({ rpcUrl: values.rpc, chainId })
const [account] = (await client.getAddresses()) as Address[]
if (!account) {
  console.error('the node has no unlocked account to deploy from')
  process.exit(1)
}
const addresses = await deploySwitchyardContracts(client, { account })
console.log(JSON.stringify({ chainId, deployer: account, ...addresses }, null, 2))
