import { encodeDeployData, encodeFunctionData, getAddress, maxUint256, parseAbi, sliceHex, zeroAddress, type Address, type Hex } from 'viem'
import type { ChainAddressBook } from '../addressBook.js'
import { findToken } from '../findToken.js'
import { DevnetDeployError } from '../../errors/chain.js'
import { loadAcrossArtifact } from '../../contracts/loadAcrossArtifact.js'
import { acrossSpokePoolAbi } from './acrossSpokePoolAbi.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployAtCanonical } from './deployAtCanonical.js'
import { fundAccount } from './fundAccount.js'
import { sendTx } from './sendTx.js'

/** The concrete SpokePools we deploy (artifacts in `src/contracts/generated/across/`). */
export type AcrossSpokePoolContractName = AcrossEntry['contractName']

/**
 * Across V3 per chain: the SpokePool proxy's mainnet address and the concrete contract behind it
 * there (`@across-protocol/contracts@3.0.17` `deployments/deployments.json`; docs.across.to lists the
 * same). Belongs next to `layerZeroDeployments` in the address book once Across joins the devnet build.
 */
export const acrossDeployments: Record<number, { spokePool: Address; contractName: AcrossSpokePoolContractName }> = {
  1: { spokePool: '0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5', contractName: 'Ethereum_SpokePool' },
  8453: { spokePool: '0x09aea4b2242abC8bb4BB78D537A67a245A7bEC64', contractName: 'Base_SpokePool' },
}

/** The devnet's Across relayer: anvil dev account #8 (unlocked), funded and approved on every chain. */
export const devnetAcrossRelayer: Address = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'

/** `QUOTE_TIME_BUFFER` of the 3.0.17 deploy scripts: a deposit's quoteTimestamp may be at most this old (s). */
export const acrossDepositQuoteTimeBuffer = 3600
/** `FILL_DEADLINE_BUFFER` of the 3.0.17 deploy scripts: a fill deadline may be at most this far ahead (s). */
export const acrossFillDeadlineBuffer = 21_600

/** OP-stack `L2CrossDomainMessenger` predeploy: Base_SpokePool accepts admin calls only through it. */
const opL2CrossDomainMessenger: Address = '0x4200000000000000000000000000000000000007'
/** EIP-1967 implementation slot: `keccak256("eip1967.proxy.implementation") - 1`. */
const implementationSlot: Hex = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc'

export type { AcrossEntry, AcrossRouteEntry } from '../addressBook.js'
import type { AcrossEntry, AcrossRouteEntry } from '../addressBook.js'

/** Parameters of {@link deployAcross}. */
export type DeployAcrossParameters = {
  /** This chain's address book (tokens, WETH): the relayer is funded through `fundAccount`. */
  book: ChainAddressBook
  /** Deposit routes to enable on this chain, e.g. USDC and WETH to every other devnet chain. */
  routes: readonly AcrossRouteEntry[]
  /** Defaults to the address book's WETH. */
  wrappedNativeToken?: Address | undefined
  /** Where the proxy goes and which concrete SpokePool backs it; defaults to {@link acrossDeployments} for the client's chain. */
  spokePool?: Address | undefined
  contractName?: AcrossSpokePoolContractName | undefined
  /** Defaults to {@link devnetAcrossRelayer}. */
  relayer?: Address | undefined
  /** Tokens to give the relayer (symbol or address, raw amount); defaults to $10M at scenario prices of every route token. */
  relayerFunding?: readonly { token: string; amount: bigint }[] | undefined
  depositQuoteTimeBuffer?: number | undefined
  fillDeadlineBuffer?: number | undefined
  /** First deposit id (`numberOfDeposits`); 0 unless a redeploy must avoid relay-hash collisions. */
  initialDepositId?: number | undefined
}

export type DeployAcrossReturnType = AcrossEntry
export type DeployAcrossErrorType = DevnetDeployError

const erc20Abi = parseAbi(['function approve(address spender, uint256 amount) returns (bool)'])
const defaultRelayerFundingUsd = 10_000_000

