/**
 * `npm run contracts:deploy`: deploys our router, executor, delegate and helpers (the Uniswap V4
 * helper where the chain's PoolManager is) to any node, at the same CREATE2 addresses as on the devnet,
 * from a private key, an encrypted keystore or the node's unlocked account (see `runDeployCli`).
 * `npm run contracts:deploy -- --help` prints the usage.
 */
import { loadDeployerSecrets } from '../config.js'
import { runDeployCli } from './runDeployCli.js'

process.exitCode = await runDeployCli(
  { secrets: loadDeployerSecrets(), out: (line) => console.log(line), err: (line) => console.error(line) },
  { argv: process.argv.slice(2) },
)
