import { encodeDeployData, type Abi, type Address, type Hex } from 'viem'
import { DevnetDeployError } from '../../errors/chain.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'

/** Parameters of {@link deployAtCanonical}. */
export type DeployAtCanonicalParameters = {
  /** Address the contract must end up at (its mainnet address). */
  address: Address
  abi: Abi
  /** Creation bytecode. */
  bytecode: Hex
  args?: readonly unknown[] | undefined
  /** Label for errors. */
  name: string
  /**
   * Further 32-byte words to rewrite in the runtime code and storage, given the scratch address: values
   * the constructor derived from `address(this)` rather than stored as is (an EIP-712 domain separator).
   */
  rewrite?: ((scratch: Address) => readonly (readonly [from: Hex, to: Hex])[]) | undefined
  /** Who sends the scratch deploy (an unlocked or impersonated account); the devnet deployer by default. */
  account?: Address | undefined
}

type PrestateDiff = { post: Record<string, { code?: Hex; storage?: Record<Hex, Hex> }> }

/**
 * Deploys a contract so that it lives at its canonical mainnet address with the state its
 * constructor wrote. It runs the real constructor at a scratch address, reads what the constructor
 * wrote (`debug_traceTransaction` with the prestate tracer in diff mode), and installs that code and
 * storage at `address`. Immutables are part of the runtime code, so they carry over; so does any
 * storage the constructor wrote, including mapping entries. Occurrences of the scratch address in
 * code and storage (an immutable `address(this)`) are rewritten to `address`, and so are the words
 * `rewrite` derives from it (a cached EIP-712 domain separator hashes the address, so it cannot be found
 * by the address itself).
 * Skips the deploy when `address` already has code (a forked chain).
 *
 * @returns the canonical address
 * @throws DevnetDeployError when the deploy reverts or tracing is unavailable
 */
export async function deployAtCanonical(client: DevnetClient, params: DeployAtCanonicalParameters): Promise<Address> {
  const { address, abi, bytecode, args, name, rewrite, account = devnetDeployer } = params
  const existing = await client.getCode({ address })
  if (existing && existing !== '0x') return address
  try {
    const data = args?.length ? encodeDeployData({ abi, bytecode, args }) : bytecode
    const hash = await client.sendTransaction({ account, data, chain: client.chain })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('constructor reverted')
    const scratch = receipt.contractAddress.toLowerCase()
    const trace = (await client.request({
      method: 'debug_traceTransaction' as never,
      params: [hash, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }] as never,
    })) as PrestateDiff
    const post = Object.entries(trace.post).find(([a]) => a.toLowerCase() === scratch)?.[1]
    const runtime = post?.code ?? (await client.getCode({ address: receipt.contractAddress }))
    if (!runtime || runtime === '0x') throw new Error('no runtime code')
    // Constructors that capture address(this) in an immutable (Uniswap V3 NoDelegateCall, Balancer
    // Authentication, EIP-712 caches) would still see the scratch address: rewrite it to the canonical one.
    const words = (rewrite?.(receipt.contractAddress) ?? []).map(([from, to]) => [from.slice(2).toLowerCase(), to.slice(2).toLowerCase()] as const)
    const relocate = (hex: string) => {
      let out = hex.toLowerCase()
      for (const [from, to] of words) out = out.replaceAll(from, to)
      return out.replaceAll(scratch.slice(2), address.slice(2).toLowerCase()) as Hex
    }
    await client.setCode({ address, bytecode: relocate(runtime) })
    for (const [slot, value] of Object.entries(post?.storage ?? {})) {
      await client.setStorageAt({ address, index: slot as Hex, value: relocate(value) })
    }
    return address
  } catch (cause) {
    if (cause instanceof DevnetDeployError) throw cause
    throw new DevnetDeployError({ chainId: client.chain.id, step: `deploy ${name} at ${address}`, cause })
  }
}

/**
 * Installs runtime code directly (for contracts whose constructor state does not matter, e.g. Permit2).
 */
export async function installRuntimeCode(client: DevnetClient, { address, code }: { address: Address; code: Hex }): Promise<Address> {
  const existing = await client.getCode({ address })
  if (!existing || existing === '0x') await client.setCode({ address, bytecode: code })
  return address
}