/** A runtime that answers every call with `admin` as a 32-byte word: `xDomainMessageSender()` for the messenger. */
function messengerStub(admin: Address): Hex {
  // PUSH20 admin, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN
  return `0x73${admin.slice(2).toLowerCase()}60005260206000f3`
}

/**
 * Runs admin calls against the SpokePool as its admin would send them. Ethereum_SpokePool checks
 * `onlyOwner` (the deployer). Base_SpokePool (Ovm_SpokePool) requires `msg.sender` to be the
 * L2CrossDomainMessenger and its `xDomainMessageSender()` to be `crossDomainAdmin`: the devnet has no
 * messenger, so during `run` a stub answering the admin sits at the predeploy address and the calls
 * come from it (impersonated), as a relayed L1 message would; code, balance and nonce are put back after.
 */
async function asAdmin(client: DevnetClient, contractName: AcrossSpokePoolContractName, run: (sender: Address) => Promise<void>): Promise<void> {
  if (contractName === 'Ethereum_SpokePool') return run(devnetDeployer)
  const messenger = opL2CrossDomainMessenger
  const [code, balance, nonce] = await Promise.all([
    client.getCode({ address: messenger }),
    client.getBalance({ address: messenger }),
    client.getTransactionCount({ address: messenger }),
  ])
  await client.setCode({ address: messenger, bytecode: messengerStub(devnetDeployer) })
  await client.setBalance({ address: messenger, value: balance + 10n ** 18n })
  await client.impersonateAccount({ address: messenger })
  try {
    await run(messenger)
  } finally {
    await client.stopImpersonatingAccount({ address: messenger })
    await client.setCode({ address: messenger, bytecode: code ?? '0x' })
    await client.setBalance({ address: messenger, value: balance })
    await client.setNonce({ address: messenger, nonce })
  }
}

/**
 * Deploys the implementation from the deployer, then the ERC1967Proxy whose constructor delegatecalls
 * `initialize`, and installs the proxy's code and storage at `spokePool` (`deployAtCanonical`).
 * Ethereum: `initialize(initialDepositId, withdrawalRecipient)`; the owner is `msg.sender` of the
 * initialize delegatecall, i.e. the deployer that sends the proxy's creation transaction.
 * Base: `initialize(initialDepositId, crossDomainAdmin, withdrawalRecipient)`.
 * @returns the implementation address
 */
async function deploySpokePool(
  client: DevnetClient,
  p: {
    contractName: AcrossSpokePoolContractName
    spokePool: Address
    admin: Address
    constructorArgs: readonly [Address, number, number]
    usdc: Address
    initialDepositId: number
  },
): Promise<Address> {
  const impl = loadAcrossArtifact(p.contractName)
  const isBase = p.contractName === 'Base_SpokePool'
  // Base adds (l2Usdc, cctpTokenMessenger); a zero messenger disables CCTP, which only refunds to L1 use.
  const args = isBase ? [...p.constructorArgs, p.usdc, zeroAddress] : [...p.constructorArgs]
  const hash = await client.sendTransaction({
    account: devnetDeployer,
    data: encodeDeployData({ abi: impl.abi, bytecode: impl.bytecode, args }),
    chain: client.chain,
    gas: 16_000_000n,
  })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`${p.contractName} constructor reverted`)
  const implementation = getAddress(receipt.contractAddress)
  const initArgs = isBase ? [p.initialDepositId, p.admin, p.admin] : [p.initialDepositId, p.admin]
  const initData = encodeFunctionData({ abi: impl.abi, functionName: 'initialize', args: initArgs })
  const proxy = loadAcrossArtifact('ERC1967Proxy')
  await deployAtCanonical(client, { name: 'Across SpokePool proxy', address: p.spokePool, abi: proxy.abi, bytecode: proxy.bytecode, args: [implementation, initData] })
  return implementation
}

function defaultFunding(book: ChainAddressBook, routes: readonly AcrossRouteEntry[]): { token: string; amount: bigint }[] {
  const tokens = [...new Set(routes.map((r) => getAddress(r.token)))]
  return tokens.map((token) => {
    const entry = findToken(book, token)
    if (!entry) throw new Error(`route token ${token} is not in the address book: pass relayerFunding`)
    // Whole units worth the target at the scenario price, then scaled to raw units.
    const units = BigInt(Math.floor(defaultRelayerFundingUsd / entry.priceUsd))
    return { token, amount: units * 10n ** BigInt(entry.decimals) }
  })
}

