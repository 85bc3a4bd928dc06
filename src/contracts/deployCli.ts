/**
 * Deploys our router, executor, delegate and helpers (the Uniswap V4 helper where the chain's PoolManager
 * is) to any node that has an unlocked account (an
 * `anvil --fork-url …` of mainnet, say), at the same CREATE2 addresses as on the devnet, so an
 * external chain can serve routes. Usage: `npm run contracts:deploy -- --rpc http://127.0.0.1:8545`.
 */
import { parseArgs } from 'node:util'
import type { Address } from 'viem'
import { canonicalAddresses, uniswapV4PoolManagers, type CanonicalChainId } from '../chain/canonicalAddresses.js'
import { createDevnetClient } from '../chain/devnet/createDevnetClient.js'
import { hasCode } from '../chain/hasCode.js'
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
// The V4 swap helper is built for the chain's PoolManager and WETH: deployed where that PoolManager has code.
const poolManager = uniswapV4PoolManagers[chainId]
const weth = canonicalAddresses[chainId as CanonicalChainId]?.weth
const uniswapV4 = poolManager && weth && (await hasCode(client, poolManager)) ? { poolManager, weth } : undefined
const addresses = await deploySwitchyardContracts(client, { account, uniswapV4 })
console.log(JSON.stringify({ chainId, deployer: account, ...addresses }, null, 2))
