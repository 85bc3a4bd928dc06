import type { Address, PublicClient } from 'viem'
import { getSwitchyardAddresses } from '../contracts/deploySwitchyardContracts.js'
import { MissingChainContractError } from '../errors/setup.js'
import { canonicalAddresses, type CanonicalChainId } from './canonicalAddresses.js'
import { hasCode } from './hasCode.js'

/** Multicall3's address on every chain that has it (its presigned deployment lands there). */
const MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

/** Parameters of {@link assertChainContracts}. */
export type AssertChainContractsParameters = {
  chainId: number
  /** The node's URL without credentials (`redactRpcUrl`), for the message. */
  url: string
}

export type AssertChainContractsErrorType = MissingChainContractError

/**
 * Checks, before anything is discovered on an external node, that its chain has what switchyard cannot
 * serve without, and stops the start with an error naming the chain, the contract, where it was looked
 * for and what to do:
 * - Multicall3 (every read is batched through it; without it discovery failed as "node unavailable");
 * - our contracts (router, executors, delegates, helpers, wallet factory, bridge sender), which every
 *   route and bundle runs through: `npm run contracts:deploy` puts them there.
 *
 * @param client - the external node's client
 * @param params - {@link AssertChainContractsParameters}
 * @throws {@link AssertChainContractsErrorType}
 */
export async function assertChainContracts(client: Pick<PublicClient, 'getCode'>, { chainId, url }: AssertChainContractsParameters): Promise<void> {
  const multicall3 = canonicalAddresses[chainId as CanonicalChainId]?.multicall3 ?? MULTICALL3
  if (!(await hasCode(client, multicall3))) {
    throw new MissingChainContractError({
      chainId, contract: 'Multicall3', address: multicall3, url,
      why: 'switchyard batches every read of the chain through it',
      remedy: [
        `Deploy Multicall3 at its canonical address ${multicall3} with its presigned transaction (the Multicall3`,
        'project documents it: fund its deployer, then eth_sendRawTransaction the signed deployment), or on an anvil',
        'fork copy it with anvil_setCode. Is the URL the right chain?',
      ],
    })
  }
  const ours = getSwitchyardAddresses()
  const required: [string, Address][] = [
    ['SwitchyardRouter', ours.router], ['SwitchyardExecutor', ours.executor], ['SwitchyardDelegate', ours.delegate],
    ['SwitchyardLegacyRouter', ours.routerLegacy], ['SwitchyardLegacyExecutor', ours.executorLegacy], ['SwitchyardLegacyDelegate', ours.delegateLegacy],
    ['SwitchyardSmartWalletFactory', ours.smartWalletFactory], ['SwitchyardBalanceHelper', ours.helpers.balance],
    ['SwitchyardMathHelper', ours.helpers.math], ['SwitchyardCheckHelper', ours.helpers.check], ['SwitchyardBridgeSender', ours.bridgeSender],
  ]
  const present = await Promise.all(required.map(([, address]) => hasCode(client, address)))
  const missing = required.filter((_, i) => !present[i])
  if (missing.length === 0) return
  const [first] = missing as [[string, Address], ...[string, Address][]]
  throw new MissingChainContractError({
    chainId, url,
    contract: missing.length === required.length ? "switchyard's contracts" : missing.map(([name]) => name).join(', '),
    address: missing.length === required.length ? `${first[1]} (the router; ${required.length} contracts in all)` : missing.map(([, address]) => address).join(', '),
    why: 'every route and bundle runs through them',
    remedy: [
      `Deploy them with: npm run contracts:deploy -- --rpc <this node's URL> (a private key in SWITCHYARD_DEPLOYER_KEY or --keystore <file>;`,
      'see --help). They land at the same CREATE2 addresses on every chain; what is there already is skipped.',
    ],
  })
}