/**
 * Deploys Across V3 on one devnet chain from the real 3.0.17 bytecode: the concrete SpokePool
 * implementation (constructor: wrapped native token, quote-time and fill-deadline buffers; Base adds
 * USDC and a zero CCTP TokenMessenger, which disables CCTP), then OpenZeppelin's ERC1967Proxy whose
 * constructor delegatecalls `initialize(...)`, run at a scratch address and installed with its storage
 * (implementation slot included) at the SpokePool's mainnet address. Then it enables the deposit
 * routes as the admin and funds the relayer with every route token, approved to the SpokePool.
 * When the SpokePool address already has code (a second call) the deploy is skipped and only routes
 * and funding are applied.
 *
 * @example
 * const across = await deployAcross(client, {
 *   book,
 *   routes: [{ token: book.tokens.USDC!.address, destinationChainId: 8453 }, { token: book.weth, destinationChainId: 8453 }],
 * })
 *
 * @returns the address-book entry
 * @throws DevnetDeployError naming the step that failed
 */
export async function deployAcross(client: DevnetClient, params: DeployAcrossParameters): Promise<DeployAcrossReturnType> {
  const chainId = client.chain.id
  const { book, routes } = params
  const known = acrossDeployments[chainId]
  const spokePool = params.spokePool ?? known?.spokePool
  const contractName = params.contractName ?? known?.contractName
  // The HubPool's role on mainnet (owner / cross-domain admin, withdrawal recipient): the devnet deployer.
  const admin = devnetDeployer
  const relayer = params.relayer ?? devnetAcrossRelayer
  const depositQuoteTimeBuffer = params.depositQuoteTimeBuffer ?? acrossDepositQuoteTimeBuffer
  const fillDeadlineBuffer = params.fillDeadlineBuffer ?? acrossFillDeadlineBuffer
  let step = 'parameters'
  try {
    if (!spokePool || !contractName) throw new Error(`no Across SpokePool known for chain ${chainId}: pass spokePool and contractName`)
    const existing = await client.getCode({ address: spokePool })
    step = existing && existing !== '0x' ? 'read existing SpokePool' : `${contractName} implementation + ERC1967Proxy`
    const implementation = existing && existing !== '0x'
      ? getAddress(sliceHex((await client.getStorageAt({ address: spokePool, slot: implementationSlot }))!, 12))
      : await deploySpokePool(client, {
          contractName,
          spokePool,
          admin,
          constructorArgs: [params.wrappedNativeToken ?? book.weth, depositQuoteTimeBuffer, fillDeadlineBuffer],
          usdc: findToken(book, 'USDC')?.address ?? zeroAddress,
          initialDepositId: params.initialDepositId ?? 0,
        })
    step = 'setEnableRoute'
    await asAdmin(client, contractName, async (sender) => {
      for (const r of routes) {
        await sendTx(client, { address: spokePool, abi: acrossSpokePoolAbi, functionName: 'setEnableRoute', args: [r.token, BigInt(r.destinationChainId), true], account: sender })
      }
    })
    step = 'fund relayer'
    for (const { token, amount } of params.relayerFunding ?? defaultFunding(book, routes)) {
      await fundAccount(client, book, { address: relayer, token, amount })
      const address = findToken(book, token)?.address ?? (token as Address)
      await sendTx(client, { address, abi: erc20Abi, functionName: 'approve', args: [spokePool, maxUint256], account: relayer })
    }
    return {
      spokePool: getAddress(spokePool),
      implementation,
      contractName,
      relayer,
      admin,
      depositQuoteTimeBuffer,
      fillDeadlineBuffer,
      routes: routes.map((r) => ({ ...r })),
    }
  } catch (cause) {
    throw new DevnetDeployError({ chainId, step: `deploy Across: ${step}`, cause })
  }
}
