import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { concatHex, encodeFunctionData, getAddress, pad, parseEventLogs, zeroAddress, type Abi, type Address, type Hex, type TransactionReceipt } from 'viem'
import type { DevnetClient } from '../../chain/devnet/createDevnetClient.js'

const require = createRequire(import.meta.url)

/** `execTransaction`'s operation: CALL `to`. */
export const SAFE_CALL = 0
/** `execTransaction`'s operation: DELEGATECALL `to` (what the delegate strategy needs). */
export const SAFE_DELEGATECALL = 1

type SafeArtifactName = 'Safe' | 'SafeProxyFactory' | 'CompatibilityFallbackHandler'

/** Where each contract's Hardhat artifact lives in `@safe-global/safe-smart-account` 1.5.0 (published bytecode, unchanged). */
const artifactPaths: Record<SafeArtifactName, string> = {
  Safe: 'build/artifacts/contracts/Safe.sol/Safe.json',
  SafeProxyFactory: 'build/artifacts/contracts/proxies/SafeProxyFactory.sol/SafeProxyFactory.json',
  CompatibilityFallbackHandler: 'build/artifacts/contracts/handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json',
}

/** ABI and creation code of one Safe contract, read from the npm package. */
export function loadSafeArtifact(name: SafeArtifactName): { abi: Abi; bytecode: Hex } {
  const dir = dirname(require.resolve('@safe-global/safe-smart-account/package.json'))
  const json = JSON.parse(readFileSync(join(dir, artifactPaths[name]), 'utf8')) as { abi: Abi; bytecode: Hex }
  return { abi: json.abi, bytecode: json.bytecode }
}

/** Parameters of {@link createSafeWallet}. */
export type CreateSafeWalletParameters = {
  /** The Safe's only owner (threshold 1); funded and impersonated on the devnet. It also sends the deployments. */
  owner: Address
}

/** One Safe transaction, signed with Safe's "approved hash" signature (`r = signer, s = 0, v = 1`). */
export type SafeExecParameters = {
  to: Address
  value?: bigint | undefined
  data: Hex
  /** {@link SAFE_CALL} or {@link SAFE_DELEGATECALL}. */
  operation: number
  /** The transaction's gas limit. */
  gas: bigint
  /** Whose approval the signature claims; default the owner. Safe accepts it only from that account itself (or after its `approveHash`). */
  signer?: Address | undefined
  /** Who sends the transaction; default the owner. */
  sender?: Address | undefined
}

/** A deployed 1-of-1 Safe and the contracts behind it. */
export type SafeWallet = {
  /** The Safe (a SafeProxy whose singleton is Safe 1.5.0). */
  address: Address
  singleton: Address
  proxyFactory: Address
  /** CompatibilityFallbackHandler: the Safe CALLs it (never DELEGATECALLs) for selectors the Safe has no function for. */
  fallbackHandler: Address
  /**
   * `execTransaction(to, value, data, operation, 0, 0, 0, 0, 0, signature)` calldata with the
   * signature `r = signer, s = 0, v = 1`, which Safe accepts when the signer is an owner sending the
   * transaction itself. With `safeTxGas` and `gasPrice` 0, a failing inner call reverts the whole
   * transaction with the inner revert data (Safe 1.5.0 bubbles it).
   */
  execData(params: Omit<SafeExecParameters, 'gas' | 'sender'>): Hex
  /** Sends {@link SafeWallet.execData}'s transaction from `sender`; resolves with the receipt, also when it reverted. */
  exec(params: SafeExecParameters): Promise<TransactionReceipt>
}

/**
 * Test-only: deploys Safe 1.5.0 (singleton, proxy factory, CompatibilityFallbackHandler) from the
 * `@safe-global/safe-smart-account` artifacts and creates a 1-of-1 Safe for `owner` through the
 * factory, the way Safe's own apps do (`setup` as the proxy's initializer).
 * @returns the Safe and a way to send its transactions
 * @throws Error when a deployment or the proxy creation reverts
 */
export async function createSafeWallet(client: DevnetClient, { owner }: CreateSafeWalletParameters): Promise<SafeWallet> {
  const deploy = async (name: SafeArtifactName): Promise<Address> => {
    const { abi, bytecode } = loadSafeArtifact(name)
    const hash = await client.deployContract({ abi, bytecode, account: owner, chain: client.chain, gas: 10_000_000n })
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploy ${name}: reverted`)
    return getAddress(receipt.contractAddress)
  }
  const singleton = await deploy('Safe')
  const proxyFactory = await deploy('SafeProxyFactory')
  const fallbackHandler = await deploy('CompatibilityFallbackHandler')
  const safeAbi = loadSafeArtifact('Safe').abi
  const factoryAbi = loadSafeArtifact('SafeProxyFactory').abi
  const initializer = encodeFunctionData({
    abi: safeAbi,
    functionName: 'setup',
    args: [[owner], 1n, zeroAddress, '0x', fallbackHandler, zeroAddress, 0n, zeroAddress],
  })
  const hash = await client.writeContract({ address: proxyFactory, abi: factoryAbi, functionName: 'createProxyWithNonce', args: [singleton, initializer, 0n], account: owner, chain: client.chain })
  const receipt = await client.waitForTransactionReceipt({ hash })
  const [created] = parseEventLogs({ abi: factoryAbi, eventName: 'ProxyCreation', logs: receipt.logs }) as unknown as { args: { proxy: Address } }[]
  if (receipt.status !== 'success' || !created) throw new Error('createProxyWithNonce: no Safe created')
  const address = getAddress(created.args.proxy)
  const execData: SafeWallet['execData'] = ({ to, value = 0n, data, operation, signer = owner }) =>
    encodeFunctionData({
      abi: safeAbi,
      functionName: 'execTransaction',
      args: [to, value, data, operation, 0n, 0n, 0n, zeroAddress, zeroAddress, concatHex([pad(signer), pad('0x00'), '0x01'])],
    })
  return {
    address,
    singleton,
    proxyFactory,
    fallbackHandler,
    execData,
    async exec({ gas, sender = owner, ...params }) {
      const sent = await client.sendTransaction({ account: sender, to: address, data: execData(params), chain: client.chain, gas })
      return client.waitForTransactionReceipt({ hash: sent })
    },
  }
}
