import { parseArgs } from 'node:util'
import type { Address } from 'viem'
import { canonicalAddresses, uniswapV4PoolManagers, type CanonicalChainId } from '../chain/canonicalAddresses.js'
import { createDevnetClient } from '../chain/devnet/createDevnetClient.js'
import { bridgeReceiverParametersOf, type BridgesOfBook } from '../chain/bridgeReceiverParametersOf.js'
import { discoverBridges } from '../chain/discoverBridges.js'
import { hasCode } from '../chain/hasCode.js'
import { redactRpcUrl } from '../chain/redactRpcUrl.js'
import { BaseError } from '../errors/base.js'
import type { DeployerSecrets } from '../config.js'
import { deployBridgeReceiver } from './deployBridgeReceiver.js'
import { deploySwitchyardContracts } from './deploySwitchyardContracts.js'
import { loadDeployerAccount } from './loadDeployerAccount.js'

/** Usage of `npm run contracts:deploy`, printed by `--help` and after a usage error. */
export const deployUsage = `Deploys switchyard's router, executor, delegate and helpers to a chain, at the same CREATE2
addresses on every chain, and its bridge receiver where the chain has a bridge (LayerZero's endpoint,
Stargate's pools, Across's spoke pool at their canonical addresses), at the address the service
discovers from them (skips what is already there).

usage: npm run contracts:deploy -- --rpc <json-rpc url> [account]

account (one of; transactions are signed here and sent raw, so any node works: geth, reth, a provider):
  SWITCHYARD_DEPLOYER_KEY=<hex>   the deployer's private key, from the environment
  --private-key <hex>             the same on the command line (visible to \`ps\` and shell history)
  --keystore <file>               an encrypted JSON keystore (geth, cast wallet, Clef, ethers), with its
    --password-file <file>        password in the file's first line
                                  (or SWITCHYARD_DEPLOYER_PASSWORD in the environment)
  (none)                          the node's first unlocked account (anvil, dev nodes)

options:
  --rpc <url>                     the chain's JSON-RPC node (required)
  -h, --help                      this text

The chain needs the deterministic deployment proxy (0x4e59b44847b379578588920ca78fbf26c0b4956c), which
almost every public chain has. Prints the addresses as JSON on stdout.`

/** What the CLI writes: `out` the result (JSON), `err` progress and errors. */
export type RunDeployCliContext = {
  /** Secrets from the environment (`loadDeployerSecrets`). */
  secrets: DeployerSecrets
  out(line: string): void
  err(line: string): void
}

/** Parameters of {@link runDeployCli}. */
export type RunDeployCliParameters = {
  /** The command-line arguments (after the script name). */
  argv: readonly string[]
}

/** The process exit code: 0 done (or help), 1 failed, 2 usage error. */
export type RunDeployCliReturnType = 0 | 1 | 2

/**
 * `npm run contracts:deploy`: parses the arguments, resolves the deployer account (a private key, an
 * encrypted keystore, or the node's unlocked account), deploys every switchyard contract the chain
 * lacks (the Uniswap V4 helper where the chain's PoolManager has code) and prints their addresses.
 * Never prints the key or the password.
 *
 * @example
 * process.exitCode = await runDeployCli({ secrets: loadDeployerSecrets(), out: console.log, err: console.error }, { argv: process.argv.slice(2) })
 *
 * @param ctx - {@link RunDeployCliContext}
 * @param params - {@link RunDeployCliParameters}
 * @returns {@link RunDeployCliReturnType}
 */
export async function runDeployCli(ctx: RunDeployCliContext, { argv }: RunDeployCliParameters): Promise<RunDeployCliReturnType> {
  let values: { rpc?: string | undefined; 'private-key'?: string | undefined; keystore?: string | undefined; 'password-file'?: string | undefined; help?: boolean | undefined }
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      options: {
        rpc: { type: 'string' },
        'private-key': { type: 'string' },
        keystore: { type: 'string' },
        'password-file': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    // Node's message names the unknown option, never a value.
    ctx.err(`${(error as Error).message}\n\n${deployUsage}`)
    return 2
  }
  if (values.help) {
    ctx.out(deployUsage)
    return 0
  }
  if (!values.rpc) {
    ctx.err(`--rpc <json-rpc url> is required\n\n${deployUsage}`)
    return 2
  }
  try {
    const probe = createDevnetClient({ rpcUrl: values.rpc, chainId: 1 })
    const chainId = await probe.getChainId()
    const client = createDevnetClient({ rpcUrl: values.rpc, chainId })
    const { account, source } = await loadDeployerAccount(
      { unlockedAccounts: () => client.getAddresses() },
      {
        privateKey: values['private-key'] ?? ctx.secrets.privateKey,
        keystore: values.keystore,
        passwordFile: values['password-file'],
        password: ctx.secrets.password,
      },
    )
    const from: Address = typeof account === 'string' ? account : account.address
    ctx.err(`chain ${chainId} (${redactRpcUrl(values.rpc)}): deploying from ${from} (${source})`)
    // The V4 swap helper is built for the chain's PoolManager and WETH: deployed where that PoolManager has code.
    const poolManager = uniswapV4PoolManagers[chainId]
    const weth = canonicalAddresses[chainId as CanonicalChainId]?.weth
    const uniswapV4 = poolManager && weth && (await hasCode(client, poolManager)) ? { poolManager, weth } : undefined
    const addresses = await deploySwitchyardContracts(client, { account, uniswapV4 })
    // The bridge receiver pins the chain's bridges (LayerZero's endpoint and Stargate pools, Across's spoke
    // pool) found the way the service discovers them, so the service finds it at the same address.
    const bridges: BridgesOfBook = { chainId, switchyard: { ...addresses } }
    await discoverBridges(client, bridges)
    const receiverParameters = bridgeReceiverParametersOf(bridges)
    const receiver = receiverParameters ? await deployBridgeReceiver(client, { ...receiverParameters, account }) : undefined
    if (!receiver) ctx.err(`chain ${chainId}: no bridge here (no LayerZero endpoint or Across spoke pool with code at its canonical address), so no bridge receiver: cross-chain routes will not deliver to this chain`)
    ctx.out(JSON.stringify({ chainId, deployer: from, ...addresses, ...receiver }, null, 2))
    return 0
  } catch (error) {
    ctx.err(describe(error))
    return 1
  }
}

/** The error and its causes' short messages, one per line (viem's long dumps stay out). */
function describe(error: unknown): string {
  const lines: string[] = []
  let current: unknown = error
  for (let depth = 0; current !== undefined && depth < 4; depth++) {
    if (current instanceof BaseError) lines.push(depth === 0 ? current.message : current.shortMessage)
    else if (current instanceof Error) lines.push((current as Error & { shortMessage?: string }).shortMessage ?? current.message.split('\n')[0]!)
    else lines.push(String(current))
    current = current instanceof Error ? current.cause : undefined
  }
  return lines.join('\ncaused by: ')
}
